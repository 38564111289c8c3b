/**
 * A payment provider as CAB sees it (docs/commerce.md, "Payments"): the sandbox, and the
 * real ones (Alipay, WeChat Pay, Huawei IAP, Apple IAP) that would plug in the same way.
 * Amounts here are real money in CNY fen; the provider never hears of banana shells.
 */
export interface NewPayment {
  /** CAB's recharge order: a provider answers the same payment when asked twice for one order. */
  orderNo: string;
  amountCny: bigint;
  /** What the payer sees on the cashier page. */
  subject: string;
  /** Where the provider posts its notifications about this payment. */
  notifyUrl: string;
  /** Where the cashier sends the payer back once they decided (the processing page). */
  returnUrl: string;
}

export interface CreatedPayment {
  paymentId: string;
  /** Where the payer pays. */
  cashierUrl: string;
}

export type PaymentState = 'pending' | 'succeeded' | 'failed' | 'refunded';

export interface PaymentNotification {
  /** The provider's own id of this notification: seen twice, it changes nothing the second time. */
  eventId: string;
  kind: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded';
  paymentId: string;
  orderNo: string;
  amountCny: bigint;
}

/** A notification refused before anything is read from it (bad signature, stale, malformed). */
export class NotificationRejected extends Error {}
/** The provider did not answer, or refused the call: SPEC 8's 'payment service error'. */
export class ProviderUnavailable extends Error {}

export interface PaymentProvider {
  /** The channel's code, as pay-options and orders name it. */
  readonly channel: string;
  /** Its name in the caller's language, for the pay-option list. */
  name(locale: 'zh-CN' | 'en'): string;
  /** Whether it serves a client of this pay type (SPEC 9: 4 Huawei, 2 iOS, 7 otherwise). */
  serves(payType: number): boolean;
  createPayment(p: NewPayment): Promise<CreatedPayment>;
  /** The payment as the provider knows it now: the processing page asks when no notification came yet. */
  retrieve(paymentId: string): Promise<PaymentState>;
  /** Gives the payer their money back; the provider confirms with a refund.succeeded notification too. */
  refund(paymentId: string, amountCny: bigint): Promise<void>;
  /** Checks and reads a notification from its raw body and headers; throws NotificationRejected. */
  parseNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string, nowMs: number): PaymentNotification;
}

/** The providers CAB is set up with, by channel. */
export class PaymentProviders {
  private readonly byChannel = new Map<string, PaymentProvider>();

  constructor(providers: readonly PaymentProvider[]) {
    for (const p of providers) this.byChannel.set(p.channel, p);
  }

  get(channel: string): PaymentProvider | undefined {
    return this.byChannel.get(channel);
  }

  /** The channels a client of this pay type may pay with, in the order offered. */
  forPayType(payType: number): PaymentProvider[] {
    return [...this.byChannel.values()].filter((p) => p.serves(payType));
  }
}
