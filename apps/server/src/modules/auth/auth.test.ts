import { AUTH_PATHS, ErrorCode, VERIFY_CODE_TTL_MS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, latestCode, nextPhone, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sha1Hex } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const countUsers = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('login by verification code', () => {
  it('creates the user on first login and finds the same user the second time', async () => {
    const phone = nextPhone();
    const before = await countUsers();
    const first = await buildUser(t, phone);
    expect(first).toMatchObject({ account: phone, phone, tokenType: 'Bearer', nickName: `用户${phone.slice(-4)}`, has_password: false });
    expect(first.token).toBe(first.access_token);
    t.clock.advance(61_000);
    const second = await buildUser(t, phone);
    expect(second.userid).toBe(first.userid);
    expect(await countUsers()).toBe(before + 1);
  });

  it('names a new user in the language they sign up in', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 }, { locale: 'en' });
    const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: await latestCode(t.app, phone) }, { locale: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nickName).toBe(`User ${phone.slice(-4)}`);
  });

  it('refuses a wrong code with 422, keeps the right code usable, and creates nobody', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await countUsers();
    const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: ErrorCode.VERIFY_CODE_WRONG, message: '验证码错误' });
    expect(await countUsers()).toBe(before);
    const ok = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code });
    expect(ok.statusCode).toBe(200);
  });

  it('makes a code single-use', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    const code = await latestCode(t.app, phone);
    expect((await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code })).statusCode).toBe(200);
    const again = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe(ErrorCode.VERIFY_CODE_EXPIRED);
  });

  it('expires codes', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    const code = await latestCode(t.app, phone);
    t.clock.advance(VERIFY_CODE_TTL_MS + 1);
    const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code });
    expect(res.json().code).toBe(ErrorCode.VERIFY_CODE_EXPIRED);
  });

  it('stops accepting a code after five wrong guesses', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: wrong })).json().code).toBe(ErrorCode.VERIFY_CODE_WRONG);
    const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code });
    expect(res.json().code).toBe(ErrorCode.VERIFY_CODE_EXPIRED);
  });

  it('does not accept a binding code (type 2) for login', async () => {
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 2 });
    const code = await latestCode(t.app, phone);
    const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code });
    expect(res.statusCode).toBe(422);
  });

  it('rate limits code requests per phone (429) and sends nothing more', async () => {
    const phone = nextPhone();
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 })).statusCode).toBe(200);
    const code = await latestCode(t.app, phone);
    const res = await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(await latestCode(t.app, phone)).toBe(code);
    t.clock.advance(61_000);
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 })).statusCode).toBe(200);
  });

  it('rate limits code requests per IP', async () => {
    const from = { remoteAddress: '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, from)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses bad phone numbers and code types', async () => {
    for (const body of [
      { phone: '12345', type: 4 },
      { phone: nextPhone(), type: 3 },
      { phone: nextPhone(), type: '4' },
    ]) {
      const res = await t.client.post(AUTH_PATHS.verifyCode, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
    }
  });
});

describe('tokens', () => {
  it('refuses calls without a token, with a garbage token, and with an expired token', async () => {
    expect((await t.client.get(AUTH_PATHS.userInfo)).json().code).toBe(ErrorCode.UNAUTHORIZED);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: 'garbage' })).statusCode).toBe(401);
    const user = await buildUser(t);
    t.clock.advance(t.config.accessTokenTtlMs + 1);
    const res = await t.client.get(AUTH_PATHS.userInfo, { token: user.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('rotates refresh tokens: the new pair works after the access token expired', async () => {
    const user = await buildUser(t);
    t.clock.advance(t.config.accessTokenTtlMs + 1);
    const res = await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token });
    expect(res.statusCode).toBe(200);
    const pair = res.json().data;
    expect(pair.refresh_token).not.toBe(user.refresh_token);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: pair.access_token })).statusCode).toBe(200);
  });

  it('revokes the whole family when an old refresh token is reused', async () => {
    const user = await buildUser(t);
    const pair = (await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token })).json().data;
    const reuse = await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(ErrorCode.REFRESH_TOKEN_REUSED);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: pair.access_token })).statusCode).toBe(401);
    const newer = await t.client.post(AUTH_PATHS.refresh, { refresh_token: pair.refresh_token });
    expect(newer.statusCode).toBe(401);
  });

  it('keeps other sign-ins of the same user when one family is revoked', async () => {
    const phone = nextPhone();
    const a = await buildUser(t, phone);
    t.clock.advance(61_000);
    const b = await buildUser(t, phone);
    await t.client.post(AUTH_PATHS.refresh, { refresh_token: a.refresh_token });
    await t.client.post(AUTH_PATHS.refresh, { refresh_token: a.refresh_token });
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: b.token })).statusCode).toBe(200);
  });

  it('refuses an expired or unknown refresh token', async () => {
    expect((await t.client.post(AUTH_PATHS.refresh, { refresh_token: 'nope' })).json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
    const user = await buildUser(t);
    t.clock.advance(t.config.refreshTokenTtlMs + 1);
    expect((await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token })).json().code).toBe(
      ErrorCode.REFRESH_TOKEN_INVALID,
    );
  });

  it('logs out: the access and refresh tokens stop working', async () => {
    const user = await buildUser(t);
    expect((await t.client.post(AUTH_PATHS.logout, undefined, { token: user.token })).statusCode).toBe(204);
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: user.token })).statusCode).toBe(401);
    expect((await t.client.post(AUTH_PATHS.refresh, { refresh_token: user.refresh_token })).statusCode).toBe(401);
  });
});

describe('password login', () => {
  it('logs in by password through the v1 login and the legacy authorize grant', async () => {
    const user = await buildUser(t);
    expect((await t.client.put(AUTH_PATHS.setPassword, { password: 'secret-123' }, { token: user.token })).statusCode).toBe(204);
    const v1 = await t.client.post(AUTH_PATHS.login, { type: 'password', username: user.phone, password: 'secret-123' });
    expect(v1.statusCode).toBe(200);
    expect(v1.json().data).toMatchObject({ userid: user.userid, has_password: true });
    const url = `${AUTH_PATHS.oauthAuthorize}?grant_type=password_web&encode_version=V4&scope=user&username=${user.phone}&password=${sha1Hex('secret-123')}&vcid=&vid=`;
    const legacy = await t.app.inject({ method: 'GET', url });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect((await t.client.get(AUTH_PATHS.userInfo, { token: legacy.json().access_token })).json().data.userid).toBe(user.userid);
  });

  it('answers code 4112 for a wrong password or an unknown account alike', async () => {
    const user = await buildUser(t);
    await t.client.put(AUTH_PATHS.setPassword, { password: 'secret-123' }, { token: user.token });
    const wrong = await t.client.post(AUTH_PATHS.login, { type: 'password', username: user.phone, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(4112);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${AUTH_PATHS.oauthAuthorize}?grant_type=password_web&username=13000000000&password=${sha1Hex('x')}`,
    });
    expect(unknown.json().code).toBe(4112);
    const badGrant = await t.app.inject({ method: 'GET', url: `${AUTH_PATHS.oauthAuthorize}?grant_type=other&username=1&password=x` });
    expect(badGrant.statusCode).toBe(400);
  });

  it('sends codes of either type to registered and unregistered numbers with the same whole answer (issue 25)', async () => {
    const registered = await buildUser(t);
    t.clock.advance(61_000);
    const answers = [];
    for (const type of [4, 2])
      for (const phone of [registered.phone, nextPhone()]) {
        const res = await t.client.post(AUTH_PATHS.verifyCode, { phone, type });
        answers.push({ status: res.statusCode, body: res.body });
        t.clock.advance(61_000);
      }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ data: { expires_in: VERIFY_CODE_TTL_MS / 1000 } }) });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('answers an unknown account, one without a password and a wrong password with the same whole answer (issue 25)', async () => {
    const withPassword = await buildUser(t);
    await t.client.put(AUTH_PATHS.setPassword, { password: 'secret-123' }, { token: withPassword.token });
    const codeOnly = await buildUser(t);
    const unknown = nextPhone();
    const answers = [];
    for (const username of [withPassword.phone, codeOnly.phone, unknown]) {
      const res = await t.client.post(AUTH_PATHS.login, { type: 'password', username, password: 'nope-nope' });
      answers.push({ status: res.statusCode, body: res.body });
      const legacy = await t.app.inject({
        method: 'GET',
        url: `${AUTH_PATHS.oauthAuthorize}?grant_type=password_web&username=${username}&password=${sha1Hex('nope-nope')}`,
      });
      answers.push({ status: legacy.statusCode, body: legacy.body });
    }
    expect(answers[0]!.status).toBe(401);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 4112, message: expect.any(String) });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('rate limits password guessing per account', async () => {
    const user = await buildUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await t.client.post(AUTH_PATHS.login, { type: 'password', username: user.phone, password: `guess-${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
