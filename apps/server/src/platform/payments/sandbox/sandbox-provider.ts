import { SANDBOX_PAY_PATHS } from '@cab/contracts';
import { checkSignature, SIGNATURE_HEADER } from '../signature.ts';
import {
  NotificationRejected,
  ProviderUnavailable,
  type CreatedPayment,
  type NewPayment,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentState,
} from '../provider.ts';

export interface SandboxClientSettings {
  /** Where CAB reaches the sandbox's API (http://127.0.0.1:<port> when it runs in CAB's process). */
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** How long CAB waits for an answer. */
  timeoutMs?: number;
}

const KINDS = new Set(['payment.succeeded', 'payment.failed', 'refund.succeeded']);
const STATES = new Set<PaymentState>(['pending', 'succeeded', 'failed', 'refunded']);

/** CAB's side of the sandbox provider: its API over HTTP, and its notifications checked and read. */
export class SandboxProvider implements PaymentProvider {
  readonly channel = 'sandbox';

  constructor(private readonly s: SandboxClientSettings) {}

  name(locale: 'zh-CN' | 'en'): string {
    return locale === 'en' ? 'Sandbox pay (test)' : '沙箱支付（测试）';
  }

  /** The sandbox stands in for every client's channel (a real Huawei or Apple IAP would serve only its own). */
  serves(): boolean {
    return true;
  }

  async createPayment(p: NewPayment): Promise<CreatedPayment> {
    const res = await this.call('POST', SANDBOX_PAY_PATHS.payments, {
      order_no: p.orderNo,
      amount_cny: p.amountCny.toString(),
      subject: p.subject,
      notify_url: p.notifyUrl,
      return_url: p.returnUrl,
    });
    if (typeof res.id !== 'string' || typeof res.cashier_url !== 'string') throw new ProviderUnavailable('sandbox answered no payment');
    return { paymentId: res.id, cashierUrl: res.cashier_url };
  }

  async retrieve(paymentId: string): Promise<PaymentState> {
    const res = await this.call('GET', SANDBOX_PAY_PATHS.payment.replace(':id', encodeURIComponent(paymentId)));
    if (!STATES.has(res.status as PaymentState)) throw new ProviderUnavailable(`sandbox answered status ${String(res.status)}`);
    return res.status as PaymentState;
  }

  async refund(paymentId: string): Promise<void> {
    await this.call('POST', SANDBOX_PAY_PATHS.refund.replace(':id', encodeURIComponent(paymentId)), {});
  }

  parseNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string, nowMs: number): PaymentNotification {
    const raw = headers[SIGNATURE_HEADER];
    const problem = checkSignature(this.s.webhookSecret, Array.isArray(raw) ? raw[0] : raw, rawBody, Math.floor(nowMs / 1000));
    if (problem) throw new NotificationRejected(`signature ${problem}`);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const b = body as { id?: unknown; type?: unknown; data?: { payment_id?: unknown; order_no?: unknown; amount_cny?: unknown } };
    const d = b.data;
    if (
      typeof b.id !== 'string' ||
      !/^evt_[0-9a-f]{8,64}$/.test(b.id) ||
      typeof b.type !== 'string' ||
      !KINDS.has(b.type) ||
      typeof d?.payment_id !== 'string' ||
      typeof d.order_no !== 'string' ||
      typeof d.amount_cny !== 'string' ||
      !/^[1-9][0-9]{0,15}$/.test(d.amount_cny)
    )
      throw new NotificationRejected('body is not a sandbox notification');
    return {
      eventId: b.id,
      kind: b.type as PaymentNotification['kind'],
      paymentId: d.payment_id,
      orderNo: d.order_no,
      amountCny: BigInt(d.amount_cny),
    };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${this.s.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.s.apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.s.timeoutMs ?? 8_000),
      });
    } catch (err) {
      throw new ProviderUnavailable(`sandbox did not answer: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ProviderUnavailable(`sandbox answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
}
