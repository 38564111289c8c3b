import { COMMERCE_PATHS, ErrorCode, type PurchaseOrder } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildCouponBatch, buildUser, giveCoupon, inBook } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { eventually, payAt, rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

let p: PayingApp;
let ledger: LedgerService;
beforeAll(async () => {
  p = await startPayingApp();
  ledger = new LedgerService(p.t.db, p.t.clock);
}, 60_000);
afterAll(() => p.close());

const balance = async (token: string) => (await p.t.client.get(COMMERCE_PATHS.accounts, { token })).json().data[0].balance as string;
const buy = (token: string, bookId: string, body: object, headers: Record<string, string> = {}) =>
  p.t.client.post(COMMERCE_PATHS.purchase, body, inBook(token, bookId, headers));
const orderOf = (token: string, no: string) => p.t.client.get(COMMERCE_PATHS.purchasingOrder.replace(':id', no), { token });
const feature = (bookId: string) =>
  p.t.db.selectFrom('book_premium_features').select(['feature_code', 'source', 'expires_at']).where('book_id', '=', bookId).execute();

async function owner() {
  const u = await buildUser(p.t);
  const book = await buildBook(p.t, u.token);
  return { u, book };
}

describe('buying a package', () => {
  it('pays from the wallet at once when it covers the price, and opens the feature for its days', async () => {
    const { u, book } = await owner();
    await rechargePaid(p, u.token, '30');
    expect(await balance(u.token)).toBe('36.00');
    const res = await buy(u.token, book.id, { combo_id: 'budget_advanced_30' }, { 'idempotency-key': 'buy-1' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as PurchaseOrder;
    expect(order).toMatchObject({
      status: 'paid',
      kind: 'package',
      combo_id: 'budget_advanced_30',
      feature_code: 'budget_advanced',
      title: '高级预算 30 天',
      sell_price: '6.00',
      coupon_reduction: '0.00',
      price: '6.00',
      shortfall: '0.00',
      recharge: null,
    });
    // The same key again: the same order, charged once.
    expect((await buy(u.token, book.id, { combo_id: 'budget_advanced_30' }, { 'idempotency-key': 'buy-1' })).json().data.order_no).toBe(
      order.order_no,
    );
    expect(await balance(u.token)).toBe('30.00');
    const [open] = await feature(book.id);
    expect(open).toMatchObject({ feature_code: 'budget_advanced', source: 'order' });
    expect(open!.expires_at!.getTime()).toBe(p.t.clock.now() + 30 * 86_400_000);
    // A second package adds its days to what is left.
    await buy(u.token, book.id, { combo_id: 'budget_advanced_30' });
    expect((await feature(book.id))[0]!.expires_at!.getTime()).toBe(p.t.clock.now() + 60 * 86_400_000);
    expect((await orderOf(u.token, order.order_no)).json().data.order_no).toBe(order.order_no);
    const messages = await p.t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', u.userid)
      .where('kind', '=', 'purchase.paid')
      .execute();
    expect(messages).toHaveLength(2);
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });

  it('waits for the recharge of the shortfall, and completes when it is paid', async () => {
    const { u, book } = await owner();
    const res = await buy(u.token, book.id, { combo_id: 'budget_advanced_30', pay_type: 7, channel: 'sandbox' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'awaiting_recharge', price: '6.00', shortfall: '6.00' });
    expect(order.recharge).toMatchObject({ status: 'paying', amount: '6.00', purchase_order_no: order.order_no });
    expect(await feature(book.id)).toEqual([]);

    await payAt(p, order.recharge!.order_no, 'confirm');
    const done = await eventually(
      async () => (await orderOf(u.token, order.order_no)).json().data as PurchaseOrder,
      (o) => o.status === 'paid',
      'the purchase completing',
    );
    expect(done.paid_at).toEqual(expect.any(Number));
    expect(await feature(book.id)).toHaveLength(1);
    // 6 recharged with the first-recharge bonus of 1, 6 spent.
    expect(await balance(u.token)).toBe('1.00');
  });

  it('is cancelled, its coupon given back, when the recharge of its shortfall fails', async () => {
    const { u, book } = await owner();
    const batch = await buildCouponBatch(p.t, { reduceAmount: 200n });
    const coupon = await giveCoupon(p.t, u.userid, batch);
    const order = (await buy(u.token, book.id, { combo_id: 'budget_advanced_30', coupon_id: coupon })).json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'awaiting_recharge', coupon_reduction: '2.00', price: '4.00', shortfall: '4.00' });
    await payAt(p, order.recharge!.order_no, 'fail');
    await eventually(
      async () => (await orderOf(u.token, order.order_no)).json().data.status,
      (s) => s === 'cancelled',
      'the purchase closing',
    );
    const c = await p.t.db
      .selectFrom('user_coupons')
      .select(['used_at', 'used_order_no'])
      .where('id', '=', coupon)
      .executeTakeFirstOrThrow();
    expect(c).toEqual({ used_at: null, used_order_no: null });
    expect(await feature(book.id)).toEqual([]);
  });
});

describe('coupons', () => {
  it('take their reduction off the sell price, once', async () => {
    const { u, book } = await owner();
    await rechargePaid(p, u.token, '30');
    const batch = await buildCouponBatch(p.t, { reduceAmount: 150n, comboIds: ['budget_advanced_30'] });
    const coupon = await giveCoupon(p.t, u.userid, batch);
    const order = (await buy(u.token, book.id, { combo_id: 'budget_advanced_30', coupon_id: coupon })).json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'paid', coupon_id: coupon, coupon_reduction: '1.50', price: '4.50' });
    expect(await balance(u.token)).toBe('31.50');
    const again = await buy(u.token, book.id, { combo_id: 'budget_advanced_30', coupon_id: coupon });
    expectRefused(again, 422, ErrorCode.COUPON_UNUSABLE);
  });

  it('refuses an expired, used, foreign or unfitting coupon, changing nothing', async () => {
    const { u, book } = await owner();
    const stranger = await buildUser(p.t);
    await rechargePaid(p, u.token, '30');
    const batch = await buildCouponBatch(p.t, { reduceAmount: 100n });
    const only365 = await buildCouponBatch(p.t, { reduceAmount: 100n, comboIds: ['budget_advanced_365'] });
    const day = 86_400_000;
    const cases: Record<string, [string, string]> = {
      expired: [await giveCoupon(p.t, u.userid, batch, { validFrom: new Date(p.t.clock.now() - 10 * day), validDays: 1 }), '优惠券已过期'],
      notYet: [await giveCoupon(p.t, u.userid, batch, { validFrom: new Date(p.t.clock.now() + day) }), '优惠券已过期'],
      used: [await giveCoupon(p.t, u.userid, batch, { usedOrderNo: 'P2026' }), '优惠券已经用过了'],
      foreign: [await giveCoupon(p.t, stranger.userid, batch), '这张优惠券不属于你'],
      unfitting: [await giveCoupon(p.t, u.userid, only365), '这张优惠券不适用于这个套餐'],
      unknown: ['999999999', '这张优惠券不属于你'],
    };
    for (const [name, [coupon, message]] of Object.entries(cases)) {
      const res = await p.t.client.post(
        COMMERCE_PATHS.purchase,
        { combo_id: 'budget_advanced_30', coupon_id: coupon },
        { ...inBook(u.token, book.id), locale: 'zh-CN' },
      );
      expectRefused(res, 422, ErrorCode.COUPON_UNUSABLE);
      expect(res.json().message, name).toBe(message);
    }
    expect(await balance(u.token)).toBe('36.00');
    expect(await p.t.db.selectFrom('purchasing_orders').select('id').where('user_id', '=', u.userid).execute()).toEqual([]);
    expect(await feature(book.id)).toEqual([]);
  });
});

describe('who may buy, and what', () => {
  it('refuses a member whose role does not run the book, an outsider and no session; and what is not on sale', async () => {
    const { u, book } = await owner();
    const keeper = await buildUser(p.t);
    const outsider = await buildUser(p.t);
    await addToBook(p.t, book.id, keeper.userid, 'bookkeeper');
    const body = { combo_id: 'budget_advanced_30' };
    const forbidden = await p.t.client.post(COMMERCE_PATHS.purchase, body, { ...inBook(keeper.token, book.id), locale: 'zh-CN' });
    expectRefused(forbidden, 403, ErrorCode.FORBIDDEN);
    expect(forbidden.json().message).toBe('你在这个账本中没有购买服务的权限');
    expectRefused(await buy(outsider.token, book.id, body), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.purchase, body, { headers: { 'trading-entity': book.id } }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    expectRefused(await buy(u.token, book.id, { combo_id: 'no_such_combo' }), 404, ErrorCode.NOT_ON_SALE);
    for (const bad of [
      {},
      { combo_id: '' },
      { combo_id: 'a b' },
      { combo_id: 'x', coupon_id: '-1' },
      { combo_id: 'x', coupon_id: '1.5' },
      { combo_id: 'x', pay_type: 9 },
    ]) {
      expectRefused(await buy(u.token, book.id, bad), 400, ErrorCode.VALIDATION);
    }
    // Someone else's order is not found.
    await rechargePaid(p, u.token, '6');
    const mine = (await buy(u.token, book.id, body)).json().data as PurchaseOrder;
    expectRefused(await orderOf(outsider.token, mine.order_no), 404, ErrorCode.ORDER_NOT_FOUND);
    expect(
      await p.t.db.selectFrom('purchasing_orders').select('id').where('user_id', 'in', [keeper.userid, outsider.userid]).execute(),
    ).toEqual([]);
  });
});

describe('racing purchases', () => {
  it('50 at once against a wallet that affords 7: exactly 7 are paid', async () => {
    const { u, book } = await owner();
    await rechargePaid(p, u.token, '42');
    // 42 is no recharge stair: no bonus, exactly 7 packages of 6.
    expect(await balance(u.token)).toBe('42.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buy(u.token, book.id, { combo_id: 'budget_advanced_30' }, { 'idempotency-key': `race-${i}` })),
    );
    const statuses = answers.map((r) => (r.json().data as PurchaseOrder).status);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(7);
    expect(statuses.filter((s) => s === 'awaiting_recharge')).toHaveLength(43);
    expect(await balance(u.token)).toBe('0.00');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  }, 120_000);
});
