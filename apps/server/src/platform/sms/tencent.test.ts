/**
 * The Tencent Cloud adapter against a local server that checks each request as the
 * public API 3.0 document describes it (SendSms 2021-01-11, TC3-HMAC-SHA256). The test's
 * own check rebuilds the signature from the request as received, the way the provider
 * does, and is itself checked against the document's worked example first.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSmsSettings } from '../../sms-config.ts';
import { createLogger } from '../log.ts';
import { startSmsStub, type SmsStub, type StubRequest } from '../../../test/sms-stub.ts';
import { SmsNotSent } from './send.ts';
import { tc3Authorization, TencentSmsSender } from './tencent.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const mac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();

/** The document's steps, from the headers and body as the server received them. */
function docSignature(o: {
  headers: http.IncomingHttpHeaders;
  signedHeaders: string[];
  body: string;
  timestamp: string;
  date: string;
  service: string;
  secretKey: string;
}): { hashedCanonicalRequest: string; signature: string } {
  const canonicalHeaders = o.signedHeaders
    .map(
      (name) =>
        `${name}:${String(o.headers[name] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${o.signedHeaders.join(';')}\n${hex(o.body)}`;
  const hashedCanonicalRequest = hex(canonicalRequest);
  const stringToSign = `TC3-HMAC-SHA256\n${o.timestamp}\n${o.date}/${o.service}/tc3_request\n${hashedCanonicalRequest}`;
  const secretDate = mac(`TC3${o.secretKey}`, o.date);
  const secretSigning = mac(mac(secretDate, o.service), 'tc3_request');
  return { hashedCanonicalRequest, signature: crypto.createHmac('sha256', secretSigning).update(stringToSign).digest('hex') };
}

// The worked example of the API 3.0 signature document (CVM DescribeInstances).
const EXAMPLE = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  timestamp: 1551113065,
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
};

describe('the TC3-HMAC-SHA256 signature', () => {
  it("reproduces the document's worked example (and so does the test's own check)", () => {
    expect(hex(EXAMPLE.body)).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    const doc = docSignature({
      headers: EXAMPLE.headers,
      signedHeaders: ['content-type', 'host'],
      body: EXAMPLE.body,
      timestamp: String(EXAMPLE.timestamp),
      date: '2019-02-25',
      service: 'cvm',
      secretKey: EXAMPLE.secretKey,
    });
    expect(doc.hashedCanonicalRequest).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(doc.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(
      tc3Authorization({
        ...EXAMPLE,
        service: 'cvm',
        payload: EXAMPLE.body,
        headers: { Host: 'cvm.tencentcloudapi.com', 'Content-Type': 'application/json; charset=utf-8' },
      }),
    ).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

// 00:30 in Beijing is still the day before in UTC: the scope must carry the UTC date.
const NOW = Date.UTC(2026, 2, 31, 16, 30, 0, 250);
const PHONE = '13800138000';
const SECRET_KEY = 'tencent-secret-key';
let stub: SmsStub;
let lines: string[];
let sender: TencentSmsSender;

beforeAll(async () => {
  stub = await startSmsStub();
  const settings = parseSmsSettings(
    {
      CAB_SMS_PROVIDER: 'tencent',
      CAB_SMS_ENDPOINT: stub.url,
      CAB_SMS_TENCENT_SECRET_ID: 'AKID-test',
      CAB_SMS_TENCENT_SECRET_KEY: SECRET_KEY,
      CAB_SMS_TENCENT_SDK_APP_ID: '1400006666',
      CAB_SMS_SIGN_NAME: '记账本',
      CAB_SMS_TEMPLATE: '449739',
      CAB_SMS_TIMEOUT_MS: '300',
    },
    true,
  );
  if (settings.provider !== 'tencent') throw new Error('tencent settings expected');
  lines = [];
  sender = new TencentSmsSender(settings, createLogger('info', { write: (l) => void lines.push(l) }), () => NOW);
});
afterAll(() => stub.close());

/** The body of a request, after checking its headers and signature as the provider would. */
function checked(req: StubRequest): Record<string, unknown> {
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/');
  expect(req.headers).toMatchObject({
    'content-type': 'application/json; charset=utf-8',
    host: new URL(stub.url).host,
    'x-tc-action': 'SendSms',
    'x-tc-version': '2021-01-11',
    'x-tc-timestamp': '1774974600',
    'x-tc-region': 'ap-guangzhou',
  });
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization),
    );
  expect(auth, String(req.headers.authorization)).not.toBeNull();
  const [, secretId, date, signed = '', signature] = auth!;
  expect(secretId).toBe('AKID-test');
  expect(date).toBe('2026-03-31');
  const signedHeaders = signed.split(';');
  expect(signedHeaders).toEqual(expect.arrayContaining(['content-type', 'host']));
  expect(signedHeaders).toEqual([...signedHeaders].sort());
  const doc = docSignature({
    headers: req.headers,
    signedHeaders,
    body: req.body,
    timestamp: '1774974600',
    date: '2026-03-31',
    service: 'sms',
    secretKey: SECRET_KEY,
  });
  expect(signature).toBe(doc.signature);
  return JSON.parse(req.body) as Record<string, unknown>;
}

const answer = (response: object) => () => ({ status: 200, body: JSON.stringify({ Response: { RequestId: 'req-t', ...response } }) });
const status = (code: string) =>
  answer({ SendStatusSet: [{ SerialNo: 's-1', PhoneNumber: `+86${PHONE}`, Code: code, Message: `said ${code} 654321` }] });

describe('sending a code', () => {
  it('posts the documented SendSms body, signed, and resolves when the number says Ok', async () => {
    stub.answer = status('Ok');
    await sender.sendVerifyCode(PHONE, '123456');
    expect(checked(stub.requests.at(-1)!)).toEqual({
      PhoneNumberSet: [`+86${PHONE}`],
      SmsSdkAppId: '1400006666',
      SignName: '记账本',
      TemplateId: '449739',
      TemplateParamSet: ['123456'],
    });
    expect(lines.at(-1)).toContain('req-t');
  });

  it.each([
    ['LimitExceeded.PhoneNumberDailyLimit', 'limit'],
    ['LimitExceeded.PhoneNumberThirtySecondLimit', 'limit'],
    ['LimitExceeded.DeliveryFrequencyLimit', 'limit'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'phone'],
    ['FailedOperation.PhoneNumberInBlacklist', 'phone'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', 'unavailable'],
  ])('turns a number whose status is %s into "%s"', async (code, reason) => {
    stub.answer = status(code);
    lines.length = 0;
    const err = await sender.sendVerifyCode(PHONE, '654321').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsNotSent);
    expect((err as SmsNotSent).reason).toBe(reason);
    expect(lines.join('')).toContain(code);
    expect(lines.join('')).not.toContain('654321');
    expect(lines.join('')).not.toContain(PHONE);
  });

  it.each([
    ['AuthFailure.SignatureFailure', 'unavailable'],
    ['AuthFailure.SecretIdNotFound', 'unavailable'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'phone'],
  ])('turns the error answer %s into "%s"', async (code, reason) => {
    stub.answer = answer({ Error: { Code: code, Message: 'The provided credentials could not be validated.' } });
    lines.length = 0;
    const err = await sender.sendVerifyCode(PHONE, '654321').catch((e: unknown) => e);
    expect((err as SmsNotSent).reason).toBe(reason);
    expect(lines.join('')).toContain(code);
    expect(lines.join('')).toContain('req-t');
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
