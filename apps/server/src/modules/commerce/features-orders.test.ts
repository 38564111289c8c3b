import { COMMERCE_PATHS, ErrorCode, type TradeRecord } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildPaidRole, buildUser, inBook } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';

let p: PayingApp;
beforeAll(async () => {
  p = await startPayingApp();
}, 60_000);
afterAll(() => p.close());

const DAY = 86_400_000;
const feature = (token: string, bookId: string, code = 'budget_advanced') =>
  p.t.client.get(COMMERCE_PATHS.bookFeature.replace(':x', code), inBook(token, bookId));
const unassign = (token: string, bookId: string, code = 'budget_advanced') =>
  p.t.client.post(COMMERCE_PATHS.featureUnassign.replace(':id', bookId), { feature_code: code }, { token, locale: 'zh-CN' });

describe('premium features of a book', () => {
  it('quotes, shows and lists a feature bought in packages; keeps its paid days', async () => {
    const owner = await buildUser(p.t);
    const viewer = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    await addToBook(p.t, book.id, viewer.userid, 'viewer');
    const quote = await p.t.client.post(
      COMMERCE_PATHS.featureTrial.replace(':featureCode', 'budget_advanced'),
      { role_scope: 'all' },
      { ...inBook(owner.token, book.id), locale: 'en' },
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      feature_code: 'budget_advanced',
      name: 'Advanced budgets',
      billing_type: 'OneOff',
      daily_expense: '0.00',
      trial_price: '0.00',
      status: 'closed',
      expires_at: null,
    });
    expect((await feature(viewer.token, book.id)).json().data).toMatchObject({ status: 'closed', source: null });

    await rechargePaid(p, owner.token, '6');
    await p.t.client.post(COMMERCE_PATHS.purchase, { combo_id: 'budget_advanced_30' }, inBook(owner.token, book.id));
    const open = (await feature(viewer.token, book.id)).json().data;
    expect(open).toMatchObject({ status: 'open', source: 'order', expires_at: p.t.clock.now() + 30 * 86_400_000 });
    const mine = (await p.t.client.get(COMMERCE_PATHS.userFeatures, { token: viewer.token })).json().data;
    expect(mine).toEqual([expect.objectContaining({ book_id: book.id, feature_code: 'budget_advanced', status: 'open' })]);
    // Paid days are kept: nothing to cancel.
    const refused = await unassign(owner.token, book.id);
    expectRefused(refused, 409, ErrorCode.ORDER_REFUSED);
    expect(refused.json().message).toBe('已付费的时长会保留到到期，无需取消');
    expect((await feature(owner.token, book.id)).json().data.status).toBe('open');
  });

  it('tells the owner once that a bought feature ends soon, and once that it ended', async () => {
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token, 'family', '家庭账本');
    await rechargePaid(p, owner.token, '6');
    await p.t.client.post(COMMERCE_PATHS.purchase, { combo_id: 'budget_advanced_30' }, inBook(owner.token, book.id));
    const ends = p.t.clock.now() + 30 * DAY;
    const { billing, notices } = p.t.built.commerce;
    const told = async () =>
      (
        await p.t.db
          .selectFrom('messages')
          .select(['kind', 'params'])
          .where('user_id', '=', owner.userid)
          .where('kind', 'like', 'feature.%')
          .orderBy('id')
          .execute()
      ).map((m) => [m.kind, (m.params as { date: string }).date]);
    await notices.run(billing.dayOf(ends - 4 * DAY), 'Asia/Shanghai');
    expect(await told()).toEqual([]);
    await notices.run(billing.dayOf(ends - 3 * DAY), 'Asia/Shanghai');
    const date = new Date(ends).toISOString().slice(0, 10);
    expect(await told()).toEqual([['feature.expiring', date]]);
    await notices.run(billing.dayOf(ends), 'Asia/Shanghai');
    await notices.run(billing.dayOf(ends + DAY), 'Asia/Shanghai');
    expect(await told()).toEqual([
      ['feature.expiring', date],
      ['feature.expired', date],
    ]);
  });

  it('ends an operator grant by unassign; refuses who may not, and codes not on sale', async () => {
    const owner = await buildUser(p.t);
    const keeper = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    await addToBook(p.t, book.id, keeper.userid, 'bookkeeper');
    await p.t.db
      .insertInto('book_premium_features')
      .values({ book_id: book.id, feature_code: 'budget_advanced', expires_at: null, source: 'operator' })
      .execute();
    expectRefused(await unassign(keeper.token, book.id), 403, ErrorCode.FORBIDDEN);
    const res = await unassign(owner.token, book.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ feature_code: 'budget_advanced', status: 'closed' })]);
    expectRefused(await unassign(owner.token, book.id, 'no_such_feature'), 404, ErrorCode.NOT_ON_SALE);
    expectRefused(await unassign(owner.token, book.id, 'Bad-Code'), 400, ErrorCode.VALIDATION);
    expectRefused(await feature(owner.token, book.id, 'no_such_feature'), 404, ErrorCode.NOT_ON_SALE);
    const stranger = await buildUser(p.t);
    expectRefused(await feature(stranger.token, book.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await unassign(stranger.token, book.id), 404, ErrorCode.BOOK_NOT_FOUND);
  });
});

describe('trade records', () => {
  it('list the recharges, purchases and daily charges newest first, page by cursor, and count each tab', async () => {
    const owner = await buildUser(p.t);
    const member = await buildUser(p.t);
    const other = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    await addToBook(p.t, book.id, member.userid, 'viewer');
    await rechargePaid(p, owner.token, '30');
    p.t.clock.advance(1000);
    await p.t.client.post(
      COMMERCE_PATHS.purchase,
      { combo_id: 'budget_advanced_30' },
      { ...inBook(owner.token, book.id), locale: 'zh-CN' },
    );
    p.t.clock.advance(1000);
    const role = await buildPaidRole(p.t, book.id, 200n, 'PerDay', '出纳');
    await p.t.client.post(COMMERCE_PATHS.payForAssign.replace(':id', role), { user_ids: [member.userid] }, inBook(owner.token, book.id));
    p.t.clock.advance(1000);
    const billing = p.t.built.commerce.billing;
    await billing.runDay(billing.dayOf(p.t.clock.now() + 86_400_000));

    const list = (body: object, locale = 'zh-CN') => p.t.client.post(COMMERCE_PATHS.orders, body, { token: owner.token, locale });
    const all = await list({ type: 'all', page_size: 20 });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as TradeRecord[];
    expect(rows.map((r) => [r.type, r.title, r.amount, r.status])).toEqual([
      ['service', '出纳 · 日费', '-2.00', 'paid'],
      ['purchase', '出纳', '-2.00', 'paid'],
      ['purchase', '高级预算 30 天', '-6.00', 'paid'],
      ['recharge', '充值香蕉贝', '36.00', 'paid'],
    ]);
    // One at a time, by the cursor: the same rows.
    const walked: TradeRecord[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = (await list({ type: 'all', page_size: 1, ...(cursor ? { cursor } : {}) })).json();
      walked.push(...page.data);
      if (!page.paging.has_more) break;
      cursor = page.paging.cursor;
    }
    expect(walked).toEqual(rows);
    expect((await list({ type: 'recharge' }, 'en')).json().data.map((r: TradeRecord) => r.title)).toEqual(['Banana shell top-up']);
    expect((await p.t.client.post(COMMERCE_PATHS.ordersNum, undefined, { token: owner.token })).json().data).toEqual({
      all: 4,
      recharge: 1,
      purchase: 2,
      service: 1,
    });
    expect((await p.t.client.post(COMMERCE_PATHS.orders, { type: 'all' }, { token: other.token })).json()).toEqual({
      data: [],
      paging: { has_more: false, cursor: null },
    });

    for (const bad of [
      { type: 'gifts' },
      { page_size: 0 },
      { page_size: 51 },
      { cursor: 'abc' },
      { cursor: '99999999999999999|r:R2026' },
      { cursor: `1|r:R20260101000000000' OR 1=1` },
    ]) {
      expectRefused(await list(bad), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await p.t.client.post(COMMERCE_PATHS.orders, {}), 401, ErrorCode.UNAUTHORIZED);
  });
});
