import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_PATHS, STATISTICS_PATHS, bookPath, type ColumnMapping, type ImportRowView, type ImportView } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, uploadImport, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 31's first acceptance: every format's sample file imported over HTTP, every
 * row checked against what the file says (type, time in the book's zone, amount,
 * category, account, the other account, remark), the lines skipped with their reasons,
 * and the rows recorded into the book. The samples and what each holds are described in
 * formats/samples/README.md and README-more.md.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.built.imports.idle();
  await t.close();
});

const SAMPLES = path.join(import.meta.dirname, 'formats', 'samples');

/** A wall time of the file in the book's zone (Asia/Shanghai), or a time with the file's own offset. */
const at = (time: string) => Date.parse(/[+-]\d\d:\d\d$/.test(time) ? time : `${time}+08:00`);

/** [row, type, time, amount, category, account, to account, remark] */
type Row = [number, string, string, string, string | null, string | null, string | null, string | null];

interface Case {
  file: string;
  source: string;
  fields?: Record<string, string>;
  mapping?: ColumnMapping;
  rows: Row[];
  skipped?: Array<[number, string]>;
  problems?: Array<[number, string]>;
}

const ALIPAY_APP: Row[] = [
  [21, 'Expense', '2024-03-28T19:42:00', '32.00', '餐饮美食', '招商银行储蓄卡(1234)', null, '拿铁 大杯'],
  [22, 'Expense', '2024-03-25T12:05:00', '1288.00', '数码电器', '花呗', null, '蓝牙耳机,降噪款 生日礼物'],
  [24, 'Income', '2024-03-15T18:00:00', '2000.00', '转账红包', '余额', null, '转账 三月生活费'],
  // A refund of line 26: recorded against that trade's category and account.
  [25, 'Refund', '2024-03-13T09:10:00', '20.00', '日用百货', '余额', null, '退款-纸巾 洗衣液'],
  [26, 'Expense', '2024-03-12T08:30:00', '45.60', '日用百货', '余额', null, '纸巾 洗衣液'],
  [27, 'Transfer', '2024-03-10T10:00:00', '356.80', '信用借还', '招商银行储蓄卡(1234)', '花呗', '花呗主动还款-2024年02月账单'],
  [28, 'Income', '2024-03-09T03:00:00', '0.35', '投资理财', '余额宝', null, '余额宝-2024.03.08-收益发放'],
  [29, 'Transfer', '2024-03-08T07:45:00', '500.00', '投资理财', '招商银行储蓄卡(1234)', '余额宝', '余额宝-单次转入'],
  [30, 'Expense', '2024-03-05T09:05:00', '23.50', '交通出行', '招商银行储蓄卡(1234)', null, '打车 快车'],
  [31, 'Refund', '2024-03-05T09:40:00', '23.50', '交通出行', '招商银行储蓄卡(1234)', null, '退款-打车 快车'],
];
const ALIPAY_SKIPPED: Array<[number, string]> = [
  [23, 'closed'],
  [32, 'empty'],
];

const WECHAT: Row[] = [
  [18, 'Expense', '2024-03-29T12:30:00', '36.50', '商户消费', '招商银行储蓄卡(5678)', null, '牛肉面 加蛋'],
  [19, 'Expense', '2024-03-27T08:10:00', '12.00', '扫二维码付款', '零钱', null, '收款方备注:二维码收款'],
  // A refund named by the 商户单号 it shares with line 21.
  [20, 'Refund', '2024-03-24T10:00:00', '300.00', '商户消费', '招商银行储蓄卡(5678)', null, '空气炸锅 家用'],
  [21, 'Expense', '2024-03-22T20:00:00', '1299.00', '商户消费', '招商银行储蓄卡(5678)', null, '空气炸锅 家用 团购,到手价'],
  [22, 'Expense', '2024-03-20T19:00:00', '200.00', '转账', '零钱', null, '转账备注:微信转账'],
  [23, 'Income', '2024-03-18T12:00:00', '8.88', '微信红包', '零钱', null, null],
  [24, 'Transfer', '2024-03-15T09:00:00', '300.00', '零钱充值', '招商银行储蓄卡(5678)', '零钱', null],
  [25, 'Transfer', '2024-03-12T16:00:00', '100.10', '零钱提现', '零钱', '招商银行储蓄卡(5678)', '服务费¥0.10'],
  [26, 'Transfer', '2024-03-10T07:30:00', '500.00', '转入零钱通-来自零钱', '零钱', '零钱通', null],
  [29, 'Income', '2024-03-02T18:00:00', '66.00', '二维码收款', '零钱', null, '收款方备注:二维码收款'],
];
const WECHAT_SKIPPED: Array<[number, string]> = [
  [27, 'closed'],
  [28, 'empty'],
];

const CASES: Case[] = [
  { file: 'alipay-app.csv', source: 'alipay', rows: ALIPAY_APP, skipped: ALIPAY_SKIPPED },
  // The same bill after Excel resaved it (UTF-8 with a BOM, its own date and number formats).
  { file: 'alipay-app-utf8.csv', source: 'alipay', rows: ALIPAY_APP, skipped: ALIPAY_SKIPPED },
  {
    file: 'alipay-web.csv',
    source: 'alipay',
    rows: [
      [6, 'Expense', '2016-05-28T20:01:00', '18.00', null, null, null, '美式咖啡'],
      [7, 'Expense', '2016-05-20T10:15:00', '399.00', null, null, null, '机械键盘'],
      [9, 'Expense', '2016-05-12T11:00:00', '259.00', null, null, null, '运动鞋'],
      [10, 'Refund', '2016-05-15T10:00:00', '259.00', null, null, null, '退款-运动鞋'],
      [11, 'Income', '2016-05-08T09:00:00', '500.00', null, null, null, '转账 还钱'],
    ],
    skipped: [
      [8, 'closed'],
      [12, 'empty'],
    ],
  },
  { file: 'wechat.csv', source: 'wechat', rows: WECHAT, skipped: WECHAT_SKIPPED },
  { file: 'wechat.xlsx', source: 'wechat', rows: WECHAT, skipped: WECHAT_SKIPPED },
  {
    file: 'suishouji.csv',
    source: 'suishouji',
    rows: [
      [3, 'Expense', '2024-03-01T08:15:00', '12.50', '餐饮/早餐', '现金', null, '豆浆油条'],
      [4, 'Expense', '2024-03-02T19:40:00', '3299.00', '购物/数码', '示例银行信用卡', null, '十二期免息'],
      [5, 'Income', '2024-03-05T09:00:00', '15000.00', '职业收入/工资', '示例银行储蓄卡', null, '三月工资'],
      [7, 'Transfer', '2024-03-06T12:00:00', '2000.00', null, '示例银行储蓄卡', '示例银行信用卡', '还信用卡'],
      [8, 'Refund', '2024-03-08T18:30:00', '45.00', '食品酒水', '支付宝', null, '退了一箱牛奶'],
      [10, 'Expense', '2024-03-12T00:00:00', '68.00', '医疗保健/药品费', '微信钱包', null, null],
    ],
    skipped: [
      [6, 'notRecord'],
      [9, 'notRecord'],
    ],
  },
  {
    file: 'suishouji.xls',
    source: 'suishouji',
    rows: [
      [2, 'Expense', '2024-05-01T07:30:00', '4.00', '交通/地铁', '交通卡', null, null],
      [3, 'Expense', '2024-05-02T18:45:10', '1234.50', '餐饮/晚餐', '示例银行信用卡', null, 'AA 制'],
      // The 收入 and 转账 sheets' rows.
      [2, 'Income', '2024-05-05T00:00:00', '66.66', '其他收入/红包', '微信钱包', null, '压岁钱'],
      [2, 'Transfer', '2024-05-06T10:00:00', '300.00', null, '示例银行储蓄卡', '现金', '取现'],
    ],
  },
  {
    file: 'suishouji.xlsx',
    source: 'suishouji',
    rows: [
      [2, 'Expense', '2024-04-02T12:10:00', '36.00', '餐饮/午餐', '示例银行储蓄卡', null, '牛肉面'],
      [3, 'Expense', '2024-04-03T20:00:00', '1280.00', '居家/家具', '示例银行信用卡', null, '书架'],
      [2, 'Income', '2024-04-10T09:00:00', '2000.00', '职业收入/奖金', '示例银行储蓄卡', null, '季度奖'],
      [2, 'Transfer', '2024-04-12T08:00:00', '500.00', null, '示例银行储蓄卡', '支付宝', '充值'],
    ],
    skipped: [[2, 'notRecord']],
  },
  {
    file: 'table-bank.csv',
    source: 'table',
    mapping: {
      time: 'Date',
      amount: 'Amount',
      merchant: 'Description',
      remark: 'Reference',
      currency: 'Currency',
      dateFormat: 'DMY',
      sign: 'expenseNegative',
    },
    rows: [
      [4, 'Expense', '2024-01-03T00:00:00', '45.20', null, null, null, 'CARD 1234'],
      [5, 'Income', '2024-01-05T00:00:00', '2350.00', null, null, null, 'SALARY JAN'],
      [6, 'Expense', '2024-01-13T00:00:00', '12.50', null, null, null, 'CARD 1234'],
      [7, 'Expense', '2024-01-20T00:00:00', '3.80', null, null, null, 'CARD 1234'],
    ],
    skipped: [[8, 'empty']],
  },
  {
    file: 'table-family.xlsx',
    source: 'table',
    mapping: {
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
    },
    rows: [
      [3, 'Expense', '2024-02-01T00:00:00', '12.50', '餐饮/早餐', '现金', null, '包子豆浆'],
      [4, 'Income', '2024-02-03T00:00:00', '8000.00', '工资', '示例银行', null, '二月工资'],
      [5, 'Expense', '2024-02-05T00:00:00', '1234.00', '购物/日用品', '支付宝', null, null],
      [6, 'Expense', '2024-02-10T18:30:00', '35.00', '交通/打车', '微信', null, null],
      [7, 'Income', '2024-02-14T00:00:00', '520.00', '红包', '微信', null, '情人节'],
    ],
  },
  {
    file: 'bank.ofx',
    source: 'ofx',
    rows: [
      [39, 'Expense', '2024-01-05T12:00:00+08:00', '35.50', null, 'EXAMPLEBANK 62000012', null, 'Lunch with colleagues'],
      [47, 'Income', '2024-01-10T00:00:00', '12500.00', null, 'EXAMPLEBANK 62000012', null, 'January salary'],
      [55, 'Expense', '2024-01-12T08:30:15-05:00', '1280.00', null, 'EXAMPLEBANK 62000012', null, null],
      [63, 'Expense', '2024-01-20T18:00:00', '200.00', null, 'EXAMPLEBANK 62000012', null, null],
      [70, 'Income', '2024-01-31T00:00:00+08:00', '1.23', null, 'EXAMPLEBANK 62000012', null, 'Interest'],
    ],
  },
  {
    file: 'bank-v2.ofx',
    source: 'ofx',
    rows: [
      [23, 'Expense', '2024-02-03T14:30:00-08:00', '42.99', null, 'XXXX-XXXX-XXXX-4321', null, 'Two paperbacks'],
      [31, 'Expense', '2024-02-14T00:00:00', '88.00', null, 'XXXX-XXXX-XXXX-4321', null, 'Dinner & dessert'],
      [49, 'Income', '2024-02-25T12:00:00+00:00', '500.00', null, 'XXXX-XXXX-XXXX-4321', null, null],
    ],
  },
  {
    file: 'bank.qif',
    source: 'qif',
    fields: { date_format: 'MDY' },
    rows: [
      [16, 'Expense', '2024-01-05T00:00:00', '35.50', 'Food/Groceries', 'Everyday Checking', null, 'Weekly shop'],
      [24, 'Income', '2024-01-10T00:00:00', '12500.00', 'Salary', 'Everyday Checking', null, null],
      [29, 'Transfer', '2024-01-15T00:00:00', '500.00', null, 'Everyday Checking', 'Rainy Day Savings', null],
      [34, 'Expense', '2024-01-20T00:00:00', '80.00', 'Household/Cleaning', 'Everyday Checking', null, 'Detergent'],
      [41, 'Expense', '2024-01-20T00:00:00', '40.00', 'Food/Snacks', 'Everyday Checking', null, 'Household run'],
      [44, 'Expense', '2024-01-25T00:00:00', '60.00', 'Utilities/Gas', 'Everyday Checking', null, 'January bill'],
      [56, 'Expense', '2024-01-28T00:00:00', '15.99', 'Entertainment/Streaming', 'Travel Card', null, null],
      [61, 'Income', '2024-01-30T00:00:00', '15.99', 'Entertainment/Streaming', 'Travel Card', null, 'Refund of a double charge'],
    ],
  },
  {
    // Without the date format the two month-or-day dates cannot be read: problems of their lines.
    file: 'bank.qif',
    source: 'qif',
    rows: [
      [16, 'Expense', '', '', null, null, null, null],
      [24, 'Income', '', '', null, null, null, null],
      [29, 'Transfer', '2024-01-15T00:00:00', '500.00', null, 'Everyday Checking', 'Rainy Day Savings', null],
      [34, 'Expense', '2024-01-20T00:00:00', '80.00', 'Household/Cleaning', 'Everyday Checking', null, 'Detergent'],
      [41, 'Expense', '2024-01-20T00:00:00', '40.00', 'Food/Snacks', 'Everyday Checking', null, 'Household run'],
      [44, 'Expense', '2024-01-25T00:00:00', '60.00', 'Utilities/Gas', 'Everyday Checking', null, 'January bill'],
      [56, 'Expense', '2024-01-28T00:00:00', '15.99', 'Entertainment/Streaming', 'Travel Card', null, null],
      [61, 'Income', '2024-01-30T00:00:00', '15.99', 'Entertainment/Streaming', 'Travel Card', null, 'Refund of a double charge'],
    ],
  },
  {
    file: 'bank-dmy.qif',
    source: 'qif',
    fields: { date_format: 'DMY' },
    rows: [
      [2, 'Expense', '2024-02-05T00:00:00', '18.00', 'Food/Bakery', null, null, 'Bread and pastries'],
      [8, 'Expense', '2024-02-14T00:00:00', '1050.00', 'Gifts', null, null, null],
      [13, 'Income', '2024-02-29T00:00:00', '200.00', null, null, null, null],
    ],
  },
  {
    file: 'ledger.beancount',
    source: 'beancount',
    rows: [
      [23, 'Expense', '2024-03-01T12:15:00', '38.00', 'Food/Dining', 'Bank:CMB', null, 'Lunch with a friend'],
      [30, 'Income', '2024-03-05T00:00:00', '15000.00', 'Salary', 'Bank:CMB', null, 'March salary'],
      [34, 'Transfer', '2024-03-06T00:00:00', '2000.00', null, 'Bank:CMB', 'CreditCard:CMB', 'Pay the credit card'],
      [38, 'Expense', '2024-03-08T00:00:00', '120.50', 'Food/Groceries', 'CreditCard:CMB', null, 'Weekly shopping'],
      [40, 'Expense', '2024-03-08T00:00:00', '30.00', 'Home/Cleaning', 'CreditCard:CMB', null, 'Weekly shopping'],
      [43, 'Refund', '2024-03-10T00:00:00', '30.00', 'Home/Cleaning', 'CreditCard:CMB', null, 'Returned a mop'],
      [47, 'Expense', '2024-03-12T08:05:09+08:00', '28.00', 'Food/Drink', 'Alipay', null, 'Latte'],
      [53, 'Transfer', '2024-03-15T00:00:00', '710.00', null, 'Bank:CMB', 'Cash:USD', 'Exchange for a trip'],
    ],
    skipped: [[18, 'notRecord']],
  },
];

async function allRows(token: string, bookId: string, id: string, kind: string): Promise<ImportRowView[]> {
  const out: ImportRowView[] = [];
  let after = 0;
  for (;;) {
    const res = await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?kind=${kind}&after=${after}&limit=200`, inBook(token, bookId));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: ImportRowView[]; next: number | null };
    out.push(...page.data);
    if (page.next === null) return out;
    after = page.next;
  }
}

describe('every format, imported over HTTP', () => {
  for (const c of CASES) {
    it(`${c.file} (${c.source}${c.fields?.date_format ? `, ${c.fields.date_format}` : ''}): every row as the file says it, recorded into the book`, async () => {
      const u = await buildUser(t);
      const book = await buildBook(t, u.token, 'family');
      const bytes = fs.readFileSync(path.join(SAMPLES, c.file));
      const up = await uploadImport(t, u.token, book.id, bytes, c.file, { source: c.source, ...c.fields });
      expect(up.statusCode, up.body).toBe(201);
      const id = up.json().data.id as string;
      if (c.mapping) {
        expect(up.json().data.status).toBe('columns');
        const res = await t.client.put(bookPath(IMPORT_PATHS.columns, { id }), { mapping: c.mapping }, inBook(u.token, book.id));
        expect(res.statusCode, res.body).toBe(200);
      }
      await t.built.imports.idle();
      const view = (await t.client.get(bookPath(IMPORT_PATHS.item, { id }), inBook(u.token, book.id))).json().data as ImportView;
      expect(view.status, JSON.stringify(view.error)).toBe('ready');

      const rows = await allRows(u.token, book.id, id, 'row');
      const problems = await allRows(u.token, book.id, id, 'problem');
      const expectedRows = c.rows.filter((r) => r[3] !== '');
      const got = rows.map((r): Row => [
        r.row,
        r.type ?? '',
        r.time === null ? '' : String(r.time),
        r.amount ?? '',
        r.category,
        r.account,
        r.to_account,
        r.remark,
      ]);
      expect(got).toEqual(expectedRows.map((r): Row => [r[0], r[1], String(at(r[2])), r[3], r[4], r[5], r[6], r[7]]));
      // Rows the file could not say in the date format chosen are problems of their line, with the reason.
      expect(problems.map((p) => [p.row, p.reason])).toEqual(c.rows.filter((r) => r[3] === '').map((r) => [r[0], 'badDate']));
      for (const p of problems) expect(p.message).toMatch(/不是日期/);
      const skipped = await allRows(u.token, book.id, id, 'skip');
      expect(skipped.map((s) => [s.row, s.reason])).toEqual(c.skipped ?? []);
      expect(view.counts).toMatchObject({ read: expectedRows.length, skipped: (c.skipped ?? []).length, problem: problems.length });

      const dims = await bookDimensions(t, u.token, book.id);
      const commit = await t.client.post(
        bookPath(IMPORT_PATHS.commit, { id }),
        {
          account_id: dims.accounts[0]!.id,
          expense_category_id: dims.expense[0]!.id,
          income_category_id: dims.income[0]!.id,
          // WeChat's counterparties left out whole; the other bills' become the book's merchants.
          ...(c.source === 'wechat' ? { skip_kinds: ['merchant'] } : {}),
        },
        inBook(u.token, book.id),
      );
      expect(commit.statusCode, commit.body).toBe(202);
      await t.built.imports.idle();
      const done = (await t.client.get(bookPath(IMPORT_PATHS.item, { id }), inBook(u.token, book.id))).json().data as ImportView;
      expect(done, JSON.stringify(done.error)).toMatchObject({ status: 'done', counts: { recorded: expectedRows.length } });
      const merchants = (await bookDimensions(t, u.token, book.id)).merchants.map((m) => m.name);
      if (c.source === 'wechat') expect(merchants).toEqual(dims.merchants.map((m) => m.name));
      if (c.source === 'alipay' && c.file !== 'alipay-web.csv')
        expect(merchants).toEqual(expect.arrayContaining(['云端咖啡馆', '蓝鲸出行']));
      const flow = await t.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 100 } }, inBook(u.token, book.id));
      const recorded = flow.json().data as Array<{ business_type: string; amount: string; transaction_time: number; remark: string }>;
      const key = (type: string, amount: string, time: number, remark: string | null) => `${type} ${amount} ${time} ${remark ?? ''}`;
      expect(recorded.map((r) => key(r.business_type, r.amount, r.transaction_time, r.remark)).sort()).toEqual(
        expectedRows.map((r) => key(r[1], r[3], at(r[2]), r[7])).sort(),
      );
    });
  }
});
