import { ErrorCode, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bookIdsOf, buildInvitation, expectRefused, memberCounts, roleIdOf } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('links that no longer let anyone in', () => {
  it('refuses expired, revoked and unknown links, and roles the link does not offer', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const designated = await buildInvitation(t, owner.token, book.id, {
      audit_type: 'NoReviewDesignatedRole',
      link_validity: 1,
      role_ids: [viewer],
    });
    const joiner = await buildUser(t);
    const before = await memberCounts(t);
    expectRefused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: designated.invite_code, role_id: '-1' }, { token: joiner.token }),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.post(
        MEMBER_PATHS.applyV5,
        { invite_code: designated.invite_code, role_id: await roleIdOf(t, book.id, 'bookkeeper') },
        { token: joiner.token },
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    t.clock.advance(25 * 60 * 60 * 1000);
    // A day later the tokens of then have expired too: the joiner signs in again.
    const late = await buildUser(t, joiner.phone);
    expectRefused(
      await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: designated.invite_code }), { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: designated.invite_code, role_id: viewer }, { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );

    const fresh = await buildUser(t, owner.phone);
    const revoked = await buildInvitation(t, fresh.token, book.id, {
      audit_type: 'NoReviewDesignatedRole',
      link_validity: 7,
      role_ids: [viewer],
    });
    const live = await t.client.get(MEMBER_PATHS.invitations, inBook(fresh.token, book.id));
    expect(live.json().data.map((i: { id: string }) => i.id)).toEqual([revoked.id]);
    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.revokeInvitation, { id: revoked.id }), undefined, inBook(fresh.token, book.id)))
        .statusCode,
    ).toBe(204);
    expectRefused(
      await t.client.post(MEMBER_PATHS.applyV5, { invite_code: revoked.invite_code, role_id: viewer }, { token: late.token }),
      422,
      ErrorCode.INVITATION_EXPIRED,
    );
    expectRefused(
      await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: 'x'.repeat(24) }), { token: late.token }),
      404,
      ErrorCode.INVITATION_NOT_FOUND,
    );
    expectRefused(
      await t.client.get(bookPath(MEMBER_PATHS.invitationV5, { code: 'short' }), { token: late.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expect((await memberCounts(t)).members).toEqual(before.members);
    expect((await memberCounts(t)).requests).toEqual(before.requests);
    expect(await bookIdsOf(t, late.token)).not.toContain(book.id);
  });

  it('checks what an inviter may offer: one role for a designated link, never the owner role, never more than they hold', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const [viewer, keeper, ownerRole] = [
      await roleIdOf(t, book.id, 'viewer'),
      await roleIdOf(t, book.id, 'bookkeeper'),
      await roleIdOf(t, book.id, 'owner'),
    ];
    const o = inBook(owner.token, book.id);
    expectRefused(
      await t.client.post(
        MEMBER_PATHS.createInvitation,
        { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [viewer, keeper] },
        o,
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NoReviewRoleCode', link_validity: 7 }, o),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 7, role_ids: [ownerRole] }, o),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'NeedToBeReviewed', link_validity: 3 }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.createInvitation, { audit_type: 'Later', link_validity: 7 }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
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
    expectRefused(
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

describe("a book's invitation defaults", () => {
  it('are read and saved by those who invite, and refuse values outside the lists', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    expect((await t.client.get(MEMBER_PATHS.inviteSetting, o)).json().data).toEqual({ link_validity: 7, audit_type: 'NeedToBeReviewed' });
    const saved = await t.client.put(MEMBER_PATHS.inviteSetting, { link_validity: 30, audit_type: 'NoReviewRoleCode' }, o);
    expect(saved.json().data).toEqual({ link_validity: 30, audit_type: 'NoReviewRoleCode' });
    expectRefused(
      await t.client.put(MEMBER_PATHS.inviteSetting, { link_validity: 2, audit_type: 'NoReviewRoleCode' }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expect((await t.client.get(MEMBER_PATHS.inviteSetting, o)).json().data).toEqual({ link_validity: 30, audit_type: 'NoReviewRoleCode' });
  });
});
