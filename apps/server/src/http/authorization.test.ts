import { PERMISSION_CODES, type PermissionCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildRole, buildUser, inBook, startTestApp, type TestApp } from '../../test/harness.ts';
import type { RegisteredRoute } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TABLES = [
  'transactions',
  'book_categories',
  'book_accounts',
  'book_labels',
  'book_images',
  'book_activities',
  'books',
  'book_users',
  'book_roles',
  'book_invitations',
  'book_member_requests',
  'preferences',
  'community_threads',
  'community_comments',
  'community_events',
] as const;
async function snapshot() {
  const counts: Record<string, string> = {};
  for (const table of TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => [eb.fn.countAll<string>().as('n')])
      .executeTakeFirstOrThrow();
    counts[table] = String(row.n);
  }
  const roles = await t.db.selectFrom('book_roles').select(['id', 'permissions', 'name']).orderBy('id').execute();
  const members = await t.db.selectFrom('book_users').select(['book_id', 'user_id', 'role_id']).orderBy('user_id').execute();
  const books = await t.db.selectFrom('books').select(['id', 'name', 'deleted_at', 'invite_audit_type']).orderBy('id').execute();
  return { counts, roles, members, books };
}

/**
 * Routes that concern no one book, or name their book by an invitation code (the joiner
 * is not a member yet). Every other route must declare a book scope: a new route
 * missing from both fails the last test here.
 */
const NOT_BOOK_SCOPED = new Set([
  // The message center: the caller's own messages (a book named by account_book_id).
  'GET /cab-query-ws/v1/message-notice/message/user/summary',
  'GET /cab-query-ws/v1/message-notice/message/account-book/summary',
  'PATCH /cab-query-ws/v1/message-notice/message-read/user',
  'PATCH /cab-query-ws/v1/message-notice/message-read/account-book',
  'PATCH /cab-query-ws/v1/message-notice/message-delete/account-book',
  'GET /cab-query-ws/v1/message-notice/messages',
  'PATCH /cab-query-ws/v1/message-notice/message-read/:msg_id',
  'PATCH /cab-query-ws/v1/message-notice/message-delete/:msg_id',
  'POST /cab-query-ws/v1/message-notice/report',
  'GET /server/info',
  'GET /dev/sms-outbox',
  // The test host's SDK calls, outside production only (dev/host): a partner's sign-in code and signature check.
  'POST /dev/host/:host/code',
  'POST /dev/host/:host/verify',
  'GET /healthz',
  'GET /openapi.json',
  'POST /cab-user-ws/v1/verify-code',
  'POST /cab-user-ws/v1/login',
  'POST /cab-user-ws/v1/token/refresh',
  // A link's token traded for a sign-in of the page's own (docs/host.md): about the caller, no book.
  'POST /cab-user-ws/v1/token/exchange',
  'POST /cab-user-ws/v1/logout',
  'GET /v2/oauth2/authorize',
  'GET /cab-user-ws/v1/user/info',
  'PATCH /cab-user-ws/v1/user',
  'POST /cab-user-ws/v1/user/avatar',
  'GET /cab-user-ws/v1/user/avatar/:userId',
  'POST /cab-user-ws/v1/user/phone',
  'PUT /cab-user-ws/v1/user/password',
  // The app's feedback form: about the app, not a book.
  'POST /cab-user-ws/v1/feedback',
  // The caller's own banana-shell wallet (docs/commerce.md): a user's, not a book's.
  'GET /cab-service-ws/v1/accounts',
  // The catalogue (modules/offers): the caller's coupons, activities, draws and the operation
  // spaces; a book named in the body is checked by the service (404 for an outsider, offers.test.ts).
  'POST /finance-common-operation-ws/api/prize/coupons/v1/combo',
  'POST /finance-common-operation-ws/api/act/v1/combos',
  'POST /finance-common-operation-ws/api/act/v1/rule-check',
  'POST /finance-common-operation-ws/api/act/v1/synRuleDrawEnhance',
  'POST /finance-common-operation-ws/api/operationSpace/queryOperationSpaceInfo',
  // Recharging the caller's wallet, and the providers' notifications (docs/commerce.md, "Payments").
  'GET /cab-service-ws/v3/account/payment-cashier/pay-options',
  'GET /cab-service-ws/account/payment-cashier/pay-options/v3/need-min',
  'GET /cab-service-ws/v1/user/check/recharge',
  'GET /finance-common-operation-ws/api/cloud/recharge/v1/rechargeActInfo',
  'POST /cab-service-ws/v1/account/recharge',
  'POST /cab-service-ws/v1/account/recharge/cancel/:id',
  'GET /cab-service-ws/v1/account/order/:id',
  'POST /cab-service-ws/v1/payments/notify/:channel',
  // The caller's own orders and trade records (each read checks the order is theirs).
  'GET /cab-service-ws/account-book/purchasing-orders/:id',
  'GET /cab-service-ws/account-book/service-order/:id',
  'POST /cab-service-ws/v1/account/orders',
  'POST /cab-service-ws/v1/account/orders/num',
  // The features of every book the caller is in.
  'GET /cab-service-ws/user/account-book/premium-features',
  'GET /cab-index-ws/v3/book-group/cloud',
  'GET /cab-service-ws/v3/user/account-books',
  'GET /cab-config-ws/v2/account-books/books/recently-use',
  'GET /cab-config-ws/v3/book/info',
  'POST /cab-config-ws/v4/account-books',
  // Importing a book archive makes a new book of the caller's (docs/archive.md): there is no book to be a member of yet.
  'POST /cab-accounting-ws/v2/account-books/archive',
  'GET /cab-config-ws/v2/account-books/deleted',
  'POST /cab-config-ws/v2/account-books/:id/restore',
  'POST /cab-index-ws/v3/book-group/book-ext',
  'POST /cab-index-ws/v3/book-group/user-info',
  'GET /cab-config-ws/v1/account-book/theme/cover/materials',
  'GET /cab-config-ws/v2/preference',
  'PATCH /cab-config-ws/v2/preference',
  'GET /cab-config-ws/v2/preference/level',
  'GET /cab-market-ws/market/v1/templates',
  'GET /cab-market-ws/market/v1/template/category',
  'GET /cab-market-ws/market/v1/template/list/:category_code',
  'GET /cab-market-ws/market/v1/template/:id',
  'POST /cab-market-ws/market/v1/template/:id/:x/collect',
  'GET /cab-market-ws/market/v1/template/collected/list',
  'GET /cab-market-ws/market/v1/template/reviews',
  'POST /cab-market-ws/market/v1/template/review',
  'POST /cab-market-ws/market/v2/contents',
  'GET /cab-market-ws/market/v1/contents/:id',
  'POST /cab-market-ws/market/v1/contents/:contentId/:status/collect',
  'GET /cab-market-ws/market/v1/mine/favourite_contents',
  'GET /cab-market-ws/market/v1/search',
  'GET /cab-config-ws/market/v1/search',
  'GET /cab-market-ws/market/v1/home/tags',
  'POST /cab-market-ws/market/v1/home/tags/:tagCode',
  'POST /cab-message-ws/terminal/widgets/v2/homepage/infoFlow/operation',
  'POST /finance-common-operation-ws/api/operationGuide/queryOperationGuide',
  'POST /finance-common-operation-ws/api/operationPopup/queryOperationPopup',
  'GET /cab-config-ws/market/v1/mine/info/',
  'GET /cab-config-ws/v3/account-book/currency-code/convert',
  'POST /cab-query-ws/v2/search/books',
  // Live updates: its optional book_id is checked like a book call's (404 for an outsider), live.test.ts.
  'GET /cab-query-ws/v1/live',
  // The joiner's side of invitations: the link names the book.
  'GET /cab-user-ws/v4/account-book/invitations/member/whether-exist/:code',
  'GET /cab-user-ws/v4/invitations/:code',
  'POST /cab-user-ws/v4/account-book/invitations/apply',
  'GET /cab-user-ws/v5/invitations/:code',
  'GET /cab-user-ws/v5/account-book/invitations/member/whether-exist/:code',
  'GET /cab-user-ws/v5/invitations/:code/roles/:roleCode',
  'POST /cab-user-ws/v5/account-book/invitations/apply',
  'POST /cab-user-ws/v5/account-book/invitations/urge-a-rush',
  'GET /cab-user-ws/v1/account-books/invitations/pending-prompts',
  'PATCH /cab-user-ws/v1/account-books/invitations/pending-prompts/:id',
  // The added user's blocks of books they are not in (add-by-phone.test.ts).
  'GET /cab-user-ws/v1/account-books/invitations/blocked-books',
  'DELETE /cab-user-ws/v1/account-books/invitations/blocked-books/:bookId',
  // The cloud space packages on sale, and the caller's own function applies (docs/cloud.md).
  'GET /cab-service-ws/account-book/cloud-svc/latest',
  'POST /cab-service-ws/account-book/function-applies/apply',
  'GET /cab-service-ws/account-book/function-applies/:biz_type/:biz_code',
  // The caller's own private zones, and which server serves them (docs/zones.md).
  'GET /cab-index-ws/terminal/v1/user-private-zones',
  'POST /cab-index-ws/terminal/v1/user-private-zones',
  'GET /cab-index-ws/terminal/v1/user-private-zones/server-env',
  // The server-to-server calls between zones: no user, signed with a zone's secret (zones/link.test.ts).
  'GET /cab-zone-link/v1/health',
  'POST /cab-zone-link/v1/import/begin',
  'POST /cab-zone-link/v1/import/rows',
  'POST /cab-zone-link/v1/import/image',
  'POST /cab-zone-link/v1/import/verify',
  'POST /cab-zone-link/v1/import/commit',
  'POST /cab-zone-link/v1/import/abort',
  'POST /cab-zone-link/v1/export/begin',
  'POST /cab-zone-link/v1/directory',
  'POST /cab-zone-link/v1/checksums',
  // The behaviour-event collector: for no user, nothing in it names one (docs/host.md).
  'GET /cab-track-ws/v1/events',
  // The host SDK's signature of a page: for no book (docs/host.md).
  'GET /cab-user-ws/v1/host/sdk-signature',
  // The outside pages the app may open: the operator's settings, for anyone (docs/host.md, "Webviews").
  'GET /cab-config-ws/v1/webviews',
]);

/** Calls about the caller's own membership: any member may make them, whatever their role. */
const SELF_SCOPED = new Set([
  'POST /cab-config-ws/v3/user/account-book/quit',
  'PUT /cab-service-ws/v2/user/account-books/:id/set-as-default',
  'GET /cab-service-ws/user/account-book/permissions',
  // SPEC 4's owner flag: whether the caller owns the book.
  'GET /cab-service-ws/account-book/user-type',
]);

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;

/** A request that reaches the book check of a route that reads its book from the request itself. */
function requestFor(r: RegisteredRoute, bookId: string): { url: string; body: unknown } {
  const url = r.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    name === 'migration_type' ? 'public-to-private' : name === 'bookId' || r.bookFrom === 'request' ? bookId : '123',
  );
  if (r.bookFrom === 'trading-entity') return { url, body: r.method === 'GET' ? undefined : {} };
  if (r.method === 'DELETE' || r.method === 'GET') return { url: `${url}?id=${bookId}`, body: undefined };
  // What each such route's body needs besides its book (a rename's name, the feature an unassign ends).
  if (r.method === 'PATCH' || r.method === 'POST')
    return { url, body: { id: bookId, book_id: bookId, zone_id: '123', name: '改名', feature_code: 'budget_advanced' } };
  return { url, body: {} };
}

describe('the authorization matrix', () => {
  it('every book-scoped route refuses an outsider (404) and a member whose role lacks its code (403), changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const outsider = await buildUser(t);
    // One member per code, whose role holds every other code: the refusal is for that code alone.
    const lacking = new Map<PermissionCode, string>();
    for (const code of PERMISSION_CODES) {
      const u = await buildUser(t);
      await addToBook(t, book.id, u.userid, {
        roleId: await buildRole(
          t,
          book.id,
          PERMISSION_CODES.filter((c) => c !== code),
        ),
      });
      lacking.set(code, u.token);
    }
    const nobody = await buildUser(t);
    await addToBook(t, book.id, nobody.userid, { roleId: await buildRole(t, book.id, []) });

    const routes = t.built.routes.filter((r) => r.book !== undefined);
    const before = await snapshot();
    let refused = 0;
    for (const r of routes) {
      const { url, body } = requestFor(r, book.id);
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const out = await t.client.call(method, url, body, inBook(outsider.token, book.id));
      expect(out.statusCode, `${key(r)} (outsider)`).toBe(404);
      expect(out.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      if (r.book === 'self') {
        expect(SELF_SCOPED, `${key(r)} may be called by any member: list it in SELF_SCOPED with why`).toContain(key(r));
        continue;
      }
      // An owner-only route refuses every other role, even one holding every code but one.
      const refusedToken = r.book === 'owner' ? lacking.get(PERMISSION_CODES[0]!)! : lacking.get(r.book!)!;
      const member = await t.client.call(method, url, body, inBook(refusedToken, book.id));
      expect(member.statusCode, `${key(r)} (member lacking ${r.book})`).toBe(403);
      expect(member.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      refused++;
    }
    expect(await snapshot()).toEqual(before);
    // What the member without any permission may still do: only the calls about themselves.
    const mine = await t.client.get(`/cab-service-ws/user/account-book/permissions?code=010001,02`, inBook(nobody.token, book.id));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ '010001': '0', '02': '0' });
    console.log(
      `authorization matrix: ${routes.length} book-scoped routes, ${refused} refused for a missing code, ${routes.length - refused} self-scoped`,
    );
    expect(routes.length).toBeGreaterThan(60);
  });

  it('every route either declares its book scope or is listed as concerning no one book', () => {
    const unscoped = t.built.routes.filter((r) => r.book === undefined).map(key);
    expect(unscoped.filter((k) => !NOT_BOOK_SCOPED.has(k))).toEqual([]);
    for (const r of t.built.routes.filter((x) => x.book !== undefined)) {
      expect([...PERMISSION_CODES, 'self', 'owner'], key(r)).toContain(r.book);
    }
  });
});
