import crypto from 'node:crypto';
import { AUTH_PATHS, ErrorCode, WEB_CLIENT_KEY } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextPhone, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAB_LEGACY_CLIENT_KEYS: 'old-app:old-secret', CAB_CLIENT_KEYS: 'partner:partner-secret' });
});
afterAll(() => t.close());

async function nickname(token: string): Promise<string> {
  const res = await t.client.get(AUTH_PATHS.userInfo, { token });
  return (res.json() as { data: { nickName: string } }).data.nickName;
}

describe('request pipeline', () => {
  it('answers server info unsigned, with the server clock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/server/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ current_time_stamp: t.clock.now() });
  });

  it('answers an unknown path with 404 JSON', async () => {
    const res = await t.client.get('/cab-nothing-ws/v1/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: expect.stringContaining('/cab-nothing-ws/v1/here') });
  });

  it('refuses a request without signature headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.verifyCode, payload: { phone: nextPhone(), type: 4 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_MISSING);
  });

  it('refuses an unknown client key', async () => {
    const res = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { clientKey: 'stranger' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.UNKNOWN_CLIENT_KEY, message: '客户端未获授权，请更新应用后重试' });
  });

  it('refuses a stale timestamp with code 274 (0x0112), and a future one too', async () => {
    for (const skew of [-300_001, 300_001]) {
      const res = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { timestamp: t.clock.now() + skew });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(274);
    }
    const ok = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { timestamp: t.clock.now() - 299_000 });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a bad sign, and a body changed after signing', async () => {
    const bad = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { sign: 'ab'.repeat(32) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.BAD_SIGN);
    const phone = nextPhone();
    const headers = t.client.signHeaders('POST', AUTH_PATHS.verifyCode, JSON.stringify({ phone, type: 4 }));
    const tampered = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.verifyCode,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ phone, type: 2 }),
    });
    expect(tampered.json().code).toBe(ErrorCode.BAD_SIGN);
    const wrongSecret = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { secret: 'not-the-secret' });
    expect(wrongSecret.json().code).toBe(ErrorCode.BAD_SIGN);
  });

  it('refuses a replayed nonce, and the replay changes nothing', async () => {
    const user = await buildUser(t);
    const nonce = crypto.randomBytes(12).toString('hex');
    const first = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 'first' }, { token: user.token, nonce });
    expect(first.statusCode).toBe(200);
    const replay = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 'second' }, { token: user.token, nonce });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(ErrorCode.NONCE_REPLAYED);
    expect(await nickname(user.token)).toBe('first');
  });

  it('accepts extra configured keys, and md5 signs from legacy keys only', async () => {
    const partner = await t.client.post(
      AUTH_PATHS.verifyCode,
      { phone: nextPhone(), type: 4 },
      { clientKey: 'partner', secret: 'partner-secret' },
    );
    expect(partner.statusCode).toBe(200);
    const md5 = (key: string, nonce: string, ts: string, secret: string) =>
      crypto
        .createHash('md5')
        .update(key + nonce + ts + secret)
        .digest('hex');
    const nonce = crypto.randomBytes(12).toString('hex');
    const ts = String(t.clock.now());
    const legacy = await t.client.post(
      AUTH_PATHS.verifyCode,
      { phone: nextPhone(), type: 4 },
      { clientKey: 'old-app', nonce, timestamp: Number(ts), sign: md5('old-app', nonce, ts, 'old-secret') },
    );
    expect(legacy.statusCode).toBe(200);
    const nonce2 = crypto.randomBytes(12).toString('hex');
    const notLegacy = await t.client.post(
      AUTH_PATHS.verifyCode,
      { phone: nextPhone(), type: 4 },
      { clientKey: WEB_CLIENT_KEY, nonce: nonce2, sign: md5(WEB_CLIENT_KEY, nonce2, ts, 'x') },
    );
    expect(notLegacy.json().code).toBe(ErrorCode.BAD_SIGN);
  });

  it('refuses malformed JSON, wrong types and missing fields with 400 and changes nothing', async () => {
    const user = await buildUser(t);
    const malformed = await t.client.patch(AUTH_PATHS.updateUser, undefined, { token: user.token, raw: '{"nickname": "x"' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ErrorCode.MALFORMED_JSON);
    const wrongType = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 42 }, { token: user.token });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ code: ErrorCode.VALIDATION, message: '昵称格式不正确' });
    const missing = await t.client.post(AUTH_PATHS.verifyCode, { type: 4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: ErrorCode.VALIDATION, message: '手机号不能为空' });
    expect(await nickname(user.token)).toBe(user.nickName);
  });

  it('refuses an oversized body with 413', async () => {
    const user = await buildUser(t);
    const res = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 'x', avatar_url: 'y'.repeat(1_100_000) }, { token: user.token });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ErrorCode.BODY_TOO_LARGE);
    expect(await nickname(user.token)).toBe(user.nickName);
  });

  it('refuses a Device header that is not JSON', async () => {
    const res = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { headers: { device: 'not json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.BAD_DEVICE);
  });

  it('refuses a Trading-Entity that is not a book id, and treats "0" as no book', async () => {
    const user = await buildUser(t);
    const bad = await t.client.get(AUTH_PATHS.userInfo, { token: user.token, headers: { 'trading-entity': 'abc' } });
    expect(bad.statusCode).toBe(400);
    const zero = await t.client.get(AUTH_PATHS.userInfo, { token: user.token, headers: { 'trading-entity': '0' } });
    expect(zero.statusCode).toBe(200);
  });

  it('never answers a stack trace', async () => {
    const res = await t.client.post(AUTH_PATHS.login, undefined, { raw: '[[[' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });
});
