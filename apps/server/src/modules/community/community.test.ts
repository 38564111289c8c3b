import { ErrorCode, FORUM_PATHS, FORUM_POST_WINDOW_MS, FORUM_POSTS_PER_WINDOW, bookPath, type Comment, type Thread } from '@cab/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildRole, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import { publishOfficial, withdrawOfficial } from './official.command.ts';

/** Records what the community tells the message center, and that it is told inside the write's transaction. */
const sent: NewMessage[] = [];
const recorder: Notifier = {
  notify: async (db, messages) => {
    expect(db.isTransaction).toBe(true);
    sent.push(...messages);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { notifier: recorder });
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
  // Each test starts with fresh posting and sign-in windows (buildUser sends codes from one address).
  t.clock.advance(60 * 60_000 + 1);
});

type User = Awaited<ReturnType<typeof buildUser>>;
const P = FORUM_PATHS;
const threads = (u: User, bookId: string, query = '') => t.client.get(`${P.threads}${query ? `?${query}` : ''}`, inBook(u.token, bookId));
const detail = (u: User, bookId: string, tid: string, scene = 'book') =>
  t.client.get(bookPath(P.threadDetail, { scene, tid }), inBook(u.token, bookId));
const post = (u: User, bookId: string, body: unknown) => t.client.post(P.thread, body, inBook(u.token, bookId));
const edit = (u: User, bookId: string, tid: string, body: unknown) =>
  t.client.put(bookPath(P.threadById, { tid }), body, inBook(u.token, bookId));
const remove = (u: User, bookId: string, tid: string) =>
  t.client.delete(bookPath(P.threadById, { tid }), undefined, inBook(u.token, bookId));
const operate = (u: User, bookId: string, body: unknown) => t.client.put(P.operate, body, inBook(u.token, bookId));
const reply = (u: User, bookId: string, body: unknown) => t.client.post(P.reply, body, inBook(u.token, bookId));
const comments = (u: User, bookId: string, query: string) => t.client.get(`${P.comments}?${query}`, inBook(u.token, bookId));
const events = (u: User, bookId: string, query = '') => t.client.get(`${P.events}${query ? `?${query}` : ''}`, inBook(u.token, bookId));

async function posted(u: User, bookId: string, subject: string, extra: Record<string, unknown> = {}): Promise<Thread> {
  const res = await post(u, bookId, { subject, message: `${subject} 的内容`, tags: [], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A book with its owner, an admin, a bookkeeper and a viewer. */
async function family() {
  const owner = await buildUser(t);
  const book = await buildBook(t, owner.token, 'family', '家庭账本');
  const [admin, keeper, viewer] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  await addToBook(t, book.id, admin.userid, 'admin');
  await addToBook(t, book.id, keeper.userid, 'bookkeeper');
  await addToBook(t, book.id, viewer.userid, 'viewer');
  return { owner, admin, keeper, viewer, bookId: book.id };
}

const nick = async (u: User) =>
  (await t.db.selectFrom('users').select('nickname').where('id', '=', u.userid).executeTakeFirstOrThrow()).nickname;

async function rowCounts() {
  const n = async (table: 'community_threads' | 'community_comments' | 'community_events') =>
    String(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('community_threads'), await n('community_comments'), await n('community_events')];
}

describe('threads', () => {
  it('are posted, listed and read by the book members, text stored as given, with what each may do', async () => {
    const { owner, keeper, viewer, bookId } = await family();
    const subject = '<b>周末聚餐</b> & AA';
    const res = await post(keeper, bookId, {
      subject: `  ${subject}  `,
      message: '第一行\n<script>alert(1)</script>',
      tags: ['聚餐', '聚餐', 'AA'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const thread = res.json().data as Thread;
    expect(thread).toMatchObject({
      scene: 'book',
      subject,
      message: '第一行\n<script>alert(1)</script>',
      tags: ['聚餐', 'AA'],
      author: { user_id: keeper.userid },
      pinned: false,
      reply_count: 0,
      mine: true,
      can_edit: true,
      can_delete: true,
      can_pin: false,
    });
    expect(thread.last_activity_at).toBe(thread.created_at);
    const seenByOwner = (await detail(owner, bookId, thread.tid)).json().data as Thread;
    expect(seenByOwner).toMatchObject({ mine: false, can_edit: false, can_delete: true, can_pin: true });
    const seenByViewer = (await detail(viewer, bookId, thread.tid)).json().data as Thread;
    expect(seenByViewer).toMatchObject({ mine: false, can_edit: false, can_delete: false, can_pin: false });
    const list = (await threads(viewer, bookId)).json();
    expect(list.data.map((x: Thread) => x.tid)).toEqual([thread.tid]);
    expect(list.paging).toEqual({ has_more: false, cursor: null });
  });

  it('refuse outsiders (404), members without 02 (403), the logged out (401) and unknown tids (404), changing nothing', async () => {
    const { owner, bookId } = await family();
    const thread = await posted(owner, bookId, '只给成员看');
    const outsider = await buildUser(t);
    const nobody = await buildUser(t);
    await addToBook(t, bookId, nobody.userid, { roleId: await buildRole(t, bookId, []) });
    const before = await rowCounts();
    for (const u of [outsider, nobody]) {
      const status = u === outsider ? 404 : 403;
      const code = u === outsider ? ErrorCode.BOOK_NOT_FOUND : ErrorCode.FORBIDDEN;
      expectRefused(await threads(u, bookId), status, code);
      expectRefused(await threads(u, bookId, 'tab=notice'), status, code);
      expectRefused(await detail(u, bookId, thread.tid), status, code);
      // The book is checked before the request is read: a bad query or tid tells them nothing.
      expectRefused(await threads(u, bookId, 'page_size=0'), status, code);
      expectRefused(await detail(u, bookId, 'abc'), status, code);
      expectRefused(await comments(u, bookId, `tid=${thread.tid}`), status, code);
      expectRefused(await events(u, bookId), status, code);
      expectRefused(await post(u, bookId, { subject: 'x', message: 'y' }), status, code);
      expectRefused(await reply(u, bookId, { tid: thread.tid, message: 'y' }), status, code);
      expectRefused(await edit(u, bookId, thread.tid, { subject: 'x', message: 'y' }), status, code);
      expectRefused(await remove(u, bookId, thread.tid), status, code);
      expectRefused(await operate(u, bookId, { tid: thread.tid, action: 'pin' }), status, code);
    }
    expectRefused(await t.client.get(P.threads, { headers: { 'trading-entity': bookId } }), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(
      await t.client.post(P.thread, { subject: 'x', message: 'y' }, { headers: { 'trading-entity': bookId } }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    expectRefused(await t.client.get(P.events, { headers: { 'trading-entity': bookId } }), 401, ErrorCode.UNAUTHORIZED);
    // Another book's thread is unknown here.
    const other = await buildBook(t, owner.token);
    expectRefused(await detail(owner, other.id, thread.tid), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await edit(owner, other.id, thread.tid, { subject: 'x', message: 'y' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await detail(owner, bookId, '9223372036854775807'), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await reply(owner, bookId, { tid: '424242', message: 'y' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await comments(owner, bookId, 'tid=424242'), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await operate(owner, bookId, { tid: '424242', action: 'pin' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await remove(owner, bookId, '424242'), 404, ErrorCode.THREAD_NOT_FOUND);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuse bad input with {code, message} in the caller language, changing nothing', async () => {
    const { owner, bookId } = await family();
    const thread = await posted(owner, bookId, '原来的标题');
    const before = await rowCounts();
    const bad: unknown[] = [
      { subject: '', message: 'm' },
      { subject: '   ', message: 'm' },
      { subject: '字'.repeat(61), message: 'm' },
      { subject: 's', message: '' },
      { subject: 's', message: '字'.repeat(5001) },
      { subject: 's', message: 'm', tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { subject: 's', message: 'm', tags: ['十一个字十一个字十一个'] },
      { subject: 's', message: 'm', tags: [''] },
      { subject: 'a\u0000b', message: 'm' },
      { subject: 'a\nb', message: 'm' },
      { subject: 's', message: 'a\u0007b' },
      { subject: 42, message: 'm' },
      { message: 'm' },
    ];
    for (const body of bad) {
      const res = await post(owner, bookId, body);
      expectRefused(res, 400, ErrorCode.VALIDATION);
      expectRefused(await edit(owner, bookId, thread.tid, body), 400, ErrorCode.VALIDATION);
    }
    const zh = await post(owner, bookId, { subject: '', message: 'm' });
    expect(zh.json().message).toMatch(/[\u4e00-\u9fff]/);
    // 60 and 5000 characters and five tags of ten fit; a multi-line message keeps its lines.
    expect(
      (
        await post(owner, bookId, {
          subject: '字'.repeat(60),
          message: '字'.repeat(5000),
          tags: ['一二三四五六七八九十', 'b', 'c', 'd', 'e'],
        })
      ).statusCode,
    ).toBe(201);
    await t.db.deleteFrom('community_threads').where('subject', '=', '字'.repeat(60)).execute();
    await t.db.deleteFrom('community_events').where('thread_id', 'not in', t.db.selectFrom('community_threads').select('id')).execute();
    expectRefused(await detail(owner, bookId, 'abc'), 400, ErrorCode.VALIDATION);
    expectRefused(await detail(owner, bookId, thread.tid, 'club'), 400, ErrorCode.VALIDATION);
    expectRefused(await edit(owner, bookId, '0', { subject: 's', message: 'm' }), 400, ErrorCode.VALIDATION);
    expectRefused(await threads(owner, bookId, 'tab=hot'), 400, ErrorCode.VALIDATION);
    expectRefused(await threads(owner, bookId, 'page_size=0'), 400, ErrorCode.VALIDATION);
    expectRefused(await threads(owner, bookId, 'page_size=51'), 400, ErrorCode.VALIDATION);
    expectRefused(await threads(owner, bookId, 'cursor=nonsense'), 400, ErrorCode.VALIDATION);
    expectRefused(await comments(owner, bookId, `tid=${thread.tid}&page_size=abc`), 400, ErrorCode.VALIDATION);
    expectRefused(await comments(owner, bookId, `tid=${thread.tid}&pid=-1`), 400, ErrorCode.VALIDATION);
    expectRefused(await comments(owner, bookId, 'pid=0'), 400, ErrorCode.VALIDATION);
    expectRefused(await events(owner, bookId, 'page_size=100'), 400, ErrorCode.VALIDATION);
    expectRefused(await operate(owner, bookId, { tid: thread.tid, action: 'stick' }), 400, ErrorCode.VALIDATION);
    expectRefused(await operate(owner, bookId, { tid: thread.tid, action: 'pin', operates: 'banner' }), 400, ErrorCode.VALIDATION);
    expectRefused(await operate(owner, bookId, { tid: 'x', action: 'pin' }), 400, ErrorCode.VALIDATION);
    expectRefused(await reply(owner, bookId, { tid: thread.tid, message: '' }), 400, ErrorCode.VALIDATION);
    expectRefused(await reply(owner, bookId, { tid: thread.tid, message: '字'.repeat(5001) }), 400, ErrorCode.VALIDATION);
    expectRefused(await reply(owner, bookId, { tid: thread.tid, message: 'x', pid: 'a' }), 400, ErrorCode.VALIDATION);
    expect(await rowCounts()).toEqual(before);
    expect((await detail(owner, bookId, thread.tid)).json().data.subject).toBe('原来的标题');
  });

  it('are edited by their author only, and deleted by the author or a manager; a deleted thread and its comments are gone', async () => {
    const { owner, admin, keeper, viewer, bookId } = await family();
    const mine = await posted(keeper, bookId, '记账分工');
    t.clock.advance(1000);
    const edited = await edit(keeper, bookId, mine.tid, { subject: '记账分工（改）', message: '新的内容', tags: ['分工'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ subject: '记账分工（改）', message: '新的内容', tags: ['分工'] });
    expect(edited.json().data.updated_at).toBeGreaterThan(mine.updated_at);
    for (const u of [owner, admin, viewer]) {
      const refused = await edit(u, bookId, mine.tid, { subject: '别人改的', message: 'x' });
      expectRefused(refused, 403, ErrorCode.FORBIDDEN);
      expect(refused.json().message).toBe('只能编辑自己发的帖子');
    }
    const en = await edit(owner, bookId, mine.tid, { subject: '别人改的', message: 'x' });
    expect(en.json().message).not.toMatch(/edit your own/); // zh-CN by default
    const english = await t.client.put(
      bookPath(P.threadById, { tid: mine.tid }),
      { subject: 'x', message: 'y' },
      { ...inBook(owner.token, bookId), locale: 'en' },
    );
    expect(english.json().message).toBe('You can only edit your own posts');

    expectRefused(await remove(viewer, bookId, mine.tid), 403, ErrorCode.FORBIDDEN);
    const viewersOwn = await posted(viewer, bookId, '观察员的帖子');
    await reply(keeper, bookId, { tid: viewersOwn.tid, message: '评论一下' });
    expect((await remove(viewer, bookId, viewersOwn.tid)).statusCode).toBe(204);
    expect((await remove(admin, bookId, mine.tid)).statusCode).toBe(204);
    expectRefused(await detail(owner, bookId, mine.tid), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await comments(owner, bookId, `tid=${viewersOwn.tid}`), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await reply(owner, bookId, { tid: viewersOwn.tid, message: '还在吗' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await edit(keeper, bookId, mine.tid, { subject: 's', message: 'm' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await remove(keeper, bookId, mine.tid), 404, ErrorCode.THREAD_NOT_FOUND);
    expect((await threads(owner, bookId)).json().data).toEqual([]);
    expect((await events(owner, bookId)).json().data).toEqual([]);
  });
});

describe('notices', () => {
  it('are pinned by managers only, come first in top and alone in notice, and everyone else is told', async () => {
    const { owner, admin, keeper, viewer, bookId } = await family();
    const first = await posted(keeper, bookId, '第一帖');
    t.clock.advance(1000);
    const second = await posted(viewer, bookId, '第二帖');
    t.clock.advance(1000);
    const third = await posted(keeper, bookId, '第三帖');

    const refused = await operate(viewer, bookId, { tid: first.tid, action: 'pin', operates: 'notice' });
    expectRefused(refused, 403, ErrorCode.FORBIDDEN);
    expect(refused.json().message).toBe('只有账本管理员可以设置公告');
    expectRefused(await operate(keeper, bookId, { tid: first.tid, action: 'pin' }), 403, ErrorCode.FORBIDDEN);
    expect(sent).toEqual([]);

    const pinned = await operate(admin, bookId, { tid: first.tid, action: 'pin', operates: 'notice' });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().data).toMatchObject({ tid: first.tid, pinned: true, can_pin: true });
    expect(sent.map((m) => m.userId).sort()).toEqual([owner.userid, keeper.userid, viewer.userid].sort());
    expect(sent[0]).toMatchObject({
      bookId,
      kind: 'community.pinned',
      params: { bookName: '家庭账本', subject: '第一帖', nickname: await nick(admin), tid: first.tid },
      link: `community/detail?tid=${first.tid}&bookId=${bookId}`,
    });
    // Pinning again changes nothing and tells nobody again.
    sent.length = 0;
    expect((await operate(owner, bookId, { tid: first.tid, action: 'pin' })).statusCode).toBe(200);
    expect(sent).toEqual([]);

    const top = (await threads(viewer, bookId, 'tab=top')).json().data as Thread[];
    expect(top.map((x) => x.subject)).toEqual(['第一帖', '第三帖', '第二帖']);
    expect((await threads(viewer, bookId, 'tab=notice')).json().data.map((x: Thread) => x.tid)).toEqual([first.tid]);

    expect((await operate(owner, bookId, { tid: first.tid, action: 'unpin' })).json().data.pinned).toBe(false);
    expect(sent).toEqual([]);
    expect((await threads(viewer, bookId, 'tab=notice')).json().data).toEqual([]);
    expect((await threads(viewer, bookId)).json().data.map((x: Thread) => x.tid)).toEqual([third.tid, second.tid, first.tid]);
  });
});

describe('comments', () => {
  it('are posted and read by pid, counted on the thread, move it up, and tell the author of what was answered', async () => {
    const { owner, keeper, viewer, bookId } = await family();
    const thread = await posted(keeper, bookId, '买菜预算');
    t.clock.advance(1000);
    const later = await posted(viewer, bookId, '后来的帖子');
    t.clock.advance(1000);

    const c1 = await reply(owner, bookId, { tid: thread.tid, message: '每周 500 够吗？' });
    expect(c1.statusCode, c1.body).toBe(201);
    const comment = c1.json().data as Comment;
    expect(comment).toMatchObject({
      tid: thread.tid,
      parent_pid: '0',
      message: '每周 500 够吗？',
      mine: true,
      reply_count: 0,
      author: { user_id: owner.userid },
    });
    expect(sent).toEqual([
      {
        userId: keeper.userid,
        bookId,
        kind: 'community.reply',
        params: { bookName: '家庭账本', subject: '买菜预算', nickname: await nick(owner), tid: thread.tid, pid: comment.pid },
        link: `community/detail?tid=${thread.tid}&bookId=${bookId}`,
      },
    ]);
    sent.length = 0;
    // The author answering their own thread is told nothing.
    await reply(keeper, bookId, { tid: thread.tid, message: '我自己补充一句' });
    expect(sent).toEqual([]);
    // An answer to a comment tells that comment's author.
    t.clock.advance(1000);
    const answer = await reply(viewer, bookId, { tid: thread.tid, message: '够了', pid: comment.pid });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data).toMatchObject({ parent_pid: comment.pid });
    expect(sent).toEqual([
      expect.objectContaining({
        userId: owner.userid,
        kind: 'community.comment',
        params: expect.objectContaining({ subject: '买菜预算', nickname: await nick(viewer) }),
      }),
    ]);

    const top = (await comments(viewer, bookId, `tid=${thread.tid}`)).json();
    expect(top.data.map((c: Comment) => [c.message, c.reply_count, c.mine])).toEqual([
      ['每周 500 够吗？', 1, false],
      ['我自己补充一句', 0, false],
    ]);
    expect(top.paging).toEqual({ has_more: false, cursor: null });
    const replies = (await comments(viewer, bookId, `tid=${thread.tid}&pid=${comment.pid}`)).json().data as Comment[];
    expect(replies.map((c) => [c.message, c.mine, c.reply_to])).toEqual([['够了', true, null]]);

    // Answering a reply: listed under the same comment, naming the reply; its author is told.
    sent.length = 0;
    const deeper = await reply(owner, bookId, { tid: thread.tid, message: '那就这么定', pid: replies[0]!.pid });
    expect(deeper.statusCode, deeper.body).toBe(201);
    expect(deeper.json().data).toMatchObject({ parent_pid: comment.pid, reply_to: { pid: replies[0]!.pid, nickname: await nick(viewer) } });
    expect(sent).toEqual([expect.objectContaining({ userId: viewer.userid, kind: 'community.comment' })]);
    const both = (await comments(keeper, bookId, `tid=${thread.tid}&pid=${comment.pid}`)).json().data as Comment[];
    expect(both.map((c) => [c.message, c.reply_to?.pid ?? null])).toEqual([
      ['够了', null],
      ['那就这么定', replies[0]!.pid],
    ]);
    expect((await comments(keeper, bookId, `tid=${thread.tid}`)).json().data[0].reply_count).toBe(2);

    const seen = (await detail(viewer, bookId, thread.tid)).json().data as Thread;
    expect(seen.reply_count).toBe(4);
    expect(seen.last_activity_at).toBeGreaterThan(later.created_at);
    expect((await threads(viewer, bookId)).json().data.map((x: Thread) => x.tid)).toEqual([thread.tid, later.tid]);

    // Unknown comments, and comments of another thread, are refused.
    expectRefused(await reply(owner, bookId, { tid: thread.tid, message: 'x', pid: '424242' }), 404, ErrorCode.COMMENT_NOT_FOUND);
    expectRefused(await reply(owner, bookId, { tid: later.tid, message: 'x', pid: comment.pid }), 404, ErrorCode.COMMENT_NOT_FOUND);
    expectRefused(await comments(owner, bookId, `tid=${later.tid}&pid=${comment.pid}`), 404, ErrorCode.COMMENT_NOT_FOUND);
  });

  it('page 20 at a time by default, without duplicates or gaps', async () => {
    const { owner, bookId } = await family();
    const thread = await posted(owner, bookId, '接龙');
    // Written straight in (the posting limit is tested on its own), in one millisecond.
    const at = new Date(t.clock.now());
    for (let i = 0; i < 45; i++) {
      await t.db
        .insertInto('community_comments')
        .values({ book_id: bookId, thread_id: thread.tid, author_id: owner.userid, message: `第 ${i} 楼`, created_at: at })
        .execute();
    }
    const first = (await comments(owner, bookId, `tid=${thread.tid}`)).json();
    expect(first.data).toHaveLength(20);
    expect(first.paging.has_more).toBe(true);
    const seen: string[] = first.data.map((c: Comment) => c.message);
    let cursor = first.paging.cursor as string;
    for (let n = 0; n < 10 && cursor; n++) {
      const page = (await comments(owner, bookId, `tid=${thread.tid}&pid=0&page_size=7&cursor=${cursor}`)).json();
      seen.push(...page.data.map((c: Comment) => c.message));
      cursor = page.paging.has_more ? page.paging.cursor : '';
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `第 ${i} 楼`));
  });
});

describe('paging threads', () => {
  it('goes through pinned and unpinned threads, several sharing a millisecond, without duplicates or gaps', async () => {
    const { owner, bookId } = await family();
    const at = new Date(t.clock.now());
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const row = await t.db
        .insertInto('community_threads')
        .values({
          book_id: bookId,
          author_id: owner.userid,
          subject: `帖 ${i}`,
          message: 'm',
          created_at: at,
          updated_at: at,
          last_activity_at: new Date(at.getTime() + (i % 4)),
          pinned: i % 5 === 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const all = (await threads(owner, bookId, 'page_size=50')).json().data as Thread[];
    expect(all).toHaveLength(23);
    expect(all.slice(0, 5).every((x) => x.pinned)).toBe(true);
    const seen: string[] = [];
    let query = 'page_size=4';
    for (let n = 0; n < 10; n++) {
      const page = (await threads(owner, bookId, query)).json();
      seen.push(...page.data.map((x: Thread) => x.tid));
      if (!page.paging.has_more) break;
      query = `page_size=4&cursor=${page.paging.cursor}`;
    }
    expect(seen).toEqual(all.map((x) => x.tid));
    expect(new Set(seen).size).toBe(23);
    const notices: string[] = [];
    query = 'tab=notice&page_size=2';
    for (let n = 0; n < 10; n++) {
      const page = (await threads(owner, bookId, query)).json();
      notices.push(...page.data.map((x: Thread) => x.tid));
      if (!page.paging.has_more) break;
      query = `tab=notice&page_size=2&cursor=${page.paging.cursor}`;
    }
    expect(notices).toEqual(all.slice(0, 5).map((x) => x.tid));
  });
});

describe('posting', () => {
  it(`is limited to ${FORUM_POSTS_PER_WINDOW} threads and replies a minute per user, with 429 in the caller's language`, async () => {
    const { owner, keeper, bookId } = await family();
    const thread = await posted(owner, bookId, '刷屏测试');
    for (let i = 1; i < FORUM_POSTS_PER_WINDOW; i++)
      expect((await reply(owner, bookId, { tid: thread.tid, message: `${i}` })).statusCode).toBe(201);
    const before = await rowCounts();
    const refused = await post(owner, bookId, { subject: '再发一帖', message: 'm' });
    expectRefused(refused, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(refused.json().message).toBe('发得太频繁了，请过一分钟再试');
    expectRefused(await reply(owner, bookId, { tid: thread.tid, message: '再评一条' }), 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(await rowCounts()).toEqual(before);
    // Someone else still may; the same user may again after the window.
    expect((await reply(keeper, bookId, { tid: thread.tid, message: '我可以' })).statusCode).toBe(201);
    t.clock.advance(FORUM_POST_WINDOW_MS + 1);
    expect((await post(owner, bookId, { subject: '过了一分钟', message: 'm' })).statusCode).toBe(201);
  });
});

describe('the official tab', () => {
  it('is read by every signed-in user, in any book or none, and written only by the operator command', async () => {
    const { owner, bookId } = await family();
    const stranger = await buildUser(t);
    t.clock.advance(1000);
    const tid = await publishOfficial(t.db, '# 新版本上线\n\n记账更快了。\n<b>欢迎反馈</b>', new Date(t.clock.now()));
    await expect(publishOfficial(t.db, '\n没有标题')).rejects.toThrow(/subject/);
    const list = (await t.client.get(`${P.threads}?tab=official`, { token: stranger.token })).json().data as Thread[];
    const mine = list.find((x) => x.tid === tid)!;
    expect(mine).toMatchObject({
      scene: 'official',
      subject: '新版本上线',
      message: '记账更快了。\n<b>欢迎反馈</b>',
      author: { user_id: '0' },
      mine: false,
      can_edit: false,
      can_delete: false,
      can_pin: false,
    });
    const read = await t.client.get(bookPath(P.threadDetail, { scene: 'official', tid }), { token: stranger.token });
    expect(read.statusCode, read.body).toBe(200);
    expect((await t.client.get(bookPath(P.threadDetail, { scene: 'official', tid }), inBook(owner.token, bookId))).statusCode).toBe(200);
    expectRefused(await t.client.get(`${P.threads}?tab=official`), 401, ErrorCode.UNAUTHORIZED);
    // The book's tabs and the API's writes do not reach it.
    expect((await threads(owner, bookId)).json().data.map((x: Thread) => x.tid)).not.toContain(tid);
    expectRefused(await detail(owner, bookId, tid, 'book'), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await edit(owner, bookId, tid, { subject: '改官方', message: 'm' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await remove(owner, bookId, tid), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await operate(owner, bookId, { tid, action: 'pin' }), 404, ErrorCode.THREAD_NOT_FOUND);
    expectRefused(await reply(owner, bookId, { tid, message: '评论官方' }), 404, ErrorCode.THREAD_NOT_FOUND);
    // A book's thread is not official.
    const own = await posted(owner, bookId, '账本的帖子');
    expectRefused(
      await t.client.get(bookPath(P.threadDetail, { scene: 'official', tid: own.tid }), { token: stranger.token }),
      404,
      ErrorCode.THREAD_NOT_FOUND,
    );
    expect(await withdrawOfficial(t.db, tid)).toBe(true);
    expect(await withdrawOfficial(t.db, tid)).toBe(false);
    expectRefused(
      await t.client.get(bookPath(P.threadDetail, { scene: 'official', tid }), { token: stranger.token }),
      404,
      ErrorCode.THREAD_NOT_FOUND,
    );
  });
});

describe('events', () => {
  it("page the book's happenings newest first: posted, pinned, unpinned, commented", async () => {
    const { owner, keeper, bookId } = await family();
    const thread = await posted(keeper, bookId, '事件帖');
    t.clock.advance(10);
    await operate(owner, bookId, { tid: thread.tid, action: 'pin' });
    t.clock.advance(10);
    const c = (await reply(owner, bookId, { tid: thread.tid, message: '好' })).json().data as Comment;
    t.clock.advance(10);
    await operate(owner, bookId, { tid: thread.tid, action: 'unpin' });
    const first = (await events(keeper, bookId, 'page_size=3')).json();
    expect(first.data.map((e: { kind: string }) => e.kind)).toEqual(['thread.unpinned', 'comment.posted', 'thread.pinned']);
    expect(first.data[1]).toMatchObject({ tid: thread.tid, pid: c.pid, subject: '事件帖', actor: { user_id: owner.userid } });
    expect(first.paging.has_more).toBe(true);
    const second = (await events(keeper, bookId, `page_size=3&cursor=${first.paging.cursor}`)).json();
    expect(second.data).toEqual([
      expect.objectContaining({ kind: 'thread.posted', pid: null, actor: expect.objectContaining({ user_id: keeper.userid }) }),
    ]);
    expect(second.paging).toEqual({ has_more: false, cursor: null });
    // Another book's events are its own.
    const other = await buildBook(t, owner.token);
    expect((await events(owner, other.id)).json().data).toEqual([]);
  });
});
