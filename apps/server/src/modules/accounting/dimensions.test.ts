import { ACCOUNTING_PATHS, ErrorCode, bookPath, dimensionPaths } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  type BookDimensions,
  type TestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const o = () => inBook(token, bookId);
const P = dimensionPaths;
const item = (kind: Parameters<typeof dimensionPaths>[0], id: string) => bookPath(P(kind).item, { id });

describe('dimension lists', () => {
  it('answer the WIRE A shapes: categories as two-level trees, accounts grouped with balances, labels with ids', async () => {
    const cats = await t.client.get(`${ACCOUNTING_PATHS.categories}?trade_type=Expense&operation_codes=C`, o());
    expect(cats.statusCode).toBe(200);
    const first = cats.json().data[0];
    expect(first).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      type: 'Expense',
      hidden: false,
      icon: expect.any(String),
    });
    expect(first.sub_categories[0]).toMatchObject({ type: 'Expense', parent_id: first.id, sub_categories: [] });
    expect(Number(first.id)).toBeGreaterThan(1);
    const accounts = await t.client.get(`${ACCOUNTING_PATHS.accounts}?scene=Accounting&operation_codes=C`, o());
    expect(accounts.json().data[0]).toMatchObject({
      name: expect.any(String),
      accounts: [{ id: expect.any(String), balance: '0.00', currency: 'CNY' }],
    });
    const members = await t.client.get(`${ACCOUNTING_PATHS.members}?operation_codes=R`, o());
    expect(members.json().data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), user_id: expect.any(String) });
  });

  it("recently-use lists the caller's latest choices first, per trade type", async () => {
    const [a, b] = [d.expense[0]!.subs[0]!, d.expense[1]!.subs[0]!];
    for (const cat of [a, b, a]) {
      await t.client.post(
        ACCOUNTING_PATHS.expense,
        { account: { id: d.accounts[1]!.id }, category: { id: cat }, amount: '1.00', member: { id: d.members[0]!.id } },
        o(),
      );
    }
    const recent = await t.client.get(`${P('categories').recent}?trade_type=Expense`, o());
    expect(recent.json().data.map((c: { id: string }) => c.id)).toEqual([a, b]);
    expect((await t.client.get(`${P('categories').recent}?trade_type=Income`, o())).json().data).toEqual([]);
    expect((await t.client.get(P('accounts').recent, o())).json().data.map((x: { id: string }) => x.id)).toEqual([d.accounts[1]!.id]);
    expect((await t.client.get(P('members').recent, o())).json().data.map((x: { id: string }) => x.id)).toEqual([d.members[0]!.id]);
    expect((await t.client.get(P('projects').recent, o())).json().data).toEqual([]);
  });
});

describe('managing dimensions', () => {
  it("creates, renames, hides and reorders, with names checked in the user's language", async () => {
    const parent = d.expense[0]!.id;
    const created = await t.client.post(ACCOUNTING_PATHS.categories, { name: '咖啡', type: 'Expense', parent_id: parent }, o());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const wrongParent = await t.client.post(ACCOUNTING_PATHS.categories, { name: 'x', type: 'Income', parent_id: parent }, o());
    expect(wrongParent.statusCode).toBe(422);
    const empty = await t.client.post(ACCOUNTING_PATHS.categories, { name: ' ', type: 'Expense' }, o());
    expect(empty.json().message).toBe('分类名称不能为空');
    const emoji = await t.client.post(ACCOUNTING_PATHS.categories, { name: '咖啡', type: 'Expense', icon: '🍜' }, o());
    expect(emoji.statusCode).toBe(400);
    const nul = await t.client.post(ACCOUNTING_PATHS.merchants, { name: 'a\u0000' }, o());
    expect(nul.statusCode).toBe(400);
    expect((await t.client.patch(item('categories', id), { name: '手冲咖啡', hidden: true }, o())).json().data).toMatchObject({
      name: '手冲咖啡',
      hidden: true,
    });
    const picker = await t.client.get(`${ACCOUNTING_PATHS.categories}?trade_type=Expense&scene=Accounting`, o());
    expect(JSON.stringify(picker.json().data)).not.toContain('手冲咖啡');
    const all = await t.client.get(`${ACCOUNTING_PATHS.categories}?trade_type=Expense`, o());
    expect(JSON.stringify(all.json().data)).toContain('手冲咖啡');

    const merchants = (await t.client.get(ACCOUNTING_PATHS.merchants, o())).json().data as Array<{ id: string }>;
    const m = (await t.client.post(ACCOUNTING_PATHS.merchants, { name: '楼下超市' }, o())).json().data;
    const order = [m.id, ...merchants.map((x) => x.id)];
    expect((await t.client.put(P('merchants').order, { ids: order }, o())).statusCode).toBe(204);
    expect(((await t.client.get(ACCOUNTING_PATHS.merchants, o())).json().data as Array<{ id: string }>).map((x) => x.id)).toEqual(order);
    const partial = await t.client.put(P('merchants').order, { ids: [m.id] }, o());
    expect(partial.statusCode).toBe(422);
  });

  it('creates an account with an opening balance recorded as a transaction', async () => {
    const res = await t.client.post(ACCOUNTING_PATHS.accounts, { name: '零钱罐', group_name: '现金', type: 'Cash', balance: '88.80' }, o());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ balance: '88.80', currency: 'CNY' });
    const row = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('account_id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ business_type: 'Balance_Changed', account_delta_minor: '8880' });
    const unknown = await t.client.post(ACCOUNTING_PATHS.accounts, { name: 'x', group_name: 'y', type: 'Cash', currency: 'XYZ' }, o());
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses to delete a used dimension without a target, then moves its transactions (and balance) there', async () => {
    const [from, to] = [d.accounts[3]!, d.accounts[4]!];
    const tx = (
      await t.client.post(
        ACCOUNTING_PATHS.expense,
        { account: { id: from.id }, category: { id: d.expense[0]!.subs[1] }, amount: '7.00' },
        o(),
      )
    ).json().data;
    const refused = await t.client.delete(item('accounts', from.id), undefined, o());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ErrorCode.DIMENSION_IN_USE, message: expect.stringContaining('1 笔') });
    expect((await t.client.delete(`${item('accounts', from.id)}?move_to=${from.id}`, undefined, o())).statusCode).toBe(422);
    const moved = await t.client.delete(item('accounts', from.id), { move_to: to.id }, o());
    expect(moved.statusCode, moved.body).toBe(204);
    const after = await bookDimensions(t, token, bookId);
    expect(after.accounts.find((a) => a.id === from.id)).toBeUndefined();
    expect(after.accounts.find((a) => a.id === to.id)!.balance).toBe('-7.00');
    expect((await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: tx.id }), o())).json().data.account.id).toBe(to.id);

    // A first-level category goes with its subcategories; their transactions move to an expense category only.
    const cat = d.expense[0]!;
    expect((await t.client.delete(item('categories', cat.id), { move_to: d.income[0]!.id }, o())).statusCode).toBe(422);
    expect((await t.client.delete(item('categories', cat.id), { move_to: cat.subs[0]! }, o())).statusCode).toBe(422);
    expect((await t.client.delete(item('categories', cat.id), { move_to: d.expense[1]!.id }, o())).statusCode).toBe(204);
    const inUse = await t.db
      .selectFrom('transactions')
      .select('category_id')
      .where('book_id', '=', bookId)
      .where('category_id', 'in', [cat.id, ...cat.subs])
      .execute();
    expect(inUse).toEqual([]);

    // A merchant may move to none; the owner's own member cannot be deleted.
    const merchant = d.merchants[0]!;
    await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: to.id }, category: { id: d.expense[1]!.subs[0] }, amount: '1.00', merchant: { id: merchant.id } },
      o(),
    );
    expect((await t.client.delete(item('merchants', merchant.id), { move_to: '0' }, o())).statusCode).toBe(204);
    expect((await t.client.delete(item('members', d.members[0]!.id), undefined, o())).statusCode).toBe(422);
  });

  it('lets only those who may: viewers read, bookkeepers add, managers delete; outsiders learn nothing', async () => {
    const [viewer, keeper, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    await addToBook(t, bookId, viewer.userid, 'viewer');
    await addToBook(t, bookId, keeper.userid, 'bookkeeper');
    expect((await t.client.get(ACCOUNTING_PATHS.projects, inBook(viewer.token, bookId))).statusCode).toBe(200);
    expect((await t.client.post(ACCOUNTING_PATHS.projects, { name: 'p' }, inBook(viewer.token, bookId))).statusCode).toBe(403);
    const p = await t.client.post(ACCOUNTING_PATHS.projects, { name: '装修' }, inBook(keeper.token, bookId));
    expect(p.statusCode).toBe(201);
    const del = await t.client.delete(item('projects', p.json().data.id), undefined, inBook(keeper.token, bookId));
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toContain('管理员');
    expect((await t.client.get(ACCOUNTING_PATHS.projects, inBook(stranger.token, bookId))).statusCode).toBe(404);
  });
});

describe('currency conversion and month totals', () => {
  it('converts at the rate table', async () => {
    const res = await t.client.get(`${ACCOUNTING_PATHS.convert}?from=USD&to=CNY&amount=10.00`, { token });
    expect(res.json().data).toMatchObject({ from: 'USD', to: 'CNY', amount: '10.00', result: '71.00', rate: '7.1' });
    expect((await t.client.get(`${ACCOUNTING_PATHS.convert}?from=USD&to=ABC`, { token })).statusCode).toBe(422);
    expect((await t.client.get(`${ACCOUNTING_PATHS.convert}?from=usd&to=CNY`, { token })).statusCode).toBe(400);
  });

  it("sums a month of the book in its currency and its time zone (China's by default)", async () => {
    const fresh = (await buildBook(t, token, 'daily')).id;
    const fd = await bookDimensions(t, token, fresh);
    const at = (iso: string) => new Date(iso).getTime();
    const rec = (url: string, cat: string, amount: string, time: number, currency?: string) =>
      t.client.post(
        url,
        { account: { id: fd.accounts[0]!.id }, category: { id: cat }, amount, transaction_time: time, ...(currency ? { currency } : {}) },
        inBook(token, fresh),
      );
    await rec(ACCOUNTING_PATHS.expense, fd.expense[0]!.subs[0]!, '10.00', at('2026-08-01T00:30:00+08:00'));
    await rec(ACCOUNTING_PATHS.expense, fd.expense[0]!.subs[0]!, '1.00', at('2026-07-31T23:30:00+08:00'));
    await rec(ACCOUNTING_PATHS.income, fd.income[0]!.subs[0]!, '100.00', at('2026-08-15T12:00:00+08:00'), 'USD');
    const res = await t.client.get(`${ACCOUNTING_PATHS.monthSummary}?month=202608`, inBook(token, fresh));
    expect(res.json().data).toEqual({
      month: '202608',
      income: '710.00',
      expense: '10.00',
      balance: '700.00',
      count: 2,
      start_time: at('2026-08-01T00:00:00+08:00'),
      end_time: at('2026-09-01T00:00:00+08:00') - 1,
    });
    expect((await t.client.get(`${ACCOUNTING_PATHS.monthSummary}?month=202613`, inBook(token, fresh))).statusCode).toBe(400);
  });
});
