import { CLOUD_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, runCab, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const STORAGE = { biz_type: 'storage', biz_code: 'book_private_storage' };
const statusPath = (type = 'storage', code = 'book_private_storage') =>
  CLOUD_PATHS.functionApplyStatus.replace(':biz_type', type).replace(':biz_code', code);
const status = async (token: string) => (await t.client.get(statusPath(), { token })).json().data;
const applyFor = (token: string, body: object = STORAGE, locale?: 'zh-CN' | 'en') =>
  t.client.post(CLOUD_PATHS.functionApply, body, { token, ...(locale ? { locale } : {}) });
const rows = () => t.db.selectFrom('function_applies').selectAll().orderBy('id').execute();
const told = (userId: string) => t.db.selectFrom('messages').select(['kind', 'link']).where('user_id', '=', userId).orderBy('id').execute();

describe('function applies (private storage)', () => {
  it('applies once, the operator approves, the applicant is told; a rejected one may apply again', async () => {
    const u = await buildUser(t);
    expect(await status(u.token)).toEqual({ ...STORAGE, status: null, remark: '', applied_at: null, decided_at: null });
    const res = await applyFor(u.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...STORAGE, status: 'applied', applied_at: t.clock.now(), decided_at: null });
    expect(await status(u.token)).toMatchObject({ status: 'applied' });
    const twice = await applyFor(u.token, STORAGE, 'zh-CN');
    expectRefused(twice, 409, ErrorCode.FUNCTION_APPLY_EXISTS);
    expect(twice.json().message).toBe('你已经申请过了，请等待审核结果');

    const id = (await rows()).find((r) => r.user_id === u.userid)!.id;
    const listed = await runCab(t, ['functions']);
    expect(listed.code).toBe(0);
    expect(listed.out.join('\n')).toContain(`${id}`);
    const rejected = await runCab(t, ['functions', 'reject', id, '--remark', '请先完善资料']);
    expect(rejected).toMatchObject({ code: 0, out: [`rejected application ${id}: book_private_storage of user ${u.userid}`] });
    expect(await status(u.token)).toMatchObject({ status: 'rejected', remark: '请先完善资料' });
    expect(await told(u.userid)).toEqual([{ kind: 'function.rejected', link: 'cloud/pages/exclusive' }]);
    // Decided: not again.
    expect(await runCab(t, ['functions', 'approve', id])).toMatchObject({ code: 1 });

    expect((await applyFor(u.token)).json().data).toMatchObject({ status: 'applied', remark: '' });
    expect(await runCab(t, ['functions', 'approve', id])).toMatchObject({ code: 0 });
    expect(await status(u.token)).toMatchObject({ status: 'approved' });
    expect((await told(u.userid)).map((m) => m.kind)).toEqual(['function.rejected', 'function.approved']);
    expectRefused(await applyFor(u.token), 409, ErrorCode.FUNCTION_APPLY_EXISTS);
    // Another user's status is their own.
    expect(await status((await buildUser(t)).token)).toMatchObject({ status: null });
  });

  it('refuses an unknown function, a type that is not its own, bad words and no session; nothing is written', async () => {
    const u = await buildUser(t);
    const before = await rows();
    expectRefused(await applyFor(u.token, { biz_type: 'storage', biz_code: 'teleport' }), 400, ErrorCode.VALIDATION);
    const wrongType = await applyFor(u.token, { biz_type: 'report', biz_code: 'book_private_storage' }, 'en');
    expectRefused(wrongType, 400, ErrorCode.VALIDATION);
    expect(wrongType.json().message).toBe('No such function');
    expectRefused(await applyFor(u.token, { biz_type: 'Storage!', biz_code: 'book_private_storage' }), 400, ErrorCode.VALIDATION);
    expectRefused(await applyFor(u.token, {}), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(statusPath('storage', 'teleport'), { token: u.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(statusPath('report'), { token: u.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.post(CLOUD_PATHS.functionApply, STORAGE), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await t.client.get(statusPath()), 401, ErrorCode.UNAUTHORIZED);
    expect(await rows()).toEqual(before);
    expect(await runCab(t, ['functions', 'approve', 'x'])).toMatchObject({ code: 2 });
    expect(await runCab(t, ['functions', 'reject', '1', '--remark', 'a\u0000b'])).toMatchObject({ code: 2 });
  });
});
