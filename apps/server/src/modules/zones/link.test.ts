import http from 'node:http';
import { ACCOUNTING_PATHS, ErrorCode, ZONE_LINK_PATHS, ZONE_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, runCab, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { freePort } from '../../../test/process.ts';
import { registerZone, type PublicZone } from '../../../test/zones.ts';
import { signLink } from './link-sign.ts';

/**
 * Trust between zones (docs/zones.md): server-to-server calls unsigned, wrongly signed,
 * replayed or from a revoked zone are refused; a zone asking about a book it was not
 * given is refused; only a book's owner moves it, one move at a time. Nothing changes.
 */
let p: PublicZone;
/** A stand-in for a zone's server that answers every signed call it gets with 200 (its health check, a move's first calls). */
let fake: http.Server;
let fakeBase: string;
let zoneApp: TestApp;

beforeAll(async () => {
  const t = await startTestApp({}, { mover: { leaseMs: 2000, retryMs: [] } });
  p = { t, base: 'http://127.0.0.1:1' };
  const port = await freePort();
  fake = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { zone_id: null, env: 'prod', version: '1', books: 0, count: 0, sum: '', ok: true } }));
    });
  });
  await new Promise<void>((r) => fake.listen(port, '127.0.0.1', r));
  fakeBase = `http://127.0.0.1:${port}`;
  zoneApp = await startTestApp({ CAB_ZONE_ID: '7', CAB_ZONE_PUBLIC_URL: 'http://127.0.0.1:1', CAB_ZONE_SECRET: 'z'.repeat(43) });
}, 60_000);
afterAll(async () => {
  await p.t.built.zones.mover.halt();
  await p.t.close();
  await zoneApp.close();
  fake.close();
});

/** A zone registered to the fake server, with its secret. */
async function fakeZone(token: string): Promise<{ id: string; secret: string }> {
  const reg = await registerZone(p, token);
  await p.t.db.updateTable('private_zones').set({ base_url: fakeBase }).where('id', '=', reg.id).execute();
  return reg;
}

const linkPost = (t: TestApp, path: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

const signed = (zoneId: string, secret: string, path: string, body: unknown, userId?: string) =>
  signLink(secret, { zoneId, method: 'POST', path, body: JSON.stringify(body), userId }, p.t.clock.now());

const migrationRows = () => p.t.db.selectFrom('book_migrations').selectAll().execute();

describe('server-to-server calls', () => {
  it('refuse an unsigned call, a wrong signature, a replay, a zone not registered and a revoked zone, changing nothing', async () => {
    const owner = await buildUser(p.t);
    const { id, secret } = await fakeZone(owner.token);
    const body = { migration_id: '77', book_id: '1', migration_type: 'private-to-public', tables_total: 1, rows_total: 0, images_total: 0 };
    const before = await migrationRows();
    expectRefused(await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, {}), 401, ErrorCode.ZONE_LINK_REFUSED);
    expectRefused(
      await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, signed(id, 'x'.repeat(43), ZONE_LINK_PATHS.importBegin, body)),
      401,
      ErrorCode.ZONE_LINK_REFUSED,
    );
    expectRefused(
      await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, signed('999', secret, ZONE_LINK_PATHS.importBegin, body)),
      401,
      ErrorCode.ZONE_LINK_REFUSED,
    );
    // Signed over another body: the body was changed on the way.
    expectRefused(
      await linkPost(p.t, ZONE_LINK_PATHS.importBegin, { ...body, book_id: '2' }, signed(id, secret, ZONE_LINK_PATHS.importBegin, body)),
      401,
      ErrorCode.ZONE_LINK_REFUSED,
    );
    // Too old.
    const old = signLink(
      secret,
      { zoneId: id, method: 'POST', path: ZONE_LINK_PATHS.importBegin, body: JSON.stringify(body) },
      p.t.clock.now() - 400_000,
    );
    expectRefused(await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, old), 401, ErrorCode.ZONE_LINK_REFUSED);
    // Rightly signed, but for no move the public zone began: a zone claiming a book it was not given.
    const good = signed(id, secret, ZONE_LINK_PATHS.importBegin, body);
    expectRefused(await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, good), 403, ErrorCode.ZONE_BOOK_NOT_GIVEN);
    // The same call again: its nonce is spent.
    expectRefused(await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, good), 401, ErrorCode.ZONE_LINK_REFUSED);
    // A zone asking the public zone what only the public zone asks zones.
    const ask = { book_id: '1' };
    expectRefused(
      await linkPost(p.t, ZONE_LINK_PATHS.directory, ask, signed(id, secret, ZONE_LINK_PATHS.directory, ask)),
      403,
      ErrorCode.ZONE_BOOK_NOT_GIVEN,
    );
    // Revoked by the operator: its calls end at once.
    const listed = await runCab(p.t, ['zones', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out.join('\n')).toContain(fakeBase);
    expect(await runCab(p.t, ['zones', 'revoke', id])).toMatchObject({ code: 0, out: [expect.stringContaining(`revoked zone ${id}`)] });
    expect((await runCab(p.t, ['zones', 'revoke', id])).code).toBe(1);
    expect((await runCab(p.t, ['zones', 'revoke', 'x'])).code).toBe(2);
    expectRefused(
      await linkPost(p.t, ZONE_LINK_PATHS.importBegin, body, signed(id, secret, ZONE_LINK_PATHS.importBegin, body)),
      401,
      ErrorCode.ZONE_LINK_REFUSED,
    );
    expect(await migrationRows()).toEqual(before);
  });

  it('on a zone: a forwarded call must carry the public zone’s signature for its user, and a link call the zone’s own id', async () => {
    const url = ACCOUNTING_PATHS.expense;
    const body = { amount: '1' };
    const forged = signLink(
      'y'.repeat(43),
      { zoneId: '7', method: 'POST', path: url, body: JSON.stringify(body), userId: '5' },
      zoneApp.clock.now(),
    );
    expectRefused(await linkPost(zoneApp, url, body, { ...forged, 'trading-entity': '1' }), 401, ErrorCode.ZONE_LINK_REFUSED);
    const otherZone = signLink('z'.repeat(43), { zoneId: '8', method: 'GET', path: ZONE_LINK_PATHS.health, body: '' }, zoneApp.clock.now());
    const health = await zoneApp.app.inject({ method: 'GET', url: ZONE_LINK_PATHS.health, headers: otherZone });
    expectRefused(health, 401, ErrorCode.ZONE_LINK_REFUSED);
    const own = signLink('z'.repeat(43), { zoneId: '7', method: 'GET', path: ZONE_LINK_PATHS.health, body: '' }, zoneApp.clock.now());
    const ok = await zoneApp.app.inject({ method: 'GET', url: ZONE_LINK_PATHS.health, headers: own });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ zone_id: '7' });
  });
});

describe('moving a book', () => {
  it('only its owner moves it, one move at a time, to a zone of their own; a book that moves is read-only', async () => {
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    const admin = await buildUser(p.t);
    await addToBook(p.t, book.id, admin.userid, 'admin');
    const outsider = await buildUser(p.t);
    const zone = await fakeZone(owner.token);
    const other = await buildUser(p.t);
    const othersZone = await fakeZone(other.token);
    const move = (token: string, zoneId = zone.id) =>
      p.t.client.post(ZONE_PATHS.publicToPrivateV2, { book_id: book.id, zone_id: zoneId }, { token });
    const before = await migrationRows();
    expectRefused(await move(admin.token), 403, ErrorCode.FORBIDDEN);
    expectRefused(await move(outsider.token), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await move(owner.token, othersZone.id), 404, ErrorCode.ZONE_NOT_FOUND);
    expectRefused(await move(owner.token, '999999'), 404, ErrorCode.ZONE_NOT_FOUND);
    expectRefused(
      await p.t.client.post(ZONE_PATHS.publicToPrivateV2, { book_id: 'x', zone_id: zone.id }, { token: owner.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expect(await migrationRows()).toEqual(before);

    // The fake zone answers its health check, so the move starts (it fails later, at the check of its copy).
    const first = await move(owner.token);
    expect(first.statusCode, first.body).toBe(201);
    expectRefused(await move(owner.token), 409, ErrorCode.MIGRATION_EXISTS);
    await p.t.built.zones.mover.idle();
    const ended = await p.t.client.get(bookPath(ZONE_PATHS.migrationStatus, { book_id: book.id, migration_type: 'public-to-private' }), {
      token: owner.token,
    });
    expect(ended.json().data).toMatchObject({ status: 'failed' });
    // Failed, the book is here and writable again.
    const zoneRes = await p.t.client.get(ZONE_PATHS.bookZone, inBook(owner.token, book.id));
    expect(zoneRes.json().data).toMatchObject({ zone_state: 'local' });
  });

  it('cancelling and moving back refuse what is not there', async () => {
    const owner = await buildUser(p.t);
    const book = await buildBook(p.t, owner.token);
    const cancel = await p.t.client.patch(
      bookPath(ZONE_PATHS.migrationCancel, { book_id: book.id, migration_type: 'public-to-private' }),
      undefined,
      {
        token: owner.token,
      },
    );
    expectRefused(cancel, 404, ErrorCode.MIGRATION_NOT_FOUND);
    expectRefused(
      await p.t.client.post(ZONE_PATHS.privateToPublic, undefined, inBook(owner.token, book.id)),
      422,
      ErrorCode.ZONE_NOT_READY,
    );
    const bad = await p.t.client.get(bookPath(ZONE_PATHS.migrationStatus, { book_id: book.id, migration_type: 'sideways' }), {
      token: owner.token,
    });
    expectRefused(bad, 400, ErrorCode.VALIDATION);
    const none = await p.t.client.get(bookPath(ZONE_PATHS.migrationStatus, { book_id: book.id, migration_type: 'public-to-private' }), {
      token: owner.token,
    });
    expect(none.json()).toEqual({ data: null });
  });
});

describe('registering a zone', () => {
  it('needs the review approved, a proper address, and answers the secret once', async () => {
    const u = await buildUser(p.t);
    expectRefused(
      await p.t.client.post(ZONE_PATHS.zones, { name: '家里', base_url: 'http://127.0.0.1:9' }, { token: u.token }),
      422,
      ErrorCode.ZONE_NOT_READY,
    );
    await registerZone(p, u.token);
    expectRefused(
      await p.t.client.post(ZONE_PATHS.zones, { name: '家里', base_url: 'ftp://x' }, { token: u.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await p.t.client.post(ZONE_PATHS.zones, { name: '', base_url: 'http://a.example' }, { token: u.token }),
      400,
      ErrorCode.VALIDATION,
    );
    const list = await p.t.client.get(ZONE_PATHS.zones, { token: u.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain('secret');
    expect(list.json().data[0]).toMatchObject({ audit_status: 'approved', server_deployed: false, revoked: false });
  });
});

describe('server-env', () => {
  it('answers this server’s environment, its domain and the hosts a client may switch to; on a zone, its id', async () => {
    const u = await buildUser(p.t);
    const res = await p.t.client.get(ZONE_PATHS.serverEnv, { token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ env: 'prod', zone_id: null, domain: expect.stringMatching(/^http:\/\//), hosts: {} });
    expectRefused(await p.t.client.get(ZONE_PATHS.serverEnv), 401, ErrorCode.UNAUTHORIZED);
    const onZone = await zoneApp.client.get(ZONE_PATHS.serverEnv, { token: (await buildUser(zoneApp)).token });
    expect(onZone.json().data).toMatchObject({ env: 'prod', zone_id: '7' });
  });
});
