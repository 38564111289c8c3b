import { ADD_MEMBER_LIMITS, BOOK_PATHS, ErrorCode, MEMBER_PATHS, bookPath, type Activity } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, nextPhone, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bookIdsOf, buildInvitation, expectRefused, memberCounts, roleIdOf } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const mask = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** A number nobody has signed up with, masked exactly as `phone` is (same first three and last four digits). */
async function unregisteredTwin(phone: string): Promise<string> {
  for (let middle = 0; middle < 10_000; middle++) {
    const twin = `${phone.slice(0, 3)}${String(middle).padStart(4, '0')}${phone.slice(7)}`;
    if (twin === phone) continue;
    if (!(await t.db.selectFrom('users').select('id').where('phone', '=', twin).executeTakeFirst())) return twin;
  }
  throw new Error(`every twin of ${phone} is registered`);
}

const add = (token: string, bookId: string, phone: string, roleId: string, locale?: string) =>
  t.client.post(MEMBER_PATHS.addMember, { phone, role_id: roleId }, { ...inBook(token, bookId), ...(locale ? { locale } : {}) });

/** What the add's caller can see of the book afterwards: its member lists and its activity log. */
async function bookView(token: string, bookId: string) {
  const o = inBook(token, bookId);
  const users = (await t.client.get(MEMBER_PATHS.bookUsers, o)).json().data;
  const requests = (await t.client.get(MEMBER_PATHS.requests, o)).json().data;
  const log = ((await t.client.get(`${MEMBER_PATHS.activities}?page_size=100`, o)).json().data as Activity[]).map(
    ({ id: _id, at: _at, ...rest }) => rest,
  );
  return { users, requests, log };
}

/** What reached a user: their waiting additions and their invitation messages. */
async function received(userId: string, token: string) {
  const prompts = (await t.client.get(MEMBER_PATHS.pendingPrompts, { token })).json().data.invitations as Array<{
    id: string;
    book_id: string;
  }>;
  const messages = await t.db
    .selectFrom('messages')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'invitation.received')
    .execute();
  return { prompts, messages: messages.length };
}

const answer = (token: string, id: string, body: Record<string, unknown>) =>
  t.client.patch(bookPath(MEMBER_PATHS.answerPrompt, { id }), body, { token });
const blocked = async (token: string) => {
  const res = await t.client.get(MEMBER_PATHS.blockedBooks, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ book_id: string; book_name: string; blocked_at: number }>;
};
const blockCount = async () => (await t.db.selectFrom('book_add_blocks').selectAll().execute()).length;

describe('adding by phone answers every number alike', () => {
  it('registered, unregistered, a member, asked already, applying already or blocked: one answer, one log row, nothing in the lists', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const friend = await buildUser(t);
    const nobody = await unregisteredTwin(friend.phone);
    expect(mask(nobody)).toBe(mask(friend.phone));

    const before = await bookView(owner.token, book.id);
    const toFriend = await add(owner.token, book.id, friend.phone, viewer);
    const afterFriend = await bookView(owner.token, book.id);
    const toNobody = await add(owner.token, book.id, nobody, viewer);
    const afterNobody = await bookView(owner.token, book.id);

    // The whole answers are the same: status, body, message.
    expect(toFriend.statusCode, toFriend.body).toBe(202);
    expect(toNobody.statusCode).toBe(toFriend.statusCode);
    expect(toNobody.body).toBe(toFriend.body);
    expect(toFriend.json().data).toEqual({
      phone: mask(friend.phone),
      role: { role_id: viewer, role_name: '查看者', role_desc: expect.any(String) },
      notice: `如果 ${mask(friend.phone)} 已注册，对方会收到你的邀请，接受后即加入账本`,
    });
    // The book sees the same afterwards: no pending entry, one log row by the masked number alike.
    expect(afterFriend.users).toEqual(before.users);
    expect(afterFriend.requests).toEqual(before.requests);
    expect(afterNobody.users).toEqual(before.users);
    expect(afterNobody.requests).toEqual(before.requests);
    expect(afterFriend.log.slice(1)).toEqual(before.log);
    expect(afterNobody.log.slice(1)).toEqual(afterFriend.log);
    expect(afterNobody.log[0]).toEqual(afterFriend.log[0]);
    expect(afterFriend.log[0]).toMatchObject({
      action: 'add',
      entity: 'member',
      target: null,
      after: { role_id: viewer, phone: mask(friend.phone) },
    });

    // Only the registered user was asked, once.
    const got = await received(friend.userid, friend.token);
    expect(got.prompts).toMatchObject([{ book_id: book.id, role: { role_id: viewer }, inviter: { user_id: owner.userid } }]);
    expect(got.messages).toBe(1);

    // Asked already, a member already, applying already, and blocked: the same answer again, nothing sent.
    const member = await buildUser(t);
    await addToBook(t, book.id, member.userid, 'bookkeeper');
    const applicant = await buildUser(t);
    const link = await buildInvitation(t, owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 7 });
    expect(
      (await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: '-1' }, { token: applicant.token })).statusCode,
    ).toBe(201);
    const blocker = await buildUser(t);
    await add(owner.token, book.id, blocker.phone, viewer);
    const [request] = (await received(blocker.userid, blocker.token)).prompts;
    expect((await answer(blocker.token, request!.id, { status: 'Rejected', block: true })).statusCode).toBe(200);

    const counts = await memberCounts(t);
    const messages = (await t.db.selectFrom('messages').selectAll().execute()).length;
    const alike = (phone: string) => toFriend.body.replaceAll(mask(friend.phone), mask(phone));
    for (const who of [friend, member, applicant, blocker]) {
      const res = await add(owner.token, book.id, who.phone, viewer);
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(alike(who.phone));
    }
    expect(await memberCounts(t)).toEqual(counts);
    expect((await t.db.selectFrom('messages').selectAll().execute()).length).toBe(messages);
    expect((await received(blocker.userid, blocker.token)).prompts).toEqual([]);
  });

  it('answers in English too, and a declined add stays out of the book lists while an accepted one shows', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const [yes, no] = [await buildUser(t), await buildUser(t)];
    const en = await add(owner.token, book.id, yes.phone, viewer, 'en');
    expect(en.json().data).toMatchObject({
      role: { role_name: 'Viewer' },
      notice: `If ${mask(yes.phone)} has an account, they will get your request and join once they accept`,
    });
    await add(owner.token, book.id, no.phone, viewer);
    const before = await bookView(owner.token, book.id);
    const [declining] = (await received(no.userid, no.token)).prompts;
    const declined = await answer(no.token, declining!.id, { status: 'Rejected' });
    expect(declined.json().data).toMatchObject({ status: 'Rejected', kind: 'add' });
    expect(await bookView(owner.token, book.id)).toEqual(before);
    expect(await bookIdsOf(t, no.token)).not.toContain(book.id);

    const [accepting] = (await received(yes.userid, yes.token)).prompts;
    const accepted = await answer(yes.token, accepting!.id, { status: 'Accepted' });
    expect(accepted.json().data).toMatchObject({ status: 'Accepted', granted_role: { role_id: viewer } });
    expect(await bookIdsOf(t, yes.token)).toContain(book.id);
    const lists = (await bookView(owner.token, book.id)).requests;
    expect(lists.accepted_list.map((q: { id: string }) => q.id)).toEqual([accepting!.id]);

    // A plain decline lets the book ask again.
    await add(owner.token, book.id, no.phone, viewer);
    expect((await received(no.userid, no.token)).prompts).toHaveLength(1);
  });
});

describe('declining and not being asked again', () => {
  it('blocks the book until the user allows it again; a blocked book hears the same answer and sends nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family', '装修账本');
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const friend = await buildUser(t);
    const first = await add(owner.token, book.id, friend.phone, viewer);
    const [q] = (await received(friend.userid, friend.token)).prompts;
    const view = await bookView(owner.token, book.id);

    const res = await answer(friend.token, q!.id, { status: 'Rejected', block: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Rejected' });
    expect(await blocked(friend.token)).toEqual([{ book_id: book.id, book_name: '装修账本', blocked_at: expect.any(Number) }]);
    // The book cannot tell a block from a decline, or from nobody: its view is unchanged.
    expect(await bookView(owner.token, book.id)).toEqual(view);

    const messages = (await received(friend.userid, friend.token)).messages;
    const requests = (await memberCounts(t)).requests;
    const again = await add(owner.token, book.id, friend.phone, viewer);
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    expect(await received(friend.userid, friend.token)).toEqual({ prompts: [], messages });
    expect((await memberCounts(t)).requests).toBe(requests);

    // Someone else allowing the book changes nothing of the friend's block.
    const stranger = await buildUser(t);
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.blockedBook, { bookId: book.id }), undefined, { token: stranger.token })).statusCode,
    ).toBe(204);
    expect(await blocked(friend.token)).toHaveLength(1);
    expect(await blocked(stranger.token)).toEqual([]);

    // Allowing it again: the next add reaches them; allowing twice changes nothing more.
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.blockedBook, { bookId: book.id }), undefined, { token: friend.token })).statusCode,
    ).toBe(204);
    expect(await blocked(friend.token)).toEqual([]);
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.blockedBook, { bookId: book.id }), undefined, { token: friend.token })).statusCode,
    ).toBe(204);
    await add(owner.token, book.id, friend.phone, viewer);
    expect(await received(friend.userid, friend.token)).toMatchObject({ prompts: [{ book_id: book.id }], messages: messages + 1 });
  });

  it('blocks only the book declined, and a deleted book leaves the list', async () => {
    const friend = await buildUser(t);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const bookA = await buildBook(t, a.token);
    const bookB = await buildBook(t, b.token);
    await add(a.token, bookA.id, friend.phone, await roleIdOf(t, bookA.id, 'viewer'));
    const [q] = (await received(friend.userid, friend.token)).prompts;
    await answer(friend.token, q!.id, { status: 'Rejected', block: true });
    await add(b.token, bookB.id, friend.phone, await roleIdOf(t, bookB.id, 'viewer'));
    expect((await received(friend.userid, friend.token)).prompts).toMatchObject([{ book_id: bookB.id }]);
    expect((await blocked(friend.token)).map((x) => x.book_id)).toEqual([bookA.id]);
    expect((await t.client.delete(BOOK_PATHS.deleteBook, { id: bookA.id }, { token: a.token })).statusCode).toBe(204);
    expect(await blocked(friend.token)).toEqual([]);
  });
});

describe('limits on adding by phone', () => {
  /** Adds to numbers nobody has, each answered 202. */
  const fill = async (token: string, bookId: string, roleId: string, n: number) => {
    for (let i = 0; i < n; i++) expect((await add(token, bookId, nextPhone(), roleId)).statusCode).toBe(202);
  };
  const expectLimited = (res: LightMyRequestResponse, text: string) => {
    expectRefused(res, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(res.json().message).toBe(text);
  };
  const HOURLY = '添加成员太频繁了，请一小时后再试';
  const DAILY = '今天添加成员的次数已达上限，请明天再试';

  it(`holds a user to ${ADD_MEMBER_LIMITS.userPerHour} an hour and ${ADD_MEMBER_LIMITS.userPerDay} a day, and sends nothing past them`, async () => {
    let owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const friend = await buildUser(t);
    const requests = (await memberCounts(t)).requests;

    await fill(owner.token, book.id, viewer, ADD_MEMBER_LIMITS.userPerHour);
    expectLimited(await add(owner.token, book.id, friend.phone, viewer), HOURLY);
    const en = await add(owner.token, book.id, friend.phone, viewer, 'en');
    expectRefused(en, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(en.json().message).toBe('Too many members added lately; try again in an hour');
    expect(await received(friend.userid, friend.token)).toEqual({ prompts: [], messages: 0 });
    expect((await memberCounts(t)).requests).toBe(requests);

    // The hour passes (and the two-hour tokens with them: signing in again).
    for (let hour = 1; hour * ADD_MEMBER_LIMITS.userPerHour < ADD_MEMBER_LIMITS.userPerDay; hour++) {
      t.clock.advance(HOUR + 60_000);
      owner = await buildUser(t, owner.phone);
      await fill(owner.token, book.id, viewer, ADD_MEMBER_LIMITS.userPerHour);
    }
    t.clock.advance(HOUR + 60_000);
    owner = await buildUser(t, owner.phone);
    expectLimited(await add(owner.token, book.id, friend.phone, viewer), DAILY);
    const later = await buildUser(t, friend.phone);
    expect(await received(friend.userid, later.token)).toEqual({ prompts: [], messages: 0 });

    // A day after the first adds, the user may add again.
    t.clock.advance(24 * HOUR);
    owner = await buildUser(t, owner.phone);
    expect((await add(owner.token, book.id, friend.phone, viewer)).statusCode).toBe(202);
    expect((await received(friend.userid, (await buildUser(t, friend.phone)).token)).prompts).toHaveLength(1);
  });

  it(`holds a book to ${ADD_MEMBER_LIMITS.bookPerHour} an hour and ${ADD_MEMBER_LIMITS.bookPerDay} a day, whoever adds`, async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const admins = [await buildUser(t), await buildUser(t)];
    for (const a of admins) await addToBook(t, book.id, a.userid, 'admin');
    const friend = await buildUser(t);

    for (const a of admins) await fill(a.token, book.id, viewer, ADD_MEMBER_LIMITS.bookPerHour / 2);
    const relogin = async (people: Array<{ phone: string }>) => Promise.all(people.map((p) => buildUser(t, p.phone)));
    expectLimited(await add(owner.token, book.id, friend.phone, viewer), HOURLY);

    let adders = admins;
    let done = ADD_MEMBER_LIMITS.bookPerHour;
    while (done < ADD_MEMBER_LIMITS.bookPerDay) {
      t.clock.advance(HOUR + 60_000);
      adders = await relogin(adders);
      const n = Math.min(ADD_MEMBER_LIMITS.bookPerHour, ADD_MEMBER_LIMITS.bookPerDay - done);
      await fill(adders[0]!.token, book.id, viewer, Math.min(n, ADD_MEMBER_LIMITS.userPerHour));
      if (n > ADD_MEMBER_LIMITS.userPerHour) await fill(adders[1]!.token, book.id, viewer, n - ADD_MEMBER_LIMITS.userPerHour);
      done += n;
    }
    const [fresh, friendNow] = await relogin([owner, friend]);
    expectLimited(await add(fresh!.token, book.id, friend.phone, viewer), DAILY);
    expect(await received(friend.userid, friendNow!.token)).toEqual({ prompts: [], messages: 0 });

    // Another book of the same owner has limits of its own.
    const other = await buildBook(t, fresh!.token);
    expect((await add(fresh!.token, other.id, friend.phone, await roleIdOf(t, other.id, 'viewer'))).statusCode).toBe(202);
    expect((await received(friend.userid, friendNow!.token)).prompts).toMatchObject([{ book_id: other.id }]);
  });
});

describe('who may add, answer and allow, and what they may send', () => {
  it('refuses outsiders, roles without the add code, bad input and oneself, changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const friend = await buildUser(t);
    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const outsider = await buildUser(t);
    const counts = await memberCounts(t);
    const log = (await bookView(owner.token, book.id)).log;

    expectRefused(await add(outsider.token, book.id, friend.phone, viewer), 404, ErrorCode.BOOK_NOT_FOUND);
    const forbidden = await add(keeper.token, book.id, friend.phone, viewer);
    expectRefused(forbidden, 403, ErrorCode.FORBIDDEN);
    expect(forbidden.json().message).toBe('你在这个账本中没有邀请成员的权限');
    expectRefused(
      await t.client.post(MEMBER_PATHS.addMember, { phone: friend.phone, role_id: viewer }, { headers: { 'trading-entity': book.id } }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    const o = inBook(owner.token, book.id);
    for (const body of [
      { phone: 'abc', role_id: viewer },
      { phone: '1380013800', role_id: viewer },
      { phone: friend.phone, role_id: 'abc' },
      { phone: friend.phone, role_id: '99999999999999999999' },
      { phone: friend.phone },
      { phone: friend.phone, role_id: viewer, remark: 'x'.repeat(101) },
    ])
      expectRefused(await t.client.post(MEMBER_PATHS.addMember, body, o), 400, ErrorCode.VALIDATION);
    expectRefused(await add(owner.token, book.id, friend.phone, '999999999'), 404, ErrorCode.ROLE_NOT_FOUND);
    expectRefused(await add(owner.token, book.id, friend.phone, await roleIdOf(t, book.id, 'owner')), 422, ErrorCode.ROLE_NOT_ALLOWED);
    const self = await add(owner.token, book.id, owner.phone, viewer);
    expectRefused(self, 422, ErrorCode.MEMBER_REFUSED);
    expect(self.json().message).toBe('不能添加自己');

    expect(await memberCounts(t)).toEqual(counts);
    expect((await bookView(owner.token, book.id)).log).toEqual(log);
    expect(await received(friend.userid, friend.token)).toEqual({ prompts: [], messages: 0 });
  });

  it('lets only the added user answer, refuses a block with an accept, and checks the book id of an allow', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const friend = await buildUser(t);
    await add(owner.token, book.id, friend.phone, await roleIdOf(t, book.id, 'viewer'));
    const [q] = (await received(friend.userid, friend.token)).prompts;
    const counts = await memberCounts(t);
    const blocks = await blockCount();

    expectRefused(await answer(owner.token, q!.id, { status: 'Accepted' }), 404, ErrorCode.MEMBER_REQUEST_NOT_FOUND);
    expectRefused(await answer(owner.token, q!.id, { status: 'Rejected', block: true }), 404, ErrorCode.MEMBER_REQUEST_NOT_FOUND);
    expectRefused(
      await t.client.patch(bookPath(MEMBER_PATHS.answerPrompt, { id: q!.id }), { status: 'Rejected' }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    const both = await answer(friend.token, q!.id, { status: 'Accepted', block: true });
    expectRefused(both, 400, ErrorCode.VALIDATION);
    expect(both.json().message).toBe('只有拒绝邀请时才能同时拒收这个账本的邀请');
    for (const body of [{ status: 'Maybe' }, { status: 'Rejected', block: 'yes' }, {}])
      expectRefused(await answer(friend.token, q!.id, body), 400, ErrorCode.VALIDATION);
    expectRefused(await answer(friend.token, 'abc', { status: 'Rejected' }), 400, ErrorCode.VALIDATION);
    expectRefused(await answer(friend.token, '99999999999999999999', { status: 'Rejected' }), 400, ErrorCode.VALIDATION);
    expect(await memberCounts(t)).toEqual(counts);
    expect(await blockCount()).toBe(blocks);
    expect((await received(friend.userid, friend.token)).prompts).toHaveLength(1);

    expectRefused(await t.client.get(MEMBER_PATHS.blockedBooks), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await t.client.delete(bookPath(MEMBER_PATHS.blockedBook, { bookId: book.id })), 401, ErrorCode.UNAUTHORIZED);
    for (const bookId of ['abc', '0', '-1', '99999999999999999999'])
      expectRefused(
        await t.client.delete(bookPath(MEMBER_PATHS.blockedBook, { bookId }), undefined, { token: friend.token }),
        400,
        ErrorCode.VALIDATION,
      );
  });
});
