import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutcomes } from '../read/index.ts';
import { bytesFile } from '../read/input.ts';
import { collect, fileProblem } from '../read/test-support.ts';
import type { Outcome } from './types.ts';
import { wechat } from './wechat.ts';

const sample = (name: string) => bytesFile(name, readFileSync(path.join(import.meta.dirname, 'samples', name)));
const read = (file: ReturnType<typeof bytesFile>) => collect(readOutcomes(file, wechat, {}));

const CARD = '招商银行储蓄卡(5678)';

/** wechat.csv and wechat.xlsx as they say it, row by row (the header is line 17). */
const BILL: Outcome[] = [
  {
    kind: 'row',
    row: {
      line: 18,
      type: 'Expense',
      time: '2024-03-29T12:30:00',
      amount: '36.50',
      category: '商户消费',
      account: CARD,
      counterparty: '青禾面馆',
      merchant: '青禾面馆',
      remark: '牛肉面 加蛋',
      externalId: '4200000000202403290000000301',
      merchantOrderId: 'M20240329123000001',
    },
  },
  {
    kind: 'row',
    row: {
      line: 19,
      type: 'Expense',
      time: '2024-03-27T08:10:00',
      amount: '12.00',
      category: '扫二维码付款',
      account: '零钱',
      counterparty: '早点铺子',
      merchant: '早点铺子',
      remark: '收款方备注:二维码收款',
      externalId: '1000050000202403270000000302',
    },
  },
  // The refund of part of line 21: its own 交易单号, the trade's 商户单号.
  {
    kind: 'row',
    row: {
      line: 20,
      type: 'Refund',
      time: '2024-03-24T10:00:00',
      amount: '300.00',
      category: '青禾优选-退款',
      account: CARD,
      counterparty: '青禾优选',
      merchant: '青禾优选',
      remark: '空气炸锅 家用',
      externalId: '5030000000202403240000000304',
      merchantOrderId: 'M20240322200000003',
    },
  },
  // 当前状态 says ￥300.00 came back later: the purchase itself stays whole.
  {
    kind: 'row',
    row: {
      line: 21,
      type: 'Expense',
      time: '2024-03-22T20:00:00',
      amount: '1299.00',
      category: '商户消费',
      account: CARD,
      counterparty: '青禾优选',
      merchant: '青禾优选',
      remark: '空气炸锅 家用 团购,到手价',
      externalId: '4200000000202403220000000303',
      merchantOrderId: 'M20240322200000003',
    },
  },
  {
    kind: 'row',
    row: {
      line: 22,
      type: 'Expense',
      time: '2024-03-20T19:00:00',
      amount: '200.00',
      category: '转账',
      account: '零钱',
      counterparty: '林大山',
      merchant: '林大山',
      remark: '转账备注:微信转账',
      externalId: '1000050000202403200000000305',
    },
  },
  // A red packet names no 支付方式: it landed in 零钱.
  {
    kind: 'row',
    row: {
      line: 23,
      type: 'Income',
      time: '2024-03-18T12:00:00',
      amount: '8.88',
      category: '微信红包',
      account: '零钱',
      counterparty: '林大山',
      merchant: '林大山',
      externalId: '1000039000202403180000000306',
    },
  },
  {
    kind: 'row',
    row: {
      line: 24,
      type: 'Transfer',
      time: '2024-03-15T09:00:00',
      amount: '300.00',
      category: '零钱充值',
      account: CARD,
      toAccount: '零钱',
      counterparty: CARD,
      externalId: '1100000000202403150000000307',
    },
  },
  // ¥100.10 left 零钱, ¥0.10 of it the 服务费 the 备注 names.
  {
    kind: 'row',
    row: {
      line: 25,
      type: 'Transfer',
      time: '2024-03-12T16:00:00',
      amount: '100.10',
      toAmount: '100.00',
      category: '零钱提现',
      account: '零钱',
      toAccount: CARD,
      counterparty: CARD,
      remark: '服务费¥0.10',
      externalId: '1100000000202403120000000308',
    },
  },
  {
    kind: 'row',
    row: {
      line: 26,
      type: 'Transfer',
      time: '2024-03-10T07:30:00',
      amount: '500.00',
      category: '转入零钱通-来自零钱',
      account: '零钱',
      toAccount: '零钱通',
      externalId: '1800000000202403100000000309',
    },
  },
  { kind: 'skip', line: 27, reason: 'closed' },
  // 理财通 buys a fund the book does not keep.
  { kind: 'skip', line: 28, reason: 'empty' },
  {
    kind: 'row',
    row: {
      line: 29,
      type: 'Income',
      time: '2024-03-02T18:00:00',
      amount: '66.00',
      category: '二维码收款',
      account: '零钱',
      counterparty: '周小满',
      merchant: '周小满',
      remark: '收款方备注:二维码收款',
      externalId: '1000050000202403020000000312',
    },
  },
];

describe('WeChat Pay bills', () => {
  it('reads every row of the CSV (UTF-8 with a BOM, quoted, ids padded with a tab)', async () => {
    expect(await read(sample('wechat.csv'))).toEqual(BILL);
  });

  it('reads the same rows from the xlsx, whose times are real date cells', async () => {
    expect(await read(sample('wechat.xlsx'))).toEqual(BILL);
  });
});

const TOP = ['微信支付账单明细,,,,', '微信昵称：[测试],,,,', ',,,,', '----------------------微信支付账单明细列表--------------------,,,,'];
const HEADER = '交易时间,交易类型,交易对方,商品,收/支,金额(元),支付方式,当前状态,交易单号,商户单号,备注';
const bill = (...rows: string[]) => bytesFile('wechat.csv', new TextEncoder().encode([...TOP, HEADER, ...rows, ''].join('\n')));

describe('WeChat files that are not right', () => {
  it('refuses a header missing a needed column, naming the columns it needs', async () => {
    const file = bytesFile(
      'w.csv',
      new TextEncoder().encode('交易时间,交易类型,收/支,金额(元)\n2024-01-01 10:00:00,商户消费,支出,¥1.00\n'),
    );
    expect(await fileProblem(() => read(file))).toEqual({
      problem: 'unknownFormat',
      params: { expected: '交易时间、交易类型、收/支、金额(元)、当前状态' },
    });
  });

  it('reports a bad date and a bad amount on their rows with their columns, and reads a thousands separator', async () => {
    const out = await read(
      bill(
        '2024-13-01 10:00:00,商户消费,某店,/,支出,¥1.00,零钱,支付成功,1,/,/',
        '2024-01-02 10:00:00,商户消费,某店,/,支出,¥,零钱,支付成功,2,/,/',
        '2024-01-02 10:00:00,商户消费,某店,/,支出,¥abc,零钱,支付成功,3,/,/',
        '2024-01-02 10:00:00,二维码收款,某人,/,收入,"￥1,234.56",/,已收钱,4,/,/',
        '2024-01-02 10:00:00,商户消费,某店,/,进账,¥1.00,零钱,支付成功,5,/,/',
      ),
    );
    expect(out).toEqual([
      { kind: 'problem', line: 6, problem: 'badDate', column: '交易时间', value: '2024-13-01 10:00:00' },
      { kind: 'problem', line: 7, problem: 'badAmount', column: '金额(元)', value: '¥' },
      { kind: 'problem', line: 8, problem: 'badAmount', column: '金额(元)', value: '¥abc' },
      {
        kind: 'row',
        row: {
          line: 9,
          type: 'Income',
          time: '2024-01-02T10:00:00',
          amount: '1234.56',
          category: '二维码收款',
          account: '零钱',
          counterparty: '某人',
          merchant: '某人',
          externalId: '4',
        },
      },
      { kind: 'problem', line: 10, problem: 'badType', column: '收/支', value: '进账' },
    ]);
  });

  it('moves 中性交易 between balances only when both ends are named, and skips failed ones', async () => {
    const out = await read(
      bill(
        '2024-01-02 10:00:00,零钱通转出-到工商银行(9876),/,/,/,¥50.00,零钱通,支付成功,1,/,/',
        '2024-01-02 10:00:00,信用卡还款,建设银行信用卡,/,/,¥500.00,零钱,支付成功,2,/,/',
        '2024-01-02 10:00:00,零钱提现,/,/,/,¥10.00,/,提现失败，已退回零钱,3,/,/',
        '2024-01-02 10:00:00,转账-退款,林大山,/,收入,¥20.00,零钱,已全额退款,4,/,/',
      ),
    );
    expect(out.map((o) => (o.kind === 'row' ? [o.row.type, o.row.account, o.row.toAccount] : [o.kind]))).toEqual([
      ['Transfer', '零钱通', '工商银行(9876)'],
      ['Transfer', '零钱', '建设银行信用卡'],
      ['skip'],
      ['Refund', '零钱', undefined],
    ]);
  });
});
