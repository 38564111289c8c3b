import { ACCOUNTING_PATHS, AUTH_PATHS, ErrorCode, STATISTICS_PATHS, bookPath, dimensionPaths } from '@cab/contracts';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBroadcast, RedisBroadcast, type Broadcast } from '../platform/broadcast.ts';
import { ManualClock } from '../platform/clock.ts';
import { AnswerCache } from './answer-cache.ts';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildRole,
  buildUser,
  inBook,
  startOtherInstance,
  startTestApp,
  type BookDimensions,
  type TestApp,
} from '../../test/harness.ts';
import { expectRefused, giveRole, removeMember, roleIdOf } from '../../test/members.ts';

/** With REDIS_URL (CI's PostgreSQL run) the two instances hear each other through Redis; otherwise in-process. */
function sharedBroadcast(): Broadcast & { ready?: () => Promise<void> } {
  const url = process.env.REDIS_URL;
  return url ? new RedisBroadcast(url, `cabtest:${Math.random().toString(36).slice(2)}:`) : new MemoryBroadcast();
}

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
let broadcast: ReturnType<typeof sharedBroadcast>;

beforeAll(async () => {
  broadcast = sharedBroadcast();
  t = await startTestApp({}, { broadcast });
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(async () => {
  await t.close();
  await broadcast.close();
});

const expense = (remark: string) => ({
  account: { id: d.accounts[0]!.id },
  category: { id: d.expense[0]!.subs[0] },
  amount: '5.00',
  remark,
  transaction_time: Date.UTC(2026, 2, 3, 4),
});
type Page = { data: Array<{ id: string; remark: string; recorder: { nickname: string } }> };
const flow = async (c: Pick<TestApp, 'client'>, tok = token, locale?: string) => {
  const res = await c.client.post(
    STATISTICS_PATHS.transactions,
    { page: { page_size: 50 } },
    { ...inBook(tok, bookId), ...(locale ? { locale } : {}) },
  );
  return res;
};
const remarks = async (c: Pick<TestApp, 'client'> = t, tok = token) => ((await flow(c, tok)).json() as Page).data.map((x) => x.remark);

describe('kept answers (http/answer-cache.ts)', () => {
  it('answer a repeated read from memory until a call changes the book', async () => {
    const made = await t.client.post(ACCOUNTING_PATHS.expense, expense('first'), inBook(token, bookId));
    expect(made.statusCode).toBe(201);
    expect(await remarks()).toContain('first');
    // A change the server did not make (an operator's SQL) is not seen while the answer is kept...
    await sql`UPDATE transactions SET remark = 'changed behind its back' WHERE book_id = ${bookId}`.execute(t.db);
    expect(await remarks()).toEqual(['first']);
    // ...another request text is asked of the database...
    const other = await t.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 49 } }, inBook(token, bookId));
    expect(other.json().data.map((x: { remark: string }) => x.remark)).toEqual(['changed behind its back']);
    // ...and any call that writes to the book drops what was kept of it.
    await t.client.post(ACCOUNTING_PATHS.expense, expense('second'), inBook(token, bookId));
    expect((await remarks()).sort()).toEqual(['changed behind its back', 'second']);
  });

  it('are sent compressed as the caller accepts, the same answer as computed', async () => {
    const ask = (encoding: string) =>
      t.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 48 } }, inBook(token, bookId, { 'accept-encoding': encoding }));
    const computed = await ask('identity');
    const first = await ask('br');
    const kept = await ask('br');
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers['content-type']).toMatch(/application\/json/);
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe(computed.body);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(computed.body);
    expect(zlib.gunzipSync((await ask('gzip')).rawPayload).toString()).toBe(computed.body);
  });

  it('are dropped by every kind of change: an edit, a renamed category, a nickname', async () => {
    const before = (await flow(t)).json() as Page;
    const id = before.data[0]!.id;
    await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id }), { remark: 'edited' }, inBook(token, bookId));
    expect(await remarks()).toContain('edited');
    const category = bookPath(dimensionPaths('categories').item, { id: d.expense[0]!.subs[0]! });
    expect((await t.client.patch(category, { name: '改过的名字' }, inBook(token, bookId))).statusCode).toBe(200);
    expect(((await flow(t)).json() as { data: Array<{ category: { name: string } }> }).data[0]!.category.name).toBe('改过的名字');
    const renamed = await t.client.patch(AUTH_PATHS.updateUser, { nickname: '新名字' }, { token });
    expect(renamed.statusCode).toBe(200);
    expect(((await flow(t)).json() as Page).data.every((x) => x.recorder.nickname === '新名字')).toBe(true);
  });

  it('are kept per caller and language, and never shown to someone the book no longer has', async () => {
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    const mine = await flow(t);
    const theirs = await flow(t, viewer.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual(mine.json());
    const english = await t.client.post(
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'MEMBER' }, query: {} },
      { ...inBook(token, bookId), locale: 'en' },
    );
    const chinese = await t.client.post(
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'MEMBER' }, query: {} },
      { ...inBook(token, bookId), locale: 'zh-CN' },
    );
    expect(english.statusCode).toBe(200);
    expect(english.body).not.toBe(chinese.body);

    // A role that loses the flows' permission is refused at once, though its answer was kept.
    const roleId = await buildRole(t, bookId, [], 'no flows');
    await giveRole(t, token, bookId, viewer.userid, roleId);
    expectRefused(await flow(t, viewer.token), 403, ErrorCode.FORBIDDEN);
    await giveRole(t, token, bookId, viewer.userid, await roleIdOf(t, bookId, 'viewer'));
    expect((await flow(t, viewer.token)).statusCode).toBe(200);
    // Removed: the next call is 404, as if the book did not exist.
    await removeMember(t, token, bookId, viewer.userid);
    expectRefused(await flow(t, viewer.token), 404, ErrorCode.BOOK_NOT_FOUND);
  });

  it('sign-outs end a token at once, though it was known valid', async () => {
    const u = await buildUser(t);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: u.token })).statusCode).toBe(200);
    expect((await t.client.post(AUTH_PATHS.logout, {}, { token: u.token })).statusCode).toBeLessThan(300);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: u.token })).statusCode).toBe(401);
  });

  it('a change made through one instance reaches the answers and tokens another instance kept', async () => {
    const other = await startOtherInstance(t, { broadcast });
    try {
      await (broadcast as { ready?: () => Promise<void> }).ready?.();
      const u = await buildUser(t);
      await addToBook(t, bookId, u.userid, 'bookkeeper');
      const keptThere = await remarks(other);
      await t.client.post(ACCOUNTING_PATHS.expense, expense('made on the first'), inBook(token, bookId));
      await expect.poll(() => remarks(other), { timeout: 2000, interval: 20 }).toEqual(['made on the first', ...keptThere]);
      expect((await other.client.get(AUTH_PATHS.userInfo, { token: u.token })).statusCode).toBe(200);
      await t.client.post(AUTH_PATHS.logout, {}, { token: u.token });
      await expect
        .poll(async () => (await other.client.get(AUTH_PATHS.userInfo, { token: u.token })).statusCode, { timeout: 2000, interval: 20 })
        .toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('CAB_ANSWER_CACHE=compute', () => {
  it('computes every answer, keeps the token and the membership, and still refuses a removed member at once', async () => {
    const other = await startOtherInstance(t, { broadcast }, { answerCache: 'compute' });
    try {
      await (broadcast as { ready?: () => Promise<void> }).ready?.();
      const u = await buildUser(t);
      await addToBook(t, bookId, u.userid, 'bookkeeper');
      const first = await remarks(other, u.token);
      const made = await other.client.post(ACCOUNTING_PATHS.expense, expense('computed at once'), inBook(u.token, bookId));
      expect(made.statusCode, made.body).toBe(201);
      expect(await remarks(other, u.token)).toEqual(['computed at once', ...first]);
      // Written past the server (no change it hears of): a kept answer would not show it; a computed one does.
      await sql`UPDATE transactions SET remark = 'changed underneath' WHERE book_id = ${bookId} AND remark = 'computed at once'`.execute(
        t.db,
      );
      expect((await remarks(other, u.token))[0]).toBe('changed underneath');
      await removeMember(t, token, bookId, u.userid);
      await expect.poll(async () => (await flow(other, u.token)).statusCode, { timeout: 2000, interval: 20 }).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('AnswerCache bounds', () => {
  it('keeps at most its bytes (oldest use dropped first), no answer above the entry limit, none past its time', () => {
    const clock = new ManualClock(0);
    const cache = new AnswerCache(clock, new MemoryBroadcast(), { bytes: 30, entryBytes: 12, ttlMs: 1000 });
    const v = cache.version('1');
    cache.set('a', v, '0123456789');
    cache.set('b', v, '0123456789');
    expect(cache.get('a', v)?.body.toString()).toBe('0123456789'); // a is now the most recent
    cache.set('c', v, '0123456789');
    cache.set('d', v, '0123456789');
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
    expect(cache.get('b', v)).toBeUndefined();
    expect(cache.get('a', v)?.body.toString()).toBe('0123456789');
    cache.set('big', v, 'x'.repeat(13));
    expect(cache.get('big', v)).toBeUndefined();
    clock.advance(1001);
    expect(cache.get('a', v)).toBeUndefined();
  });

  it('keeps the compressed answer it sent, counted in its bytes', () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast());
    const v = cache.version('1');
    const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: String(i), remark: '早餐 咖啡' })) });
    cache.set('k', v, json);
    const plain = cache.size.bytes;
    const br = cache.get('k', v, 'br');
    expect(br?.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br!.body).toString()).toBe(json);
    expect(cache.get('k', v, 'br')?.body).toBe(br?.body);
    expect(cache.size.bytes).toBe(plain + br!.body.length);
    expect(zlib.gunzipSync(cache.get('k', v, 'gzip')!.body).toString()).toBe(json);
  });

  it('never serves an answer made before a change that landed while it was made', () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast());
    const before = cache.version('7');
    cache.changed('7'); // a write commits while the read's queries run
    cache.set('k', before, '{"old":true}');
    expect(cache.get('k', cache.version('7'))).toBeUndefined();
  });

  it('keeps a membership under the book version, and does not keep an outsider', async () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast());
    let reads = 0;
    const load = async () => (++reads, { role: 'viewer' });
    expect(await cache.remember('m', '7', load)).toEqual({ role: 'viewer' });
    await cache.remember('m', '7', load);
    expect(reads).toBe(1);
    cache.changed('7');
    await cache.remember('m', '7', load);
    expect(reads).toBe(2);
    let outsider = 0;
    const none = async () => (++outsider, undefined);
    await cache.remember('o', '7', none);
    await cache.remember('o', '7', none);
    expect(outsider).toBe(2);
  });

  it('keeps a membership across records, budgets and posts, not across any other change of the book', async () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast());
    let reads = 0;
    const load = async () => (++reads, { role: 'viewer' });
    await cache.remember('m', '7', load);
    const answers = cache.version('7');
    for (const what of ['transactions', 'budgets', 'community'] as const) cache.changed('7', what);
    await cache.remember('m', '7', load);
    expect(reads).toBe(1);
    expect(cache.version('7')).not.toBe(answers);
    for (const what of ['members', 'book'] as const) {
      cache.changed('7', what);
      await cache.remember('m', '7', load);
    }
    expect(reads).toBe(3);
    // Another instance's notice moves it the same way; one without its kind counts as any change.
    const broadcast = new MemoryBroadcast();
    const here = new AnswerCache(new ManualClock(0), broadcast);
    const there = new AnswerCache(new ManualClock(0), broadcast);
    let theirs = 0;
    const theirLoad = async () => (++theirs, { role: 'viewer' });
    await there.remember('m', '7', theirLoad);
    here.changed('7', 'transactions');
    await there.remember('m', '7', theirLoad);
    expect(theirs).toBe(1);
    here.changed('7', 'members');
    await there.remember('m', '7', theirLoad);
    expect(theirs).toBe(2);
    broadcast.publish('answers', 'an-older-instance 7');
    await there.remember('m', '7', theirLoad);
    expect(theirs).toBe(3);
  });

  it('with compute, keeps memberships but no answer', async () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast(), undefined, false);
    const v = cache.version('7');
    cache.set('k', v, '{"a":1}');
    expect(cache.get('k', v)).toBeUndefined();
    let reads = 0;
    await cache.remember('m', '7', async () => (++reads, 1));
    await cache.remember('m', '7', async () => (++reads, 1));
    expect(reads).toBe(1);
  });

  it('moves a book version on its change, every version on a change that names no book', () => {
    const cache = new AnswerCache(new ManualClock(0), new MemoryBroadcast());
    const [one, two] = [cache.version('1'), cache.version('2')];
    cache.changed('1');
    expect(cache.version('1')).not.toBe(one);
    expect(cache.version('2')).toBe(two);
    cache.changed(undefined);
    expect(cache.version('2')).not.toBe(two);
  });
});
