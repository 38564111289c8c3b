import { ACCOUNTING_PATHS, ErrorCode, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bookIdsOf, buildInvitation, expectRefused, memberCounts, roleIdOf } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('joining by invitation code (NoReviewRoleCode)', () => {
  it('joins with the chosen role after the right code, records as a member, and is refused the second time', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family', '共享账本');
    const bookkeeper = await roleIdOf(t, book.id, 'bookkeeper');
    const link = await buildInvitation(t, owner.token, book.id, {
      audit_type: 'NoReviewRoleCode',
      link_validity: 7,
      role_ids: [bookkeeper],
    });
    expect(link.invite_code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.role_code).toMatch(/^[A-Z2-9]{8}$/);

    const joiner = await buildUser(t);
    const seen = await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: link.invite_code }), { token: joiner.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      audit_type: 'NoReviewRoleCode',
      book_info: { book_id: book.id, book_name: '共享账本', member_count: 1 },
      inviter: { user_id: owner.userid },
      role: { role_id: bookkeeper, role_name: '记账员' },
    });
    expect(seen.json().data.role_code).toBeUndefined();
    const exist = await t.client.get(bookPath(MEMBER_PATHS.whetherExistV5, { code: link.invite_code }), { token: joiner.token });
    expect(exist.json().data).toEqual({ status: 'notExist', request_id: null, book_id: book.id });

    const before = await memberCounts(t);
    const wrongCheck = await t.client.get(bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: 'WRONG234' }), {
      token: joiner.token,
    });
    expectRefused(wrongCheck, 422, ErrorCode.INVITATION_CODE_WRONG);
    const wrong = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper, role_code: 'WRONG234' },
      { token: joiner.token },
    );
    expectRefused(wrong, 422, ErrorCode.INVITATION_CODE_WRONG);
    const noCode = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper },
      { token: joiner.token },
    );
    expectRefused(noCode, 422, ErrorCode.INVITATION_CODE_WRONG);
    const otherRole = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: await roleIdOf(t, book.id, 'admin'), role_code: link.role_code },
      { token: joiner.token },
    );
    expectRefused(otherRole, 422, ErrorCode.ROLE_NOT_ALLOWED);
    expect(await memberCounts(t)).toEqual(before);

    const check = await t.client.get(
      bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: link.role_code!.toLowerCase() }),
      {
        token: joiner.token,
      },
    );
    expect(check.statusCode).toBe(200);
    const joined = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper, role_code: link.role_code, subscribe: false },
      { token: joiner.token },
    );
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toMatchObject({ status: 'Accepted', book_id: book.id, role: { role_id: bookkeeper } });
    expect(await bookIdsOf(t, joiner.token)).toContain(book.id);
    expect(
      (await t.client.get(bookPath(MEMBER_PATHS.whetherExistV4, { code: link.invite_code }), { token: joiner.token })).json().data.status,
    ).toBe('existed');
    const subscribed = await t.db
      .selectFrom('book_users')
      .select('subscribed')
      .where('book_id', '=', book.id)
      .where('user_id', '=', joiner.userid)
      .executeTakeFirstOrThrow();
    expect(subscribed.subscribed).toBe(false);

    // The new member has a member label and records; the owner sees them as the recorder.
    const dims = await bookDimensions(t, joiner.token, book.id);
    expect(dims.members.map((m) => m.name)).toContain(joiner.nickName);
    const rec = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        business_type: 'Expense',
        account: { id: dims.accounts[0]!.id },
        category: { id: dims.expense[0]!.subs[0] },
        amount: '12.50',
        transaction_time: t.clock.now(),
      },
      inBook(joiner.token, book.id),
    );
    expect(rec.statusCode, rec.body).toBe(201);
    const seenByOwner = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: rec.json().data.id }), inBook(owner.token, book.id));
    expect(seenByOwner.json().data.recorder).toEqual({ id: joiner.userid, nickname: joiner.nickName });

    const again = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper, role_code: link.role_code },
      { token: joiner.token },
    );
    expectRefused(again, 409, ErrorCode.ALREADY_MEMBER);
  });

  it('limits wrong codes per user and link', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await buildInvitation(t, owner.token, book.id, {
      audit_type: 'NoReviewRoleCode',
      link_validity: 1,
      role_ids: [await roleIdOf(t, book.id, 'viewer')],
    });
    const guesser = await buildUser(t);
    const url = bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: 'AAAA2222' });
    for (let i = 0; i < 10; i++) expect((await t.client.get(url, { token: guesser.token })).statusCode).toBe(422);
    const right = bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: link.role_code! });
    expectRefused(await t.client.get(right, { token: guesser.token }), 429, ErrorCode.TOO_MANY_REQUESTS);
  });
});

describe('applying to a review link (NeedToBeReviewed)', () => {
  it('waits under review, can be urged, is refused to an approver without 03000106, and is agreed with a role', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await buildInvitation(t, owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 30 });
    const opened = await t.client.get(bookPath(MEMBER_PATHS.invitationV4, { code: link.invite_code }), {});
    expect(opened.statusCode).toBe(200);
    const vos = opened.json().data.role_vos as Array<{ role_id: string; role_name: string }>;
    expect(vos.map((r) => r.role_name)).toEqual(['管理员', '记账员', '查看者', '由管理员分配']);
    expect(vos.at(-1)!.role_id).toBe('-1');

    const applicant = await buildUser(t);
    const applied = await t.client.post(
      MEMBER_PATHS.applyV4,
      { invite_code: link.invite_code, role_id: '-1', remark: '我是小王，一起记家里的账' },
      { token: applicant.token },
    );
    expect(applied.statusCode).toBe(201);
    const requestId = applied.json().data.request_id as string;
    expect(applied.json().data.status).toBe('ToBeAuthorized');
    expect(await bookIdsOf(t, applicant.token)).not.toContain(book.id);
    const exist = await t.client.get(bookPath(MEMBER_PATHS.whetherExistV5, { code: link.invite_code }), { token: applicant.token });
    expect(exist.json().data).toEqual({ status: 'underReview', request_id: requestId, book_id: book.id });
    expectRefused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: '-1' }, { token: applicant.token }),
      409,
      ErrorCode.APPLICATION_PENDING,
    );

    expect((await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token })).json().data.urge_count).toBe(1);
    expectRefused(await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token }), 429, ErrorCode.TOO_MANY_REQUESTS);
    t.clock.advance(11 * 60 * 1000);
    expect((await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token })).json().data.urge_count).toBe(2);
    expectRefused(
      await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: owner.token }),
      404,
      ErrorCode.MEMBER_REQUEST_NOT_FOUND,
    );

    const prompts = await t.client.get(MEMBER_PATHS.pendingPrompts, { token: owner.token });
    expect(prompts.json().data.to_approve).toEqual([{ book_id: book.id, book_name: book.name, count: 1 }]);
    expect((await t.client.get(MEMBER_PATHS.pendingPrompts, { token: applicant.token })).json().data.applications).toHaveLength(1);

    const lists = await t.client.get(MEMBER_PATHS.requests, inBook(owner.token, book.id));
    expect(lists.json().data.to_be_accepted_list).toMatchObject([
      {
        id: requestId,
        status: 'ToBeAuthorized',
        role: null,
        remark: '我是小王，一起记家里的账',
        urge_count: 2,
        user: { user_id: applicant.userid },
      },
    ]);
    const users = await t.client.get(MEMBER_PATHS.bookUsers, inBook(owner.token, book.id));
    expect(users.json().data.pending_users[0]).not.toHaveProperty('remark');

    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const before = await memberCounts(t);
    expectRefused(
      await t.client.patch(
        MEMBER_PATHS.decide,
        { id: requestId, status: 'Agreed', role_id: await roleIdOf(t, book.id, 'viewer') },
        inBook(keeper.token, book.id),
      ),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectRefused(
      await t.client.patch(MEMBER_PATHS.decide, { id: requestId, status: 'Agreed' }, inBook(owner.token, book.id)),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.patch(
        MEMBER_PATHS.decide,
        { id: requestId, status: 'Agreed', role_id: await roleIdOf(t, book.id, 'owner') },
        inBook(owner.token, book.id),
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.patch(MEMBER_PATHS.decide, { id: '999999', status: 'Agreed' }, inBook(owner.token, book.id)),
      404,
      ErrorCode.MEMBER_REQUEST_NOT_FOUND,
    );
    expect(await memberCounts(t)).toEqual(before);

    const agreed = await t.client.patch(
      MEMBER_PATHS.decide,
      { id: requestId, status: 'Agreed', role_id: await roleIdOf(t, book.id, 'viewer') },
      inBook(owner.token, book.id),
    );
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data).toMatchObject({
      status: 'Distributed',
      granted_role: { role_name: '查看者' },
      decided_by: { user_id: owner.userid },
    });
    expect(await bookIdsOf(t, applicant.token)).toContain(book.id);
    expectRefused(
      await t.client.patch(MEMBER_PATHS.decide, { id: requestId, status: 'Rejected' }, inBook(owner.token, book.id)),
      404,
      ErrorCode.MEMBER_REQUEST_NOT_FOUND,
    );
    const history = await t.client.get(MEMBER_PATHS.requests, inBook(owner.token, book.id));
    expect(history.json().data).toMatchObject({ to_be_accepted_list: [], joined_number: 3 });
    expect(history.json().data.accepted_list[0]).toMatchObject({ id: requestId, status: 'Distributed' });
  });

  it('rejects through the v5 call, and the applicant may apply again with the role they asked for agreed', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await buildInvitation(t, owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 0 });
    expect(link.expire_at).toBeNull();
    const applicant = await buildUser(t);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const first = (
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: viewer }, { token: applicant.token })
    ).json().data;
    const rejected = await t.client.patch(bookPath(MEMBER_PATHS.reject, { id: first.request_id }), {}, inBook(owner.token, book.id));
    expect(rejected.json().data.status).toBe('Rejected');
    const log = await t.client.get(`${MEMBER_PATHS.activities}?page_size=1`, inBook(owner.token, book.id));
    expect(log.json().data[0]).toMatchObject({
      action: 'reject',
      entity: 'member',
      entity_id: applicant.userid,
      user: { user_id: owner.userid },
    });
    const second = (
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: viewer }, { token: applicant.token })
    ).json().data;
    const agreed = await t.client.patch(MEMBER_PATHS.decide, { id: second.request_id, status: 'Agreed' }, inBook(owner.token, book.id));
    expect(agreed.json().data).toMatchObject({ status: 'Agreed', role: { role_id: viewer }, granted_role: { role_id: viewer } });
  });
});
