import crypto from 'node:crypto';

/**
 * The signature on a payment provider's notification (docs/commerce.md), on Stripe's
 * webhook scheme: the header `Pay-Signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256 with the shared secret over `<t>.<the raw body>`. Signing the timestamp with
 * the body makes an old notification useless to whoever kept a copy: it is refused once
 * it is older than the tolerance.
 */
export const SIGNATURE_HEADER = 'pay-signature';
/** How old (or how far ahead) a notification's timestamp may be. */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(secret: string, timestampS: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${signPayload(secret, timestampS, body)}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** Why a notification's signature is refused, or undefined when it holds. */
export function checkSignature(secret: string, header: string | undefined, body: string, nowS: number): SignatureProblem | undefined {
  if (!header) return 'missing';
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) return 'malformed';
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = parts.get('t');
  const signatures = parts.get('v1') ?? [];
  if (t?.length !== 1 || !/^\d{1,12}$/.test(t[0]!) || signatures.length === 0) return 'malformed';
  const timestamp = Number(t[0]);
  if (Math.abs(nowS - timestamp) > SIGNATURE_TOLERANCE_S) return 'stale';
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  // Several v1 values are allowed (a provider rolling its secret sends one per secret).
  const holds = signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && crypto.timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return holds ? undefined : 'mismatch';
}
