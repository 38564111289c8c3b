import { BUDGET_ADVANCED_ACT, COMMERCE_PATHS, ErrorCode, type Coupon } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildCouponBatch, buildUser, giveCoupon, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { publishOffers } from './offers.command.ts';
import { OffersFile, type OffersFileInput } from './offers-input.ts';
import { drawSource } from './offers.service.ts';

/** The catalogue's calls through HTTP (what the purchase calls: offers.purchase.test.ts; the command: offers.command.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const M30 = 'budget_advanced_30';
const M365 = 'budget_advanced_365';
type ActivityFileInput = NonNullable<OffersFileInput['activities']>[number];
const publish = (file: OffersFileInput) => publishOffers(t.db, OffersFile.parse(file));
const post = (url: string, body: unknown, token?: string, locale?: string) =>
  t.client.post(url, body, { token, ...(locale ? { locale } : {}) });
const coupons = (token: string | undefined, body: Record<string, unknown>, locale?: string) =>
  post(COMMERCE_PATHS.couponsForCombos, { head: {}, body }, token, locale);
const draw = (token: string, actCode: string, bookId?: string, locale?: string) =>
  post(COMMERCE_PATHS.activityDraw, { actCode, ...(bookId ? { extParams: { bookId } } : {}) }, token, locale);
const ruleCheck = (token: string, actCode: string, bookId?: string) =>
  post(COMMERCE_PATHS.activityRuleCheck, { actCode, ...(bookId ? { extParams: { bookId } } : {}) }, token);

let actSeq = 0;
/** An activity of the seeded packages, published as the operator would. */
async function buildActivity(o: Partial<ActivityFileInput> = {}) {
  const actCode = `act_${++actSeq}`;
  await publish({ activities: [{ actCode, name: `活动 ${actSeq}`, nameEn: `Activity ${actSeq}`, comboIds: [M30, M365], ...o }] });
  return actCode;
}

/** A purchase the user completed (the purchasing orders come with the commerce module). */
async function paidPurchase(userId: string, bookId: string) {
  await t.db
    .insertInto('purchasing_orders')
    .values({
      order_no: `P${String(Date.now())}${String(++actSeq).padStart(4, '0')}`,
      user_id: userId,
      book_id: bookId,
      kind: 'package',
      combo_id: M30,
      feature_code: 'budget_advanced',
      sell_price: '600',
      price: '600',
      status: 'paid',
    })
    .execute();
}

describe('POST couponsForCombos', () => {
  it("answers the caller's usable coupons for the packages, sorted by sortType, names in the caller's language", async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const now = t.clock.now();
    const anyPkg = await buildCouponBatch(t, { reduceAmount: 500n, name: '通用券', nameEn: 'Any package' });
    const year = await buildCouponBatch(t, { reduceAmount: 1000n, comboIds: [M365] });
    const month = await buildCouponBatch(t, { reduceAmount: 1000n, comboIds: [M30] });
    const elsewhere = await buildCouponBatch(t, { reduceAmount: 5000n, comboIds: ['something_else'] });
    const a = await giveCoupon(t, u.userid, anyPkg, { validDays: 7 });
    const b = await giveCoupon(t, u.userid, year, { validDays: 10 });
    const h = await giveCoupon(t, u.userid, year, { validDays: 10 });
    const c = await giveCoupon(t, u.userid, month, { validDays: 5 });
    await giveCoupon(t, u.userid, elsewhere);
    await giveCoupon(t, u.userid, month, { usedOrderNo: 'P000000001' });
    await giveCoupon(t, u.userid, anyPkg, { validFrom: new Date(now - 10 * DAY), validUntil: new Date(now) });
    await giveCoupon(t, u.userid, anyPkg, { validFrom: new Date(now + DAY) });
    await giveCoupon(t, other.userid, anyPkg);

    const ids = async (body: Record<string, unknown>) => {
      const res = await coupons(u.token, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Coupon[]).map((x) => x.coupon_id);
    };
    // 2, the default: the largest reduction, then the soonest to expire, then the id.
    expect(await ids({ comboIds: [M30, M365], sortType: 2 })).toEqual([c, b, h, a]);
    expect(await ids({ comboIds: [M30, M365] })).toEqual([c, b, h, a]);
    expect(await ids({ comboIds: [M30, M365], sortType: '2' })).toEqual([c, b, h, a]);
    // 1: the soonest to expire first.
    expect(await ids({ comboIds: [M30, M365], sortType: 1, actCode: BUDGET_ADVANCED_ACT })).toEqual([c, a, b, h]);
    expect(await ids({ comboIds: [M365] })).toEqual([b, h, a]);
    expect(await ids({ comboIds: ['nothing_sold'] })).toEqual([a]);

    const en = (await coupons(u.token, { comboIds: [M30] }, 'en')).json().data as Coupon[];
    expect(en.at(-1)).toEqual({
      coupon_id: a,
      name: 'Any package',
      reduceAmount: '5.00',
      comboIds: [],
      validFrom: now,
      validUntil: now + 7 * DAY,
    });
    expect(((await coupons(u.token, { comboIds: [M30] }, 'zh-CN')).json().data as Coupon[]).at(-1)?.name).toBe('通用券');
    expect((await coupons(other.token, { comboIds: [M30] })).json().data).toHaveLength(1);
  });

  it('takes a book only of the caller: another book answers 404 as if it did not exist', async () => {
    const u = await buildUser(t);
    const stranger = await buildUser(t);
    const book = await buildBook(t, u.token);
    expect((await coupons(u.token, { comboIds: [M30], bookId: book.id })).statusCode).toBe(200);
    expectRefused(await coupons(stranger.token, { comboIds: [M30], bookId: book.id }), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await coupons(stranger.token, { comboIds: [M30], bookId: '9223372036854775807' }), 404, ErrorCode.BOOK_NOT_FOUND);
  });

  it('refuses bad inputs before any SQL, and a call without a session', async () => {
    const u = await buildUser(t);
    const bad: Array<Record<string, unknown>> = [
      {},
      { comboIds: [] },
      { comboIds: 'budget_advanced_30' },
      { comboIds: Array.from({ length: 51 }, (_, i) => `c${i}`) },
      { comboIds: ['a b'] },
      { comboIds: ["x'; drop table user_coupons; --"] },
      { comboIds: ['x'.repeat(65)] },
      { comboIds: [M30], sortType: -1 },
      { comboIds: [M30], sortType: 0 },
      { comboIds: [M30], sortType: 3 },
      { comboIds: [M30], sortType: 1.5 },
      { comboIds: [M30], sortType: 1e30 },
      { comboIds: [M30], sortType: 'x' },
      { comboIds: [M30], bookId: 'abc' },
      { comboIds: [M30], bookId: '-1' },
      { comboIds: [M30], bookId: '99999999999999999999' },
      { comboIds: [M30], actCode: 'no way' },
    ];
    for (const body of bad) expectRefused(await coupons(u.token, body), 400, ErrorCode.VALIDATION);
    expectRefused(await post(COMMERCE_PATHS.couponsForCombos, { head: {} }, u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await coupons(undefined, { comboIds: [M30] }), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('POST activityCombos', () => {
  it("answers the running activity's packages on sale in its order, in the caller's language", async () => {
    const u = await buildUser(t);
    const res = await post(COMMERCE_PATHS.activityCombos, { actCode: BUDGET_ADVANCED_ACT }, u.token, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        comboId: M30,
        comboName: 'Advanced budgets, 30 days',
        featureCode: 'budget_advanced',
        capacityMb: null,
        days: 30,
        sellPrice: '6.00',
        originalPrice: '0.00',
      },
      {
        comboId: M365,
        comboName: 'Advanced budgets, 365 days',
        featureCode: 'budget_advanced',
        capacityMb: null,
        days: 365,
        sellPrice: '60.00',
        originalPrice: '72.00',
      },
    ]);
    const zh = await post(COMMERCE_PATHS.activityCombos, { actCode: BUDGET_ADVANCED_ACT }, u.token, 'zh-CN');
    expect(zh.json().data[0].comboName).toBe('高级预算 30 天');

    // A withdrawn package is left out; its activity still answers the others.
    await publish({
      features: [],
      packages: [{ comboId: 'gone_1', name: '下架', nameEn: 'Gone', featureCode: 'budget_advanced', days: 1, sellPrice: '1.00' }],
    });
    const act = await buildActivity({ comboIds: ['gone_1', M30] });
    await t.db
      .updateTable('packages')
      .set({ withdrawn_at: new Date(t.clock.now()) })
      .where('combo_id', '=', 'gone_1')
      .execute();
    const left = await post(COMMERCE_PATHS.activityCombos, { actCode: act }, u.token);
    expect(left.json().data.map((p: { comboId: string }) => p.comboId)).toEqual([M30]);
  });

  it('answers 404 not on sale for an unknown, withdrawn, not yet started or ended activity; 400 for a malformed code; 401 without a session', async () => {
    const u = await buildUser(t);
    const now = t.clock.now();
    const withdrawn = await buildActivity();
    await t.db
      .updateTable('activities')
      .set({ withdrawn_at: new Date(now) })
      .where('act_code', '=', withdrawn)
      .execute();
    const later = await buildActivity({ startsAt: new Date(now + DAY).toISOString() });
    const over = await buildActivity({ startsAt: new Date(now - 2 * DAY).toISOString(), endsAt: new Date(now - DAY).toISOString() });
    for (const actCode of ['no_such_act', withdrawn, later, over]) {
      expectRefused(await post(COMMERCE_PATHS.activityCombos, { actCode }, u.token), 404, ErrorCode.NOT_ON_SALE);
    }
    for (const body of [{}, { actCode: '' }, { actCode: 'a/b' }, { actCode: 7 }, { actCode: 'x'.repeat(65) }]) {
      expectRefused(await post(COMMERCE_PATHS.activityCombos, body, u.token), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await post(COMMERCE_PATHS.activityCombos, { actCode: BUDGET_ADVANCED_ACT }), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('POST activityRuleCheck', () => {
  it("applies the activity's rule: everyone, new payers, books without the feature", async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    const everyone = await buildActivity();
    expect((await ruleCheck(u.token, everyone)).json().data).toEqual({ eligible: true, drawn: false, reason: 'ok' });

    const newPayer = await buildActivity({ rule: 'new_payer' });
    expect((await ruleCheck(u.token, newPayer)).json().data).toEqual({ eligible: true, drawn: false, reason: 'ok' });
    await paidPurchase(u.userid, book.id);
    expect((await ruleCheck(u.token, newPayer)).json().data).toEqual({ eligible: false, drawn: false, reason: 'not_new_payer' });

    const noFeature = await buildActivity({ rule: 'book_without_feature' });
    expect((await ruleCheck(u.token, noFeature, book.id)).json().data).toEqual({ eligible: true, drawn: false, reason: 'ok' });
    const now = t.clock.now();
    await t.db
      .insertInto('book_premium_features')
      .values({ book_id: book.id, feature_code: 'budget_advanced', expires_at: new Date(now - 1), source: 'order' })
      .execute();
    expect((await ruleCheck(u.token, noFeature, book.id)).json().data.reason).toBe('ok');
    await t.db
      .updateTable('book_premium_features')
      .set({ expires_at: new Date(now + DAY) })
      .where('book_id', '=', book.id)
      .execute();
    expect((await ruleCheck(u.token, noFeature, book.id)).json().data).toEqual({ eligible: false, drawn: false, reason: 'feature_held' });
    // The rule needs a book: one not named is a mistake of the request.
    expectRefused(await ruleCheck(u.token, noFeature), 400, ErrorCode.VALIDATION);
  });

  it('says not_started and ended outside the dates, already_drawn after a draw; refuses a book not the caller’s and an unknown activity', async () => {
    const u = await buildUser(t);
    const stranger = await buildUser(t);
    const book = await buildBook(t, u.token);
    const now = t.clock.now();
    const later = await buildActivity({ startsAt: new Date(now + DAY).toISOString() });
    const over = await buildActivity({ endsAt: new Date(now - 1).toISOString() });
    expect((await ruleCheck(u.token, later)).json().data).toEqual({ eligible: false, drawn: false, reason: 'not_started' });
    expect((await ruleCheck(u.token, over)).json().data).toEqual({ eligible: false, drawn: false, reason: 'ended' });
    const act = await buildActivity();
    expect((await draw(u.token, act)).statusCode).toBe(200);
    expect((await ruleCheck(u.token, act)).json().data).toEqual({ eligible: false, drawn: true, reason: 'already_drawn' });
    expectRefused(await ruleCheck(stranger.token, act, book.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await ruleCheck(u.token, 'no_such_act'), 404, ErrorCode.NOT_ON_SALE);
    expectRefused(await ruleCheck(u.token, 'bad code'), 400, ErrorCode.VALIDATION);
    expectRefused(
      await post(COMMERCE_PATHS.activityRuleCheck, { actCode: act, extParams: { bookId: '0' } }, u.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(await post(COMMERCE_PATHS.activityRuleCheck, { actCode: act }), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('POST activityDraw', () => {
  it('gives a coupon of the draw batch once: a second draw answers the first result', async () => {
    const u = await buildUser(t);
    const batch = await buildCouponBatch(t, { reduceAmount: 300n, comboIds: [M365], validDays: 14, nameEn: 'Year discount' });
    const act = await buildActivity({ drawBatch: batch });
    const first = await draw(u.token, act, undefined, 'en');
    expect(first.statusCode, first.body).toBe(200);
    const now = t.clock.now();
    expect(first.json().data).toEqual({
      eligible: true,
      reason: 'ok',
      coupon: {
        coupon_id: expect.any(String),
        name: 'Year discount',
        reduceAmount: '3.00',
        comboIds: [M365],
        validFrom: now,
        validUntil: now + 14 * DAY,
      },
    });
    t.clock.advance(1000);
    expect((await draw(u.token, act, undefined, 'en')).json()).toEqual(first.json());
    const given = await t.db.selectFrom('user_coupons').selectAll().where('user_id', '=', u.userid).execute();
    expect(given.map((c) => c.source)).toEqual([drawSource(act)]);
    // The coupon is the caller's to use.
    const mine = (await coupons(u.token, { comboIds: [M365] })).json().data as Coupon[];
    expect(mine.map((c) => c.coupon_id)).toEqual([first.json().data.coupon.coupon_id]);
  });

  it('of two draws at once, gives one coupon and answers both with it', async () => {
    const batch = await buildCouponBatch(t);
    const act = await buildActivity({ drawBatch: batch });
    const users = [await buildUser(t), await buildUser(t)];
    const answers = await Promise.all(users.flatMap((u) => [draw(u.token, act), draw(u.token, act), draw(u.token, act)]));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    for (const [i, u] of users.entries()) {
      const mine = answers.slice(i * 3, i * 3 + 3).map((r) => r.json().data.coupon.coupon_id);
      expect(new Set(mine).size).toBe(1);
      const rows = await t.db.selectFrom('user_coupons').select('id').where('user_id', '=', u.userid).execute();
      expect(rows.map((r) => r.id)).toEqual([mine[0]]);
      const draws = await t.db.selectFrom('activity_draws').selectAll().where('user_id', '=', u.userid).execute();
      expect(draws).toMatchObject([{ act_code: act, eligible: true, reason: 'ok', coupon_id: mine[0] }]);
    }
  });

  it('records an ineligible draw once too, gives nothing without a batch, and records nothing before the start', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    await paidPurchase(u.userid, book.id);
    const batch = await buildCouponBatch(t);
    const newPayer = await buildActivity({ rule: 'new_payer', drawBatch: batch });
    expect((await draw(u.token, newPayer)).json().data).toEqual({ eligible: false, reason: 'not_new_payer', coupon: null });
    expect((await ruleCheck(u.token, newPayer)).json().data).toEqual({ eligible: false, drawn: true, reason: 'already_drawn' });

    const nothing = await buildActivity({ drawBatch: null });
    expect((await draw(u.token, nothing)).json().data).toEqual({ eligible: true, reason: 'ok', coupon: null });

    // A minute to go (the session outlives it).
    const later = await buildActivity({ startsAt: new Date(t.clock.now() + 60_000).toISOString(), drawBatch: batch });
    expect((await draw(u.token, later)).json().data).toEqual({ eligible: false, reason: 'not_started', coupon: null });
    t.clock.advance(60_000);
    expect((await draw(u.token, later)).json().data).toMatchObject({ eligible: true, reason: 'ok', coupon: { reduceAmount: '1.00' } });
    expect(await t.db.selectFrom('user_coupons').select('source').where('user_id', '=', u.userid).execute()).toEqual([
      { source: drawSource(later) },
    ]);
  });

  it('refuses a book not the caller’s, an unknown activity and bad inputs, changing nothing', async () => {
    const u = await buildUser(t);
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const act = await buildActivity({ rule: 'book_without_feature', drawBatch: await buildCouponBatch(t) });
    expectRefused(await draw(u.token, act, book.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await draw(u.token, act), 400, ErrorCode.VALIDATION);
    expectRefused(await draw(u.token, 'no_such_act'), 404, ErrorCode.NOT_ON_SALE);
    const tooMany = { actCode: act, uiComponentCodes: Array.from({ length: 21 }, (_, i) => `ui${i}`) };
    expectRefused(await post(COMMERCE_PATHS.activityDraw, tooMany, u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await post(COMMERCE_PATHS.activityDraw, { actCode: act, extParams: { bookId: 12 } }, u.token), 400, ErrorCode.VALIDATION);
    expectRefused(await post(COMMERCE_PATHS.activityDraw, { actCode: act }), 401, ErrorCode.UNAUTHORIZED);
    expect(await t.db.selectFrom('activity_draws').select('act_code').where('user_id', '=', u.userid).execute()).toEqual([]);
    expect(await t.db.selectFrom('user_coupons').select('id').where('user_id', '=', u.userid).execute()).toEqual([]);
    // The owner's own book, which does not hold the feature, may draw.
    expect((await draw(owner.token, act, book.id)).json().data).toMatchObject({
      eligible: true,
      reason: 'ok',
      coupon: { reduceAmount: '1.00' },
    });
  });
});

describe('POST operationSpaces', () => {
  it("answers each named space's items in the caller's language; an unknown space has none", async () => {
    const u = await buildUser(t);
    const zh = await post(COMMERCE_PATHS.operationSpaces, { spaceCodes: ['recharge_banner', 'no_such_space'] }, u.token, 'zh-CN');
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.json().data).toEqual([
      {
        spaceCode: 'recharge_banner',
        items: [
          { code: 'first_recharge_bonus', title: '首充有礼', text: expect.stringContaining('香蕉贝'), link: 'trade/pages/recharge-guide' },
        ],
      },
      { spaceCode: 'no_such_space', items: [] },
    ]);
    const en = await post(COMMERCE_PATHS.operationSpaces, { spaceCodes: ['recharge_banner'] }, u.token, 'en');
    expect(en.json().data[0].items[0].title).toBe('A bonus on your first top-up');
  });

  it('refuses bad inputs and a call without a session', async () => {
    const u = await buildUser(t);
    for (const body of [{}, { spaceCodes: [] }, { spaceCodes: ['a b'] }, { spaceCodes: Array.from({ length: 21 }, (_, i) => `s${i}`) }]) {
      expectRefused(await post(COMMERCE_PATHS.operationSpaces, body, u.token), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await post(COMMERCE_PATHS.operationSpaces, { spaceCodes: ['recharge_banner'] }), 401, ErrorCode.UNAUTHORIZED);
  });
});
