import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

/** dashboard/index's link token (docs/host.md): traded once for the page's own sign-in, the old one revoked. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const exchange = (token: string | undefined, body: Record<string, unknown> = {}) =>
  t.client.post(AUTH_PATHS.exchangeToken, body, token === undefined ? {} : { token });
const me = (token: string) => t.client.get(AUTH_PATHS.userInfo, { token });

describe('trading a link’s token', () => {
  it('answers a new sign-in of the same user, once; the link’s token stops working', async () => {
    const user = await buildUser(t);
    const res = await exchange(user.token, { user_number: user.userid });
    expect(res.statusCode, res.body).toBe(200);
    const traded = res.json().data;
    expect(traded).toMatchObject({ userid: user.userid, token: expect.any(String), refresh_token: expect.any(String) });
    expect(traded.token).not.toBe(user.token);
    expect((await me(traded.token)).statusCode).toBe(200);
    // The token that travelled in the link, and its refresh token, are gone.
    expect((await me(user.token)).statusCode).toBe(401);
    const refresh = await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token });
    expect(refresh.statusCode).toBe(401);
    // A second trade of the same link refuses.
    expectRefused(await exchange(user.token), 401, ErrorCode.UNAUTHORIZED);
    // The new sign-in refreshes as any other.
    const again = await t.client.post(AUTH_PATHS.refresh, { refresh_token: traded.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('refuses another user’s number, no token, a bad token and bad input, leaving the token working', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    expectRefused(await exchange(user.token, { user_number: other.userid }), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await exchange(undefined), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await exchange('not-a-token'), 401, ErrorCode.UNAUTHORIZED);
    expectRefused(await exchange(user.token, { user_number: 'abc' }), 400, ErrorCode.VALIDATION);
    expectRefused(await exchange(user.token, { user_number: '99999999999999999999999' }), 400, ErrorCode.VALIDATION);
    expectRefused(await exchange(user.token, { extra: 1 }), 400, ErrorCode.VALIDATION);
    expect((await me(user.token)).statusCode).toBe(200);
  });
});
