/**
 * Tencent Cloud SMS (API 3.0, `SendSms` of version 2021-01-11), signed with
 * TC3-HMAC-SHA256 as its public API document describes: a canonical request (method,
 * `/`, an empty query for POST, the signed headers in lower case sorted by name, their
 * names, the body's SHA-256), a string to sign over its hash with the UTC date's scope,
 * and a key derived from `TC3` + SecretKey through the date, the service and
 * `tc3_request`.
 */
import crypto from 'node:crypto';
import type { SmsSettings } from '../../sms-config.ts';
import type { SmsSender } from '../sms.ts';
import { jsonOf, postWithin, SmsReport, type SmsLog, type SmsRefusal } from './send.ts';

type TencentSettings = Extract<SmsSettings, { provider: 'tencent' }>;

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** Seconds since the epoch, as sent in X-TC-Timestamp. */
  timestamp: number;
  /** The headers that take part in the signature (content-type and host at least). */
  headers: Readonly<Record<string, string>>;
  payload: string;
}

/** The Authorization header of a POST to API 3.0. */
export function tc3Authorization(r: Tc3Input): string {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = headers.map(([k, v]) => `${k}:${v}\n`).join('');
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(r.payload)].join('\n');
  // The date of the timestamp in UTC: a local date would fail every call near midnight.
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${r.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${r.timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
  const signing = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), 'tc3_request');
  const signature = crypto.createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** The documented codes that concern one number; every other failure is the operator's to fix. */
function refusalOf(code: string): SmsRefusal {
  if (code.startsWith('LimitExceeded.PhoneNumber') || code === 'LimitExceeded.DeliveryFrequencyLimit') return 'limit';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code === 'FailedOperation.PhoneNumberInBlacklist') return 'phone';
  return 'unavailable';
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: unknown; Message?: unknown };
    SendStatusSet?: Array<{ Code?: unknown; Message?: unknown; SerialNo?: unknown }>;
    RequestId?: unknown;
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const CONTENT_TYPE = 'application/json; charset=utf-8';

export class TencentSmsSender implements SmsSender {
  private readonly report: SmsReport;

  constructor(
    private readonly settings: TencentSettings,
    log: SmsLog,
    private readonly now: () => number,
  ) {
    this.report = new SmsReport(log, 'tencent');
  }

  async sendVerifyCode(phone: string, code: string): Promise<void> {
    const s = this.settings;
    const payload = JSON.stringify({
      // Numbers are mainland mobiles, stored without the country code (contracts' Phone).
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: s.sdkAppId,
      SignName: s.signName,
      TemplateId: s.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(this.now() / 1000);
    const signed = { 'content-type': CONTENT_TYPE, host: s.endpoint.host, 'x-tc-action': 'SendSms' };
    const authorization = tc3Authorization({
      secretId: s.secretId,
      secretKey: s.secretKey,
      service: 'sms',
      timestamp,
      headers: signed,
      payload,
    });
    const headers = {
      authorization,
      'content-type': CONTENT_TYPE,
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': s.region,
    };
    const answer = await postWithin(s.endpoint, headers, payload, s.timeoutMs);
    if (typeof answer === 'string') throw this.report.notSent(phone, code, 'unavailable', { failure: answer });
    const response = (jsonOf(answer.text) as TencentAnswer | undefined)?.Response;
    const requestId = text(response?.RequestId);
    const status = response?.Error ?? response?.SendStatusSet?.[0];
    const providerCode = text(status?.Code);
    if (answer.status === 200 && !response?.Error && providerCode === 'Ok') {
      return this.report.sent(phone, { requestId, serialNo: text(response?.SendStatusSet?.[0]?.SerialNo) });
    }
    throw this.report.notSent(phone, code, providerCode ? refusalOf(providerCode) : 'unavailable', {
      status: answer.status,
      providerCode,
      providerMessage: text(status?.Message),
      requestId,
    });
  }
}
