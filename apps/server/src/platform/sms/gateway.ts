/**
 * Any SMS gateway that takes a JSON POST (docs/sms.md, "A gateway of your own"): the body
 * is {phone, code, type} or the configured template with {{phone}}, {{code}} and
 * {{type}} filled in; a bearer token and an HMAC of the body authenticate it. A 2xx
 * answer means sent; 429 the gateway's limit for the number; 422 a number it refuses.
 */
import crypto from 'node:crypto';
import type { SmsSettings } from '../../sms-config.ts';
import type { SmsSender } from '../sms.ts';
import { jsonOf, postWithin, SmsReport, type SmsLog, type SmsRefusal } from './send.ts';

type GatewaySettings = Extract<SmsSettings, { provider: 'http' }>;

/** The template with every string's placeholders filled in; values stay inside their JSON strings. */
export function fillTemplate(template: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof template === 'string') return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) => values[name] ?? all);
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, values));
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fillTemplate(v, values)]));
  }
  return template;
}

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function gatewaySignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

function refusalOf(status: number): SmsRefusal {
  if (status === 429) return 'limit';
  if (status === 422) return 'phone';
  return 'unavailable';
}

export class HttpSmsSender implements SmsSender {
  private readonly report: SmsReport;

  constructor(
    private readonly settings: GatewaySettings,
    log: SmsLog,
    private readonly now: () => number,
  ) {
    this.report = new SmsReport(log, 'http');
  }

  async sendVerifyCode(phone: string, code: string, type: number): Promise<void> {
    const s = this.settings;
    const body = JSON.stringify(
      s.template === undefined ? { phone, code, type } : fillTemplate(s.template, { phone, code, type: String(type) }),
    );
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (s.token) headers.authorization = `Bearer ${s.token}`;
    if (s.hmacSecret) {
      const timestamp = String(Math.floor(this.now() / 1000));
      headers['x-cab-timestamp'] = timestamp;
      headers['x-cab-signature'] = gatewaySignature(s.hmacSecret, timestamp, body);
    }
    const answer = await postWithin(s.endpoint, headers, body, s.timeoutMs);
    if (typeof answer === 'string') throw this.report.notSent(phone, code, 'unavailable', { failure: answer });
    if (answer.status >= 200 && answer.status < 300) return this.report.sent(phone, { status: answer.status });
    const json = jsonOf(answer.text) as { code?: unknown } | undefined;
    const providerCode = typeof json?.code === 'string' || typeof json?.code === 'number' ? String(json.code) : undefined;
    throw this.report.notSent(phone, code, refusalOf(answer.status), { status: answer.status, providerCode });
  }
}
