import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutcomes } from '../read/index.ts';
import { bytesFile } from '../read/input.ts';
import { collect, encodeGbk, fileProblem } from '../read/test-support.ts';
import { alipay } from './alipay.ts';
import type { Outcome } from './types.ts';

const sample = (name: string) => bytesFile(name, readFileSync(path.join(import.meta.dirname, 'samples', name)));
const read = (file: ReturnType<typeof bytesFile>) => collect(readOutcomes(file, alipay, {}));

const CARD = '招商银行储蓄卡(1234)';

/** alipay-app.csv as the file says it, row by row (lines 21–32; the header is line 20). */
const APP: Outcome[] = [
  {
    kind: 'row',
    row: {
      line: 21,
      type: 'Expense',
      time: '2024-03-28T19:42:00',
      amount: '32.00',
      category: '餐饮美食',
      account: CARD,
      counterparty: '云端咖啡馆',
      merchant: '云端咖啡馆',
      remark: '拿铁 大杯',
      externalId: '2024032822001400000000000101',
      merchantOrderId: 'T2024032819420001',
    },
  },
  {
    kind: 'row',
    row: {
      line: 22,
      type: 'Expense',
      time: '2024-03-25T12:05:00',
      amount: '1288.00',
      category: '数码电器',
      account: '花呗',
      counterparty: '青禾数码专营店',
      merchant: '青禾数码专营店',
      remark: '蓝牙耳机,降噪款 生日礼物',
      externalId: '2024032522001400000000000102',
      merchantOrderId: 'T2024032512050002',
    },
  },
  // An order closed before it was paid: no 收/付款方式, 不计收支.
  { kind: 'skip', line: 23, reason: 'closed' },
  {
    kind: 'row',
    row: {
      line: 24,
      type: 'Income',
      time: '2024-03-15T18:00:00',
      amount: '2000.00',
      category: '转账红包',
      account: '余额',
      counterparty: '林大山',
      merchant: '林大山',
      remark: '转账 三月生活费',
      externalId: '2024031520001000000000000104',
    },
  },
  // Part of line 26's purchase returned: the refund's number is the trade's, '_', its own.
  {
    kind: 'row',
    row: {
      line: 25,
      type: 'Refund',
      time: '2024-03-13T09:10:00',
      amount: '20.00',
      category: '退款',
      account: '余额',
      counterparty: '邻家生活超市',
      merchant: '邻家生活超市',
      remark: '退款-纸巾 洗衣液',
      externalId: '2024031222001400000000000106_2024031300000201',
      refundOf: '2024031222001400000000000106',
      merchantOrderId: 'T2024031208300006',
    },
  },
  {
    kind: 'row',
    row: {
      line: 26,
      type: 'Expense',
      time: '2024-03-12T08:30:00',
      amount: '45.60',
      category: '日用百货',
      account: '余额',
      counterparty: '邻家生活超市',
      merchant: '邻家生活超市',
      remark: '纸巾 洗衣液',
      externalId: '2024031222001400000000000106',
      merchantOrderId: 'T2024031208300006',
    },
  },
  {
    kind: 'row',
    row: {
      line: 27,
      type: 'Transfer',
      time: '2024-03-10T10:00:00',
      amount: '356.80',
      category: '信用借还',
      account: CARD,
      toAccount: '花呗',
      counterparty: '花呗',
      remark: '花呗主动还款-2024年02月账单',
      externalId: '2024031020001400000000000107',
    },
  },
  {
    kind: 'row',
    row: {
      line: 28,
      type: 'Income',
      time: '2024-03-09T03:00:00',
      amount: '0.35',
      category: '投资理财',
      account: '余额宝',
      counterparty: '示例基金管理有限公司',
      merchant: '示例基金管理有限公司',
      remark: '余额宝-2024.03.08-收益发放',
      externalId: '2024030920001400000000000108',
    },
  },
  {
    kind: 'row',
    row: {
      line: 29,
      type: 'Transfer',
      time: '2024-03-08T07:45:00',
      amount: '500.00',
      category: '投资理财',
      account: CARD,
      toAccount: '余额宝',
      counterparty: '示例基金管理有限公司',
      remark: '余额宝-单次转入',
      externalId: '2024030820001400000000000109',
    },
  },
  // Paid, then refunded in full (line 31): Alipay closes the trade, but the money did move.
  {
    kind: 'row',
    row: {
      line: 30,
      type: 'Expense',
      time: '2024-03-05T09:05:00',
      amount: '23.50',
      category: '交通出行',
      account: CARD,
      counterparty: '蓝鲸出行',
      merchant: '蓝鲸出行',
      remark: '打车 快车',
      externalId: '2024030522001400000000000110',
      merchantOrderId: 'T2024030509050010',
    },
  },
  {
    kind: 'row',
    row: {
      line: 31,
      type: 'Refund',
      time: '2024-03-05T09:40:00',
      amount: '23.50',
      category: '退款',
      account: CARD,
      counterparty: '蓝鲸出行',
      merchant: '蓝鲸出行',
      remark: '退款-打车 快车',
      externalId: '2024030522001400000000000110_2024030500000301',
      refundOf: '2024030522001400000000000110',
      merchantOrderId: 'T2024030509050010',
    },
  },
  // A fund bought from 余额宝: the file does not name the account it went into.
  { kind: 'skip', line: 32, reason: 'empty' },
];

describe('Alipay app export', () => {
  it('reads every row of the GBK export as the file says it, to the dashes under the table', async () => {
    expect(await read(sample('alipay-app.csv'))).toEqual(APP);
  });

  it('reads the same rows after Excel resaved it as UTF-8 (short dates, General numbers, 1,288.00)', async () => {
    const text = readFileSync(path.join(import.meta.dirname, 'samples', 'alipay-app-utf8.csv'), 'utf8');
    expect(text).toContain('2024/3/5 9:05');
    expect(text).toContain('"1,288.00"');
    expect(await read(sample('alipay-app-utf8.csv'))).toEqual(APP);
  });
});

/** alipay-web.csv: the web export before 2019 (header line 5), with no 收/付款方式 nor 交易分类. */
const WEB: Outcome[] = [
  {
    kind: 'row',
    row: {
      line: 6,
      type: 'Expense',
      time: '2016-05-28T20:01:00',
      amount: '18.00',
      counterparty: '云端咖啡馆',
      merchant: '云端咖啡馆',
      remark: '美式咖啡',
      externalId: '2016052821001004000000000201',
      merchantOrderId: 'T200P0000000201',
    },
  },
  {
    kind: 'row',
    row: {
      line: 7,
      type: 'Expense',
      time: '2016-05-20T10:15:00',
      amount: '399.00',
      counterparty: '青禾数码专营店',
      merchant: '青禾数码专营店',
      remark: '机械键盘',
      externalId: '2016052021001004000000000202',
      merchantOrderId: 'T200P0000000202',
    },
  },
  // Closed with an empty 资金状态: never paid.
  { kind: 'skip', line: 8, reason: 'closed' },
  // Closed with 资金状态 已支出 and 成功退款 259.00: paid, then refunded on line 10.
  {
    kind: 'row',
    row: {
      line: 9,
      type: 'Expense',
      time: '2016-05-12T11:00:00',
      amount: '259.00',
      counterparty: '邻家运动专营店',
      merchant: '邻家运动专营店',
      remark: '运动鞋',
      externalId: '2016051221001004000000000204',
      merchantOrderId: 'T200P0000000204',
    },
  },
  {
    kind: 'row',
    row: {
      line: 10,
      type: 'Refund',
      time: '2016-05-15T10:00:00',
      amount: '259.00',
      counterparty: '邻家运动专营店',
      merchant: '邻家运动专营店',
      remark: '退款-运动鞋',
      externalId: '2016051221001004000000000204_1605150000001',
      refundOf: '2016051221001004000000000204',
      merchantOrderId: 'T200P0000000204',
    },
  },
  {
    kind: 'row',
    row: {
      line: 11,
      type: 'Income',
      time: '2016-05-08T09:00:00',
      amount: '500.00',
      counterparty: '林大山',
      merchant: '林大山',
      remark: '转账 还钱',
      externalId: '2016050820001004000000000206',
    },
  },
  // 资金转移 into 余额宝 from an account the web export does not name.
  { kind: 'skip', line: 12, reason: 'empty' },
];

describe('Alipay web export', () => {
  it('reads every row by the older header (交易号, 交易创建时间, 金额（元）, 资金状态) and stops at its summary', async () => {
    expect(await read(sample('alipay-web.csv'))).toEqual(WEB);
  });
});

const HEADER = '交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注,';
const bill = (...rows: string[]) => bytesFile('alipay.csv', encodeGbk(['导出信息：', '姓名：测试', HEADER, ...rows, ''].join('\n')));
const line = (
  time: string,
  flow: string,
  amount: string,
  item = '测试商品',
  method = '余额',
  status = '交易成功',
  counterparty = '测试商户',
) => `${time},日用百货,${counterparty},/,${item},${flow},${amount},${method},${status},20240101000001,,,`;

describe('Alipay files that are not right', () => {
  it('refuses a header missing a needed column, naming the columns it needs', async () => {
    const file = bytesFile('a.csv', encodeGbk('交易时间,收/支,金额,交易订单号\n2024-01-01 10:00:00,支出,1.00,1\n'));
    expect(await fileProblem(() => read(file))).toEqual({
      problem: 'unknownFormat',
      params: { expected: '交易时间、收/支、金额、交易状态' },
    });
  });

  it('reports a bad date, a bad amount, a missing one and an unknown 收/支 on their rows, and reads the rest', async () => {
    const out = await read(
      bill(
        line('2024-02-30 10:00:00', '支出', '1.00'),
        line('2024-01-02 10:00:00', '支出', '12.3.4'),
        line('', '支出', '1.00'),
        line('2024-01-02 10:00:00', '支', '1.00'),
        line('2024-01-02 10:00:00', '支出', '"1,234.50"'),
        line('2024-01-02 10:00:00', '支出', '0.00'),
      ),
    );
    expect(out).toEqual([
      { kind: 'problem', line: 4, problem: 'badDate', column: '交易时间', value: '2024-02-30 10:00:00' },
      { kind: 'problem', line: 5, problem: 'badAmount', column: '金额', value: '12.3.4' },
      { kind: 'problem', line: 6, problem: 'missingValue', column: '交易时间' },
      { kind: 'problem', line: 7, problem: 'badType', column: '收/支', value: '支' },
      {
        kind: 'row',
        row: {
          line: 8,
          type: 'Expense',
          time: '2024-01-02T10:00:00',
          amount: '1234.50',
          category: '日用百货',
          account: '余额',
          counterparty: '测试商户',
          merchant: '测试商户',
          remark: '测试商品',
          externalId: '20240101000001',
        },
      },
      { kind: 'skip', line: 9, reason: 'empty' },
    ]);
  });

  it('moves 不计收支 between accounts only when both ends are named', async () => {
    const t = '2024-01-02 10:00:00';
    const out = await read(
      bill(
        line(t, '不计收支', '100.00', '充值-普通充值', CARD),
        line(t, '不计收支', '50.00', '提现-实时提现', CARD, '交易成功', '支付宝'),
        line(t, '不计收支', '30.00', '余额宝-转出到余额', '余额宝'),
        line(t, '不计收支', '20.00', '余额宝-转出到银行卡', '余额宝'),
        line(t, '不计收支', '10.00', '信用卡还款', '', '还款成功'),
        line(t, '', '5.00', '亲情卡', ''),
        line(t, '支出', '5.00', '芝麻先享', '', '等待付款'),
        line(t, '收入', '9.00', '二手手机', '', '交易关闭'),
      ),
    );
    const moves = out.map((o) =>
      o.kind === 'row' ? [o.row.type, o.row.account, o.row.toAccount] : [o.kind, o.kind === 'skip' ? o.reason : ''],
    );
    expect(moves).toEqual([
      ['Transfer', CARD, '余额'],
      ['Transfer', '余额', CARD],
      ['Transfer', '余额宝', '余额'],
      ['skip', 'empty'],
      ['skip', 'empty'],
      ['skip', 'empty'],
      ['skip', 'closed'],
      ['skip', 'closed'],
    ]);
  });

  it('takes a refund the app lists as 收入 or under its trade category', async () => {
    const out = await read(bill(line('2024-01-02 10:00:00', '收入', '8.00', '退款-饺子', CARD, '退款成功')));
    expect(out).toMatchObject([{ kind: 'row', row: { type: 'Refund', account: CARD, amount: '8.00' } }]);
  });
});
