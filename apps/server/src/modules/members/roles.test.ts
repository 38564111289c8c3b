import { BOOK_PATHS, ErrorCode, MEMBER_PATHS, Permission, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type RoleOut = {
  role_id: string;
  role_name: string;
  role_code: string;
  permission_codes: string[];
  member_count: number;
  editable: boolean;
  role_info: { price: string; billing_type: string };
};
const roleRows = async (bookId: string) =>
  t.db.selectFrom('book_roles').select(['id', 'name', 'permissions']).where('book_id', '=', bookId).orderBy('id').execute();

describe("a book's roles", () => {
  it('are the four seeded roles, named in the reader language, with what each may do', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const zh = (await t.client.get(MEMBER_PATHS.roles, inBook(owner.token, book.id))).json().data as RoleOut[];
    expect(zh.map((r) => [r.role_code, r.role_name, r.member_count, r.editable])).toEqual([
      ['owner', '创建者', 1, false],
      ['admin', '管理员', 0, true],
      ['bookkeeper', '记账员', 0, true],
      ['viewer', '查看者', 0, true],
    ]);
    expect(zh[3]!.permission_codes).toEqual(['01', '02', '02000504']);
    expect(zh[1]!.role_info).toEqual({ price: '0', billing_type: 'OneOff', role_name: '管理员' });
    const en = (await t.client.get(bookPath(MEMBER_PATHS.bookRoles, { bookId: book.id }), { token: owner.token, locale: 'en' })).json()
      .data as RoleOut[];
    expect(en.map((r) => r.role_name)).toEqual(['Owner', 'Administrator', 'Bookkeeper', 'Viewer']);

    const tree = (await t.client.get(`${MEMBER_PATHS.permissionTree}?role_id=${zh[3]!.role_id}`, inBook(owner.token, book.id))).json().data;
    expect(tree.map((n: { code: string }) => n.code)).toEqual(['01', '02', '03', '05', '11', '13']);
    expect(tree[0]).toMatchObject({
      code: '01',
      name: '记账与流水',
      status: '1',
      children: [
        { code: '010001', status: '0' },
        { code: '010002', status: '0' },
      ],
    });
    expectRefused(
      await t.client.get(`${MEMBER_PATHS.permissionTree}?role_id=77777`, inBook(owner.token, book.id)),
      404,
      ErrorCode.ROLE_NOT_FOUND,
    );
  });

  it('are created (9), updated (8) and deleted (D) by a role editor, with whole permission sets', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const created = await t.client.post(
      MEMBER_PATHS.roleOperation,
      {
        operation: '9',
        role_name: '出纳',
        role_desc: '只记账',
        permission_codes: ['010001', '99999999'],
        price: '1.5',
        billing_type: 'PerPersonPerDay',
      },
      o,
    );
    expect(created.statusCode).toBe(200);
    const role = created.json().data as RoleOut;
    // The group 01 comes with its code, and 02 (opening the book) with every role; unknown codes are dropped.
    expect(role).toMatchObject({
      role_name: '出纳',
      role_code: 'custom',
      permission_codes: ['01', '010001', '02'],
      role_info: { price: '1.50', billing_type: 'PerPersonPerDay' },
    });
    const paid = (await t.client.get(bookPath(MEMBER_PATHS.paidRoles, { id: book.id }), { token: owner.token })).json().data as RoleOut[];
    expect(paid.map((r) => r.role_id)).toEqual([role.role_id]);

    const updated = await t.client.post(
      MEMBER_PATHS.roleOperation,
      { operation: '8', role_id: role.role_id, permission_codes: ['02000504'], price: '0' },
      o,
    );
    expect(updated.json().data).toMatchObject({ permission_codes: ['02', '02000504'], role_info: { price: '0' } });
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '出纳', permission_codes: [] }, o),
      409,
      ErrorCode.CONFLICT,
    );

    const holder = await buildUser(t);
    await addToBook(t, book.id, holder.userid, { roleId: role.role_id });
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: 'D', role_id: role.role_id }, o),
      409,
      ErrorCode.ROLE_IN_USE,
    );
    await t.db.deleteFrom('book_users').where('user_id', '=', holder.userid).execute();
    const deleted = await t.client.post(MEMBER_PATHS.roleOperation, { operation: 'D', role_id: role.role_id }, o);
    expect(deleted.statusCode).toBe(200);
    expect((await roleRows(book.id)).map((r) => r.id)).not.toContain(role.role_id);
  });

  it('refuses bad operations, the owner role, deleting seeded roles and too many roles, changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const roles = (await t.client.get(MEMBER_PATHS.roles, o)).json().data as RoleOut[];
    const before = await roleRows(book.id);
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '7', role_id: roles[1]!.role_id }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '', permission_codes: [] }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: 'a\u0000b', permission_codes: [] }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '贵', permission_codes: [], price: '-1' }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '8', role_id: roles[1]!.role_id }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '8', role_id: roles[0]!.role_id, permission_codes: [] }, o),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: 'D', role_id: roles[0]!.role_id }, o),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: 'D', role_id: roles[3]!.role_id }, o),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
    expectRefused(await t.client.post(MEMBER_PATHS.roleOperation, { operation: 'D', role_id: '55555' }, o), 404, ErrorCode.ROLE_NOT_FOUND);
    expect(await roleRows(book.id)).toEqual(before);
    for (let i = 0; i < 16; i++) {
      expect(
        (await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: `角色${i}`, permission_codes: ['02'] }, o))
          .statusCode,
      ).toBe(200);
    }
    expectRefused(
      await t.client.post(MEMBER_PATHS.roleOperation, { operation: '9', role_name: '第二十一', permission_codes: ['02'] }, o),
      422,
      ErrorCode.MEMBER_REFUSED,
    );
  });

  it('never lets a role editor give more than they hold', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const admin = await buildUser(t);
    await addToBook(t, book.id, admin.userid, 'admin');
    const a = inBook(admin.token, book.id);
    expectRefused(
      await t.client.post(
        MEMBER_PATHS.roleOperation,
        { operation: '9', role_name: '删账本', permission_codes: [Permission.DELETE_BOOK] },
        a,
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
    const roles = (await t.client.get(MEMBER_PATHS.roles, a)).json().data as RoleOut[];
    expect(roles.map((r) => r.editable)).toEqual([false, true, true, true]);
    expectRefused(
      await t.client.post(
        MEMBER_PATHS.roleOperation,
        { operation: '8', role_id: roles[3]!.role_id, permission_codes: ['02', Permission.SPACE_RENTAL] },
        a,
      ),
      422,
      ErrorCode.ROLE_NOT_ALLOWED,
    );
  });
});

describe('asking for permissions', () => {
  it("answers a map of code to status for the caller's role, following a change of role at once", async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const member = await buildUser(t);
    await addToBook(t, book.id, member.userid, 'viewer');
    const ask = (token: string) => t.client.get(`${MEMBER_PATHS.permissions}?code=010001,010002,03000106,12345678`, inBook(token, book.id));
    expect((await ask(member.token)).json().data).toEqual({ '010001': '0', '010002': '0', '03000106': '0', '12345678': '0' });
    expect((await ask(owner.token)).json().data).toEqual({ '010001': '1', '010002': '1', '03000106': '1', '12345678': '0' });
    const keeper = (await t.client.get(MEMBER_PATHS.roles, inBook(owner.token, book.id))).json().data[2].role_id;
    await t.client.patch(bookPath(MEMBER_PATHS.memberRole, { id: member.userid }), { role_id: keeper }, inBook(owner.token, book.id));
    expect((await ask(member.token)).json().data).toMatchObject({ '010001': '1', '010002': '1', '03000106': '0' });
    expectRefused(await t.client.get(`${MEMBER_PATHS.permissions}?code=abc`, inBook(member.token, book.id)), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(MEMBER_PATHS.permissions, inBook(member.token, book.id)), 400, ErrorCode.VALIDATION);
    // The book lists carry the member's role id, so a client sees when it changed.
    const listed = (await t.client.get(BOOK_PATHS.cloudList, { token: member.token })).json().cloud_book_list[0];
    expect(listed.role_list).toEqual([{ role_id: keeper, role_name: 'bookkeeper' }]);
  });
});
