import { ACTIVITY_KINDS, ErrorCode, MEMBER_PATHS, Permission, bookPath, type Activity } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildRole, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildInvitation, expectRefused, roleIdOf } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const log = async (token: string, bookId: string, lang = 'zh-CN'): Promise<Activity[]> => {
  const res = await t.client.get(`${MEMBER_PATHS.activities}?page_size=100`, { ...inBook(token, bookId), locale: lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the activity log names who did what to whom', () => {
  it('names the member a row is about and the roles it points at, in the reader language; the decided list says who is gone', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const link = await buildInvitation(t, owner.token, book.id, { audit_type: 'NeedToBeReviewed', link_validity: 30 });
    const applicant = await buildUser(t);
    const applied = await t.client.post(MEMBER_PATHS.applyV5, { invite_code: link.invite_code, role_id: '-1' }, { token: applicant.token });
    expect(applied.statusCode, applied.body).toBe(201);
    const requestId = applied.json().data.request_id as string;
    const viewer = await roleIdOf(t, book.id, 'viewer');
    const keeperRole = await roleIdOf(t, book.id, 'bookkeeper');
    const agreed = await t.client.patch(
      MEMBER_PATHS.decide,
      { id: requestId, status: 'Agreed', role_id: viewer },
      inBook(owner.token, book.id),
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(
      (
        await t.client.patch(
          bookPath(MEMBER_PATHS.memberRole, { id: applicant.userid }),
          { role_id: keeperRole },
          inBook(owner.token, book.id),
        )
      ).statusCode,
    ).toBe(200);

    // Joined and still in: the decided row says so.
    const lists = async () => (await t.client.get(MEMBER_PATHS.requests, inBook(owner.token, book.id))).json().data.accepted_list;
    expect((await lists()).find((r: { id: string }) => r.id === requestId)).toMatchObject({ status: 'Distributed', in_book: true });

    const rows = await log(owner.token, book.id);
    const join = rows.find((a) => a.action === 'join')!;
    // The approver did it; the row is about the applicant, with the role given.
    expect(join).toMatchObject({ user: { user_id: owner.userid }, target: { user_id: applicant.userid }, after: { role_id: viewer } });
    expect(join.names[`role:${viewer}`]).toBe('查看者');
    const role = rows.find((a) => a.action === 'role')!;
    expect(role.target?.user_id).toBe(applicant.userid);
    expect(role.names).toEqual({ [`role:${viewer}`]: '查看者', [`role:${keeperRole}`]: '记账员' });
    // Names are in the reader's language.
    const en = await log(owner.token, book.id, 'en');
    expect(en.find((a) => a.action === 'role')!.names[`role:${keeperRole}`]).toBe('Bookkeeper');

    expect(
      (await t.client.delete(bookPath(MEMBER_PATHS.memberDetail, { id: applicant.userid }), undefined, inBook(owner.token, book.id)))
        .statusCode,
    ).toBe(204);
    expect((await lists()).find((r: { id: string }) => r.id === requestId)).toMatchObject({ status: 'Distributed', in_book: false });
    const removed = (await log(owner.token, book.id)).find((a) => a.action === 'remove')!;
    expect(removed.target?.user_id).toBe(applicant.userid);
    expect(removed.target?.nickname).toBeTruthy();

    // A member label's rows use the same entity word but are not about a user.
    const label = (await log(owner.token, book.id)).filter((a) => a.entity === 'member' && a.action === 'create');
    for (const a of label) expect(a.target).toBeNull();

    // Every kind written here is one the web has a sentence for.
    for (const a of await log(owner.token, book.id)) expect(ACTIVITY_KINDS).toContain(`${a.entity}.${a.action}`);
  });

  it('is refused to an outsider (404) and to a member without 11 (403)', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const outsider = await buildUser(t);
    expectRefused(await t.client.get(MEMBER_PATHS.activities, inBook(outsider.token, book.id)), 404, ErrorCode.BOOK_NOT_FOUND);
    const member = await buildUser(t);
    const noSensitive = await buildRole(t, book.id, [Permission.MEMBER_BASIC_DETAIL]);
    await addToBook(t, book.id, member.userid, { roleId: noSensitive });
    expectRefused(await t.client.get(MEMBER_PATHS.activities, inBook(member.token, book.id)), 403, ErrorCode.FORBIDDEN);
    expectRefused(await t.client.get(`${MEMBER_PATHS.activities}?page_size=0`, inBook(owner.token, book.id)), 400, ErrorCode.VALIDATION);
  });
});
