import { BOOK_PATHS, bookPath } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('template catalogue', () => {
  it('answers two levels of categories, without login', async () => {
    const res = await t.client.get(BOOK_PATHS.templateCategories);
    expect(res.statusCode).toBe(200);
    const cats = res.json().data;
    expect(cats.map((c: { category_code: string }) => c.category_code)).toEqual(['life', 'business']);
    expect(cats[0].children.map((c: { name: string }) => c.name)).toEqual(['日常记账', '家庭共享', '人生大事', '出行']);
  });

  it('lists at least eight templates, by category and in total', async () => {
    const all = (await t.client.get(BOOK_PATHS.templates)).json().data;
    expect(all.map((x: { code: string }) => x.code)).toEqual([
      'daily',
      'family',
      'business',
      'travel',
      'renovation',
      'baby',
      'wedding',
      'car',
    ]);
    const events = (await t.client.get(bookPath(BOOK_PATHS.templatesByCategory, { category_code: 'life-events' }))).json().data;
    expect(events.map((x: { code: string }) => x.code)).toEqual(['renovation', 'baby', 'wedding']);
    const life = (await t.client.get(bookPath(BOOK_PATHS.templatesByCategory, { category_code: 'life' }))).json().data;
    expect(life).toHaveLength(7);
    expect((await t.client.get(bookPath(BOOK_PATHS.templatesByCategory, { category_code: 'nope' }))).statusCode).toBe(404);
    expect((await t.client.get(bookPath(BOOK_PATHS.templatesByCategory, { category_code: 'BAD CODE' }))).statusCode).toBe(400);
  });

  it('answers a template with its trees, and 404 for an unknown one', async () => {
    const res = (await t.client.get(bookPath(BOOK_PATHS.template, { id: '1003' }))).json().data;
    expect(res).toMatchObject({ code: 'business', name: '生意账本' });
    expect(res.expense_categories[0]).toMatchObject({
      name: '进货',
      sub_categories: [{ name: '原材料' }, { name: '商品采购' }, { name: '包装耗材' }],
    });
    expect(res.accounts.map((a: { name: string }) => a.name)).toContain('对公账户');
    expect((await t.client.get(bookPath(BOOK_PATHS.template, { id: '42' }))).statusCode).toBe(404);
  });

  it('counts uses of a template', async () => {
    const u = await buildUser(t);
    const before = (await t.client.get(bookPath(BOOK_PATHS.template, { id: '1008' }))).json().data.use_count;
    await buildBook(t, u.token, 'car');
    expect((await t.client.get(bookPath(BOOK_PATHS.template, { id: '1008' }))).json().data.use_count).toBe(before + 1);
  });

  it('serves cover materials to users, and their images', async () => {
    const u = await buildUser(t);
    expect((await t.client.get(BOOK_PATHS.covers)).statusCode).toBe(401);
    const covers = (await t.client.get(BOOK_PATHS.covers, { token: u.token })).json().data;
    expect(covers).toHaveLength(8);
    const img = await t.app.inject({ method: 'GET', url: covers[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/static/share/default-share.svg' })).statusCode).toBe(200);
  });
});

describe('a user with 200 books', () => {
  it('answers the home and my-books lists from indexes, not by reading every book', async () => {
    const u = await buildUser(t);
    // 200 books through the real create path would take long; the rows are what the lists read.
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const b = await t.db
        .insertInto('books')
        .values({ name: `账本${i}`, book_template_id: '1001', creator_id: u.userid })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(b.id);
    }
    const owners = await t.db
      .insertInto('book_roles')
      .values(ids.map((id) => ({ book_id: id, kind: 'owner' as const, permissions: [] })))
      .returning(['book_id', 'id'])
      .execute();
    await t.db
      .insertInto('book_users')
      .values(owners.map((r) => ({ book_id: r.book_id, user_id: u.userid, role_id: r.id })))
      .execute();
    await sql`ANALYZE`.execute(t.db);
    const list = await t.client.get(BOOK_PATHS.cloudList, { token: u.token });
    expect(list.json().cloud_book_list).toHaveLength(200);
    const recent = await t.client.get(BOOK_PATHS.recent, { token: u.token });
    expect(recent.statusCode).toBe(200);

    // The plan reads this user's memberships through the (user_id, book_id) index and each book by its key.
    // Tables this small would be read whole anyway; switching that off shows the path a big table takes.
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT b.id FROM book_users bu JOIN books b ON b.id = bu.book_id WHERE bu.user_id = ${u.userid} AND b.deleted_at IS NULL`.execute(
        tx,
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`plan of the book list for 200 books:\n${text}`);
    expect(text).toMatch(/book_users_user_idx|book_users_pkey/);
    expect(text).toMatch(/books_pkey/);
  });
});
