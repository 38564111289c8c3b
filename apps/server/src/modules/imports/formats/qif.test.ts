import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { qif } from './qif.ts';
import type { DateFormat, Outcome } from './types.ts';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
const parse = (text: string, dateFormat?: DateFormat): Outcome[] => [...qif.parse(text, dateFormat ? { dateFormat } : {})];

describe('QIF', () => {
  it('reads every field of the month-first sample, accounts, transfers and splits', () => {
    const checking = 'Everyday Checking';
    const card = 'Travel Card';
    expect(parse(sample('bank.qif'), 'MDY')).toEqual([
      {
        kind: 'row',
        row: {
          line: 16,
          type: 'Expense',
          time: '2024-01-05T00:00:00',
          amount: '35.50',
          account: checking,
          category: 'Food/Groceries',
          remark: 'Weekly shop',
          merchant: 'Sample Grocer',
          counterparty: 'Sample Grocer',
        },
      },
      {
        kind: 'row',
        row: {
          line: 24,
          type: 'Income',
          time: '2024-01-10T00:00:00',
          amount: '12500.00',
          account: checking,
          category: 'Salary',
          merchant: 'Example Employer Ltd',
          counterparty: 'Example Employer Ltd',
        },
      },
      {
        kind: 'row',
        row: {
          line: 29,
          type: 'Transfer',
          time: '2024-01-15T00:00:00',
          amount: '500.00',
          account: checking,
          toAccount: 'Rainy Day Savings',
          counterparty: 'Move to savings',
        },
      },
      {
        kind: 'row',
        row: {
          line: 34,
          type: 'Expense',
          time: '2024-01-20T00:00:00',
          amount: '80.00',
          account: checking,
          category: 'Household/Cleaning',
          remark: 'Detergent',
          merchant: 'Example Mart',
          counterparty: 'Example Mart',
        },
      },
      {
        kind: 'row',
        row: {
          line: 41,
          type: 'Expense',
          time: '2024-01-20T00:00:00',
          amount: '40.00',
          account: checking,
          category: 'Food/Snacks',
          project: 'Spring Trip',
          remark: 'Household run',
          merchant: 'Example Mart',
          counterparty: 'Example Mart',
        },
      },
      {
        kind: 'row',
        row: {
          line: 44,
          type: 'Expense',
          time: '2024-01-25T00:00:00',
          amount: '60.00',
          account: checking,
          category: 'Utilities/Gas',
          project: 'Home',
          remark: 'January bill',
          merchant: 'City Gas Co',
          counterparty: 'City Gas Co',
        },
      },
      {
        kind: 'row',
        row: {
          line: 56,
          type: 'Expense',
          time: '2024-01-28T00:00:00',
          amount: '15.99',
          account: card,
          category: 'Entertainment/Streaming',
          merchant: 'Streamflix',
          counterparty: 'Streamflix',
        },
      },
      {
        kind: 'row',
        row: {
          line: 61,
          type: 'Income',
          time: '2024-01-30T00:00:00',
          amount: '15.99',
          account: card,
          category: 'Entertainment/Streaming',
          remark: 'Refund of a double charge',
          merchant: 'Streamflix',
          counterparty: 'Streamflix',
        },
      },
    ]);
  });

  it('reads every field of the day-first sample', () => {
    expect(parse(sample('bank-dmy.qif'), 'DMY')).toEqual([
      {
        kind: 'row',
        row: {
          line: 2,
          type: 'Expense',
          time: '2024-02-05T00:00:00',
          amount: '18.00',
          category: 'Food/Bakery',
          remark: 'Bread and pastries',
          merchant: 'Corner Bakery',
          counterparty: 'Corner Bakery',
        },
      },
      {
        kind: 'row',
        row: {
          line: 8,
          type: 'Expense',
          time: '2024-02-14T00:00:00',
          amount: '1050.00',
          category: 'Gifts',
          merchant: 'Flower Studio',
          counterparty: 'Flower Studio',
        },
      },
      {
        kind: 'row',
        row: {
          line: 13,
          type: 'Income',
          time: '2024-02-29T00:00:00',
          amount: '200.00',
          merchant: 'Pocket money returned',
          counterparty: 'Pocket money returned',
        },
      },
    ]);
  });

  it("refuses ambiguous dates under 'auto' and reads those a day over 12 tells apart", () => {
    const out = parse(sample('bank-dmy.qif'));
    expect(out[0]).toEqual({ kind: 'problem', line: 2, problem: 'badDate', column: 'D', value: '05/02/2024' });
    expect(out.slice(1).map((o) => o.kind === 'row' && o.row.time)).toEqual(['2024-02-14T00:00:00', '2024-02-29T00:00:00']);
    const mdy = parse(sample('bank.qif'));
    expect(mdy.slice(0, 2)).toEqual([
      { kind: 'problem', line: 16, problem: 'badDate', column: 'D', value: "1/5'24" },
      { kind: 'problem', line: 24, problem: 'badDate', column: 'D', value: "1/10'24" },
    ]);
    expect(mdy.slice(2)).toEqual(parse(sample('bank.qif'), 'MDY').slice(2));
  });

  it('sniffs QIF and nothing else', () => {
    expect(qif.sniff(sample('bank.qif'))).toBe(true);
    expect(qif.sniff(`\uFEFF${sample('bank-dmy.qif')}`)).toBe(true);
    expect(qif.sniff('!Account\nNCash\n^')).toBe(true);
    expect(qif.sniff('OFXHEADER:100')).toBe(false);
    expect(qif.sniff('Date,Amount\n')).toBe(false);
  });

  it('reports a bad date, a bad amount, missing fields and an unknown block', () => {
    const text = [
      '!Type:Bank',
      'D13/13/2024',
      'T-1.00',
      '^',
      'D1/13/2024',
      'T-1.2.3',
      '^',
      'T-1.00',
      '^',
      'D1/13/2024',
      'PNo amount',
      '^',
      'D1/13/2024',
      'T0.00',
      '^',
      'D1/13/2024',
      'T-1,234.56',
      '^',
      '!Type:Invst',
      'D1/13/2024',
      'NBuy',
      '^',
      '!Type:Cat',
      'NFood',
      'E',
      '^',
      '!Type:Mystery',
      'D1/13/2024',
      '^',
    ].join('\r\n');
    expect(parse(text, 'MDY')).toEqual([
      { kind: 'problem', line: 2, problem: 'badDate', column: 'D', value: '13/13/2024' },
      { kind: 'problem', line: 5, problem: 'badAmount', column: 'T', value: '-1.2.3' },
      { kind: 'problem', line: 8, problem: 'missingValue', column: 'D' },
      { kind: 'problem', line: 10, problem: 'missingValue', column: 'T' },
      { kind: 'skip', line: 13, reason: 'empty' },
      { kind: 'row', row: { line: 16, type: 'Expense', time: '2024-01-13T00:00:00', amount: '1234.56' } },
      { kind: 'skip', line: 20, reason: 'notRecord' },
      { kind: 'problem', line: 28, problem: 'badType', column: '!Type:Mystery' },
    ]);
  });

  it('reads a transfer into this account from the bracketed one, and a last record without ^', () => {
    const out = parse('!Account\nNWallet\n^\n!Type:Cash\nD2024-03-01\nT50\nL[Bank]\n^\nD2024-03-02\nT-5\nLTea');
    expect(out).toEqual([
      {
        kind: 'row',
        row: { line: 5, type: 'Transfer', time: '2024-03-01T00:00:00', amount: '50.00', account: 'Bank', toAccount: 'Wallet' },
      },
      { kind: 'row', row: { line: 9, type: 'Expense', time: '2024-03-02T00:00:00', amount: '5.00', account: 'Wallet', category: 'Tea' } },
    ]);
  });

  it('reads nothing from an empty text', () => {
    expect(parse('')).toEqual([]);
    expect(parse('!Type:Bank\n')).toEqual([]);
  });
});
