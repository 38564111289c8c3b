/**
 * WeChat Pay (微信支付) bills: the CSV the app mailed until 2023 and the xlsx it mails
 * now, the same columns in both (交易时间, 交易类型, 交易对方, 商品, 收/支, 金额(元), 支付方式,
 * 当前状态, 交易单号, 商户单号, 备注) under 16 lines of account details.
 *
 * Mapping (the report's "WeChat" section says the same):
 * - 收/支 支出 → Expense from 支付方式. Its 当前状态 may say it was refunded later
 *   (已全额退款, 已退款(￥x), 对方已退还): the refund is its own row, so the trade stays.
 * - 收入 → Income into 支付方式, '零钱' when it names none ('/': money received lands
 *   in 零钱). A 收入 whose 交易类型 or 当前状态 says 退款 (e.g. 'xx-退款') → Refund, into
 *   支付方式 or '零钱'. WeChat gives a refund its own 交易单号 and nothing naming the
 *   trade's, so `refundOf` stays empty; the refund shares the trade's 商户单号, given as
 *   merchantOrderId for the book to match them.
 * - 当前状态 with 失败 or 关闭 (支付失败, 提现失败，已退回零钱, 已关闭) → skip 'closed'.
 * - 收/支 '/' (中性交易) moves money between the person's own balances: 零钱充值 →
 *   Transfer from 支付方式 to '零钱'; 零钱提现 → from '零钱' to 支付方式, less the 服务费 the
 *   备注 names (toAmount); 转入零钱通-来自X → from X to '零钱通'; 零钱通转出-到X → from
 *   '零钱通' to X; 信用卡还款 → from 支付方式 to 交易对方 (the card as written). Others
 *   (理财通 funds and the like) → skip 'empty': one end is a fund the book does not keep.
 * - category = 交易类型; counterparty = 交易对方, and merchant too except on a Transfer;
 *   remark = 商品 and 备注; externalId = 交易单号; merchantOrderId = 商户单号.
 * - A bad or missing 交易时间/金额(元) is a problem of its row (badDate, badAmount,
 *   missingValue), an unknown 收/支 is badType; a zero amount is skipped 'empty'.
 */
import { amountOf, isFooter, isOutcome, lessFee, problem, recorded, remarkOf, skip, text, timeOf, tradeId } from './bill.ts';
import type { Cells, ImportedRow, Outcome, TableConverter } from './types.ts';
import { parseAmount } from './values.ts';

const COLUMN = {
  time: ['交易时间'],
  kind: ['交易类型'],
  flow: ['收/支'],
  amount: ['金额(元)', '金额'],
  status: ['当前状态'],
  counterparty: ['交易对方'],
  item: ['商品'],
  method: ['支付方式'],
  id: ['交易单号'],
  merchantOrder: ['商户单号'],
  note: ['备注'],
} as const;

/** WeChat's own balances, as its bills name them. */
const CHANGE = '零钱';
const CHANGE_PLUS = '零钱通';

type Base = Omit<ImportedRow, 'type'>;

function transfer(base: Base, from: string, to: string, toAmount?: string): Outcome {
  if (!from || !to || from === to) return skip(base.line, 'empty');
  // A move between one's own balances has no merchant to book it under.
  return recorded({ ...base, type: 'Transfer', merchant: undefined, account: from, toAccount: to, toAmount });
}

/** The 服务费 a withdrawal's 备注 names ("服务费¥0.10"), as the amount that arrived. */
function afterFee(amount: string, note: string): string | undefined {
  const fee = /服务费\s*[¥￥]?\s*([\d.,]+)/.exec(note)?.[1];
  const parsed = fee === undefined ? undefined : parseAmount(fee);
  return parsed ? lessFee(amount, parsed.value) : undefined;
}

/** A 中性交易 ('/'): a move between the person's balances when the row names both. */
function neutral(base: Base, kind: string, method: string, counterparty: string, note: string): Outcome {
  if (kind === '零钱充值') return transfer(base, method, CHANGE);
  if (kind === '零钱提现') return transfer(base, CHANGE, method || counterparty, afterFee(base.amount, note));
  if (kind.startsWith('转入零钱通')) return transfer(base, /来自(.+)$/.exec(kind)?.[1] ?? method, CHANGE_PLUS);
  if (kind.startsWith('零钱通转出')) return transfer(base, CHANGE_PLUS, /到(.+)$/.exec(kind)?.[1] ?? method);
  if (kind === '信用卡还款') return transfer(base, method, counterparty);
  return skip(base.line, 'empty');
}

function row(cells: Cells, line: number): Outcome {
  const flowText = cells.get(...COLUMN.flow);
  const flow = text(flowText);
  if (flow !== '支出' && flow !== '收入' && flow !== '') return problem(line, 'badType', '收/支', flowText);
  const status = cells.get(...COLUMN.status);
  if (/失败|关闭/.test(status)) return skip(line, 'closed');
  const time = timeOf(cells, COLUMN.time, line);
  if (isOutcome(time)) return time;
  const amount = amountOf(cells, COLUMN.amount, line);
  if (isOutcome(amount)) return amount;

  const kind = text(cells.get(...COLUMN.kind));
  const method = text(cells.get(...COLUMN.method));
  const counterparty = text(cells.get(...COLUMN.counterparty));
  const note = text(cells.get(...COLUMN.note));
  const base: Base = {
    line,
    time,
    amount,
    category: kind,
    counterparty,
    merchant: counterparty,
    remark: remarkOf(cells.get(...COLUMN.item), note),
    externalId: tradeId(cells.get(...COLUMN.id)),
    merchantOrderId: tradeId(cells.get(...COLUMN.merchantOrder)),
  };
  if (flow === '支出') return recorded({ ...base, type: 'Expense', account: method });
  if (/退款/.test(kind) || (flow === '收入' && /退款/.test(status))) {
    return recorded({ ...base, type: 'Refund', account: method || CHANGE });
  }
  if (flow === '收入') return recorded({ ...base, type: 'Income', account: method || CHANGE });
  return neutral(base, kind, method, counterparty, note);
}

export const wechat: TableConverter = {
  source: 'wechat',
  columns: [COLUMN.time, COLUMN.kind, COLUMN.flow, COLUMN.amount, COLUMN.status],
  end: isFooter,
  row,
};
