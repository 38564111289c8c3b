import { PAGE_ROUTES } from '../home/operation-input.ts';
import { ACCOUNTING_PATHS, ErrorCode, MEMBER_PATHS, MESSAGE_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused, roleIdOf } from '../../../test/members.ts';
import { MessagesRepository } from './messages.repository.ts';
import { MessagesService } from './messages.service.ts';

let t: TestApp;
let notifier: MessagesService;
beforeAll(async () => {
  t = await startTestApp();
  notifier = new MessagesService(t.db, new MessagesRepository(t.db), t.kv, t.clock);
});
afterAll(() => t.close());

type Item = {
  msg_id: string;
  msg_state: string;
  kind: string;
  title: string;
  body: string;
  book_id: string | null;
  count: number;
  lastOne?: boolean;
};
const summary = async (token: string) => (await t.client.get(MESSAGE_PATHS.userSummary, { token })).json().data;
const list = async (
  token: string,
  query = '',
  locale?: 'en' | 'zh-CN',
): Promise<{ data: Item[]; paging: { has_more: boolean; last_id: string | null } }> => {
  const res = await t.client.get(`${MESSAGE_PATHS.messages}${query ? `?${query}` : ''}`, { token, ...(locale ? { locale } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const tell = (userId: string, bookId: string | null, n = 1) =>
  t.db.transaction().execute((tx) =>
    notifier.notify(
      tx,
      Array.from({ length: n }, (_, i) => ({ userId, bookId, kind: 'member.removed' as const, params: { bookName: `B${i}` } })),
    ),
  );

describe('the message calls', () => {
  it('all need a login', async () => {
    for (const [m, url] of [
      ['GET', MESSAGE_PATHS.userSummary],
      ['GET', MESSAGE_PATHS.bookSummary],
      ['PATCH', MESSAGE_PATHS.readAll],
      ['PATCH', MESSAGE_PATHS.readBook],
      ['PATCH', MESSAGE_PATHS.deleteBook],
      ['GET', MESSAGE_PATHS.messages],
      ['PATCH', bookPath(MESSAGE_PATHS.readOne, { msg_id: '1' })],
      ['PATCH', bookPath(MESSAGE_PATHS.deleteOne, { msg_id: '1' })],
      ['POST', MESSAGE_PATHS.report],
    ] as const)
      expectRefused(await t.client.call(m, url, m === 'GET' ? undefined : {}), 401, ErrorCode.UNAUTHORIZED);
  });

  it('summarise, list, read and delete the caller own messages; another user gets 404', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const book = await buildBook(t, a.token, 'family', '家');
    expect(await summary(a.token)).toEqual({
      items: [
        { msg_state: 'unread', msg_num: 0 },
        { msg_state: 'read', msg_num: 0 },
      ],
      unread: 0,
    });
    await tell(a.userid, book.id, 3);
    await tell(a.userid, null, 2);
    expect((await summary(a.token)).unread).toBe(5);
    const perBook = (await t.client.get(MESSAGE_PATHS.bookSummary, { token: a.token })).json().data;
    expect(perBook.map((r: { book_id: string | null; msg_num: number; book_name: string }) => [r.book_id, r.msg_num, r.book_name])).toEqual(
      [
        [null, 2, ''],
        [book.id, 3, '家'],
      ],
    );
    expect(perBook[1].latest).toMatchObject({ kind: 'member.removed', title: '你已被移出账本' });
    const all = await list(a.token, '', 'en');
    expect(all.data).toHaveLength(5);
    expect(all.data[0]).toMatchObject({
      title: 'Removed from a book',
      body: 'You were removed from the book "B1"',
      msg_state: 'unread',
      count: 1,
    });
    expect(all.data.at(-1)!.lastOne).toBe(true);
    expect((await list(a.token, `account_book_id=${book.id}`)).data.every((m) => m.book_id === book.id)).toBe(true);
    // B has nothing; a book B is not in has no messages of B's.
    expect((await list(b.token, `account_book_id=${book.id}`)).data).toEqual([]);

    const first = all.data[0]!.msg_id;
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: first }), {}, { token: b.token }),
      404,
      ErrorCode.MESSAGE_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: first }), {}, { token: b.token }),
      404,
      ErrorCode.MESSAGE_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: '999999999' }), {}, { token: a.token }),
      404,
      ErrorCode.MESSAGE_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: 'x' }), {}, { token: a.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: '0' }), {}, { token: a.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(await t.client.patch(MESSAGE_PATHS.readBook, { account_book_id: 'abc' }, { token: a.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.patch(MESSAGE_PATHS.deleteBook, {}, { token: a.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(`${MESSAGE_PATHS.messages}?page_size=0`, { token: a.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(`${MESSAGE_PATHS.messages}?account_book_id=-1`, { token: a.token }), 400, ErrorCode.VALIDATION);
    expect((await summary(a.token)).unread).toBe(5);

    const read = await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: first }), {}, { token: a.token });
    expect(read.json().data).toEqual({ changed: 1, unread: 4 });
    // Reading it again lowers nothing.
    expect((await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: first }), {}, { token: a.token })).json().data).toEqual({
      changed: 0,
      unread: 4,
    });
    expect((await t.client.patch(MESSAGE_PATHS.readBook, { account_book_id: book.id }, { token: a.token })).json().data).toEqual({
      changed: 3,
      unread: 1,
    });
    expect(await summary(a.token)).toEqual({
      items: [
        { msg_state: 'unread', msg_num: 1 },
        { msg_state: 'read', msg_num: 4 },
      ],
      unread: 1,
    });
    expect((await t.client.patch(MESSAGE_PATHS.deleteBook, { account_book_id: book.id }, { token: a.token })).json().data).toEqual({
      changed: 3,
      unread: 1,
    });
    expect((await t.client.patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: first }), {}, { token: a.token })).json().data).toEqual({
      changed: 1,
      unread: 1,
    });
    expectRefused(
      await t.client.patch(bookPath(MESSAGE_PATHS.deleteOne, { msg_id: first }), {}, { token: a.token }),
      404,
      ErrorCode.MESSAGE_NOT_FOUND,
    );
    expect((await t.client.patch(MESSAGE_PATHS.readAll, {}, { token: a.token })).json().data).toEqual({ changed: 1, unread: 0 });
    expect(await summary(a.token)).toEqual({
      items: [
        { msg_state: 'unread', msg_num: 0 },
        { msg_state: 'read', msg_num: 1 },
      ],
      unread: 0,
    });
  });

  it("names the messages about the caller alone by account_book_id '0': listed, read and deleted as a book's", async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token);
    await tell(u.userid, null, 2);
    await tell(u.userid, book.id, 1);
    const alone = (await list(u.token, 'account_book_id=0')).data;
    expect(alone.map((m) => m.book_id)).toEqual([null, null]);
    const read = await t.client.patch(MESSAGE_PATHS.readBook, { account_book_id: '0' }, { token: u.token });
    expect(read.json().data).toEqual({ changed: 2, unread: 1 });
    const gone = await t.client.patch(MESSAGE_PATHS.deleteBook, { account_book_id: '0' }, { token: u.token });
    expect(gone.json().data).toMatchObject({ changed: 2, unread: 1 });
    expect((await list(u.token)).data.map((m) => m.book_id)).toEqual([book.id]);
    expectRefused(await t.client.patch(MESSAGE_PATHS.readBook, { account_book_id: '00' }, { token: u.token }), 400, ErrorCode.VALIDATION);
  });

  it('pages newest first without duplicates, flagging the last item of the last page', async () => {
    const u = await buildUser(t);
    await tell(u.userid, null, 7);
    const seen: string[] = [];
    let last: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await list(u.token, `page_size=3${last ? `&last_id=${last}` : ''}`);
      pages++;
      seen.push(...page.data.map((m) => m.msg_id));
      expect(page.data.filter((m) => m.lastOne).length).toBe(page.paging.has_more ? 0 : 1);
      if (!page.paging.has_more) break;
      last = page.paging.last_id;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort((x, y) => Number(BigInt(y) - BigInt(x)))).toEqual(seen);
  });

  it('takes reports, one open per target, and refuses another user message', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await tell(a.userid, null);
    const [m] = (await list(a.token)).data;
    const body = { target_type: 'message', target_id: m!.msg_id, reason: '广告' };
    expect((await t.client.post(MESSAGE_PATHS.report, body, { token: a.token })).statusCode).toBe(201);
    expectRefused(await t.client.post(MESSAGE_PATHS.report, body, { token: a.token }), 409, ErrorCode.CONFLICT);
    expectRefused(await t.client.post(MESSAGE_PATHS.report, body, { token: b.token }), 404, ErrorCode.MESSAGE_NOT_FOUND);
    expectRefused(await t.client.post(MESSAGE_PATHS.report, { ...body, reason: '' }, { token: a.token }), 400, ErrorCode.VALIDATION);
    expectRefused(
      await t.client.post(MESSAGE_PATHS.report, { ...body, target_type: 'user' }, { token: a.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expect(
      (await t.client.post(MESSAGE_PATHS.report, { target_type: 'thread', target_id: '42', reason: 'spam' }, { token: b.token }))
        .statusCode,
    ).toBe(201);
    expect(await t.db.selectFrom('moderation_reports').select('id').execute()).toHaveLength(2);
  });
});

describe('the producers', () => {
  const kinds = async (token: string) => (await list(token)).data.map((m) => m.kind);

  it('a member record tells the other members in one batched message per recorder', async () => {
    const [owner, keeper] = [await buildUser(t), await buildUser(t)];
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const d = await bookDimensions(t, keeper.token, book.id);
    const record = (amount: string) => ({
      business_type: 'Expense',
      account: { id: d.accounts[0]!.id },
      category: { id: d.expense[0]!.subs[0]! },
      amount,
      remark: '',
      transaction_time: t.clock.now(),
    });
    expect((await t.client.post(ACCOUNTING_PATHS.expense, record('1'), inBook(keeper.token, book.id))).statusCode).toBe(201);
    const batch = await t.client.post(
      ACCOUNTING_PATHS.batch,
      { transaction_vo_list: [record('2'), record('3'), record('4')] },
      inBook(keeper.token, book.id),
    );
    expect(batch.statusCode, batch.body).toBe(201);
    const mine = (await list(owner.token, '', 'en')).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'book.recorded', count: 4, book_id: book.id, msg_state: 'unread' });
    expect(mine[0]!.body).toContain('recorded 4 entries');
    expect((await summary(owner.token)).unread).toBe(1);
    expect((await list(keeper.token)).data).toEqual([]);
    // Once read, the next record starts a new message.
    await t.client.patch(bookPath(MESSAGE_PATHS.readOne, { msg_id: mine[0]!.msg_id }), {}, { token: owner.token });
    await t.client.post(ACCOUNTING_PATHS.expense, record('5'), inBook(keeper.token, book.id));
    expect((await list(owner.token)).data.map((m) => [m.msg_state, m.count])).toEqual([
      ['unread', 1],
      ['read', 4],
    ]);
  });

  it('a record is told once (after its answer: http/follow-up.test.ts); a retry answered from its Idempotency-Key tells nothing more', async () => {
    const [owner, keeper] = [await buildUser(t), await buildUser(t)];
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const d = await bookDimensions(t, keeper.token, book.id);
    const body = { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0]! }, amount: '3.00' };
    const o = inBook(keeper.token, book.id, { 'idempotency-key': 'told-once' });
    const first = await t.client.post(ACCOUNTING_PATHS.expense, body, o);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await t.client.post(ACCOUNTING_PATHS.expense, body, o);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const mine = (await list(owner.token, '', 'en')).data;
    expect(mine.map((m) => [m.kind, m.count])).toEqual([['book.recorded', 1]]);
    expect((await summary(owner.token)).unread).toBe(1);
    // The recorder alone in a book is told nothing (and no statement is spent on it).
    const solo = await buildBook(t, keeper.token);
    const s = await bookDimensions(t, keeper.token, solo.id);
    const alone = { account: { id: s.accounts[0]!.id }, category: { id: s.expense[0]!.subs[0]! }, amount: '1.00' };
    expect((await t.client.post(ACCOUNTING_PATHS.expense, alone, inBook(keeper.token, solo.id))).statusCode).toBe(201);
    expect((await list(keeper.token)).data).toEqual([]);
  });

  it('approving or rejecting an application tells the applicant; a join tells the managers', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = (
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 7 }, inBook(owner.token, book.id))
    ).json().data;
    const [yes, no] = [await buildUser(t), await buildUser(t)];
    const ask = async (u: { token: string }) =>
      (await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: '-1' }, { token: u.token })).json().data
        .request_id as string;
    const [qYes, qNo] = [await ask(yes), await ask(no)];
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const admin = await buildUser(t);
    await addToBook(t, book.id, admin.userid, 'admin');
    expect(
      (await t.client.patch(MEMBER_PATHS.decide, { id: qYes, status: 'Agreed', role_id: viewer }, inBook(owner.token, book.id))).statusCode,
    ).toBe(200);
    expect((await t.client.patch(MEMBER_PATHS.decide, { id: qNo, status: 'Rejected' }, inBook(owner.token, book.id))).statusCode).toBe(200);
    expect(await kinds(yes.token)).toEqual(['application.approved']);
    expect(await kinds(no.token)).toEqual(['application.rejected']);
    expect(await kinds(admin.token)).toEqual(['member.joined']);
    // The owner let them in: no message of their own act.
    expect(await kinds(owner.token)).toEqual([]);
  });

  it('adding by phone tells the user; removing tells the removed member', async () => {
    const [owner, friend] = [await buildUser(t), await buildUser(t)];
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    expect(
      (await t.client.post(MEMBER_PATHS.addMember, { phone: friend.phone, role_id: viewer }, inBook(owner.token, book.id))).statusCode,
    ).toBe(202);
    const [inv] = (await list(friend.token, '', 'en')).data;
    expect(inv).toMatchObject({ kind: 'invitation.received', book_id: null });
    expect(inv!.body).toContain('invited you');
    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }), undefined, inBook(owner.token, book.id)))
        .statusCode,
    ).toBe(204);
    expect(await kinds(keeper.token)).toEqual(['member.removed']);
  });

  it('links every message it made to a page of SPEC 2, or to nothing', async () => {
    const rows = await t.db.selectFrom('messages').select(['kind', 'link']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) if (r.link) expect(PAGE_ROUTES.has(r.link.split('?')[0]!), `${r.kind}: ${r.link}`).toBe(true);
  });
});
