import crypto from 'node:crypto';
import { z } from 'zod';

export type HostName = 'a' | 'b';

/** How long a host's code may live, at most, from its making to its end. */
export const HOST_CODE_MAX_LIFE_MS = 10 * 60_000;

/**
 * What a partner host's SDK vouches for in a sign-in code (docs/host.md, "Automatic
 * sign-in"): which host, its own id of the user, the phone it knows (optional), a
 * nickname, when it was made and when it ends, and a nonce that makes it single-use.
 */
export const HostCodePayload = z.strictObject({
  host: z.enum(['a', 'b']),
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  phone: z
    .string()
    .regex(/^1[3-9][0-9]{9}$/)
    .optional(),
  nick: z.string().max(30).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  nonce: z.string().regex(/^[A-Za-z0-9]{16,64}$/),
});
export type HostCodePayload = z.infer<typeof HostCodePayload>;

const sign = (key: string, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('hex');

/** A code as the partner's SDK makes it (the test host, and tests). */
export function makeHostCode(key: string, p: HostCodePayload): string {
  const payload = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/**
 * The payload of a code signed with `key` for `host`, still alive at `now`; undefined when
 * anything does not hold (another host's code, a forged or changed one, an old one).
 * Single use is the caller's (its nonce).
 */
export function readHostCode(key: string, host: HostName, code: string, now: number): HostCodePayload | undefined {
  const [payload = '', signature = ''] = code.split('.');
  const expected = Buffer.from(sign(key, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const p = HostCodePayload.safeParse(json);
  if (!p.success || p.data.host !== host) return undefined;
  const { iat, exp } = p.data;
  if (exp <= now || iat > now + 60_000 || exp - iat > HOST_CODE_MAX_LIFE_MS) return undefined;
  return p.data;
}

/**
 * The host SDK's signature of a page (SPEC 7's GET; docs/host.md): the partner's key over
 * the nonce, the time and the page's address. The host checks it before its bridge answers
 * the page; the app keeps it 23 hours (SPEC 9).
 */
export function sdkSignature(key: string, url: string, timestamp: number, nonce: string): string {
  return sign(key, `${nonce}\n${timestamp}\n${url}`);
}

export function sdkSignatureHolds(key: string, url: string, timestamp: number, nonce: string, signature: string): boolean {
  const expected = Buffer.from(sdkSignature(key, url, timestamp, nonce), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
