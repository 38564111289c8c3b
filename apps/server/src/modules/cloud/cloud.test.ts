import { CLOUD_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET user-type (SPEC 4: the owner flag)', () => {
  it("answers '1' to the book's owner and '0' to its other members", async () => {
    const owner = await buildUser(t);
    const admin = await buildUser(t);
    const book = await buildBook(t, owner.token);
    await addToBook(t, book.id, admin.userid, 'admin');
    const ask = (token: string) => t.client.get(CLOUD_PATHS.userType, inBook(token, book.id));
    const mine = await ask(owner.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ data: { user_type: '1' } });
    expect((await ask(admin.token)).json()).toEqual({ data: { user_type: '0' } });
  });

  it('refuses someone outside the book, no book and no session, in the caller’s language', async () => {
    const owner = await buildUser(t);
    const outsider = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const out = await t.client.get(CLOUD_PATHS.userType, { ...inBook(outsider.token, book.id), locale: 'zh-CN' });
    expectRefused(out, 404, ErrorCode.BOOK_NOT_FOUND);
    expect(out.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.client.get(CLOUD_PATHS.userType, { token: owner.token })).statusCode).toBeGreaterThanOrEqual(400);
    expectRefused(await t.client.get(CLOUD_PATHS.userType, { headers: { 'trading-entity': book.id } }), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await t.client.get(CLOUD_PATHS.userType, inBook(owner.token, '99999999999999999999')), 400, ErrorCode.VALIDATION);
  });
});
