import { AUTH_PATHS, BOOK_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, latestCode, nextPhone, startTestApp, type CallOptions, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const EN = { locale: 'en' } satisfies CallOptions;

async function loginWithWrongCode(o: CallOptions) {
  const phone = nextPhone();
  await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
  const code = await latestCode(t.app, phone);
  return t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: code === '000000' ? '111111' : '000000' }, o);
}

describe("every answer in the caller's language", () => {
  it('says a verification code is wrong in Chinese by default, in English when the Device locale or Accept-Language asks', async () => {
    const zh = { code: ErrorCode.VERIFY_CODE_WRONG, message: '验证码错误' };
    const en = { code: ErrorCode.VERIFY_CODE_WRONG, message: 'Wrong verification code' };
    const cases: Array<[CallOptions, typeof zh]> = [
      [{}, zh],
      [EN, en],
      [{ locale: 'en-US' }, en],
      [{ acceptLanguage: 'en-US,en;q=0.9' }, en],
      [{ acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8' }, zh],
      // The app's own language setting wins over the browser's.
      [{ locale: 'zh-CN', acceptLanguage: 'en' }, zh],
    ];
    for (const [o, expected] of cases) {
      const res = await loginWithWrongCode(o);
      expect(res.statusCode, JSON.stringify(o)).toBe(422);
      expect(res.json(), JSON.stringify(o)).toEqual(expected);
    }
  });

  it("names the invalid field in the user's language", async () => {
    const bad = { phone: '1380013800x', type: 4 };
    expect((await t.client.post(AUTH_PATHS.verifyCode, bad)).json()).toEqual({ code: ErrorCode.VALIDATION, message: '手机号格式不正确' });
    const en = await t.client.post(AUTH_PATHS.verifyCode, bad, EN);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: ErrorCode.VALIDATION, message: 'Phone number is not valid' });

    const user = await buildUser(t);
    const tpl = await t.db.selectFrom('book_templates').select('id').where('code', '=', 'daily').executeTakeFirstOrThrow();
    const create = (name: string, o: CallOptions = {}) =>
      t.client.post(BOOK_PATHS.create, { id: tpl.id, name }, { token: user.token, ...o });
    expect((await create('')).json()).toEqual({ code: ErrorCode.VALIDATION, message: '账本名称不能为空' });
    expect((await create('', EN)).json()).toEqual({ code: ErrorCode.VALIDATION, message: 'Book name must not be empty' });
    expect((await create('账'.repeat(21))).json()).toEqual({ code: ErrorCode.VALIDATION, message: '账本名称最多 20 个字' });
    expect((await create('账'.repeat(21), EN)).json()).toEqual({
      code: ErrorCode.VALIDATION,
      message: 'Book name must be at most 20 characters',
    });
  });

  it('answers an unknown call in either language', async () => {
    const zh = await t.client.get('/cab-nothing-ws/v1/here?x=1');
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: ErrorCode.NOT_FOUND, message: '请求的功能不存在：GET /cab-nothing-ws/v1/here' });
    const en = await t.client.get('/cab-nothing-ws/v1/here', EN);
    expect(en.json()).toEqual({ code: ErrorCode.NOT_FOUND, message: 'No such call: GET /cab-nothing-ws/v1/here' });
  });

  it('answers a path the router cannot read (a broken percent-encoding, an overlong parameter) with {code, message}', async () => {
    const broken = await t.client.get('/cab-market-ws/market/v1/template/%ED%A0%80');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: ErrorCode.VALIDATION, message: '请求地址无效' });
    const long = await t.client.get(`/cab-market-ws/market/v1/template/${'9'.repeat(200)}`, EN);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ code: ErrorCode.VALIDATION, message: 'The request address is not valid' });
  });

  it('refuses half a surrogate pair in a text field, as it refuses NUL', async () => {
    const user = await buildUser(t);
    const res = await t.client.patch(AUTH_PATHS.updateUser, { nickname: 'a\ud800b' }, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: '昵称含有无法识别的字符' });
    const emoji = await t.client.patch(AUTH_PATHS.updateUser, { nickname: '小王😀' }, { token: user.token });
    expect(emoji.statusCode).toBe(200);
  });

  it('words malformed JSON, an oversized body and a missing login in either language', async () => {
    const user = await buildUser(t);
    const malformed = (o: CallOptions) =>
      t.client.patch(AUTH_PATHS.updateUser, undefined, { token: user.token, raw: '{"nickname": "x"', ...o });
    expect((await malformed({})).json()).toEqual({ code: ErrorCode.MALFORMED_JSON, message: '提交的内容格式不正确' });
    expect((await malformed(EN)).json()).toEqual({ code: ErrorCode.MALFORMED_JSON, message: 'Request body is not valid JSON' });

    const huge = (o: CallOptions) =>
      t.client.patch(AUTH_PATHS.updateUser, { nickname: 'x', avatar_url: 'y'.repeat(1_100_000) }, { token: user.token, ...o });
    const hugeZh = await huge({});
    expect(hugeZh.statusCode).toBe(413);
    expect(hugeZh.json()).toEqual({ code: ErrorCode.BODY_TOO_LARGE, message: '提交的内容太大了' });
    expect((await huge(EN)).json()).toEqual({ code: ErrorCode.BODY_TOO_LARGE, message: 'Request body is too large' });

    const anonymous = await t.client.get(AUTH_PATHS.userInfo);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: ErrorCode.UNAUTHORIZED, message: '请先登录' });
    expect((await t.client.get(AUTH_PATHS.userInfo, EN)).json()).toEqual({ code: ErrorCode.UNAUTHORIZED, message: 'Please log in' });
  });

  it('words signature failures and rate limits in either language', async () => {
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { clientKey: 'stranger', ...EN })).json()).toEqual({
      code: ErrorCode.UNKNOWN_CLIENT_KEY,
      message: 'Unknown client key',
    });
    const phone = nextPhone();
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 })).statusCode).toBe(200);
    const again = await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: ErrorCode.TOO_MANY_REQUESTS, message: '验证码已发送，请 1 分钟后再获取' });
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 }, EN)).json()).toEqual({
      code: ErrorCode.TOO_MANY_REQUESTS,
      message: 'A code was just sent; wait a minute before asking again',
    });
  });

  it('answers a malformed Device header in the default language, and keeps its locale when only other fields are wrong', async () => {
    const notJson = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 }, { headers: { device: 'Not json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ code: ErrorCode.BAD_DEVICE, message: '设备信息格式不正确，请更新应用后重试' });
    const badField = await t.client.post(
      AUTH_PATHS.verifyCode,
      { phone: nextPhone(), type: 4 },
      { headers: { device: JSON.stringify({ locale: 'en', model: 42 }) } },
    );
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toEqual({ code: ErrorCode.BAD_DEVICE, message: 'Device header has fields of the wrong type' });
  });
});
