import {
  MONEY_PATTERN,
  RECHARGE_MAX_MINOR,
  RECHARGE_MIN_MINOR,
  minorToMoney,
  moneyToMinor,
  type ActivityCombo,
  type Coupon,
} from '@cab/contracts/client';
import { amountProblem, typedMinor, typingProblem, type AmountProblem, type AmountRules } from '../../app/amount-rules.ts';
import { formatAmount } from '../../lib/format.ts';

/**
 * The money rules of the commerce screens: prices after a coupon (SPEC 4), what the
 * wallet lacks, and the recharge amount's limits. Amounts stay decimal strings or
 * minor units (bigint), never floats.
 */

/** Minor units of a wire amount; anything that is not one counts as zero. */
export const minorOf = (money: string | null | undefined): bigint => (money && MONEY_PATTERN.test(money) ? moneyToMinor(money) : 0n);

/** Whether a coupon applies to a package (one listing no package applies to all). */
export const couponFits = (coupon: Coupon, comboId: string): boolean => coupon.comboIds.length === 0 || coupon.comboIds.includes(comboId);

/**
 * The coupon chosen first for a package: the first that fits, in the server's order
 * (sortType 2, SPEC 9: the largest reduction first, then the soonest to expire).
 */
export const bestCoupon = (coupons: readonly Coupon[], comboId: string): Coupon | undefined => coupons.find((c) => couponFits(c, comboId));

/** SPEC 4: the package's price is its sell price minus the coupon's reduction, never below zero. */
export function priceAfterCoupon(combo: Pick<ActivityCombo, 'sellPrice'>, coupon?: Pick<Coupon, 'reduceAmount'>): string {
  const price = minorOf(combo.sellPrice) - minorOf(coupon?.reduceAmount);
  return minorToMoney(price > 0n ? price : 0n);
}

/** SPEC 4: what the wallet lacks to pay `price` (0.00 when the balance is enough). */
export function shortfallOf(price: string, balance: string): string {
  const lack = minorOf(price) - minorOf(balance);
  return minorToMoney(lack > 0n ? lack : 0n);
}

/** What a shortfall is recharged with: the shortfall itself, at least the smallest recharge (1.00). */
export function rechargeFor(shortfall: string): string {
  const lack = minorOf(shortfall);
  const min = BigInt(RECHARGE_MIN_MINOR);
  return minorToMoney(lack < min ? min : lack);
}

/** A recharge's smallest and largest amounts as shown ("1.00", "50,000.00"). */
export const RECHARGE_LIMITS = { min: formatAmount(minorToMoney(RECHARGE_MIN_MINOR)), max: formatAmount(minorToMoney(RECHARGE_MAX_MINOR)) };

const RECHARGE_RULES: AmountRules = { maxMinor: BigInt(RECHARGE_MAX_MINOR) };

/** Why the custom amount cannot take this text while it is typed (over 50,000.00, three decimals, letters...). */
export const rechargeTypingProblem = (typed: string): AmountProblem | undefined => typingProblem(typed, RECHARGE_RULES);

/** Why the custom amount cannot be recharged: empty, not an amount, below 1.00 or above 50,000.00. */
export function rechargeAmountProblem(typed: string): AmountProblem | undefined {
  const p = amountProblem(typed, RECHARGE_RULES);
  if (p) return p;
  if ((typedMinor(typed) ?? 0n) < BigInt(RECHARGE_MIN_MINOR))
    return { key: 'commerce.recharge.tooLow', vars: { min: RECHARGE_LIMITS.min } };
  return undefined;
}

/** An amount with its sign as a trade record shows it: "+7.00", "-6.00". */
export function signedAmount(amount: string): string {
  const minor = minorOf(amount);
  return minor > 0n ? `+${formatAmount(amount)}` : formatAmount(amount);
}

/**
 * How a trade record's amount counts: shells in (a paid top-up), shells out (a purchase, a
 * charge), or nothing moved (a top-up failed, cancelled or still to pay, shown without a sign).
 */
export function tradeFlow(r: { type: string; status: string; amount: string }): 'in' | 'out' | 'void' {
  if (r.type === 'recharge') return r.status === 'paid' ? 'in' : 'void';
  return minorOf(r.amount) < 0n ? 'out' : 'void';
}
