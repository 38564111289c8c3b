import crypto from 'node:crypto';
import { VERIFY_CODE_LENGTH, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODE_TTL_MS, type MessageKey } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { SmsSender } from '../../platform/sms.ts';
import { SmsNotSent, type SmsRefusal } from '../../platform/sms/send.ts';
import type { AuthRepository } from './auth.repository.ts';

const MINUTE = 60_000;

/** What the user is told when the provider did not take the code (the log has the provider's answer). */
const REFUSALS = { phone: 'sms.phoneRefused', limit: 'sms.providerLimit', unavailable: 'sms.unavailable' } as const satisfies Record<
  SmsRefusal,
  MessageKey
>;

function codeHash(phone: string, type: number, code: string): string {
  return crypto.createHash('sha256').update(`${phone}:${type}:${code}`).digest('hex');
}

/** Verification codes: sent rate-limited, kept only as hashes, single-use, expiring. */
export class VerifyCodeService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly sms: SmsSender,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  async send(phone: string, type: number, ip: string): Promise<{ expires_in: number }> {
    await enforceLimits(this.kv, [
      { key: `code:phone:min:${phone}`, max: 1, windowMs: MINUTE, message: 'auth.codeTooSoon' },
      { key: `code:phone:day:${phone}`, max: 10, windowMs: 24 * 60 * MINUTE, message: 'auth.codeDailyLimit' },
      { key: `code:ip:${ip}`, max: 30, windowMs: 60 * MINUTE, message: 'auth.codeNetworkLimit' },
    ]);
    const code = crypto
      .randomInt(0, 10 ** VERIFY_CODE_LENGTH)
      .toString()
      .padStart(VERIFY_CODE_LENGTH, '0');
    // Sent before it is kept: a code that never went out must not become the phone's
    // newest and shadow one sent a minute ago that is still valid.
    try {
      await this.sms.sendVerifyCode(phone, code, type);
    } catch (err) {
      if (err instanceof SmsNotSent) throw new AppError(REFUSALS[err.reason]);
      throw err;
    }
    await this.repo.insertVerifyCode(phone, type, codeHash(phone, type, code), new Date(this.clock.now() + VERIFY_CODE_TTL_MS));
    return { expires_in: VERIFY_CODE_TTL_MS / 1000 };
  }

  /**
   * Checks and spends the newest code for the phone. A wrong guess counts against the
   * code and is written at once (not inside the caller's transaction), so guessing
   * stays limited even though the request itself fails.
   */
  async consume(phone: string, type: number, code: string): Promise<void> {
    const row = await this.repo.latestVerifyCode(phone, type);
    const now = this.clock.now();
    if (!row || row.used_at || row.expires_at.getTime() <= now || row.attempts >= VERIFY_CODE_MAX_ATTEMPTS) {
      throw new AppError('auth.verifyCodeExpired');
    }
    const given = Buffer.from(codeHash(phone, type, code));
    if (!crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await this.repo.addVerifyAttempt(row.id);
      throw new AppError('auth.verifyCodeWrong');
    }
    if (!(await this.repo.useVerifyCode(row.id, new Date(now)))) {
      throw new AppError('auth.verifyCodeUsed');
    }
  }
}
