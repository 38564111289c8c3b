/**
 * The Alibaba Cloud adapter against a local server that checks each request as the
 * public API document describes it (Dysmsapi SendSms, RPC signature 1.0). The test's
 * own signature check is written from the document, byte by byte, and is itself checked
 * against the document's worked example before it judges the adapter.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSmsSettings } from '../../sms-config.ts';
import { createLogger } from '../log.ts';
import { startSmsStub, type SmsStub, type StubRequest } from '../../../test/sms-stub.ts';
import { AliyunSmsSender, rpcSignature } from './aliyun.ts';
import { SmsNotSent } from './send.ts';

/** The document's encoding: every UTF-8 byte but A-Z a-z 0-9 - _ . ~ as %XY in upper case. */
function docEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function docStringToSign(method: string, params: Record<string, string>): string {
  const names = Object.keys(params).filter((n) => n !== 'Signature');
  names.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const query = names.map((n) => `${docEncode(n)}=${docEncode(params[n] ?? '')}`).join('&');
  return `${method}&${docEncode('/')}&${docEncode(query)}`;
}

const docSignature = (method: string, params: Record<string, string>, secret: string) =>
  crypto.createHmac('sha1', `${secret}&`).update(docStringToSign(method, params)).digest('base64');

// The worked example of the SMS signature document.
const EXAMPLE = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};
const EXAMPLE_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25';
const EXAMPLE_SIGNATURE = 'zJDF+Lrzhj/ThnlvIToysFRq6t4=';

describe('the RPC signature', () => {
  it("reproduces the document's worked example (and so does the test's own check)", () => {
    expect(docStringToSign('GET', EXAMPLE)).toBe(EXAMPLE_STRING_TO_SIGN);
    expect(docSignature('GET', EXAMPLE, 'testSecret')).toBe(EXAMPLE_SIGNATURE);
    expect(rpcSignature('GET', EXAMPLE, 'testSecret')).toBe(EXAMPLE_SIGNATURE);
    expect(rpcSignature('GET', { ...EXAMPLE, Signature: 'ignored' }, 'testSecret')).toBe(EXAMPLE_SIGNATURE);
  });

  it("encodes what encodeURIComponent leaves alone (!'()*) and spaces as %20", () => {
    const params = { ...EXAMPLE, SignName: "CAB (test) it's *ok*!" };
    expect(rpcSignature('POST', params, 's')).toBe(docSignature('POST', params, 's'));
  });
});

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const PHONE = '13800138000';
const SECRET = 'aliyun-secret';
let stub: SmsStub;
let lines: string[];
let sender: AliyunSmsSender;

beforeAll(async () => {
  stub = await startSmsStub();
  const settings = parseSmsSettings(
    {
      CAB_SMS_PROVIDER: 'aliyun',
      CAB_SMS_ENDPOINT: stub.url,
      CAB_SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test',
      CAB_SMS_ALIYUN_ACCESS_KEY_SECRET: SECRET,
      CAB_SMS_SIGN_NAME: '记账本',
      CAB_SMS_TEMPLATE: 'SMS_123456789',
      CAB_SMS_TIMEOUT_MS: '300',
    },
    true,
  );
  if (settings.provider !== 'aliyun') throw new Error('aliyun settings expected');
  lines = [];
  sender = new AliyunSmsSender(settings, createLogger('info', { write: (l) => void lines.push(l) }), () => NOW);
});
afterAll(() => stub.close());

/** The form parameters of a request, checked as the document says the provider checks them. */
function checked(req: StubRequest): Record<string, string> {
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/');
  expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const params = Object.fromEntries(
    req.body.split('&').map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [decodeURIComponent(k), decodeURIComponent(v)];
    }),
  );
  expect(params.Signature).toBe(docSignature('POST', params, SECRET));
  return params;
}

const answer = (status: number, body: object) => () => ({ status, body: JSON.stringify(body) });

describe('sending a code', () => {
  it('posts the documented SendSms parameters, signed, and resolves on Code OK', async () => {
    stub.answer = answer(200, { Code: 'OK', Message: 'OK', RequestId: 'req-1', BizId: 'biz-1' });
    await sender.sendVerifyCode(PHONE, '123456');
    const params = checked(stub.requests.at(-1)!);
    expect(params).toMatchObject({
      AccessKeyId: 'LTAI-test',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: PHONE,
      RegionId: 'cn-hangzhou',
      SignName: '记账本',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      Version: '2017-05-25',
    });
    expect(params.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)).toContain('req-1');
  });

  it('uses a new nonce for every request', async () => {
    stub.answer = answer(200, { Code: 'OK', RequestId: 'r' });
    await sender.sendVerifyCode(PHONE, '111111');
    await sender.sendVerifyCode(PHONE, '222222');
    const [a, b] = stub.requests.slice(-2).map(checked);
    expect(a?.SignatureNonce).not.toBe(b?.SignatureNonce);
  });

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', 200, 'limit'],
    ['isv.DAY_LIMIT_CONTROL', 200, 'limit'],
    ['isv.MOBILE_NUMBER_ILLEGAL', 200, 'phone'],
    ['isv.AMOUNT_NOT_ENOUGH', 200, 'unavailable'],
    ['isv.SMS_TEMPLATE_ILLEGAL', 200, 'unavailable'],
    ['SignatureDoesNotMatch', 400, 'unavailable'],
    ['InvalidAccessKeyId.NotFound', 404, 'unavailable'],
  ])('turns %s (HTTP %i) into "%s", logging the provider code but not the code', async (providerCode, status, reason) => {
    stub.answer = answer(status, { Code: providerCode, Message: 'refused 654321', RequestId: 'req-err' });
    lines.length = 0;
    const err = await sender.sendVerifyCode(PHONE, '654321').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsNotSent);
    expect((err as SmsNotSent).reason).toBe(reason);
    expect((err as SmsNotSent).message).not.toContain('654321');
    expect(lines.join('')).toContain(providerCode);
    expect(lines.join('')).toContain('req-err');
    expect(lines.join('')).not.toContain('654321');
    expect(lines.join('')).not.toContain(PHONE);
  });

  it('is unavailable on an answer that is not the JSON of the document', async () => {
    stub.answer = () => ({ status: 502, body: '<html>bad gateway</html>' });
    const err = await sender.sendVerifyCode(PHONE, '777777').catch((e: unknown) => e);
    expect((err as SmsNotSent).reason).toBe('unavailable');
  });

  it('gives up after the timeout when the provider does not answer', async () => {
    stub.answer = () => 'hang';
    lines.length = 0;
    const err = await sender.sendVerifyCode(PHONE, '888888').catch((e: unknown) => e);
    expect((err as SmsNotSent).reason).toBe('unavailable');
    expect(lines.join('')).toContain('timeout');
    expect(lines.join('')).not.toContain('888888');
  });
});
