/**
 * The generic HTTP sender against a local gateway that checks each request as
 * docs/sms.md describes it: the JSON body or the template, the bearer token, the HMAC
 * of the timestamp and body, and the meaning of its answers.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSmsSettings } from '../../sms-config.ts';
import { createLogger } from '../log.ts';
import { startSmsStub, type SmsStub } from '../../../test/sms-stub.ts';
import { HttpSmsSender } from './gateway.ts';
import { SmsNotSent } from './send.ts';

const NOW = 1_767_000_000_123;
const PHONE = '13800138000';
let stub: SmsStub;
let lines: string[];

beforeAll(async () => {
  stub = await startSmsStub();
});
afterAll(() => stub.close());

function senderWith(env: Record<string, string>): HttpSmsSender {
  const settings = parseSmsSettings({ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: stub.url, CAB_SMS_TIMEOUT_MS: '300', ...env }, true);
  if (settings.provider !== 'http') throw new Error('http settings expected');
  lines = [];
  return new HttpSmsSender(settings, createLogger('info', { write: (l) => void lines.push(l) }), () => NOW);
}

describe('the generic HTTP sender', () => {
  it('posts {phone, code, type} as JSON, with nothing to authenticate it unless configured', async () => {
    stub.answer = () => ({ status: 204, body: '' });
    await senderWith({}).sendVerifyCode(PHONE, '123456', 4);
    const req = stub.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['x-cab-signature']).toBeUndefined();
    expect(JSON.parse(req.body)).toEqual({ phone: PHONE, code: '123456', type: 4 });
  });

  it('sends the bearer token and signs the timestamp and body with the HMAC secret', async () => {
    stub.answer = () => ({ status: 200, body: '{"ok":true}' });
    await senderWith({ CAB_SMS_HTTP_TOKEN: 'tok-1', CAB_SMS_HTTP_HMAC_SECRET: 'hmac-1' }).sendVerifyCode(PHONE, '123456', 2);
    const req = stub.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['x-cab-timestamp']).toBe('1767000000');
    // Recomputed as docs/sms.md tells a gateway to check it.
    const expected = crypto.createHmac('sha256', 'hmac-1').update(`1767000000.${req.body}`).digest('hex');
    expect(req.headers['x-cab-signature']).toBe(`sha256=${expected}`);
  });

  it('fills the configured template, keeping its shape', async () => {
    stub.answer = () => ({ status: 200, body: '{}' });
    const template = JSON.stringify({
      to: '+86{{phone}}',
      text: '验证码 {{code}}，5 分钟内有效',
      meta: { kind: 'otp-{{type}}', keep: 1, list: ['{{code}}'] },
    });
    await senderWith({ CAB_SMS_HTTP_TEMPLATE: template }).sendVerifyCode(PHONE, '123456', 4);
    expect(JSON.parse(stub.requests.at(-1)!.body)).toEqual({
      to: `+86${PHONE}`,
      text: '验证码 123456，5 分钟内有效',
      meta: { kind: 'otp-4', keep: 1, list: ['123456'] },
    });
  });

  it.each([
    [429, 'limit'],
    [422, 'phone'],
    [400, 'unavailable'],
    [401, 'unavailable'],
    [500, 'unavailable'],
    [302, 'unavailable'],
  ])('turns HTTP %i into "%s", logging the gateway code but not the code', async (status, reason) => {
    stub.answer = () => ({ status, body: JSON.stringify({ code: `E${status}`, echo: '654321' }) });
    const err = await senderWith({})
      .sendVerifyCode(PHONE, '654321', 4)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsNotSent);
    expect((err as SmsNotSent).reason).toBe(reason);
    expect(lines.join('')).toContain(`E${status}`);
    expect(lines.join('')).not.toContain('654321');
  });

  it('gives up after the timeout when the gateway does not answer', async () => {
    stub.answer = () => 'hang';
    const err = await senderWith({})
      .sendVerifyCode(PHONE, '888888', 4)
      .catch((e: unknown) => e);
    expect((err as SmsNotSent).reason).toBe('unavailable');
    expect(lines.join('')).toContain('timeout');
  });

  it('is unavailable when nothing listens at the endpoint', async () => {
    const gone = await startSmsStub();
    await gone.close();
    const settings = parseSmsSettings({ CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: gone.url }, true);
    if (settings.provider !== 'http') throw new Error('http settings expected');
    lines = [];
    const sender = new HttpSmsSender(settings, createLogger('info', { write: (l) => void lines.push(l) }), () => NOW);
    const err = await sender.sendVerifyCode(PHONE, '999999', 4).catch((e: unknown) => e);
    expect((err as SmsNotSent).reason).toBe('unavailable');
    expect(lines.join('')).toContain('unreachable');
  });
});
