import type { FastifyBaseLogger } from 'fastify';

export interface SentSms {
  phone: string;
  code: string;
  type: number;
  sent_at: number;
}

/** Sends verification codes. The default writes them to the log and to the dev outbox. */
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
