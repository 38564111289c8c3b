import { BOOK_PATHS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const cloud = async (token: string) =>
  (await t.client.get(BOOK_PATHS.cloudList, { token })).json().cloud_book_list as Array<{ id: string; name: string; user_type: string }>;
const bookRow = (id: string) => t.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();

describe('creating a book from a template', () => {
  it('copies the template trees into the new book in one go, with a default member for the owner', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family', '我们家');
    expect(book).toMatchObject({
      name: '我们家',
      book_name: '我们家',
      trading_entity: book.id,
      currency: 'CNY',
      member_count: 1,
      user_type: '1',
      creator: { id: owner.userid },
      user_name: owner.nickName,
      role_list: [{ role_id: '1', role_name: 'owner' }],
      cover: '/static/covers/cover-2.svg',
      images_url: [{ image_type: 'share', file_url: '/static/share/default-share.svg' }],
    });
    const cats = await t.db.selectFrom('book_categories').selectAll().where('book_id', '=', book.id).execute();
    const roots = cats.filter((c) => c.parent_id === null);
    expect(roots.filter((c) => c.type === 'Expense').map((c) => c.name)).toEqual([
      '餐饮',
      '居家',
      '孩子',
      '老人',
      '交通',
      '医疗',
      '人情',
      '娱乐',
    ]);
    expect(cats.filter((c) => c.parent_id === roots[0]!.id).map((c) => c.name)).toEqual(['买菜', '外出就餐', '水果零食']);
    expect(roots.some((c) => c.type === 'Income')).toBe(true);
    const labels = await t.db
      .selectFrom('book_labels')
      .selectAll()
      .where('book_id', '=', book.id)
      .orderBy('kind')
      .orderBy('sort')
      .execute();
    const members = labels.filter((l) => l.kind === 'member');
    expect(members[0]).toMatchObject({ name: owner.nickName, user_id: owner.userid });
    expect(members.map((m) => m.name)).toContain('妈妈');
    expect(labels.filter((l) => l.kind === 'project').length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('book_accounts').select('name').where('book_id', '=', book.id).execute()).length).toBeGreaterThan(4);
  });

  it('creates from every seeded template, named after it by default', async () => {
    const owner = await buildUser(t);
    for (const code of ['daily', 'family', 'business', 'travel', 'renovation', 'baby', 'wedding', 'car']) {
      const book = await buildBook(t, owner.token, code);
      expect(book.name.length).toBeGreaterThan(0);
    }
    expect(await cloud(owner.token)).toHaveLength(8);
  });

  it('refuses an unknown template, bad names and bad version headers, creating nothing', async () => {
    const owner = await buildUser(t);
    const unknown = await t.client.post(BOOK_PATHS.create, { id: '999999' }, { token: owner.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.TEMPLATE_NOT_FOUND);
    for (const name of ['', '   ', 'x'.repeat(21)]) {
      expect((await t.client.post(BOOK_PATHS.create, { id: '1001', name }, { token: owner.token })).statusCode).toBe(400);
    }
    expect((await t.client.post(BOOK_PATHS.create, { id: 'abc' }, { token: owner.token })).statusCode).toBe(400);
    const badVersion = await t.client.post(BOOK_PATHS.create, { id: '1001' }, { token: owner.token, headers: { 'min-version': 'latest' } });
    expect(badVersion.statusCode).toBe(400);
    expect(await cloud(owner.token)).toEqual([]);
    expect((await t.client.post(BOOK_PATHS.create, { id: '1001' })).statusCode).toBe(401);
  });

  it('keeps the client versions sent when creating', async () => {
    const owner = await buildUser(t);
    const res = await t.client.post(
      BOOK_PATHS.create,
      { id: '1001' },
      { token: owner.token, headers: { 'min-version': '1.0.0', 'target-version': '1.5.9' } },
    );
    expect(res.statusCode).toBe(201);
    expect(await bookRow(res.json().data.id)).toMatchObject({ min_version: '1.0.0', target_version: '1.5.9' });
  });
});

describe('book lists', () => {
  it('splits owned and joined books by role, in the cloud list and my books', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const mine = await buildBook(t, a.token, 'daily', 'A 的账本');
    const theirs = await buildBook(t, b.token, 'family', 'B 的家');
    await addToBook(t, theirs.id, a.userid, 'bookkeeper');
    const list = await cloud(a.token);
    expect(list.map((x) => [x.name, x.user_type]).sort()).toEqual([
      ['A 的账本', '1'],
      ['B 的家', '0'],
    ]);
    const my = (await t.client.get(BOOK_PATHS.myBooks, { token: a.token })).json().data;
    expect(my.find((x: { id: string }) => x.id === theirs.id)).toMatchObject({
      role_list: [{ role_name: 'bookkeeper' }],
      member_count: 2,
      user_name: b.nickName,
    });
    expect(my.find((x: { id: string }) => x.id === mine.id).role_list[0].role_name).toBe('owner');
  });

  it('lists recently opened books newest first', async () => {
    const u = await buildUser(t);
    const first = await buildBook(t, u.token, 'daily', '一');
    t.clock.advance(1000);
    const second = await buildBook(t, u.token, 'daily', '二');
    t.clock.advance(1000);
    await t.client.get(BOOK_PATHS.currentInfo, { token: u.token, headers: { 'trading-entity': first.id } });
    const recent = (await t.client.get(BOOK_PATHS.recent, { token: u.token })).json().data;
    expect(recent.map((b: { id: string }) => b.id)).toEqual([first.id, second.id]);
  });
});

describe('one book', () => {
  it('answers a book by id or Trading-Entity to members, and 404 to outsiders', async () => {
    const owner = await buildUser(t);
    const outsider = await buildUser(t);
    const book = await buildBook(t, owner.token);
    expect((await t.client.get(`${BOOK_PATHS.book}?id=${book.id}`, { token: owner.token })).json().data.id).toBe(book.id);
    expect((await t.client.get(BOOK_PATHS.book, { token: owner.token, headers: { 'trading-entity': book.id } })).json().data.id).toBe(
      book.id,
    );
    const res = await t.client.get(`${BOOK_PATHS.book}?id=${book.id}`, { token: outsider.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.BOOK_NOT_FOUND, message: '账本不存在或你已不在这个账本中' });
    expect((await t.client.get(BOOK_PATHS.book, { token: owner.token })).statusCode).toBe(400);
  });

  it('opens the current book, falling back to the default book when the context is "0"', async () => {
    const u = await buildUser(t);
    const a = await buildBook(t, u.token, 'daily', '甲');
    const b = await buildBook(t, u.token, 'daily', '乙');
    expect((await t.client.put(bookPath(BOOK_PATHS.setDefault, { id: a.id }), undefined, { token: u.token })).statusCode).toBe(204);
    const info = (await t.client.get(BOOK_PATHS.currentInfo, { token: u.token, headers: { 'trading-entity': '0' } })).json().data;
    expect(info).toMatchObject({ bookId: a.id, storeId: '1001', book: { name: '甲' } });
    const named = (await t.client.get(BOOK_PATHS.currentInfo, { token: u.token, headers: { 'trading-entity': b.id } })).json().data;
    expect(named.bookId).toBe(b.id);
    const nobody = await buildUser(t);
    expect((await t.client.get(BOOK_PATHS.currentInfo, { token: nobody.token })).statusCode).toBe(404);
  });

  it("answers extension info for the caller's books only", async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const mine = await buildBook(t, u.token);
    const notMine = await buildBook(t, other.token);
    const ext = (await t.client.post(BOOK_PATHS.bookExt, { ids: [mine.id, notMine.id] }, { token: u.token })).json().data;
    expect(ext).toHaveLength(1);
    expect(ext[0]).toMatchObject({ id: mine.id, role: 'owner', member_count: 1 });
    expect(ext[0].category_count).toBeGreaterThan(10);
    expect((await t.client.get(bookPath(BOOK_PATHS.infoExt, { id: notMine.id }), { token: u.token })).statusCode).toBe(404);
    expect((await t.client.post(BOOK_PATHS.bookExt, { ids: [] }, { token: u.token })).statusCode).toBe(400);
  });

  it("tells names of users who share a book, and nobody else's", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const stranger = await buildUser(t);
    const book = await buildBook(t, a.token);
    await addToBook(t, book.id, b.userid, 'viewer');
    const res = (await t.client.post(BOOK_PATHS.userInfo, { user_ids: [b.userid, stranger.userid] }, { token: a.token })).json().data;
    expect(res).toEqual([{ id: b.userid, nickname: b.nickName, avatar_url: '' }]);
  });
});
