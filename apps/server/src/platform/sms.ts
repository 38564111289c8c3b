import type { FastifyBaseLogger } from 'fastify';
import type { KeyValueStore } from './kv.ts';

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

/** How long the outbox keeps a code: far longer than a code lives, so a test reads what it was sent. */
const OUTBOX_TTL_MS = 60 * 60_000;

/**
 * The dev outbox keeps what it sent in the key-value store (Redis when configured), so
 * that with several instances behind a proxy (docs/scale.md) a code sent by one is read
 * back from another: a list per phone and one of every phone, newest last, `keep` long.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly now: () => number,
    private readonly kv: Pick<KeyValueStore, 'get' | 'put'>,
    private readonly keep = 200,
  ) {}

  async sendVerifyCode(phone: string, code: string, type: number): Promise<void> {
    const sms: SentSms = { phone, code, type, sent_at: this.now() };
    for (const key of [ALL, `${ALL}:${phone}`]) {
      const kept = [...(await this.read(key)), sms].slice(-this.keep);
      await this.kv.put(key, JSON.stringify(kept), OUTBOX_TTL_MS);
    }
    this.log.info({ phone, type, code }, 'verification code (dev outbox)');
  }

  /** Newest first. */
  async outbox(phone?: string): Promise<SentSms[]> {
    return (await this.read(phone ? `${ALL}:${phone}` : ALL)).reverse();
  }

  private async read(key: string): Promise<SentSms[]> {
    const raw = await this.kv.get(key);
    if (!raw) return [];
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? (list as SentSms[]) : [];
    } catch {
      return [];
    }
  }
}

const ALL = 'sms-outbox';
