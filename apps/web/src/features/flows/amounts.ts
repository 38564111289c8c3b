import { ACCOUNT_DIRECTION, moneyToMinor, type BusinessType, type FlowTransaction, type Transaction } from '@cab/contracts/client';
import { formatAmount } from '../../lib/format.ts';

/** How an amount reads: money out, money in, or neither (a transfer between the book's own accounts). */
export type Tone = 'out' | 'in' | 'neutral';

export interface SignedAmount {
  /** '-', '+' or '' (a transfer, a zero). */
  sign: '-' | '+' | '';
  /** The amount without its sign, as the wire writes it. */
  abs: string;
  tone: Tone;
  /** The currency the amount is in; '' for a flow amount, which is in the filtered account's currency. */
  currency: string;
}

const stripSign = (v: string) => (v.startsWith('-') ? v.slice(1) : v);
const isZero = (v: string) => /^-?0*(\.0*)?$/.test(v);

function bySign(value: string, currency: string): SignedAmount {
  if (isZero(value)) return { sign: '', abs: stripSign(value), tone: 'neutral', currency };
  const out = value.startsWith('-');
  return { sign: out ? '-' : '+', abs: stripSign(value), tone: out ? 'out' : 'in', currency };
}

const flowOf = (t: Transaction | FlowTransaction): string | undefined =>
  'flow_amount' in t && typeof t.flow_amount === 'string' ? t.flow_amount : undefined;

/**
 * The amount a row shows. Expense-like types take money out (minus), income-like ones
 * bring it in (plus), adjustments carry their own sign, a transfer has none. With
 * `flowAmount` (an account's flow) the row shows what that account moved instead, so a
 * transfer reads as money out of one account and into the other.
 */
export function signedAmount(t: Transaction | FlowTransaction, flowAmount = false): SignedAmount {
  const flow = flowAmount ? flowOf(t) : undefined;
  if (flow !== undefined) return bySign(flow, '');
  const type = t.business_type;
  if (type === 'Transfer' || type === 'Template' || type === 'Balance') {
    return { sign: '', abs: stripSign(t.amount), tone: 'neutral', currency: t.currency };
  }
  const dir = ACCOUNT_DIRECTION[type];
  if (dir === 'signed') return bySign(t.amount, t.currency);
  const abs = stripSign(t.amount);
  if (isZero(abs)) return { sign: '', abs, tone: 'neutral', currency: t.currency };
  return dir < 0 ? { sign: '-', abs, tone: 'out', currency: t.currency } : { sign: '+', abs, tone: 'in', currency: t.currency };
}

/** The text of a signed amount: "-1,234.50", "+12.00", or the mask. */
export function amountText(a: SignedAmount, masked: boolean): string {
  return masked ? formatAmount(a.abs, true) : `${a.sign}${formatAmount(a.abs)}`;
}

/** Types the flow screens name by their type rather than by a category. */
export const isAdjustment = (type: BusinessType): boolean =>
  type === 'Balance' || type === 'Balance_Changed' || type === 'Liability_Changed' || type === 'Creditor_Changed';

/**
 * Each part's share of the whole in tenths of a percent, from the exact decimal strings
 * (integer minor units, never floats). Shares are rounded half up; a part of a zero
 * whole has no share.
 */
export function sharePermille(part: string, whole: string): number {
  const w = moneyToMinor(whole);
  if (w === 0n) return 0;
  const p = moneyToMinor(part);
  return Number((p * 2000n + w) / (2n * w));
}

/** A share as people read it: "35.2%". */
export const shareText = (permille: number): string => `${(permille / 10).toFixed(1)}%`;

/**
 * A money string as a number, for drawing only (a bar's height, an arc's angle): sums
 * and texts always use the strings themselves.
 */
export const chartValue = (money: string): number => Number(moneyToMinor(money)) / 100;
