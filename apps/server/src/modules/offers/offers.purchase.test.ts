import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCouponBatch, buildUser, giveCoupon, startTestApp, type TestApp } from '../../../test/harness.ts';
import { publishOffers } from './offers.command.ts';
import { OffersFile, type OffersFileInput } from './offers-input.ts';
import { OffersRepository } from './offers.repository.ts';
import { OffersService } from './offers.service.ts';

/** The service as the purchase calls it, inside its transaction (the purchase itself: modules/commerce). */
let t: TestApp;
let offers: OffersService;
beforeAll(async () => {
  t = await startTestApp();
  offers = new OffersService(t.db, new OffersRepository(), t.clock, async () => false);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const M30 = 'budget_advanced_30';
const M365 = 'budget_advanced_365';
const publish = (file: OffersFileInput) => publishOffers(t.db, OffersFile.parse(file));

describe('what a purchase calls in its transaction', () => {
  it('reads packages on sale and features', async () => {
    await t.db.transaction().execute(async (tx) => {
      expect(await offers.packageOnSale(tx, M365)).toEqual({
        comboId: M365,
        name: '高级预算 365 天',
        nameEn: 'Advanced budgets, 365 days',
        featureCode: 'budget_advanced',
        capacityMb: null,
        days: 365,
        sellPrice: 6000n,
      });
      expect(await offers.packageOnSale(tx, 'no_such_package')).toBeUndefined();
      expect(await offers.feature(tx, 'budget_advanced')).toMatchObject({ billingType: 'OneOff', roleScope: 'all', price: 600n });
      expect(await offers.feature(tx, 'nope')).toBeUndefined();
      expect((await offers.features(tx)).map((f) => f.featureCode)).toContain('budget_advanced');
    });
    await publish({
      packages: [{ comboId: 'gone_2', name: '下架', nameEn: 'Gone', featureCode: 'budget_advanced', days: 1, sellPrice: '1.00' }],
    });
    expect(await offers.packageOnSale(t.db, 'gone_2')).toMatchObject({ sellPrice: 100n });
    await t.db.updateTable('packages').set({ withdrawn_at: new Date() }).where('combo_id', '=', 'gone_2').execute();
    expect(await offers.packageOnSale(t.db, 'gone_2')).toBeUndefined();
  });

  it('takes a coupon only of its owner, unused, valid now and for the package; marks it used once', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const now = new Date(t.clock.now());
    const month = await buildCouponBatch(t, { reduceAmount: 250n, comboIds: [M30] });
    const good = await giveCoupon(t, u.userid, month);
    const theirs = await giveCoupon(t, other.userid, month);
    const used = await giveCoupon(t, u.userid, month, { usedOrderNo: 'P000000002' });
    const expired = await giveCoupon(t, u.userid, month, { validFrom: new Date(now.getTime() - DAY), validUntil: now });
    const early = await giveCoupon(t, u.userid, month, { validFrom: new Date(now.getTime() + 1) });
    const take = (couponId: string, comboId = M30) =>
      t.db.transaction().execute((tx) => offers.takeCoupon(tx, { userId: u.userid, couponId, comboId, now }));
    const refusedAs = async (couponId: string, key: string, comboId?: string) => {
      await expect(take(couponId, comboId)).rejects.toMatchObject({ key });
    };
    await refusedAs(theirs, 'commerce.couponNotYours');
    await refusedAs('9223372036854775807', 'commerce.couponNotYours');
    await refusedAs('not-an-id', 'commerce.couponNotYours');
    await refusedAs(used, 'commerce.couponUsed');
    await refusedAs(expired, 'commerce.couponExpired');
    await refusedAs(early, 'commerce.couponExpired');
    await refusedAs(good, 'commerce.couponNotForPackage', M365);
    expect(await take(good)).toEqual({ couponId: good, reduceAmount: 250n });

    await t.db.transaction().execute(async (tx) => {
      await offers.takeCoupon(tx, { userId: u.userid, couponId: good, comboId: M30, now });
      expect(await offers.markCouponUsed(tx, good, 'P000000003', now)).toBe(true);
      expect(await offers.markCouponUsed(tx, good, 'P000000004', now)).toBe(false);
    });
    await refusedAs(good, 'commerce.couponUsed');
    expect(await offers.releaseCoupon(t.db, good, 'P000000004')).toBe(false);
    expect(await offers.releaseCoupon(t.db, good, 'P000000003')).toBe(true);
    expect(await take(good)).toEqual({ couponId: good, reduceAmount: 250n });
  });

  it('of two purchases with one coupon at once, lets one use it: the other waits for the lock and finds it used', async () => {
    const u = await buildUser(t);
    const couponId = await giveCoupon(t, u.userid, await buildCouponBatch(t));
    const now = new Date(t.clock.now());
    const buy = (orderNo: string) =>
      t.db.transaction().execute(async (tx) => {
        const taken = await offers.takeCoupon(tx, { userId: u.userid, couponId, comboId: M30, now });
        if (!(await offers.markCouponUsed(tx, taken.couponId, orderNo, now))) throw new Error('marked twice');
        return orderNo;
      });
    const results = await Promise.allSettled([buy('P000000011'), buy('P000000012')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { key: 'commerce.couponUsed' } });
  });

  it('gives a coupon once per user and source, valid for the batch days; an unknown batch is refused', async () => {
    const u = await buildUser(t);
    const batch = await buildCouponBatch(t, { reduceAmount: 700n, validDays: 3 });
    const now = new Date(t.clock.now());
    const first = await t.db
      .transaction()
      .execute((tx) => offers.giveCoupon(tx, { userId: u.userid, batchCode: batch, source: 'welcome', now }));
    expect(first).toMatchObject({
      given: true,
      reduceAmount: 700n,
      comboIds: [],
      validFrom: now,
      validUntil: new Date(now.getTime() + 3 * DAY),
    });
    const again = await offers.giveCoupon(t.db, {
      userId: u.userid,
      batchCode: batch,
      source: 'welcome',
      now: new Date(now.getTime() + DAY),
    });
    expect(again).toEqual({ ...first, given: false });
    await expect(offers.giveCoupon(t.db, { userId: u.userid, batchCode: 'no_batch', source: 'x', now })).rejects.toMatchObject({
      key: 'commerce.couponBatchUnknown',
    });
  });
});
