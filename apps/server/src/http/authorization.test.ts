import { ROLE_PERMISSIONS, type PermissionCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../test/harness.ts';
import type { BookScope } from './book-scope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TABLES = ['transactions', 'book_categories', 'book_accounts', 'book_labels', 'book_images', 'book_activities', 'books'] as const;
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const viewerMay = (scope: BookScope) =>
  scope === 'member' || (scope !== 'manager' && ROLE_PERMISSIONS.viewer.includes(scope as PermissionCode));

describe('the authorization matrix', () => {
  it('every book-scoped route refuses an outsider (404) and a viewer lacking its scope (403), changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const [outsider, viewer] = [await buildUser(t), await buildUser(t)];
    await addToBook(t, book.id, viewer.userid, 'viewer');
    const routes = t.built.routes.filter((r) => r.bookFrom === 'trading-entity');
    expect(routes.length).toBeGreaterThan(20);
    const before = await snapshot();
    for (const r of routes) {
      const url = r.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'bookId' ? book.id : '123'));
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const out = await t.client.call(method, url, method === 'GET' ? undefined : {}, inBook(outsider.token, book.id));
      expect(out.statusCode, `${r.method} ${r.url} (outsider)`).toBe(404);
      expect(out.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      if (!viewerMay(r.book!)) {
        const v = await t.client.call(method, url, method === 'GET' ? undefined : {}, inBook(viewer.token, book.id));
        expect(v.statusCode, `${r.method} ${r.url} (viewer)`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('every route that reads a book by the Trading-Entity says which scope it needs', () => {
    const scoped = t.built.routes.filter((r) => r.book !== undefined);
    for (const r of scoped) expect(['member', 'manager', ...Object.values(ROLE_PERMISSIONS.owner)]).toContain(r.book);
    const accounting = t.built.routes.filter((r) => r.tag === 'accounting' && !r.url.includes('currency-code'));
    for (const r of accounting) expect(r.book, `${r.method} ${r.url}`).toBeDefined();
  });
});
