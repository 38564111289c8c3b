import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { indexHeader, isHeaderRow, makeCells } from '../read/header.ts';
import { readOutcomes } from '../read/index.ts';
import { bytesFile } from '../read/input.ts';
import { collect, fileProblem } from '../read/test-support.ts';
import { createSuishouji, suishouji } from './suishouji.ts';
import { SHEET_LINES } from '../read/csv.ts';
import type { Outcome, TableConverter } from './types.ts';

const bytes = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url));
const read = (name: string, data: Uint8Array = bytes(name), converter: TableConverter = suishouji) =>
  collect(readOutcomes(bytesFile(name, data), converter));

/** Every sheet, each with its own header, as a reader that reads them all would (lines are each sheet's). */
function everySheet(name: string): Record<string, Outcome[]> {
  const wb = XLSX.read(bytes(name));
  const converter = createSuishouji();
  const out: Record<string, Outcome[]> = {};
  for (const sheet of wb.SheetNames) {
    const ws = wb.Sheets[sheet];
    if (!ws) continue;
    const [header = [], ...rows] = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, raw: false, defval: '' });
    expect(isHeaderRow(header, converter.columns)).toBe(true);
    const index = indexHeader(header);
    out[sheet] = rows.map((raw, i) => converter.row(makeCells(index, raw), i + 2));
  }
  return out;
}

const APP_HEADER = ['交易类型', '日期', '类别', '子类别', '账户', '账户币种', '金额', '成员', '商家', '项目', '备注', '关联Id'];
const WEB_HEADER = ['交易类型', '日期', '分类', '子分类', '账户1', '账户2', '金额', '成员', '商家', '项目', '备注'];

/** One row through a converter under a header, by column name. */
function row(converter: TableConverter, header: string[], values: Record<string, string>, line = 3): Outcome {
  return converter.row(
    makeCells(
      indexHeader(header),
      header.map((h) => values[h] ?? ''),
    ),
    line,
  );
}
const web = (values: Record<string, string>) =>
  row(createSuishouji(), WEB_HEADER, { 日期: '2024-01-02 03:04:05', 金额: '10.00', 账户1: 'A', ...values });

describe('随手记', () => {
  it("reads every field of the app's CSV sample, pairing the transfer's halves", async () => {
    const cny = { currency: 'CNY' };
    expect(await read('suishouji.csv')).toEqual([
      {
        kind: 'row',
        row: {
          line: 3,
          type: 'Expense',
          time: '2024-03-01T08:15:00',
          amount: '12.50',
          ...cny,
          account: '现金',
          category: '餐饮/早餐',
          member: '本人',
          merchant: '楼下早餐铺',
          remark: '豆浆油条',
        },
      },
      {
        kind: 'row',
        row: {
          line: 4,
          type: 'Expense',
          time: '2024-03-02T19:40:00',
          amount: '3299.00',
          ...cny,
          account: '示例银行信用卡',
          category: '购物/数码',
          member: '本人',
          merchant: '示例电器城',
          project: '换新手机',
          remark: '十二期免息',
        },
      },
      {
        kind: 'row',
        row: {
          line: 5,
          type: 'Income',
          time: '2024-03-05T09:00:00',
          amount: '15000.00',
          ...cny,
          account: '示例银行储蓄卡',
          category: '职业收入/工资',
          member: '本人',
          remark: '三月工资',
        },
      },
      { kind: 'skip', line: 6, reason: 'notRecord' },
      {
        kind: 'row',
        row: {
          line: 7,
          type: 'Transfer',
          time: '2024-03-06T12:00:00',
          amount: '2000.00',
          ...cny,
          account: '示例银行储蓄卡',
          toAccount: '示例银行信用卡',
          remark: '还信用卡',
        },
      },
      {
        kind: 'row',
        row: {
          line: 8,
          type: 'Refund',
          time: '2024-03-08T18:30:00',
          amount: '45.00',
          ...cny,
          account: '支付宝',
          category: '食品酒水',
          member: '爱人',
          merchant: '邻家超市',
          remark: '退了一箱牛奶',
        },
      },
      { kind: 'skip', line: 9, reason: 'notRecord' },
      {
        kind: 'row',
        row: {
          line: 10,
          type: 'Expense',
          time: '2024-03-12T00:00:00',
          amount: '68.00',
          ...cny,
          account: '微信钱包',
          category: '医疗保健/药品费',
          member: '孩子',
          merchant: '示例大药房',
          project: '家庭健康',
        },
      },
    ]);
  });

  it('reads every field of every sheet of the 神象云账本 xlsx sample', () => {
    const cny = { currency: 'CNY' };
    expect(everySheet('suishouji.xlsx')).toEqual({
      余额变更: [{ kind: 'skip', line: 2, reason: 'notRecord' }],
      支出: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Expense',
            time: '2024-04-02T12:10:00',
            amount: '36.00',
            ...cny,
            account: '示例银行储蓄卡',
            category: '餐饮/午餐',
            member: '本人',
            merchant: '示例面馆',
            remark: '牛肉面',
          },
        },
        {
          kind: 'row',
          row: {
            line: 3,
            type: 'Expense',
            time: '2024-04-03T20:00:00',
            amount: '1280.00',
            ...cny,
            account: '示例银行信用卡',
            category: '居家/家具',
            member: '爱人',
            merchant: '示例家居',
            project: '新家',
            remark: '书架',
          },
        },
      ],
      收入: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Income',
            time: '2024-04-10T09:00:00',
            amount: '2000.00',
            ...cny,
            account: '示例银行储蓄卡',
            category: '职业收入/奖金',
            member: '本人',
            remark: '季度奖',
          },
        },
      ],
      转账: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Transfer',
            time: '2024-04-12T08:00:00',
            amount: '500.00',
            ...cny,
            account: '示例银行储蓄卡',
            toAccount: '支付宝',
            remark: '充值',
          },
        },
      ],
    });
  });

  it('reads every field of every sheet of the newer web xls sample', () => {
    expect(everySheet('suishouji.xls')).toEqual({
      支出: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Expense',
            time: '2024-05-01T07:30:00',
            amount: '4.00',
            account: '交通卡',
            category: '交通/地铁',
            member: '本人',
          },
        },
        {
          kind: 'row',
          row: {
            line: 3,
            type: 'Expense',
            time: '2024-05-02T18:45:10',
            amount: '1234.50',
            account: '示例银行信用卡',
            category: '餐饮/晚餐',
            member: '本人',
            merchant: '示例火锅店',
            project: '同学聚会',
            remark: 'AA 制',
          },
        },
      ],
      收入: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Income',
            time: '2024-05-05T00:00:00',
            amount: '66.66',
            account: '微信钱包',
            category: '其他收入/红包',
            member: '孩子',
            remark: '压岁钱',
          },
        },
      ],
      转账: [
        {
          kind: 'row',
          row: {
            line: 2,
            type: 'Transfer',
            time: '2024-05-06T10:00:00',
            amount: '300.00',
            account: '示例银行储蓄卡',
            toAccount: '现金',
            remark: '取现',
          },
        },
      ],
    });
  });

  it("reads every sheet of the spreadsheets through the reader, a later sheet's lines counted from its ordinal", async () => {
    for (const name of ['suishouji.xls', 'suishouji.xlsx']) {
      const sheets = Object.values(everySheet(name));
      const expected = sheets.flatMap((outcomes, k) =>
        outcomes.map((o) =>
          o.kind === 'row' ? { ...o, row: { ...o.row, line: o.row.line + k * SHEET_LINES } } : { ...o, line: o.line + k * SHEET_LINES },
        ),
      );
      expect(await read(name)).toEqual(expected);
    }
  });

  it('reports a bad date, a bad amount, missing values and an unknown type by column', () => {
    expect(web({ 交易类型: '支出', 日期: '2024-13-01' })).toEqual({
      kind: 'problem',
      line: 3,
      problem: 'badDate',
      column: '日期',
      value: '2024-13-01',
    });
    expect(web({ 交易类型: '支出', 金额: '12,34' })).toEqual({
      kind: 'problem',
      line: 3,
      problem: 'badAmount',
      column: '金额',
      value: '12,34',
    });
    expect(web({ 交易类型: '支出', 金额: '' })).toEqual({ kind: 'problem', line: 3, problem: 'missingValue', column: '金额' });
    expect(web({ 交易类型: '支出', 日期: '' })).toEqual({ kind: 'problem', line: 3, problem: 'missingValue', column: '日期' });
    expect(web({ 交易类型: '' })).toEqual({ kind: 'problem', line: 3, problem: 'missingValue', column: '交易类型' });
    expect(web({ 交易类型: '转账' })).toEqual({ kind: 'problem', line: 3, problem: 'missingValue', column: '账户2' });
    expect(web({ 交易类型: '分期' })).toEqual({ kind: 'problem', line: 3, problem: 'badType', column: '交易类型', value: '分期' });
    expect(web({ 交易类型: '支出', 金额: '0.00' })).toEqual({ kind: 'skip', line: 3, reason: 'empty' });
  });

  it('reads a thousands separator, signs that turn a row around, refunds and loans', () => {
    const time = '2024-01-02T03:04:05';
    expect(web({ 交易类型: '支出', 金额: '¥1,234.50', 分类: '购物' })).toEqual({
      kind: 'row',
      row: { line: 3, type: 'Expense', time, amount: '1234.50', account: 'A', category: '购物' },
    });
    expect(web({ 交易类型: '收入', 金额: '-5', 子分类: '利息' })).toEqual({
      kind: 'row',
      row: { line: 3, type: 'Expense', time, amount: '5.00', account: 'A', category: '利息' },
    });
    expect(web({ 交易类型: '退款', 分类: '购物', 子分类: '衣服' })).toEqual({
      kind: 'row',
      row: { line: 3, type: 'Refund', time, amount: '10.00', account: 'A', category: '购物/衣服' },
    });
    expect(web({ 交易类型: '转账', 金额: '-10', 账户2: 'B' })).toEqual({
      kind: 'row',
      row: { line: 3, type: 'Transfer', time, amount: '10.00', account: 'B', toAccount: 'A' },
    });
    expect(web({ 交易类型: '借出', 账户2: '张三' })).toEqual({
      kind: 'row',
      row: { line: 3, type: 'Transfer', time, amount: '10.00', account: 'A', toAccount: '张三' },
    });
    expect(web({ 交易类型: '负债变更' })).toEqual({ kind: 'skip', line: 3, reason: 'notRecord' });
  });

  it("pairs the app's halves either way round, with the amount received when it differs", () => {
    const c = createSuishouji();
    const half = (type: string, account: string, amount: string, currency: string, id: string, line: number) =>
      row(
        c,
        APP_HEADER,
        {
          交易类型: type,
          日期: '2024-02-01 10:00:00',
          账户: account,
          金额: amount,
          账户币种: currency,
          关联Id: id,
          备注: type === '转入' ? '换汇' : '',
        },
        line,
      );
    expect(half('转入', 'EUR 卡', '12.00', 'EUR', 'x', 3)).toEqual({ kind: 'skip', line: 3, reason: 'notRecord' });
    expect(half('转出', 'CNY 卡', '93.60', 'CNY', 'x', 4)).toEqual({
      kind: 'row',
      row: {
        line: 4,
        type: 'Transfer',
        time: '2024-02-01T10:00:00',
        amount: '93.60',
        currency: 'CNY',
        account: 'CNY 卡',
        toAccount: 'EUR 卡',
        toAmount: '12.00',
        remark: '换汇',
      },
    });
    // A half without its 关联Id cannot be paired.
    expect(half('转出', 'CNY 卡', '1.00', 'CNY', '', 5)).toEqual({ kind: 'problem', line: 5, problem: 'missingValue', column: '关联Id' });
  });

  it('refuses a file without the columns, and an empty file', async () => {
    const noAmount = Buffer.from('交易类型,日期,账户\n支出,2024-01-01,现金\n', 'utf8');
    expect(await fileProblem(() => read('x.csv', noAmount))).toEqual({
      problem: 'unknownFormat',
      params: { expected: '交易类型、日期、金额、账户1' },
    });
    expect(await fileProblem(() => read('x.csv', new Uint8Array()))).toMatchObject({ problem: 'empty' });
  });
});
