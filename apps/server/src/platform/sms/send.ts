/**
 * What the SMS providers' adapters share: one bounded POST, the refusal the caller turns
 * into the user's message, and log lines that name the provider's answer but never the
 * verification code.
 */
import type { FastifyBaseLogger } from 'fastify';

export type SmsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Why a code did not go out, as the user may be told: the number cannot take it, the
 * provider's own limit for the number was reached, or sending is down.
 */
export type SmsRefusal = 'phone' | 'limit' | 'unavailable';

export class SmsNotSent extends Error {
  constructor(readonly reason: SmsRefusal) {
    super(`verification code not sent (${reason})`);
    this.name = 'SmsNotSent';
  }
}

export interface ProviderAnswer {
  status: number;
  text: string;
}

/** How much of an answer is read: providers answer in a few hundred bytes. */
const MAX_ANSWER = 64 * 1024;

/** Posts the body and reads the answer, both within the timeout. */
export async function postWithin(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<ProviderAnswer | 'timeout' | 'unreachable'> {
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // A redirect is not followed (it would carry the code elsewhere): its status counts as a failure.
    const text = await res.text();
    return { status: res.status, text: text.slice(0, MAX_ANSWER) };
  } catch (err) {
    return err instanceof DOMException && err.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A phone as logs show it: enough to find a complaint, not the whole number. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

type Detail = Record<string, string | number | undefined>;

/** Log lines of one provider's sends. */
export class SmsReport {
  constructor(
    private readonly log: SmsLog,
    private readonly provider: string,
  ) {}

  sent(phone: string, detail: Detail = {}): void {
    this.log.info({ sms: { provider: this.provider, phone: maskPhone(phone), ...detail } }, 'verification code sent');
  }

  /**
   * Logs why a code did not go out (the provider's status, error code and request id)
   * and gives the refusal to throw. Whatever the provider wrote is cut short and has the
   * code blanked out, should an answer ever echo it.
   */
  notSent(phone: string, code: string, reason: SmsRefusal, detail: Detail): SmsNotSent {
    const clean = Object.fromEntries(
      Object.entries(detail).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 200).split(code).join('******') : v]),
    );
    const line = { sms: { provider: this.provider, phone: maskPhone(phone), reason, ...clean } };
    // The provider refusing one number is the user's matter; anything else needs the operator.
    if (reason === 'unavailable') this.log.error(line, 'verification code not sent');
    else this.log.warn(line, 'verification code not sent');
    return new SmsNotSent(reason);
  }
}
