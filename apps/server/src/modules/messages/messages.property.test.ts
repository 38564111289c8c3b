import { MESSAGE_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { MessagesRepository } from './messages.repository.ts';
import { MessagesService } from './messages.service.ts';
import type { NewMessage } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** mulberry32: a seeded PRNG, so a failing sequence replays. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

it('keeps the summaries equal to a brute-force count of the messages after random events, reads and deletes', async () => {
  const notifier = new MessagesService(t.db, new MessagesRepository(t.db), t.kv, t.clock);
  const users = [await buildUser(t), await buildUser(t), await buildUser(t)];
  const books = [(await buildBook(t, users[0]!.token)).id, (await buildBook(t, users[1]!.token)).id];
  const rnd = prng(20240614);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const bookOrNone = () => (rnd() < 0.25 ? null : pick(books));

  const check = async () => {
    for (const u of users) {
      const rows = await t.db.selectFrom('messages').select(['book_id', 'state']).where('user_id', '=', u.userid).execute();
      const unread = rows.filter((r) => r.state === 'unread').length;
      const s = (await t.client.get(MESSAGE_PATHS.userSummary, { token: u.token })).json().data;
      expect(s).toEqual({
        items: [
          { msg_state: 'unread', msg_num: unread },
          { msg_state: 'read', msg_num: rows.length - unread },
        ],
        unread,
      });
      const per = (await t.client.get(MESSAGE_PATHS.bookSummary, { token: u.token })).json().data as Array<{
        book_id: string | null;
        msg_num: number;
        total: number;
      }>;
      const want = new Map<string | null, { msg_num: number; total: number }>();
      for (const r of rows) {
        const w = want.get(r.book_id) ?? { msg_num: 0, total: 0 };
        w.total++;
        if (r.state === 'unread') w.msg_num++;
        want.set(r.book_id, w);
      }
      expect(new Map(per.map((p) => [p.book_id, { msg_num: p.msg_num, total: p.total }]))).toEqual(want);
      for (const p of per) expect(p.msg_num).toBeGreaterThanOrEqual(0);
    }
  };

  for (let step = 0; step < 300; step++) {
    const u = pick(users);
    const o = { token: u.token };
    const r = rnd();
    if (r < 0.35) {
      const n = 1 + Math.floor(rnd() * 3);
      const batched = rnd() < 0.4;
      await t.db.transaction().execute((tx) =>
        notifier.notify(
          tx,
          Array.from({ length: n }, (): NewMessage => {
            const book = batched ? pick(books) : bookOrNone();
            return batched
              ? {
                  userId: u.userid,
                  bookId: book,
                  kind: 'book.recorded' as const,
                  params: { recorderId: pick(users).userid, nickname: 'x', bookName: 'b' },
                }
              : { userId: u.userid, bookId: book, kind: 'member.joined' as const, params: { nickname: 'x', bookName: 'b' } };
          }),
        ),
      );
    } else if (r < 0.55) {
      const mine = await t.db.selectFrom('messages').select('id').where('user_id', '=', u.userid).execute();
      const id = mine.length && rnd() < 0.9 ? pick(mine).id : '999999999';
      const res = await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: id }), {}, o);
      expect(res.statusCode).toBe(id === '999999999' ? 404 : 200);
    } else if (r < 0.65) {
      await t.client.patch(MESSAGE_PATHS.readBook, { account_book_id: pick(books) }, o);
    } else if (r < 0.7) {
      expect((await t.client.patch(MESSAGE_PATHS.readAll, {}, o)).json().data.unread).toBe(0);
      expect((await t.client.get(MESSAGE_PATHS.userSummary, o)).json().data.unread).toBe(0);
    } else if (r < 0.85) {
      const mine = await t.db.selectFrom('messages').select('id').where('user_id', '=', u.userid).execute();
      if (mine.length)
        expect((await t.client.patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: pick(mine).id }), {}, o)).statusCode).toBe(200);
    } else if (r < 0.9) {
      await t.client.patch(MESSAGE_PATHS.deleteBook, { account_book_id: pick(books) }, o);
    } else {
      // Paging the list in small pages sees every message once, newest first, the last flagged.
      const all = await t.db.selectFrom('messages').select('id').where('user_id', '=', u.userid).orderBy('id', 'desc').execute();
      const seen: string[] = [];
      let last: string | null = null;
      for (;;) {
        const page: { data: Array<{ msg_id: string; lastOne?: boolean }>; paging: { has_more: boolean; last_id: string | null } } = (
          await t.client.get(`${MESSAGE_PATHS.messages}?page_size=4${last ? `&last_id=${last}` : ''}`, o)
        ).json();
        seen.push(...page.data.map((m: { msg_id: string }) => m.msg_id));
        if (!page.paging.has_more) {
          if (page.data.length) expect(page.data.at(-1)?.lastOne).toBe(true);
          break;
        }
        last = page.paging.last_id;
      }
      expect(seen).toEqual(all.map((m) => m.id));
    }
    await check();
  }
  // The batched messages count their records: the counts of unread batches sum the records told.
  const counts = await t.db.selectFrom('messages').select(['kind', 'count']).where('kind', '=', 'book.recorded').execute();
  expect(counts.every((c) => c.count >= 1)).toBe(true);
}, 120_000);
