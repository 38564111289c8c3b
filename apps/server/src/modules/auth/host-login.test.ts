import crypto from 'node:crypto';
import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { makeHostCode, sdkSignatureHolds, type HostCodePayload } from './host-code.ts';

/** Automatic sign-in inside a partner host (docs/host.md): its SDK's code, signed with that partner's key, once. */
const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAB_HOST_KEYS: `a:${KEY_A},b:${KEY_B}` });
});
afterAll(() => t.close());

const payload = (over: Partial<HostCodePayload> = {}): HostCodePayload => ({
  host: 'a',
  uid: `u${crypto.randomBytes(6).toString('hex')}`,
  nick: '小店老板',
  iat: t.clock.now(),
  exp: t.clock.now() + 5 * 60_000,
  nonce: crypto.randomBytes(12).toString('hex'),
  ...over,
});
const login = (host: string, code: string) => t.client.post(AUTH_PATHS.login, { type: 'host', host, code });
const users = () => t.db.selectFrom('users').select('id').execute();

describe('signing in inside a host app', () => {
  it('signs the host’s user in, the same CAB user each time; a vouched phone finds that phone’s user', async () => {
    const p = payload();
    const first = await login('a', makeHostCode(KEY_A, p));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ nickName: '小店老板', token: expect.any(String), phone: '' });
    const again = await login('a', makeHostCode(KEY_A, { ...p, nonce: crypto.randomBytes(12).toString('hex') }));
    expect(again.json().data.userid).toBe(first.json().data.userid);
    // The same id at the other partner is another person.
    const other = await login('b', makeHostCode(KEY_B, { ...p, host: 'b' }));
    expect(other.json().data.userid).not.toBe(first.json().data.userid);
    const phone = '13700001111';
    const byPhone = await login('a', makeHostCode(KEY_A, payload({ phone })));
    // A phone nobody has yet: its new user takes the host's nickname.
    expect(byPhone.json().data).toMatchObject({ phone: expect.stringContaining('1111'), nickName: '小店老板' });
    const samePhone = await login('b', makeHostCode(KEY_B, payload({ host: 'b', phone })));
    expect(samePhone.json().data.userid).toBe(byPhone.json().data.userid);
    // The token works.
    const me = await t.client.get(AUTH_PATHS.userInfo, { token: first.json().data.token });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a forged, changed, expired, too long-lived, replayed or other partner’s code, making no user', async () => {
    const before = (await users()).length;
    const p = payload();
    const good = makeHostCode(KEY_A, p);
    expectRefused(await login('a', makeHostCode('x'.repeat(40), payload())), 401, ErrorCode.WRONG_CREDENTIALS);
    const changed = Buffer.from(JSON.stringify({ ...p, uid: 'someoneelse' })).toString('base64url');
    expectRefused(await login('a', `${changed}.${good.split('.')[1]}`), 401, ErrorCode.WRONG_CREDENTIALS);
    expectRefused(await login('a', makeHostCode(KEY_A, payload({ exp: t.clock.now() - 1 }))), 401, ErrorCode.WRONG_CREDENTIALS);
    expectRefused(await login('a', makeHostCode(KEY_A, payload({ exp: t.clock.now() + 3_600_000 }))), 401, ErrorCode.WRONG_CREDENTIALS);
    // A code of partner A presented as partner B.
    expectRefused(await login('b', good), 401, ErrorCode.WRONG_CREDENTIALS);
    expectRefused(await login('b', makeHostCode(KEY_B, payload())), 401, ErrorCode.WRONG_CREDENTIALS);
    expect((await users()).length).toBe(before);
    // Used once, then refused.
    expect((await login('a', good)).statusCode).toBe(200);
    expectRefused(await login('a', good), 401, ErrorCode.WRONG_CREDENTIALS);
    // Not a code at all, or an unknown host: 400.
    expectRefused(await login('a', 'not-a-code'), 400, ErrorCode.VALIDATION);
    expectRefused(await login('c', good), 400, ErrorCode.VALIDATION);
  });
});

describe('the host SDK signature (SPEC 7)', () => {
  it('signs one of this server’s pages with the partner’s key, for the host to check; refuses another site’s page', async () => {
    const url = 'http://localhost:80/#/dashboard/index';
    const res = await t.client.get(`${AUTH_PATHS.hostSdkSignature}?host=a&url=${encodeURIComponent(url)}`, {
      headers: { host: 'localhost:80' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as { timestamp: number; nonce_str: string; signature: string; expires_in: number };
    expect(s.expires_in).toBe(23 * 3600);
    expect(sdkSignatureHolds(KEY_A, url, s.timestamp, s.nonce_str, s.signature)).toBe(true);
    expect(sdkSignatureHolds(KEY_B, url, s.timestamp, s.nonce_str, s.signature)).toBe(false);
    expect(sdkSignatureHolds(KEY_A, `${url}x`, s.timestamp, s.nonce_str, s.signature)).toBe(false);
    const foreign = await t.client.get(`${AUTH_PATHS.hostSdkSignature}?host=a&url=${encodeURIComponent('https://evil.example/')}`, {
      headers: { host: 'localhost:80' },
    });
    expectRefused(foreign, 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(`${AUTH_PATHS.hostSdkSignature}?host=c&url=${encodeURIComponent(url)}`), 400, ErrorCode.VALIDATION);
    expectRefused(await t.client.get(`${AUTH_PATHS.hostSdkSignature}?host=a`), 400, ErrorCode.VALIDATION);
  });
});
