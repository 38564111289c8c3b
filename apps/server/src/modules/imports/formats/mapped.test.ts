import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexHeader, makeCells } from '../read/header.ts';
import { readHeaderAndSample, readOutcomes } from '../read/index.ts';
import { bytesFile } from '../read/input.ts';
import { collect, fileProblem } from '../read/test-support.ts';
import { mappedConverter, type ColumnMapping } from './mapped.ts';
import type { Outcome } from './types.ts';

const bytes = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url));
const read = (name: string, mapping: ColumnMapping, data: Uint8Array = bytes(name)) =>
  collect(readOutcomes(bytesFile(name, data), mappedConverter(mapping)));

const BANK: ColumnMapping = {
  time: 'Date',
  amount: 'Amount',
  merchant: 'Description',
  remark: 'Reference',
  currency: 'Currency',
  dateFormat: 'DMY',
  sign: 'expenseNegative',
};
const FAMILY: ColumnMapping = {
  time: '日期',
  income: '收入',
  expense: '支出',
  category: '分类',
  subcategory: '子分类',
  account: '账户',
  member: '成员',
  remark: '备注',
  dateFormat: 'auto',
  sign: 'twoColumns',
};

/** One row under a header through a mapping, by column name. */
function row(mapping: ColumnMapping, values: Record<string, string>): Outcome {
  const header = Object.keys(values);
  return mappedConverter(mapping).row(makeCells(indexHeader(header), Object.values(values)), 2);
}

describe('a sheet read by its column mapping', () => {
  it('reads every field of the bank statement sample (negative is expense, day-first dates)', async () => {
    const gbp = { currency: 'GBP' };
    const payee = (name: string) => ({ merchant: name, counterparty: name });
    expect(await read('table-bank.csv', BANK)).toEqual([
      {
        kind: 'row',
        row: {
          line: 4,
          type: 'Expense',
          time: '2024-01-03T00:00:00',
          amount: '45.20',
          ...gbp,
          remark: 'CARD 1234',
          ...payee('Sample Grocer'),
        },
      },
      {
        kind: 'row',
        row: {
          line: 5,
          type: 'Income',
          time: '2024-01-05T00:00:00',
          amount: '2350.00',
          ...gbp,
          remark: 'SALARY JAN',
          ...payee('Example Employer Ltd'),
        },
      },
      {
        kind: 'row',
        row: {
          line: 6,
          type: 'Expense',
          time: '2024-01-13T00:00:00',
          amount: '12.50',
          ...gbp,
          remark: 'CARD 1234',
          ...payee('City Transport'),
        },
      },
      {
        kind: 'row',
        row: {
          line: 7,
          type: 'Expense',
          time: '2024-01-20T00:00:00',
          amount: '3.80',
          ...gbp,
          remark: 'CARD 1234',
          ...payee('Example Cafe'),
        },
      },
      { kind: 'skip', line: 8, reason: 'empty' },
    ]);
  });

  it('reads every field of the family sheet sample (separate 收入 and 支出 columns)', async () => {
    expect((await readHeaderAndSample(bytesFile('table-family.xlsx', bytes('table-family.xlsx')), {}, 0)).headerLine).toBe(2);
    expect(await read('table-family.xlsx', FAMILY)).toEqual([
      {
        kind: 'row',
        row: {
          line: 3,
          type: 'Expense',
          time: '2024-02-01T00:00:00',
          amount: '12.50',
          account: '现金',
          category: '餐饮/早餐',
          member: '妈妈',
          remark: '包子豆浆',
        },
      },
      {
        kind: 'row',
        row: {
          line: 4,
          type: 'Income',
          time: '2024-02-03T00:00:00',
          amount: '8000.00',
          account: '示例银行',
          category: '工资',
          member: '爸爸',
          remark: '二月工资',
        },
      },
      {
        kind: 'row',
        row: {
          line: 5,
          type: 'Expense',
          time: '2024-02-05T00:00:00',
          amount: '1234.00',
          account: '支付宝',
          category: '购物/日用品',
          member: '妈妈',
        },
      },
      {
        kind: 'row',
        row: {
          line: 6,
          type: 'Expense',
          time: '2024-02-10T18:30:00',
          amount: '35.00',
          account: '微信',
          category: '交通/打车',
          member: '爸爸',
        },
      },
      {
        kind: 'row',
        row: {
          line: 7,
          type: 'Income',
          time: '2024-02-14T00:00:00',
          amount: '520.00',
          account: '微信',
          category: '红包',
          member: '妈妈',
          remark: '情人节',
        },
      },
    ]);
  });

  it('finds its header by the mapped columns, each a one-name entry', () => {
    expect(mappedConverter(BANK).columns).toEqual([['Date'], ['Amount'], ['Reference'], ['Description'], ['Currency']]);
    expect(mappedConverter({ ...FAMILY, remark: '分类' }).columns).toHaveLength(7);
  });

  it('reads positive amounts as expenses when told so', () => {
    const m: ColumnMapping = { time: 'When', amount: 'Sum', dateFormat: 'YMD', sign: 'expensePositive' };
    expect(row(m, { When: '2024-03-01', Sum: '9.99' })).toEqual({
      kind: 'row',
      row: { line: 2, type: 'Expense', time: '2024-03-01T00:00:00', amount: '9.99' },
    });
    expect(row(m, { When: '2024-03-01', Sum: '-9.99' })).toEqual({
      kind: 'row',
      row: { line: 2, type: 'Income', time: '2024-03-01T00:00:00', amount: '9.99' },
    });
  });

  it('reads a type column in Chinese or English, whatever the sign, and transfers to the mapped account', () => {
    const m: ColumnMapping = {
      time: '时间',
      amount: '金额',
      type: '类型',
      account: '账户',
      toAccount: '对方账户',
      currency: '币种',
      dateFormat: 'auto',
      sign: 'typeColumn',
    };
    const base = { 时间: '2024-03-01 09:30', 金额: '-20', 账户: '现金', 对方账户: '', 币种: '人民币' };
    const t = (类型: string, more: Record<string, string> = {}) => row(m, { ...base, 类型, ...more });
    const common = { line: 2, time: '2024-03-01T09:30:00', amount: '20.00', currency: 'CNY', account: '现金' };
    expect(t('支出')).toEqual({ kind: 'row', row: { ...common, type: 'Expense' } });
    expect(t('INCOME')).toEqual({ kind: 'row', row: { ...common, type: 'Income' } });
    expect(t('Refund')).toEqual({ kind: 'row', row: { ...common, type: 'Refund' } });
    expect(t('转账', { 对方账户: '银行卡' })).toEqual({ kind: 'row', row: { ...common, type: 'Transfer', toAccount: '银行卡' } });
    expect(t('转账')).toEqual({ kind: 'problem', line: 2, problem: 'missingValue', column: '对方账户' });
    expect(t('报销')).toEqual({ kind: 'problem', line: 2, problem: 'badType', column: '类型', value: '报销' });
    expect(t('')).toEqual({ kind: 'problem', line: 2, problem: 'missingValue', column: '类型' });
  });

  it('reports a bad date, a bad amount, a missing value, and reads a thousands separator', () => {
    expect(row(BANK, { Date: '31/02/2024', Amount: '-1' })).toEqual({
      kind: 'problem',
      line: 2,
      problem: 'badDate',
      column: 'Date',
      value: '31/02/2024',
    });
    expect(row({ ...BANK, dateFormat: 'auto' }, { Date: '03/01/2024', Amount: '-1' })).toMatchObject({ problem: 'badDate' });
    expect(row(BANK, { Date: '03/01/2024', Amount: '12.3.4' })).toEqual({
      kind: 'problem',
      line: 2,
      problem: 'badAmount',
      column: 'Amount',
      value: '12.3.4',
    });
    expect(row(BANK, { Date: '', Amount: '-1' })).toEqual({ kind: 'problem', line: 2, problem: 'missingValue', column: 'Date' });
    expect(row(BANK, { Date: '03/01/2024', Amount: '' })).toEqual({ kind: 'problem', line: 2, problem: 'missingValue', column: 'Amount' });
    expect(row(BANK, { Date: '03/01/2024', Amount: '-1,234,567.80' })).toMatchObject({
      kind: 'row',
      row: { type: 'Expense', amount: '1234567.80' },
    });
  });

  it('reads two columns with one filled; both filled, or neither, is a problem', () => {
    const two = (收入: string, 支出: string) => row(FAMILY, { 日期: '2024-03-01', 收入, 支出 });
    expect(two('', '-8')).toMatchObject({ kind: 'row', row: { type: 'Expense', amount: '8.00' } });
    expect(two('1', '2')).toEqual({ kind: 'problem', line: 2, problem: 'badAmount', column: '支出', value: '1 / 2' });
    expect(two('', '')).toEqual({ kind: 'problem', line: 2, problem: 'missingValue', column: '支出' });
    expect(two('0', '0.00')).toEqual({ kind: 'skip', line: 2, reason: 'empty' });
    expect(two('abc', '')).toEqual({ kind: 'problem', line: 2, problem: 'badAmount', column: '收入', value: 'abc' });
  });

  it('refuses a file without a mapped column, and an empty file', async () => {
    expect(await fileProblem(() => read('table-bank.csv', { ...BANK, remark: 'Memo' }))).toEqual({
      problem: 'unknownFormat',
      params: { expected: 'Date、Amount、Memo、Description、Currency' },
    });
    expect(await fileProblem(() => read('x.csv', BANK, new Uint8Array()))).toMatchObject({ problem: 'empty' });
  });
});
