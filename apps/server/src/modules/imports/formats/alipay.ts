/**
 * Alipay (支付宝) bills: the app's export (交易时间 … 交易订单号, 商家订单号)
 * and the older web export (交易号 … 交易创建时间 … 资金状态). One converter reads both:
 * its columns are the ones they share, by either name, and the rest is read when there.
 *
 * Mapping (the report's "Alipay" section says the same):
 * - 收/支 支出 → Expense from 收/付款方式; 收入 → Income into it. The web export leaves
 *   收/支 empty on some rows and says the direction in 资金状态 (已支出/已收入/资金转移).
 * - 交易关闭, 失败, 撤销, 等待付款 → skip 'closed', except a 交易关闭 支出 that was paid
 *   (it names a 收/付款方式, or the web's 资金状态 says money moved): Alipay closes a trade
 *   it refunded in full and lists the refund on its own row, so the trade stays an
 *   Expense and the refund row returns the money; skipping only the trade would leave a
 *   refund of nothing in the books.
 * - A refund (交易状态 退款成功, 交易分类 退款, or 商品说明 starting 退款) that is not 支出 →
 *   Refund into 收/付款方式; `refundOf` is its 交易订单号 up to the '_' (Alipay numbers a
 *   refund as the trade's number, '_', a refund number).
 * - Other 不计收支 rows move money between the person's own accounts, or nowhere:
 *   还款 (花呗, 信用卡) → Transfer from 收/付款方式 to 交易对方; 余额宝 转入 → Transfer to
 *   '余额宝'; 余额宝 转出 → Transfer from '余额宝' (to '余额' when it says so, else to
 *   收/付款方式); 充值 → to '余额'; 提现 → from '余额'; 收益发放 → Income into
 *   收/付款方式. Anything else (funds bought and sold, 冻结/解冻, 亲情卡 records) → skip
 *   'empty': the file does not name both ends, and a guess would move money in the books.
 * - category = 交易分类 (the web export has none: its 类型 is the kind of trade, not a
 *   category); counterparty = 交易对方, and merchant too except on a Transfer; remark =
 *   商品说明 and 备注; externalId = 交易订单号 (交易号); merchantOrderId = 商家订单号.
 * - A bad or missing 交易时间/金额 is a problem of its row (badDate, badAmount,
 *   missingValue), an unknown 收/支 is badType; a zero amount is skipped 'empty'.
 */
import { amountOf, isFooter, isOutcome, problem, recorded, remarkOf, skip, text, timeOf, tradeId } from './bill.ts';
import type { Cells, ImportedRow, Outcome, TableConverter } from './types.ts';

const COLUMN = {
  time: ['交易时间', '交易创建时间'],
  flow: ['收/支'],
  amount: ['金额', '金额(元)'],
  status: ['交易状态'],
  counterparty: ['交易对方'],
  item: ['商品说明', '商品名称'],
  method: ['收/付款方式'],
  id: ['交易订单号', '交易号'],
  merchantOrder: ['商家订单号', '商户订单号'],
  category: ['交易分类'],
  note: ['备注'],
  funds: ['资金状态'],
} as const;

type Flow = '支出' | '收入' | '不计收支';

/** 收/支, or for the web export's empty ones, what 资金状态 says. */
function flowOf(cells: Cells): Flow | undefined {
  const flow = text(cells.get(...COLUMN.flow));
  if (flow === '支出' || flow === '收入' || flow === '不计收支') return flow;
  if (flow !== '') return undefined;
  const funds = cells.get(...COLUMN.funds);
  if (funds === '已支出') return '支出';
  if (funds === '已收入') return '收入';
  return '不计收支';
}

const CLOSED = /关闭|失败|撤销|取消|等待付款/;

type Base = Omit<ImportedRow, 'type'>;

function transfer(base: Base, from: string, to: string): Outcome {
  if (!from || !to || from === to) return skip(base.line, 'empty');
  // A move between one's own accounts has no merchant to book it under.
  return recorded({ ...base, type: 'Transfer', merchant: undefined, account: from, toAccount: to });
}

/** A 不计收支 row that is not a refund: a move between the person's accounts when the file names both. */
function neutral(base: Base, item: string, category: string, method: string, counterparty: string): Outcome {
  if (/收益发放/.test(item)) return method ? recorded({ ...base, type: 'Income', account: method }) : skip(base.line, 'empty');
  if (/还款/.test(item) || /还款|借还/.test(category)) return transfer(base, method, counterparty);
  if (/余额宝/.test(item) && /转入/.test(item)) return transfer(base, method, '余额宝');
  if (/余额宝/.test(item) && /转出/.test(item)) return transfer(base, '余额宝', /转出到余额/.test(item) ? '余额' : method);
  if (/^充值/.test(item)) return transfer(base, method, '余额');
  if (/^提现/.test(item)) return transfer(base, '余额', method && method !== '余额' ? method : counterparty);
  return skip(base.line, 'empty');
}

function row(cells: Cells, line: number): Outcome {
  const status = cells.get(...COLUMN.status);
  const method = text(cells.get(...COLUMN.method));
  const flow = flowOf(cells);
  if (!flow) return problem(line, 'badType', '收/支', cells.get(...COLUMN.flow));
  if (CLOSED.test(status)) {
    const paidThenRefunded = flow === '支出' && /关闭/.test(status) && (method !== '' || cells.get(...COLUMN.funds) !== '');
    if (!paidThenRefunded) return skip(line, 'closed');
  }
  const time = timeOf(cells, COLUMN.time, line);
  if (isOutcome(time)) return time;
  const amount = amountOf(cells, COLUMN.amount, line);
  if (isOutcome(amount)) return amount;

  const item = text(cells.get(...COLUMN.item));
  const category = text(cells.get(...COLUMN.category));
  const counterparty = text(cells.get(...COLUMN.counterparty));
  const externalId = tradeId(cells.get(...COLUMN.id));
  const base: Base = {
    line,
    time,
    amount,
    category,
    counterparty,
    merchant: counterparty,
    remark: remarkOf(item, cells.get(...COLUMN.note)),
    externalId,
    merchantOrderId: tradeId(cells.get(...COLUMN.merchantOrder)),
  };
  if (flow === '支出') return recorded({ ...base, type: 'Expense', account: method });
  if (/退款/.test(status) || category === '退款' || /^退款/.test(item)) {
    const cut = externalId.indexOf('_');
    return recorded({ ...base, type: 'Refund', account: method, refundOf: cut > 0 ? externalId.slice(0, cut) : undefined });
  }
  if (flow === '收入') return recorded({ ...base, type: 'Income', account: method });
  return neutral(base, item, category, method, counterparty);
}

export const alipay: TableConverter = {
  source: 'alipay',
  columns: [COLUMN.time, COLUMN.flow, COLUMN.amount, COLUMN.status],
  end: isFooter,
  row,
};
