import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beancount } from './beancount.ts';
import type { Outcome } from './types.ts';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
const parse = (text: string): Outcome[] => [...beancount.parse(text, {})];

describe('Beancount', () => {
  it('reads every field of the sample ledger', () => {
    const mart = { merchant: 'Example Mart', counterparty: 'Example Mart' };
    expect(parse(sample('ledger.beancount'))).toEqual([
      { kind: 'skip', line: 18, reason: 'notRecord' },
      {
        kind: 'row',
        row: {
          line: 23,
          type: 'Expense',
          time: '2024-03-01T12:15:00',
          amount: '38.00',
          currency: 'CNY',
          account: 'Bank:CMB',
          category: 'Food/Dining',
          remark: 'Lunch with a friend',
          merchant: 'Sample Noodle House',
          counterparty: 'Sample Noodle House',
          externalId: 'bc-0001',
        },
      },
      {
        kind: 'row',
        row: {
          line: 30,
          type: 'Income',
          time: '2024-03-05T00:00:00',
          amount: '15000.00',
          currency: 'CNY',
          account: 'Bank:CMB',
          category: 'Salary',
          remark: 'March salary',
          merchant: 'Example Employer Ltd',
          counterparty: 'Example Employer Ltd',
        },
      },
      {
        kind: 'row',
        row: {
          line: 34,
          type: 'Transfer',
          time: '2024-03-06T00:00:00',
          amount: '2000.00',
          currency: 'CNY',
          account: 'Bank:CMB',
          toAccount: 'CreditCard:CMB',
          remark: 'Pay the credit card',
        },
      },
      {
        kind: 'row',
        row: {
          line: 38,
          type: 'Expense',
          time: '2024-03-08T00:00:00',
          amount: '120.50',
          currency: 'CNY',
          account: 'CreditCard:CMB',
          category: 'Food/Groceries',
          remark: 'Weekly shopping',
          ...mart,
        },
      },
      {
        kind: 'row',
        row: {
          line: 40,
          type: 'Expense',
          time: '2024-03-08T00:00:00',
          amount: '30.00',
          currency: 'CNY',
          account: 'CreditCard:CMB',
          category: 'Home/Cleaning',
          remark: 'Weekly shopping',
          ...mart,
        },
      },
      {
        kind: 'row',
        row: {
          line: 43,
          type: 'Refund',
          time: '2024-03-10T00:00:00',
          amount: '30.00',
          currency: 'CNY',
          account: 'CreditCard:CMB',
          category: 'Home/Cleaning',
          remark: 'Returned a mop',
          ...mart,
        },
      },
      {
        kind: 'row',
        row: {
          line: 47,
          type: 'Expense',
          time: '2024-03-12T08:05:09+08:00',
          amount: '28.00',
          currency: 'CNY',
          account: 'Alipay',
          category: 'Food/Drink',
          remark: 'Latte',
          merchant: 'Example Coffee',
          counterparty: 'Example Coffee',
          externalId: '2024031200001',
        },
      },
      {
        kind: 'row',
        row: {
          line: 53,
          type: 'Transfer',
          time: '2024-03-15T00:00:00',
          amount: '710.00',
          currency: 'CNY',
          account: 'Bank:CMB',
          toAccount: 'Cash:USD',
          toAmount: '100.00',
          remark: 'Exchange for a trip',
        },
      },
    ]);
  });

  it('sniffs a ledger by a dated directive', () => {
    expect(beancount.sniff(sample('ledger.beancount'))).toBe(true);
    expect(beancount.sniff('2024-01-01 open Assets:Cash')).toBe(true);
    expect(beancount.sniff('Date,Amount\n2024-01-01,3')).toBe(false);
    expect(beancount.sniff('!Type:Bank')).toBe(false);
  });

  it('reports a bad date, a bad amount and postings it cannot balance', () => {
    const text = [
      '2024-02-30 * "Nowhere" "Bad day"', // 1
      '  Expenses:Food  1.00 CNY',
      '  Assets:Cash',
      '2024-03-01 * "Bad amount"', // 4
      '  Expenses:Food  1.2.3 CNY',
      '  Assets:Cash',
      '2024-03-01 * "Two open postings"', // 7
      '  Expenses:Food',
      '  Assets:Cash',
      '2024-03-01 * "Two currencies left"', // 10
      '  Expenses:Food  1.00 CNY',
      '  Expenses:Tea   1.00 USD',
      '  Assets:Cash',
      '2024-03-01 * "No money account"', // 14
      '  Expenses:Food  1.00 CNY',
      '  Income:Gift   -1.00 CNY',
      '2024-03-01 * "Zero"', // 17
      '  Expenses:Food  0.00 CNY',
      '  Assets:Cash    0.00 CNY',
      '2024-03-01 * "Bad time"', // 20
      '  time: "25:00"',
      '  Expenses:Food  1.00 CNY',
      '  Assets:Cash',
      '2024-03-01 * "Unknown root"', // 24
      '  Expense:Food  1.00 CNY',
      '  Assets:Cash',
      '2024-03-01 * "Too many places"', // 27
      '  Expenses:Food  1.005 CNY',
      '  Assets:Cash',
    ].join('\n');
    expect(parse(text)).toEqual([
      { kind: 'problem', line: 1, problem: 'badDate', column: 'date', value: '2024-02-30' },
      { kind: 'problem', line: 4, problem: 'badAmount', column: 'Expenses:Food', value: '1.2.3 CNY' },
      { kind: 'problem', line: 7, problem: 'missingValue', column: 'Assets:Cash' },
      { kind: 'problem', line: 10, problem: 'missingValue', column: 'Assets:Cash' },
      { kind: 'problem', line: 14, problem: 'missingValue', column: 'Assets/Liabilities' },
      { kind: 'skip', line: 17, reason: 'empty' },
      { kind: 'problem', line: 20, problem: 'badDate', column: 'time', value: '25:00' },
      { kind: 'problem', line: 24, problem: 'badType', column: 'Expense:Food', value: 'Expense' },
      { kind: 'problem', line: 27, problem: 'badAmount', column: 'Expenses:Food', value: '1.005' },
    ]);
  });

  it('reads a thousands separator, renamed roots, a transfer with a fee and a split income', () => {
    const text = [
      'option "name_assets" "资产"',
      'option "name_expenses" "支出"',
      '2024-04-01 * "转账" "跨行转账"', // 3
      '  资产:银行:工行  -1,001.00 CNY',
      '  资产:银行:招行   1,000.00 CNY',
      '  支出:手续费',
      '2024-04-02 * "Employer" "Pay"', // 7
      '  Income:Salary  -1000 CNY',
      '  Assets:Bank     800 CNY',
      '  Assets:Savings  200 CNY',
    ].join('\n');
    const day = (d: string) => `2024-04-0${d}T00:00:00`;
    expect(parse(text)).toEqual([
      {
        kind: 'row',
        row: {
          line: 3,
          type: 'Transfer',
          time: day('1'),
          amount: '1000.00',
          currency: 'CNY',
          account: '银行:工行',
          toAccount: '银行:招行',
          remark: '跨行转账',
          counterparty: '转账',
        },
      },
      {
        kind: 'row',
        row: {
          line: 6,
          type: 'Expense',
          time: day('1'),
          amount: '1.00',
          currency: 'CNY',
          account: '银行:工行',
          category: '手续费',
          remark: '跨行转账',
          merchant: '转账',
          counterparty: '转账',
        },
      },
      {
        kind: 'row',
        row: {
          line: 7,
          type: 'Income',
          time: day('2'),
          amount: '1000.00',
          currency: 'CNY',
          account: 'Bank',
          category: 'Salary',
          remark: 'Pay',
          merchant: 'Employer',
          counterparty: 'Employer',
        },
      },
      {
        kind: 'row',
        row: {
          line: 10,
          type: 'Transfer',
          time: day('2'),
          amount: '200.00',
          currency: 'CNY',
          account: 'Bank',
          toAccount: 'Savings',
          remark: 'Pay',
          counterparty: 'Employer',
        },
      },
    ]);
  });

  it('merges a money account written twice (a fee paid from it) instead of a transfer to itself', () => {
    const text = [
      '2024-05-01 * "Shop" "Item"',
      '  Expenses:Shopping  10.00 CNY',
      '  Assets:Alipay  -10.00 CNY',
      '  Expenses:Fee  0.10 CNY',
      '  Assets:Alipay  -0.10 CNY',
    ].join('\n');
    const out = parse(text);
    expect(out.map((o) => o.kind === 'row' && [o.row.line, o.row.type, o.row.amount, o.row.account, o.row.category])).toEqual([
      [1, 'Expense', '10.00', 'Alipay', 'Shopping'],
      [4, 'Expense', '0.10', 'Alipay', 'Fee'],
    ]);
  });

  it('numbers the later rows of a split by their postings, and their ids', () => {
    const text = [
      '2024-05-02 * "Shop" "Two things"',
      '  id: "T-9"',
      '  Expenses:A  1.00 CNY',
      '  Expenses:B  2.00 CNY',
      '  Assets:Cash',
    ].join('\n');
    expect(parse(text).map((o) => o.kind === 'row' && [o.row.line, o.row.externalId, o.row.category])).toEqual([
      [1, 'T-9', 'A'],
      [4, 'T-9/2', 'B'],
    ]);
  });

  it('reads nothing from an empty text or one without transactions', () => {
    expect(parse('')).toEqual([]);
    expect(parse('option "title" "x"\n2024-01-01 open Assets:Cash\n2024-01-02 price USD 7 CNY\n; done')).toEqual([]);
  });
});
