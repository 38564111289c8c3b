/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25, `SendSms`), an RPC-style call signed with
 * signature version 1.0 (HMAC-SHA1) as its public API document describes: every
 * parameter but Signature sorted by name, names and values percent-encoded, joined into
 * the canonical query; the string to sign is `POST&%2F&` + that query, percent-encoded
 * again; the key is the AccessKey secret followed by `&`. The parameters travel as a form
 * body (POST), so the code never appears in a URL a proxy might log.
 */
import crypto from 'node:crypto';
import type { SmsSettings } from '../../sms-config.ts';
import type { SmsSender } from '../sms.ts';
import { jsonOf, postWithin, SmsReport, type SmsLog, type SmsRefusal } from './send.ts';

type AliyunSettings = Extract<SmsSettings, { provider: 'aliyun' }>;

/** Percent-encoding of the document: only A-Z, a-z, 0-9, `-`, `_`, `.` and `~` stay as they are; a space is %20. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The Signature of an RPC call with these parameters (any Signature among them is left out). */
export function rpcSignature(method: 'GET' | 'POST', params: Readonly<Record<string, string>>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(toSign, 'utf8').digest('base64');
}

/** The documented codes that concern one number; every other failure is the operator's to fix. */
function refusalOf(code: string): SmsRefusal {
  if (code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'isv.DAY_LIMIT_CONTROL') return 'limit';
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return 'phone';
  return 'unavailable';
}

interface AliyunAnswer {
  Code?: unknown;
  Message?: unknown;
  RequestId?: unknown;
  BizId?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export class AliyunSmsSender implements SmsSender {
  private readonly report: SmsReport;

  constructor(
    private readonly settings: AliyunSettings,
    log: SmsLog,
    private readonly now: () => number,
  ) {
    this.report = new SmsReport(log, 'aliyun');
  }

  async sendVerifyCode(phone: string, code: string): Promise<void> {
    const s = this.settings;
    const params: Record<string, string> = {
      AccessKeyId: s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: s.regionId,
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: s.templateCode,
      TemplateParam: JSON.stringify({ code }),
      // ISO 8601 in UTC to the second, as the document writes it: 2017-07-12T02:42:19Z.
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = rpcSignature('POST', params, s.accessKeySecret);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const answer = await postWithin(s.endpoint, { 'content-type': 'application/x-www-form-urlencoded' }, body, s.timeoutMs);
    if (typeof answer === 'string') throw this.report.notSent(phone, code, 'unavailable', { failure: answer });
    const json = jsonOf(answer.text) as AliyunAnswer | undefined;
    const providerCode = text(json?.Code);
    if (answer.status === 200 && providerCode === 'OK') {
      return this.report.sent(phone, { requestId: text(json?.RequestId), bizId: text(json?.BizId) });
    }
    throw this.report.notSent(phone, code, providerCode ? refusalOf(providerCode) : 'unavailable', {
      status: answer.status,
      providerCode,
      providerMessage: text(json?.Message),
      requestId: text(json?.RequestId),
    });
  }
}
