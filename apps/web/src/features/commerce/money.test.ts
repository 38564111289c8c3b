import type { Coupon } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import {
  bestCoupon,
  couponFits,
  priceAfterCoupon,
  rechargeAmountProblem,
  rechargeFor,
  rechargeTypingProblem,
  shortfallOf,
  signedAmount,
  tradeFlow,
} from './money.ts';
import '../../i18n/record.ts';
import '../../i18n/commerce.ts';

const coupon = (id: string, reduce: string, comboIds: string[] = []): Coupon => ({
  coupon_id: id,
  name: `减 ${reduce}`,
  reduceAmount: reduce,
  comboIds,
  validFrom: 0,
  validUntil: Date.UTC(2030, 0, 1),
});
const says = (p: ReturnType<typeof rechargeAmountProblem>) => (p ? i18n.t(p.key, p.vars) : undefined);

describe('prices after a coupon (SPEC 4)', () => {
  it('is the sell price minus the coupon’s reduction, never below zero, in exact cents', () => {
    expect(priceAfterCoupon({ sellPrice: '6.00' })).toBe('6.00');
    expect(priceAfterCoupon({ sellPrice: '6.00' }, coupon('1', '1.50'))).toBe('4.50');
    expect(priceAfterCoupon({ sellPrice: '0.30' }, coupon('1', '0.10'))).toBe('0.20');
    expect(priceAfterCoupon({ sellPrice: '60.00' }, coupon('1', '60.00'))).toBe('0.00');
    expect(priceAfterCoupon({ sellPrice: '6.00' }, coupon('1', '10.00'))).toBe('0.00');
  });

  it('preselects the first coupon that fits the package, in the server’s order (sortType 2)', () => {
    const forYear = coupon('7', '8.00', ['budget_advanced_365']);
    const anyPackage = coupon('8', '1.00');
    const other = coupon('9', '3.00', ['report_export_30']);
    const served = [forYear, other, anyPackage];
    expect(couponFits(anyPackage, 'budget_advanced_30')).toBe(true);
    expect(couponFits(forYear, 'budget_advanced_30')).toBe(false);
    expect(bestCoupon(served, 'budget_advanced_365')).toBe(forYear);
    expect(bestCoupon(served, 'budget_advanced_30')).toBe(anyPackage);
    expect(bestCoupon([other], 'budget_advanced_30')).toBeUndefined();
  });
});

describe('what the wallet lacks', () => {
  it('is the price less the balance, zero when the balance covers it', () => {
    expect(shortfallOf('6.00', '0.00')).toBe('6.00');
    expect(shortfallOf('6.00', '1.25')).toBe('4.75');
    expect(shortfallOf('6.00', '6.00')).toBe('0.00');
    expect(shortfallOf('6.00', '36.00')).toBe('0.00');
  });

  it('is recharged as it is, at least the smallest recharge (1.00)', () => {
    expect(rechargeFor('4.75')).toBe('4.75');
    expect(rechargeFor('0.30')).toBe('1.00');
  });
});

describe('the custom recharge amount (1.00 to 50,000.00, two decimals)', () => {
  it('takes amounts of the range', () => {
    for (const ok of ['1', '1.00', '12.5', '50000', '50000.00', '0999.99']) expect(rechargeAmountProblem(ok), ok).toBeUndefined();
  });

  it('refuses what is not an amount, with the reason under the field', () => {
    expect(says(rechargeAmountProblem(''))).toBe('请输入金额');
    expect(says(rechargeAmountProblem('0'))).toBe('金额须大于 0');
    expect(says(rechargeAmountProblem('0.99'))).toBe('单次最少充值 1.00 香蕉贝');
    expect(says(rechargeAmountProblem('1.234'))).toBe('金额最多两位小数');
    expect(says(rechargeAmountProblem('-5'))).toBe('金额不能为负数');
    expect(says(rechargeAmountProblem('1e3'))).toBe('金额只能是数字和一个小数点，未接受“e”');
    expect(says(rechargeAmountProblem('50000.01'))).toBe('金额最多 50,000.00');
  });

  it('refuses while typing what the field cannot hold, and lets a partial amount through', () => {
    expect(rechargeTypingProblem('12.')).toBeUndefined();
    expect(rechargeTypingProblem('0.9')).toBeUndefined();
    expect(says(rechargeTypingProblem('60000'))).toBe('金额最多 50,000.00');
    expect(says(rechargeTypingProblem('12元'))).toBe('金额只能是数字和一个小数点，未接受“元”');
  });
});

describe('a trade record’s amount', () => {
  it('carries its sign and thousands separators', () => {
    expect(signedAmount('7.00')).toBe('+7.00');
    expect(signedAmount('-6.00')).toBe('-6.00');
    expect(signedAmount('12345.5')).toBe('+12,345.50');
    expect(signedAmount('0.00')).toBe('0.00');
  });

  it('counts only what moved: a paid top-up in, purchases and charges out, a top-up that failed or waits as nothing', () => {
    expect(tradeFlow({ type: 'recharge', status: 'paid', amount: '7.00' })).toBe('in');
    expect(tradeFlow({ type: 'recharge', status: 'failed', amount: '30.00' })).toBe('void');
    expect(tradeFlow({ type: 'recharge', status: 'paying', amount: '30.00' })).toBe('void');
    expect(tradeFlow({ type: 'purchase', status: 'paid', amount: '-6.00' })).toBe('out');
    expect(tradeFlow({ type: 'service', status: 'unpaid', amount: '-2.00' })).toBe('out');
  });
});
