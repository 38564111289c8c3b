import type { FastifyBaseLogger } from 'fastify';

export interface SentSms {
  phone: string;
  code: string;
  type: number;
  sent_at: number;
}

/**
 * Sends verification codes: through a provider (sms/sender.ts picks it from config.sms),
 * or, outside production only, into the dev outbox, which writes them to the log.
 * A sender that cannot send throws SmsNotSent (sms/send.ts).
 */
export interface SmsSender {
  sendVerifyCode(phone: string, code: string, type: number): Promise<void>;
}

export class OutboxSmsSender implements SmsSender {
  private readonly sent: SentSms[] = [];

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly now: () => number,
    private readonly keep = 200,
  ) {}

  async sendVerifyCode(phone: string, code: string, type: number): Promise<void> {
    this.sent.push({ phone, code, type, sent_at: this.now() });
    if (this.sent.length > this.keep) this.sent.shift();
    this.log.info({ phone, type, code }, 'verification code (dev outbox)');
  }

  /** Newest first. */
  outbox(phone?: string): SentSms[] {
    return this.sent.filter((s) => !phone || s.phone === phone).reverse();
  }
}
