import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNTING_PATHS, CLOUD_PATHS, COMMERCE_PATHS, ErrorCode, type PurchaseOrder } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildRole, buildUser, inBook, paddedPng, uploadImage } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { buySpace, eventually, payAt, rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { Permission, PERMISSION_CODES } from '@cab/contracts';

// Each book has 1 MB of its own here (CAB_FREE_SPACE_MB), so that a few uploads fill it.
let p: PayingApp;
beforeAll(async () => {
  p = await startPayingApp({ CAB_FREE_SPACE_MB: '1' });
}, 60_000);
afterAll(() => p.close());

const HOUR = 3_600_000;
const capacity = async (token: string, bookId: string) =>
  (await p.t.client.get(ACCOUNTING_PATHS.capacity, inBook(token, bookId))).json().data;
const buy = (token: string, bookId: string, comboId: string, headers: Record<string, string> = {}) =>
  p.t.client.post(CLOUD_PATHS.purchase, { combo_id: comboId }, inBook(token, bookId, headers));
const grants = (bookId: string) => p.t.db.selectFrom('book_space_grants').selectAll().where('book_id', '=', bookId).execute();
/** Midnight in Shanghai (UTC+8, the books' zone here) `days` days after the local day of `at`. */
const shanghaiMidnightAfter = (at: number, days: number) => {
  const local = new Date(at + 8 * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days) - 8 * HOUR;
};

async function fullBook() {
  const owner = await buildUser(p.t);
  const book = await buildBook(p.t, owner.token);
  expect((await uploadImage(p.t, owner.token, book.id, paddedPng(700))).statusCode).toBe(201);
  return { owner, book };
}

describe('GET cloud-svc/latest', () => {
  it('answers the space packages on sale in the caller’s language, and no feature package', async () => {
    const u = await buildUser(p.t);
    const res = await p.t.client.get(CLOUD_PATHS.latest, { token: u.token, locale: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        combo_id: 'cloud_1g_30',
        name: '1 GB of cloud space, 30 days',
        capacity_mb: 1024,
        days: 30,
        sell_price: '6.00',
        original_price: '0.00',
      },
      {
        combo_id: 'cloud_5g_365',
        name: '5 GB of cloud space, 365 days',
        capacity_mb: 5120,
        days: 365,
        sell_price: '98.00',
        original_price: '120.00',
      },
    ]);
    expectRefused(await p.t.client.get(CLOUD_PATHS.latest), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('renting space for a book', () => {
  it('a full book refuses a photo with the tip; 1 GB bought adds to its space at once, to the end of the 30th day in its zone', async () => {
    const { owner, book } = await fullBook();
    const refused = await uploadImage(p.t, owner.token, book.id, paddedPng(700));
    expectRefused(refused, 422, ErrorCode.CAPACITY_EXCEEDED);
    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '1.00', pic_upload_permit: 'permit' });

    await rechargePaid(p, owner.token, '6');
    const res = await buy(owner.token, book.id, 'cloud_1g_30', { 'idempotency-key': 'space-1' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'paid', kind: 'space', combo_id: 'cloud_1g_30', feature_code: null, price: '6.00' });
    // Sent again: the same order, charged once.
    expect((await buy(owner.token, book.id, 'cloud_1g_30', { 'idempotency-key': 'space-1' })).json().data.order_no).toBe(order.order_no);
    const [grant, ...more] = await grants(book.id);
    expect(more).toEqual([]);
    expect(grant).toMatchObject({ order_no: order.order_no, capacity_mb: 1024, combo_id: 'cloud_1g_30' });
    expect(grant!.starts_at.getTime()).toBe(p.t.clock.now());
    expect(grant!.ends_at.getTime()).toBe(shanghaiMidnightAfter(p.t.clock.now(), 31));

    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '1025.00', pic_upload_permit: 'permit', tips_title: '' });
    expect((await uploadImage(p.t, owner.token, book.id, paddedPng(700))).statusCode).toBe(201);

    const gather = await p.t.client.get(CLOUD_PATHS.gather, inBook(owner.token, book.id));
    expect(gather.json().data).toEqual({
      book_id: book.id,
      base_mb: 1,
      rented_mb: 1024,
      grants: 1,
      next_end: grant!.ends_at.getTime(),
      last_end: grant!.ends_at.getTime(),
    });
    const inEffect = await p.t.client.get(CLOUD_PATHS.inEffect, { ...inBook(owner.token, book.id), locale: 'zh-CN' });
    expect(inEffect.json().data).toEqual([
      {
        id: grant!.id,
        book_id: book.id,
        book_name: book.name,
        order_no: order.order_no,
        name: '1 GB 云空间 30 天',
        capacity_mb: 1024,
        starts_at: grant!.starts_at.getTime(),
        ends_at: grant!.ends_at.getTime(),
        days_left: 30,
      },
    ]);
    const info = await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', grant!.id), inBook(owner.token, book.id));
    expect(info.json().data).toEqual({ id: grant!.id, capacity_mb: 1024, ends_at: grant!.ends_at.getTime(), days_left: 30 });
    const told = await p.t.db
      .selectFrom('messages')
      .select(['kind', 'link'])
      .where('user_id', '=', owner.userid)
      .where('kind', '=', 'purchase.paid')
      .execute();
    expect(told).toEqual([{ kind: 'purchase.paid', link: `cloud/index?bookId=${book.id}` }]);
  });

  it('a wallet short of the price waits for the recharge at the cashier, then the space is delivered', async () => {
    const { owner, book } = await fullBook();
    const res = await buy(owner.token, book.id, 'cloud_1g_30');
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'awaiting_recharge', shortfall: '6.00' });
    expect(order.recharge?.cashier_url).toBeTruthy();
    expect(await grants(book.id)).toEqual([]);
    await payAt(p, order.recharge!.order_no, 'confirm');
    await eventually(
      () => grants(book.id),
      (g) => g.length === 1,
      'the space delivered',
    );
    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '1025.00' });
    const paid = await p.t.client.get(COMMERCE_PATHS.purchasingOrder.replace(':id', order.order_no), { token: owner.token, locale: 'en' });
    expect(paid.json().data).toMatchObject({ status: 'paid', kind: 'space', title: '1 GB of cloud space, 30 days' });
  });

  it('two uploads at once into the last of the space: one is taken, the other refused, its file not kept', async () => {
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    const both = await Promise.all([1, 2].map(() => uploadImage(p.t, owner.token, book.id, paddedPng(600))));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await p.t.db.selectFrom('book_images').select('id').where('book_id', '=', book.id).execute()).toHaveLength(1);
    expect(await capacity(owner.token, book.id)).toMatchObject({ used: '0.59' });
    expect(fs.readdirSync(path.join(`${p.t.filesDir}-private`, `book-${book.id}`))).toHaveLength(1);
  });

  it('sums several grants, and the book’s own gather leaves out what it does not hold', async () => {
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    await buySpace(p, owner.token, book.id, 'cloud_1g_30', '6');
    await buySpace(p, owner.token, book.id, 'cloud_5g_365', '98');
    expect(await capacity(owner.token, book.id)).toMatchObject({ total: '6145.00' });
    const g = (await p.t.client.get(CLOUD_PATHS.gather, inBook(owner.token, book.id))).json().data;
    expect(g).toMatchObject({ rented_mb: 6144, grants: 2 });
    expect(g.next_end).toBeLessThan(g.last_end);
    const empty = await buildBook(p.t, owner.token);
    expect((await p.t.client.get(CLOUD_PATHS.gather, inBook(owner.token, empty.id))).json().data).toMatchObject({
      rented_mb: 0,
      grants: 0,
      next_end: null,
      last_end: null,
    });
  });

  it('refuses who may not buy or see, the wrong kind of package, and another book’s grant; nothing changes', async () => {
    const { owner, book } = await fullBook();
    const admin = await buildUser(p.t);
    const outsider = await buildUser(p.t);
    const viewer = await buildUser(p.t);
    await addToBook(p.t, book.id, admin.userid, 'admin');
    await addToBook(p.t, book.id, viewer.userid, {
      roleId: await buildRole(
        p.t,
        book.id,
        PERMISSION_CODES.filter((c) => c !== Permission.SPACE_RENTAL),
      ),
    });
    await rechargePaid(p, admin.token, '6');
    await rechargePaid(p, owner.token, '6');
    const ordersBefore = await p.t.db.selectFrom('purchasing_orders').select('order_no').where('book_id', '=', book.id).execute();

    // The admin's role holds every code but 13 (SPEC 6): refused in the user's language.
    const byAdmin = await p.t.client.post(
      CLOUD_PATHS.purchase,
      { combo_id: 'cloud_1g_30' },
      { ...inBook(admin.token, book.id), locale: 'zh-CN' },
    );
    expectRefused(byAdmin, 403, ErrorCode.FORBIDDEN);
    expect(byAdmin.json().message).toBe('你在这个账本中没有租用云空间的权限');
    expectRefused(await buy(viewer.token, book.id, 'cloud_1g_30'), 403, ErrorCode.FORBIDDEN);
    expectRefused(await buy(outsider.token, book.id, 'cloud_1g_30'), 404, ErrorCode.BOOK_NOT_FOUND);
    // Space is bought here only, and only space.
    expectRefused(await buy(owner.token, book.id, 'budget_advanced_30'), 404, ErrorCode.NOT_ON_SALE);
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.purchase, { combo_id: 'cloud_1g_30' }, inBook(owner.token, book.id)),
      404,
      ErrorCode.NOT_ON_SALE,
    );
    expectRefused(await buy(owner.token, book.id, 'no_such_combo'), 404, ErrorCode.NOT_ON_SALE);
    expectRefused(
      await p.t.client.post(CLOUD_PATHS.purchase, { combo_id: 'bad code!' }, inBook(owner.token, book.id)),
      400,
      ErrorCode.VALIDATION,
    );
    expect(await p.t.db.selectFrom('purchasing_orders').select('order_no').where('book_id', '=', book.id).execute()).toEqual(ordersBefore);
    expect(await grants(book.id)).toEqual([]);

    // Another book's grant is not this book's to read.
    const other = await buildUser(p.t);
    const otherBook = await buildBook(p.t, other.token);
    await buySpace(p, other.token, otherBook.id);
    const [theirs] = await grants(otherBook.id);
    expectRefused(
      await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', theirs!.id), inBook(owner.token, book.id)),
      404,
      ErrorCode.SPACE_GRANT_NOT_FOUND,
    );
    expectRefused(
      await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', theirs!.id), inBook(owner.token, otherBook.id)),
      404,
      ErrorCode.BOOK_NOT_FOUND,
    );
    expectRefused(
      await p.t.client.get(CLOUD_PATHS.expireInfo.replace(':id', 'x1'), inBook(owner.token, book.id)),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(await p.t.client.get(CLOUD_PATHS.gather, inBook(outsider.token, book.id)), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await p.t.client.get(CLOUD_PATHS.inEffect, { token: owner.token }), 400, ErrorCode.VALIDATION);
    // Any member may look.
    expect((await p.t.client.get(CLOUD_PATHS.inEffect, inBook(viewer.token, book.id))).statusCode).toBe(200);
  });
});
