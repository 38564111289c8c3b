import { ACCOUNTING_PATHS, BOOK_PATHS, ErrorCode, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const roleId = async (bookId: string, kind: string) =>
  (
    await t.db
      .selectFrom('book_roles')
      .select('id')
      .where('book_id', '=', bookId)
      .where('kind', '=', kind as 'viewer')
      .executeTakeFirstOrThrow()
  ).id;
const cloudIds = async (token: string) =>
  ((await t.client.get(BOOK_PATHS.cloudList, { token })).json().cloud_book_list as Array<{ id: string }>).map((b) => b.id);
async function invite(token: string, bookId: string, body: Record<string, unknown>) {
  const res = await t.client.post(MEMBER_PATHS.createInvitation, body, inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; invite_code: string; role_code?: string; expire_at: number | null };
}
const counts = async () => ({
  members: (await t.db.selectFrom('book_users').selectAll().execute()).length,
  requests: (await t.db.selectFrom('book_member_requests').selectAll().execute()).length,
  labels: (await t.db.selectFrom('book_labels').selectAll().where('kind', '=', 'member').execute()).length,
});
const refused = (res: { statusCode: number; json: () => unknown }, status: number, code: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
};

describe('joining by invitation code (NoReviewRoleCode)', () => {
  it('joins with the chosen role after the right code, records as a member, and is refused the second time', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family', '共享账本');
    const bookkeeper = await roleId(book.id, 'bookkeeper');
    const link = await invite(owner.token, book.id, { audit_type: 'NoReviewRoleCode', link_validity: 7, role_ids: [bookkeeper] });
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

    const before = await counts();
    const wrongCheck = await t.client.get(bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: 'WRONG234' }), {
      token: joiner.token,
    });
    refused(wrongCheck, 422, ErrorCode.INVITATION_CODE_WRONG);
    const wrong = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper, role_code: 'WRONG234' },
      { token: joiner.token },
    );
    refused(wrong, 422, ErrorCode.INVITATION_CODE_WRONG);
    const noCode = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: bookkeeper },
      { token: joiner.token },
    );
    refused(noCode, 422, ErrorCode.INVITATION_CODE_WRONG);
    const otherRole = await t.client.post(
      MEMBER_PATHS.applyV5,
      { invite_code: link.invite_code, role_id: await roleId(book.id, 'admin'), role_code: link.role_code },
      { token: joiner.token },
    );
    refused(otherRole, 422, ErrorCode.ROLE_NOT_ALLOWED);
    expect(await counts()).toEqual(before);

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
    expect(await cloudIds(joiner.token)).toContain(book.id);
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
    refused(again, 409, ErrorCode.ALREADY_MEMBER);
  });

  it('limits wrong codes per user and link', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await invite(owner.token, book.id, {
      audit_type: 'NoReviewRoleCode',
      link_validity: 1,
      role_ids: [await roleId(book.id, 'viewer')],
    });
    const guesser = await buildUser(t);
    const url = bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: 'AAAA2222' });
    for (let i = 0; i < 10; i++) expect((await t.client.get(url, { token: guesser.token })).statusCode).toBe(422);
    const right = bookPath(MEMBER_PATHS.invitationRoles, { code: link.invite_code, roleCode: link.role_code! });
    refused(await t.client.get(right, { token: guesser.token }), 429, ErrorCode.TOO_MANY_REQUESTS);
  });
});

describe('applying to a review link (NeedToBeReviewed)', () => {
  it('waits under review, can be urged, is refused to an approver without 03000106, and is agreed with a role', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await invite(owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 30 });
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
    expect(await cloudIds(applicant.token)).not.toContain(book.id);
    const exist = await t.client.get(bookPath(MEMBER_PATHS.whetherExistV5, { code: link.invite_code }), { token: applicant.token });
    expect(exist.json().data).toEqual({ status: 'underReview', request_id: requestId, book_id: book.id });
    refused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: '-1' }, { token: applicant.token }),
      409,
      ErrorCode.APPLICATION_PENDING,
    );

    expect((await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token })).json().data.urge_count).toBe(1);
    refused(await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token }), 429, ErrorCode.TOO_MANY_REQUESTS);
    t.clock.advance(11 * 60 * 1000);
    expect((await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: applicant.token })).json().data.urge_count).toBe(2);
    refused(await t.client.post(MEMBER_PATHS.urge, { id: requestId }, { token: owner.token }), 404, ErrorCode.MEMBER_REQUEST_NOT_FOUND);

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
    const before = await counts();
    refused(
      await t.client.patch(
        MEMBER_PATHS.decide,
        { id: requestId, status: 'Agreed', role_id: await roleId(book.id, 'viewer') },
        inBook(keeper.token, book.id),
      ),
      403,
      ErrorCode.FORBIDDEN,
    );
    refused(
      await t.client.patch(MEMBER_PATHS.decide, { id: requestId, status: 'Agreed' }, inBook(owner.token, book.id)),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.patch(
        MEMBER_PATHS.decide,
        { id: requestId, status: 'Agreed', role_id: await roleId(book.id, 'owner') },
        inBook(owner.token, book.id),
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.patch(MEMBER_PATHS.decide, { id: '999999', status: 'Agreed' }, inBook(owner.token, book.id)),
      404,
      ErrorCode.MEMBER_REQUEST_NOT_FOUND,
    );
    expect(await counts()).toEqual(before);

    const agreed = await t.client.patch(
      MEMBER_PATHS.decide,
      { id: requestId, status: 'Agreed', role_id: await roleId(book.id, 'viewer') },
      inBook(owner.token, book.id),
    );
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data).toMatchObject({
      status: 'Distributed',
      granted_role: { role_name: '查看者' },
      decided_by: { user_id: owner.userid },
    });
    expect(await cloudIds(applicant.token)).toContain(book.id);
    refused(
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
    const link = await invite(owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 0 });
    expect(link.expire_at).toBeNull();
    const applicant = await buildUser(t);
    const viewer = await roleId(book.id, 'viewer');
    const first = (
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: viewer }, { token: applicant.token })
    ).json().data;
    const rejected = await t.client.patch(bookPath(MEMBER_PATHS.reject, { id: first.request_id }), {}, inBook(owner.token, book.id));
    expect(rejected.json().data.status).toBe('Rejected');
    const second = (
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: viewer }, { token: applicant.token })
    ).json().data;
    const agreed = await t.client.patch(MEMBER_PATHS.decide, { id: second.request_id, status: 'Agreed' }, inBook(owner.token, book.id));
    expect(agreed.json().data).toMatchObject({ status: 'Agreed', role: { role_id: viewer }, granted_role: { role_id: viewer } });
  });
});

describe('links that no longer let anyone in', () => {
  it('refuses expired, revoked and unknown links, and roles the link does not offer', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleId(book.id, 'viewer');
    const designated = await invite(owner.token, book.id, { audit_type: 'NoReviewDesignatedRole', link_validity: 1, role_ids: [viewer] });
    const joiner = await buildUser(t);
    const before = await counts();
    refused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: designated.invite_code, role_id: '-1' }, { token: joiner.token }),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.post(
        MEMBER_PATHS.applyV5,
        { invite_code: designated.invite_code, role_id: await roleId(book.id, 'bookkeeper') },
        { token: joiner.token },
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    t.clock.advance(25 * 60 * 60 * 1000);
    // A day later the tokens of then have expired too: the joiner signs in again.
    const late = await buildUser(t, joiner.phone);
    refused(
      await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: designated.invite_code }), { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );
    refused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: designated.invite_code, role_id: viewer }, { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );

    const fresh = await buildUser(t, owner.phone);
    const revoked = await invite(fresh.token, book.id, { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [viewer] });
    const live = await t.client.get(MEMBER_PATHS.invitations, inBook(fresh.token, book.id));
    expect(live.json().data.map((i: { id: string }) => i.id)).toEqual([revoked.id]);
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.revokeInvitation, { id: revoked.id }), undefined, inBook(fresh.token, book.id)))
        .statusCode,
    ).toBe(204);
    refused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: revoked.invite_code, role_id: viewer }, { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );
    refused(
      await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: 'x'.repeat(24) }), { token: late.token }),
      404,
      ErrorCode.INVITATION_NOT_FOUND,
    );
    refused(await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: 'short' }), { token: late.token }), 400, ErrorCode.VALIDATION);
    expect((await counts()).members).toEqual(before.members);
    expect((await counts()).requests).toEqual(before.requests);
    expect(await cloudIds(late.token)).not.toContain(book.id);
  });

  it('checks what an inviter may offer: one role for a designated link, never the owner role, never more than they hold', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const [viewer, keeper, ownerRole] = [
      await roleId(book.id, 'viewer'),
      await roleId(book.id, 'bookkeeper'),
      await roleId(book.id, 'owner'),
    ];
    const o = inBook(owner.token, book.id);
    refused(
      await t.client.post(
        MEMBER_PATHS.createInvitation,
        { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [viewer, keeper] },
        o,
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NoReviewRoleCode', link_validity: 7 }, o),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 7, role_ids: [ownerRole] }, o),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    refused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 3 }, o),
      400,
      ErrorCode.VALIDATION,
    );
    refused(await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'Later', link_validity: 7 }, o), 400, ErrorCode.VALIDATION);
    refused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 7, role_ids: ['424242'] }, o),
      404,
      ErrorCode.ROLE_NOT_FOUND,
    );
    // An admin without the right to delete the book cannot hand out a role that may.
    const admin = await buildUser(t);
    await addToBook(t, book.id, admin.userid, 'admin');
    const strong = (
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '副本主', permission_codes: ['05000102', '02'] }, o)
    ).json().data.role_id as string;
    refused(
      await t.client.post(
        MEMBER_PATHS.createInvitation,
        { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [strong] },
        inBook(admin.token, book.id),
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    const assignable = await t.client.get(MEMBER_PATHS.assignableRoles, inBook(admin.token, book.id));
    expect(assignable.json().data.map((r: { role_code: string }) => r.role_code)).toEqual(['admin', 'bookkeeper', 'viewer']);
  });
});

describe('adding a registered user by phone', () => {
  it('waits for their answer: accepting joins with the role, declining leaves nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const friend = await buildUser(t);
    const viewer = await roleId(book.id, 'viewer');
    refused(await t.client.post(MEMBER_PATHS.addMember, { phone: '13000000001', role_id: viewer }, o), 404, ErrorCode.USER_NOT_REGISTERED);
    refused(await t.client.post(MEMBER_PATHS.addMember, { phone: owner.phone, role_id: viewer }, o), 422, ErrorCode.MEMBER_REFUSED);
    refused(await t.client.post(MEMBER_PATHS.addMember, { phone: 'abc', role_id: viewer }, o), 400, ErrorCode.VALIDATION);
    const added = await t.client.post(MEMBER_PATHS.addMember, { phone: friend.phone, role_id: viewer }, o);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ kind: 'add', status: 'ToBeAccepted', inviter: { user_id: owner.userid } });
    refused(await t.client.post(MEMBER_PATHS.addMember, { phone: friend.phone, role_id: viewer }, o), 409, ErrorCode.APPLICATION_PENDING);
    const prompts = (await t.client.get(MEMBER_PATHS.pendingPrompts, { token: friend.token })).json().data;
    expect(prompts.invitations).toMatchObject([{ id: added.json().data.id, book_id: book.id, role: { role_id: viewer } }]);
    refused(
      await t.client.patch(
        bookPath(MEMBER_PATHS.answerPrompt, { id: added.json().data.id }),
        { status: 'Accepted' },
        { token: owner.token },
      ),
      404,
      ErrorCode.MEMBER_REQUEST_NOT_FOUND,
    );
    const accepted = await t.client.patch(
      bookPath(MEMBER_PATHS.answerPrompt, { id: added.json().data.id }),
      { status: 'Accepted' },
      { token: friend.token },
    );
    expect(accepted.json().data.status).toBe('Accepted');
    expect(await cloudIds(friend.token)).toContain(book.id);
    refused(await t.client.post(MEMBER_PATHS.addMember, { phone: friend.phone, role_id: viewer }, o), 409, ErrorCode.ALREADY_MEMBER);

    const other = await buildUser(t);
    const second = (await t.client.post(MEMBER_PATHS.addMember, { phone: other.phone, role_id: viewer }, o)).json().data;
    const declined = await t.client.patch(
      bookPath(MEMBER_PATHS.answerPrompt, { id: second.id }),
      { status: 'Rejected' },
      { token: other.token },
    );
    expect(declined.json().data.status).toBe('Rejected');
    expect(await cloudIds(other.token)).not.toContain(book.id);
  });
});

describe("a book's invitation defaults", () => {
  it('are read and saved by those who invite, and refuse values outside the lists', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    expect((await t.client.get(MEMBER_PATHS.inviteSetting, o)).json().data).toEqual({ link_validity: 7, audit_type: 'NeedToBeReviewed' });
    const saved = await t.client.put(MEMBER_PATHS.inviteSetting, { link_validity: 30, audit_type: 'NoReviewRoleCode' }, o);
    expect(saved.json().data).toEqual({ link_validity: 30, audit_type: 'NoReviewRoleCode' });
    refused(
      await t.client.put(MEMBER_PATHS.inviteSetting, { link_validity: 2, audit_type: 'NoReviewRoleCode' }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expect((await t.client.get(MEMBER_PATHS.inviteSetting, o)).json().data).toEqual({ link_validity: 30, audit_type: 'NoReviewRoleCode' });
  });
});
