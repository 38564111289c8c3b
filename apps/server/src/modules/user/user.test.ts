import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, latestCode, nextPhone, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(name: string, bytes: Buffer, filename = 'a.png', type = 'image/png') {
  const boundary = '----cabtest' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, bytes: Buffer) {
  const { body, contentType } = multipart('file', bytes);
  const headers = { ...t.client.signHeaders('POST', AUTH_PATHS.avatar, ''), authorization: `Bearer ${token}`, 'content-type': contentType };
  return t.app.inject({ method: 'POST', url: AUTH_PATHS.avatar, headers, payload: body });
}

const info = async (token: string) => (await t.client.get(AUTH_PATHS.userInfo, { token })).json().data;

describe('user info', () => {
  it('answers the fields of the spec', async () => {
    const user = await buildUser(t);
    expect(await info(user.token)).toEqual({
      userid: user.userid,
      account: user.phone,
      avatarUrl: '',
      nickName: user.nickName,
      phone: user.phone,
      tokenType: 'Bearer',
      token: user.token,
      has_password: false,
    });
  });

  it('updates the nickname, trimmed, and refuses an empty or too long one', async () => {
    const user = await buildUser(t);
    const res = await t.client.patch(AUTH_PATHS.updateUser, { nickname: '  小明  ' }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nickName).toBe('小明');
    for (const nickname of ['   ', 'x'.repeat(21)]) {
      const bad = await t.client.patch(AUTH_PATHS.updateUser, { nickname }, { token: user.token });
      expect(bad.statusCode).toBe(400);
    }
    expect((await t.client.patch(AUTH_PATHS.updateUser, {}, { token: user.token })).statusCode).toBe(400);
    expect((await info(user.token)).nickName).toBe('小明');
  });

  it("stores HTML in a nickname as given (escaping is the renderer's job)", async () => {
    const user = await buildUser(t);
    await t.client.patch(AUTH_PATHS.updateUser, { nickname: '<b>hi</b>' }, { token: user.token });
    expect((await info(user.token)).nickName).toBe('<b>hi</b>');
  });

  it('refuses an avatar_url that is neither an upload nor https', async () => {
    const user = await buildUser(t);
    const res = await t.client.patch(AUTH_PATHS.updateUser, { avatar_url: 'javascript:alert(1)' }, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect((await info(user.token)).avatarUrl).toBe('');
  });
});

describe('avatar upload', () => {
  it('stores a PNG, serves it under /files, and sets it as the avatar', async () => {
    const user = await buildUser(t);
    const res = await upload(user.token, PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.avatar_url;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await info(user.token)).avatarUrl).toBe(url);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('refuses bytes that are not an image whatever they claim (415) and keeps the old avatar', async () => {
    const user = await buildUser(t);
    const res = await upload(user.token, Buffer.from('<svg onload=alert(1)>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect((await info(user.token)).avatarUrl).toBe('');
  });

  it('refuses an image over 5120 KB (413)', async () => {
    const user = await buildUser(t);
    const big = Buffer.concat([PNG, Buffer.alloc(5120 * 1024)]);
    const res = await upload(user.token, big);
    expect(res.statusCode).toBe(413);
    expect((await info(user.token)).avatarUrl).toBe('');
  });

  it('refuses a JSON body and a caller without a token', async () => {
    const user = await buildUser(t);
    expect((await t.client.post(AUTH_PATHS.avatar, { file: 'x' }, { token: user.token })).statusCode).toBe(415);
    const { body, contentType } = multipart('file', PNG);
    const anon = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.avatar,
      headers: { ...t.client.signHeaders('POST', AUTH_PATHS.avatar, ''), 'content-type': contentType },
      payload: body,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('bind phone', () => {
  it('binds a new phone with a type-2 code', async () => {
    const user = await buildUser(t);
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 2 });
    const res = await t.client.post(AUTH_PATHS.bindPhone, { phone, code: await latestCode(t.app, phone) }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phone, account: phone });
  });

  it('refuses a phone bound to someone else (409) and a wrong code (422)', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    t.clock.advance(61_000);
    await t.client.post(AUTH_PATHS.verifyCode, { phone: other.phone, type: 2 });
    const taken = await t.client.post(
      AUTH_PATHS.bindPhone,
      { phone: other.phone, code: await latestCode(t.app, other.phone) },
      { token: user.token },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ErrorCode.PHONE_TAKEN);
    const phone = nextPhone();
    await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 2 });
    const right = await latestCode(t.app, phone);
    const wrong = await t.client.post(
      AUTH_PATHS.bindPhone,
      { phone, code: right === '999999' ? '888888' : '999999' },
      { token: user.token },
    );
    expect(wrong.statusCode).toBe(422);
    expect((await info(user.token)).phone).toBe(user.phone);
  });
});

describe('set password', () => {
  it('refuses a password under 6 characters and needs a token', async () => {
    const user = await buildUser(t);
    expect((await t.client.put(AUTH_PATHS.setPassword, { password: '123' }, { token: user.token })).statusCode).toBe(400);
    expect((await t.client.put(AUTH_PATHS.setPassword, { password: '123456' })).statusCode).toBe(401);
    expect((await info(user.token)).has_password).toBe(false);
  });
});
