/**
 * Verification codes in production (issue 25, class 6), through HTTP: the code reaches
 * the provider and the user, never a log line, whatever the log level; there is no dev
 * outbox; a provider that refuses or does not answer becomes a {code, message} in the
 * user's language, and nothing is kept of a code that did not go out.
 */
import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startSmsStub, type SmsStub } from '../../../test/sms-stub.ts';

let stub: SmsStub;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  stub = await startSmsStub();
  t = await startTestApp(
    // The lowest level: not even a trace line may carry a code.
    { NODE_ENV: 'production', LOG_LEVEL: 'trace', CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: stub.url, CAB_SMS_TIMEOUT_MS: '300' },
    { logSink: { write: (l) => void lines.push(l) } },
  );
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const sentCodes = () => stub.requests.map((r) => (JSON.parse(r.body) as { code: string }).code);
const keptCodes = (phone: string) => t.db.selectFrom('verify_codes').select('id').where('phone', '=', phone).execute();

describe('a code in production', () => {
  it('goes to the provider, signs the user in, and appears in no log line', async () => {
    stub.answer = () => ({ status: 200, body: '{"id":"gw-1"}' });
    const phone = nextPhone();
    const sent = await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 });
    expect(sent.statusCode).toBe(200);
    const body = JSON.parse(stub.requests.at(-1)!.body) as { phone: string; code: string; type: number };
    expect(body).toMatchObject({ phone, type: 4 });
    expect(body.code).toMatch(/^[0-9]{6}$/);

    const wrong = body.code === '000000' ? '111111' : '000000';
    expect((await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: wrong })).statusCode).toBe(422);
    const login = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: body.code });
    expect(login.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('verification code sent');
    for (const code of [body.code, wrong]) expect(log).not.toContain(code);
    expect(log).not.toContain(phone);
  });

  it('has no dev outbox to read codes back from', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AUTH_PATHS.smsOutbox}?phone=${nextPhone()}` });
    expect(res.statusCode).toBe(404);
    expect(t.built.routes.some((r) => r.url === AUTH_PATHS.smsOutbox)).toBe(false);
  });
});

describe('a provider that does not take the code', () => {
  it.each([
    [
      503,
      503,
      ErrorCode.UNAVAILABLE,
      '验证码暂时发送不了，请 1 分钟后重试',
      'Verification codes cannot be sent right now; try again in a minute',
    ],
    [
      429,
      429,
      ErrorCode.TOO_MANY_REQUESTS,
      '这个手机号获取验证码太频繁了，请稍后再试',
      'Too many codes were sent to this number; try again later',
    ],
    [
      422,
      400,
      ErrorCode.VALIDATION,
      '这个手机号暂时收不到验证码，请换一个号码',
      'This number cannot receive verification codes; try another number',
    ],
  ])('answering %i is told to the user as %i, in their language, keeping nothing', async (gateway, status, code, zh, en) => {
    stub.answer = () => ({ status: gateway, body: JSON.stringify({ code: `GW-${gateway}` }) });
    lines.length = 0;
    const [chinese, english] = [nextPhone(), nextPhone()];
    const a = await t.client.post(AUTH_PATHS.verifyCode, { phone: chinese, type: 4 });
    expect([a.statusCode, a.json()]).toEqual([status, { code, message: zh }]);
    const b = await t.client.post(AUTH_PATHS.verifyCode, { phone: english, type: 4 }, { locale: 'en' });
    expect([b.statusCode, b.json()]).toEqual([status, { code, message: en }]);
    expect(await keptCodes(chinese)).toEqual([]);
    expect(await keptCodes(english)).toEqual([]);
    // The operator reads the gateway's answer; nobody reads the code.
    const log = lines.join('');
    expect(log).toContain(`GW-${gateway}`);
    for (const sent of sentCodes().slice(-2)) expect(log).not.toContain(sent);
  });

  it('that does not answer in time is unavailable', async () => {
    stub.answer = () => 'hang';
    const res = await t.client.post(AUTH_PATHS.verifyCode, { phone: nextPhone(), type: 4 });
    expect([res.statusCode, res.json().code]).toEqual([503, ErrorCode.UNAVAILABLE]);
    expect(lines.join('')).not.toContain(sentCodes().at(-1));
  });

  it('leaves the code sent before it valid', async () => {
    stub.answer = () => ({ status: 200, body: '{}' });
    const phone = nextPhone();
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 })).statusCode).toBe(200);
    const first = sentCodes().at(-1);
    t.clock.advance(61_000);
    stub.answer = () => ({ status: 500, body: '{}' });
    expect((await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 })).statusCode).toBe(503);
    expect((await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code: first })).statusCode).toBe(200);
  });
});
