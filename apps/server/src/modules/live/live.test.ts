import http from 'node:http';
import { ACCOUNTING_PATHS, ErrorCode, LIVE_PATHS, MESSAGE_PATHS, type LiveEvent } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBroadcast, RedisBroadcast, type Broadcast } from '../../platform/broadcast.ts';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startOtherInstance,
  startTestApp,
  type BookDimensions,
  type CallOptions,
  type SignedClient,
  type TestApp,
} from '../../../test/harness.ts';

/** With REDIS_URL (CI's PostgreSQL run) the instances hear each other through Redis; otherwise in-process. */
function sharedBroadcast(): Broadcast & { ready?: () => Promise<void> } {
  const url = process.env.REDIS_URL;
  return url ? new RedisBroadcast(url, `cabtest:${Math.random().toString(36).slice(2)}:`) : new MemoryBroadcast();
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** An SSE stream read over real HTTP, as the web reads it (signed headers, bearer token). */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  events: () => LiveEvent[];
  /** The book events only (the message center may tell the same user of a new message meanwhile). */
  bookEvents: () => LiveEvent[];
  ids: () => string[];
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
}

function openStream(port: number, client: SignedClient, token: string | undefined, query = '', o: CallOptions = {}): Promise<Stream> {
  const url = LIVE_PATHS.stream + query;
  const headers = {
    device: JSON.stringify({ platform: 'test', device_id: 'dev-1', product_version: '1.5.9' }),
    ...client.signHeaders('GET', url, '', o),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      let text = '';
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const done = new Promise<void>((r) => res.on('close', () => ((ended = true), r())));
      const blocks = () => text.split('\n\n').filter((b) => b.includes('data: '));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => text,
        events: () => blocks().map((b) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as LiveEvent),
        bookEvents: () =>
          blocks()
            .map((b) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as LiveEvent)
            .filter((e) => e.type === 'book'),
        ids: () => blocks().map((b) => /^id: (.*)$/m.exec(b)?.[1] ?? ''),
        ended: done,
        isEnded: () => ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** Waits until the stream is registered (its opening comment arrived). */
async function opened(s: Stream): Promise<Stream> {
  expect(s.status, s.text()).toBe(200);
  await expect.poll(() => s.text().includes(': open'), { timeout: 2000, interval: 10 }).toBe(true);
  return s;
}

let t: TestApp;
let port: number;
let broadcast: ReturnType<typeof sharedBroadcast>;
let a: { token: string; userid: string };
let b: { token: string; userid: string };
let bookId: string;
let d: BookDimensions;
const streams: Stream[] = [];
const track = (s: Stream) => (streams.push(s), s);

const expense = (remark: string) => ({
  account: { id: d.accounts[0]!.id },
  category: { id: d.expense[0]!.subs[0] },
  amount: '5.00',
  remark,
  transaction_time: Date.UTC(2026, 2, 3, 4),
});

beforeAll(async () => {
  broadcast = sharedBroadcast();
  t = await startTestApp({}, { broadcast });
  port = await listen(t.app);
  a = await buildUser(t);
  b = await buildUser(t);
  bookId = (await buildBook(t, a.token, 'family')).id;
  await addToBook(t, bookId, b.userid, 'bookkeeper');
  d = await bookDimensions(t, a.token, bookId);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
  await broadcast.close();
});

describe('the live stream', () => {
  it('is refused without a token (401) or with a bad signature, as every call is, with {code, message}', async () => {
    const none = await openStream(port, t.client, undefined);
    await none.ended;
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text())).toEqual({ code: ErrorCode.UNAUTHORIZED, message: expect.any(String) });

    const badSign = await openStream(port, t.client, a.token, '', { sign: 'ab'.repeat(32) });
    await badSign.ended;
    expect(badSign.status).toBe(400);
    expect(JSON.parse(badSign.text())).toEqual({ code: ErrorCode.BAD_SIGN, message: expect.any(String) });

    const badToken = await openStream(port, t.client, 'not-a-token');
    await badToken.ended;
    expect(badToken.status).toBe(401);
  });

  it('refuses a book_id the caller is not in with 404, as the book calls do', async () => {
    const outsider = await buildUser(t);
    const s = await openStream(port, t.client, outsider.token, `?book_id=${bookId}`);
    await s.ended;
    expect(s.status).toBe(404);
    expect(JSON.parse(s.text())).toMatchObject({ code: ErrorCode.BOOK_NOT_FOUND, message: expect.any(String) });
    const unknown = await openStream(port, t.client, a.token, '?book_id=999999999');
    await unknown.ended;
    expect(unknown.status).toBe(404);
  });

  it('streams text/event-stream with a retry hint, and an event to a user reaches only that user', async () => {
    const mine = track(await opened(await openStream(port, t.client, a.token)));
    const mine2 = track(await opened(await openStream(port, t.client, a.token)));
    const theirs = track(await opened(await openStream(port, t.client, b.token)));
    expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers['cache-control']).toContain('no-cache');
    // Written past Fastify, it carries the headers of every answer all the same (http/security-headers.ts).
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.text()).toMatch(/^retry: \d+\n/);
    await broadcast.ready?.();

    t.built.hub.toUser(a.userid, { type: 'messages', unread: 3 });
    t.built.hub.toUser(b.userid, { type: 'messages', unread: 7 });
    await expect.poll(() => mine.events(), { timeout: 2000, interval: 10 }).toEqual([{ type: 'messages', unread: 3 }]);
    await expect.poll(() => mine2.events(), { timeout: 2000, interval: 10 }).toEqual([{ type: 'messages', unread: 3 }]);
    await expect.poll(() => theirs.events(), { timeout: 2000, interval: 10 }).toEqual([{ type: 'messages', unread: 7 }]);
    expect(mine.ids()[0]).toMatch(/^\d+$/);
    for (const s of [mine, mine2, theirs]) s.close();
  });

  it("a member's new record reaches another member's stream watching the book within 2 s; not a stream of another book", async () => {
    const watching = track(await opened(await openStream(port, t.client, a.token, `?book_id=${bookId}`)));
    const elsewhere = track(await opened(await openStream(port, t.client, a.token)));
    await broadcast.ready?.();
    const started = Date.now();
    const res = await t.client.post(ACCOUNTING_PATHS.expense, expense('by B'), inBook(b.token, bookId));
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expect
      .poll(() => watching.bookEvents(), { timeout: 2000, interval: 10 })
      .toEqual([{ type: 'book', bookId, what: 'transactions' }]);
    expect(Date.now() - started).toBeLessThan(2000);
    // A refused write raises nothing.
    const refused = await t.client.post(ACCOUNTING_PATHS.expense, { ...expense('bad'), amount: 'x' }, inBook(b.token, bookId));
    expect(refused.statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(watching.bookEvents()).toHaveLength(1);
    expect(elsewhere.bookEvents()).toEqual([]);
    watching.close();
    elsewhere.close();
  });

  it("a member's record tells the others their new unread count once it is answered", async () => {
    const mine = track(await opened(await openStream(port, t.client, a.token)));
    await broadcast.ready?.();
    // A read between writes (no store of told users: messages.service.ts) tells nobody.
    expect((await t.client.get(ACCOUNTING_PATHS.accounts, inBook(b.token, bookId))).statusCode).toBe(200);
    const res = await t.client.post(ACCOUNTING_PATHS.expense, expense('told'), inBook(b.token, bookId));
    expect(res.statusCode, res.body).toBeLessThan(300);
    const unread = (await t.client.get(MESSAGE_PATHS.userSummary, { token: a.token })).json().data.unread as number;
    expect(unread).toBeGreaterThan(0);
    await expect
      .poll(() => mine.events().filter((e) => e.type === 'messages'), { timeout: 2000, interval: 10 })
      .toEqual([{ type: 'messages', unread }]);
    mine.close();
  });

  it('a member removed from the book hears nothing more of it', async () => {
    const c = await buildUser(t);
    await addToBook(t, bookId, c.userid, 'viewer');
    const s = track(await opened(await openStream(port, t.client, c.token, `?book_id=${bookId}`)));
    await t.db.deleteFrom('book_users').where('book_id', '=', bookId).where('user_id', '=', c.userid).execute();
    t.app.answerCache?.changed(bookId);
    const watching = track(await opened(await openStream(port, t.client, a.token, `?book_id=${bookId}`)));
    await t.client.post(ACCOUNTING_PATHS.expense, expense('after removal'), inBook(b.token, bookId));
    await expect.poll(() => watching.bookEvents().length, { timeout: 2000, interval: 10 }).toBe(1);
    expect(s.bookEvents()).toEqual([]);
    s.close();
    watching.close();
  });

  it('keeps at most 5 streams per user: a sixth closes the oldest', async () => {
    const u = await buildUser(t);
    const before = t.built.hub.size;
    const six: Stream[] = [];
    for (let i = 0; i < 6; i++) six.push(track(await opened(await openStream(port, t.client, u.token))));
    await six[0]!.ended;
    expect(six.slice(1).some((s) => s.isEnded())).toBe(false);
    expect(t.built.hub.size).toBe(before + 5);
    for (const s of six) s.close();
    await expect.poll(() => t.built.hub.size, { timeout: 2000, interval: 10 }).toBe(before);
  });

  it('an event made on one instance reaches a client streaming from another (one database, one broadcast)', async () => {
    const other = await startOtherInstance(t, { broadcast });
    try {
      const otherPort = await listen(other.app);
      const s = track(await opened(await openStream(otherPort, other.client, a.token, `?book_id=${bookId}`)));
      await broadcast.ready?.();
      const res = await t.client.post(ACCOUNTING_PATHS.expense, expense('made on the first'), inBook(b.token, bookId));
      expect(res.statusCode, res.body).toBeLessThan(300);
      await expect.poll(() => s.bookEvents(), { timeout: 2000, interval: 10 }).toEqual([{ type: 'book', bookId, what: 'transactions' }]);
      // The record's own news (a's unread count) follows its answer: it comes first, then ours.
      await expect.poll(() => s.events().some((e) => e.type === 'messages'), { timeout: 2000, interval: 10 }).toBe(true);
      t.built.hub.toUser(a.userid, { type: 'messages', unread: 42 });
      await expect.poll(() => s.events().at(-1), { timeout: 2000, interval: 10 }).toEqual({ type: 'messages', unread: 42 });
    } finally {
      await other.close();
    }
  });
});

describe('heartbeats and stopping', () => {
  it('sends a comment line as heartbeat, and closing the app ends its streams at once', async () => {
    const h = await startTestApp({ CAB_LIVE_HEARTBEAT_MS: '50' });
    let closed = false;
    try {
      const p = await listen(h.app);
      const u = await buildUser(h);
      const s = await opened(await openStream(p, h.client, u.token));
      await expect.poll(() => s.text().split(': ping\n\n').length - 1, { timeout: 2000, interval: 10 }).toBeGreaterThanOrEqual(2);
      const started = Date.now();
      const closing = h.close();
      closed = true;
      await s.ended;
      expect(Date.now() - started).toBeLessThan(2000);
      await closing;
    } finally {
      if (!closed) await h.close();
    }
  });
});
