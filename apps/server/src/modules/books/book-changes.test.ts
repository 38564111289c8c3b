import { BOOK_PATHS, BOOK_RESTORE_DAYS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ids = async (token: string) =>
  ((await t.client.get(BOOK_PATHS.cloudList, { token })).json().cloud_book_list as Array<{ id: string }>).map((b) => b.id);
const row = (id: string) => t.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const update = (id: string) => bookPath(BOOK_PATHS.update, { bookId: id });

describe('book settings', () => {
  it('renames and changes remark, icon and cover, with an activity row', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const res = await t.client.patch(
      update(book.id),
      { name: ' 新名字 ', remark: '全家开销', cover: '/static/covers/cover-5.svg', icon: 'home' },
      { token: owner.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '新名字',
      remark: '全家开销',
      cover: '/static/covers/cover-5.svg',
      icon: 'home',
      min_cover_url: '/static/covers/cover-5.svg',
    });
    const act = await t.db
      .selectFrom('book_activities')
      .selectAll()
      .where('book_id', '=', book.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(act).toMatchObject({ user_id: owner.userid, entity: 'book', before: { name: book.name }, after: { name: '新名字' } });
  });

  it('accepts POST with the method override, and refuses POST without it', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const ok = await t.client.post(
      update(book.id),
      { name: '覆盖' },
      { token: owner.token, headers: { 'x-http-method-override': 'PATCH' } },
    );
    expect(ok.statusCode).toBe(200);
    const bare = await t.client.post(update(book.id), { name: '不行' }, { token: owner.token });
    expect(bare.statusCode).toBe(405);
    expect((await row(book.id)).name).toBe('覆盖');
  });

  it('refuses bad names, unknown covers and empty changes, changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(21) },
      { remark: 'y'.repeat(101) },
      { cover: 'https://evil.example/x.png' },
      { cover: '/static/covers/cover-99.svg' },
      { icon: '🏡' },
      { icon: 'castle' },
      {},
    ]) {
      const res = await t.client.patch(update(book.id), body, { token: owner.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await row(book.id)).toMatchObject({ name: book.name, remark: '', cover: book.cover });
  });

  it('is refused to outsiders (404) and to members who do not run the book (403)', async () => {
    const owner = await buildUser(t);
    const keeper = await buildUser(t);
    const outsider = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    expect((await t.client.patch(update(book.id), { name: 'x' }, { token: outsider.token })).statusCode).toBe(404);
    const res = await t.client.patch(update(book.id), { name: 'x' }, { token: keeper.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    expect((await row(book.id)).name).toBe(book.name);
  });
});

describe('deleting and restoring', () => {
  it("removes the book from everyone's lists; deleting twice is 404", async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, member.userid, 'admin');
    expect((await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${book.id}`, undefined, { token: owner.token })).statusCode).toBe(204);
    expect(await ids(owner.token)).not.toContain(book.id);
    expect(await ids(member.token)).not.toContain(book.id);
    expect((await t.client.get(`${BOOK_PATHS.book}?id=${book.id}`, { token: member.token })).statusCode).toBe(404);
    const again = await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${book.id}`, undefined, { token: owner.token });
    expect(again.statusCode).toBe(404);
  });

  it('takes the id from the body too', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    expect((await t.client.delete(BOOK_PATHS.deleteBook, { id: book.id }, { token: owner.token })).statusCode).toBe(204);
    expect((await t.client.delete(BOOK_PATHS.deleteBook, undefined, { token: owner.token })).statusCode).toBe(400);
  });

  it('lets only the owner delete: a member gets 403, an outsider 404, and the book stays', async () => {
    const owner = await buildUser(t);
    const admin = await buildUser(t);
    const outsider = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, admin.userid, 'admin');
    const byAdmin = await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${book.id}`, undefined, { token: admin.token });
    expect(byAdmin.statusCode).toBe(403);
    expect((await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${book.id}`, undefined, { token: outsider.token })).statusCode).toBe(404);
    expect((await row(book.id)).deleted_at).toBeNull();
  });

  it('restores within the window, and purges the book with its data after it', async () => {
    const owner = await buildUser(t);
    const a = await buildBook(t, owner.token, 'daily', '可恢复');
    const b = await buildBook(t, owner.token, 'daily', '将清除');
    await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${a.id}`, undefined, { token: owner.token });
    await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${b.id}`, undefined, { token: owner.token });
    const deleted = (await t.client.get(BOOK_PATHS.deleted, { token: owner.token })).json().data;
    expect(deleted.map((d: { id: string }) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect(deleted[0].purge_after - deleted[0].deleted_at).toBe(BOOK_RESTORE_DAYS * 86_400_000);

    const restored = await t.client.post(bookPath(BOOK_PATHS.restore, { id: a.id }), undefined, { token: owner.token });
    expect(restored.statusCode).toBe(200);
    expect(await ids(owner.token)).toContain(a.id);

    t.clock.advance(BOOK_RESTORE_DAYS * 86_400_000 + 1);
    const later = await buildUser(t, owner.phone); // the old access token expired meanwhile
    expect((await t.client.post(bookPath(BOOK_PATHS.restore, { id: b.id }), undefined, { token: later.token })).statusCode).toBe(404);
    const purged = await t.built.books.purgeDue();
    expect(purged).toContain(b.id);
    expect(await t.db.selectFrom('books').select('id').where('id', '=', b.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('book_categories').select('id').where('book_id', '=', b.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('books').select('id').where('id', '=', a.id).executeTakeFirst()).toBeDefined();
  });

  it('lets only the owner restore', async () => {
    const owner = await buildUser(t);
    const admin = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, admin.userid, 'admin');
    await t.client.delete(`${BOOK_PATHS.deleteBook}?id=${book.id}`, undefined, { token: owner.token });
    expect((await t.client.post(bookPath(BOOK_PATHS.restore, { id: book.id }), undefined, { token: admin.token })).statusCode).toBe(404);
    expect((await row(book.id)).deleted_at).not.toBeNull();
  });
});

describe('quitting and the default book', () => {
  it('lets a member quit; the owner cannot', async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, member.userid, 'viewer');
    const ownerQuit = await t.client.post(BOOK_PATHS.quit, { id: book.id }, { token: owner.token });
    expect(ownerQuit.statusCode).toBe(422);
    expect(ownerQuit.json().code).toBe(ErrorCode.OWNER_CANNOT_QUIT);
    expect((await t.client.post(BOOK_PATHS.quit, { id: book.id }, { token: member.token })).statusCode).toBe(204);
    expect(await ids(member.token)).not.toContain(book.id);
    expect((await t.client.post(BOOK_PATHS.quit, { id: book.id }, { token: member.token })).statusCode).toBe(404);
    expect(await ids(owner.token)).toContain(book.id);
  });

  it('refuses setting as default a book you left, or were never in', async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, member.userid, 'viewer');
    await t.client.post(BOOK_PATHS.quit, { id: book.id }, { token: member.token });
    const res = await t.client.put(bookPath(BOOK_PATHS.setDefault, { id: book.id }), undefined, { token: member.token });
    expect(res.statusCode).toBe(404);
    const prefs = (await t.client.get(`${BOOK_PATHS.preference}?keys=default.book_id`, { token: member.token })).json().data;
    expect(prefs).toEqual([]);
  });

  it('saves the default book as the preference default.book_id', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    await t.client.put(bookPath(BOOK_PATHS.setDefault, { id: book.id }), undefined, { token: u.token });
    const prefs = (await t.client.get(`${BOOK_PATHS.preference}?keys=default.book_id`, { token: u.token })).json().data;
    expect(prefs).toEqual([{ key: 'default.book_id', value: book.id }]);
  });
});
