import { FORUM_PATHS, MESSAGE_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';

/** The community's writes through the real message center: what each member finds in their messages. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof buildUser>>;
type Item = { kind: string; body: string; link: string; book_id: string | null };
const messagesOf = async (u: User): Promise<Item[]> => {
  const res = await t.client.get(`${MESSAGE_PATHS.messages}?page_size=50`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('community messages', () => {
  it('a reply tells the thread author, an answer the comment author, a pin every other member; nobody is told of their own', async () => {
    const [owner, keeper, viewer] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const book = await buildBook(t, owner.token, 'family', '家庭账本');
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    await addToBook(t, book.id, viewer.userid, 'viewer');
    const thread = (
      await t.client.post(FORUM_PATHS.thread, { subject: '周末聚餐', message: '去哪吃？' }, inBook(keeper.token, book.id))
    ).json().data;
    const comment = await t.client.post(FORUM_PATHS.reply, { tid: thread.tid, message: '火锅' }, inBook(viewer.token, book.id));
    expect(comment.statusCode, comment.body).toBe(201);
    t.clock.advance(1000);
    const answer = await t.client.post(
      FORUM_PATHS.reply,
      { tid: thread.tid, message: '好', pid: comment.json().data.pid },
      inBook(owner.token, book.id),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    t.clock.advance(1000);
    expect((await t.client.put(FORUM_PATHS.operate, { tid: thread.tid, action: 'pin' }, inBook(owner.token, book.id))).statusCode).toBe(
      200,
    );

    const link = `community/detail?tid=${thread.tid}&bookId=${book.id}`;
    const kinds = (items: Item[]) => items.map((m) => m.kind).sort();
    const keeperGot = await messagesOf(keeper);
    expect(kinds(keeperGot)).toEqual(['community.pinned', 'community.reply']);
    expect(keeperGot.find((m) => m.kind === 'community.reply')).toMatchObject({ link, book_id: book.id });
    expect(keeperGot.find((m) => m.kind === 'community.reply')!.body).toContain('周末聚餐');
    const viewerGot = await messagesOf(viewer);
    expect(kinds(viewerGot)).toEqual(['community.comment', 'community.pinned']);
    expect(kinds((await messagesOf(owner)).filter((m) => m.kind.startsWith('community.')))).toEqual([]);
  });
});
