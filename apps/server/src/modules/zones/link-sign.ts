import crypto from 'node:crypto';
import { ZONE_HEADERS } from '@cab/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { KeyValueStore } from '../../platform/kv.ts';

/** How far a signed call's timestamp may be from our clock (WIRE.md B.2's window). */
export const LINK_SKEW_MS = 300_000;

export interface LinkCall {
  zoneId: string;
  method: string;
  /** The path with its query, as sent. */
  path: string;
  body: string;
  /** A forwarded call's user, signed in by the public zone. */
  userId?: string | undefined;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

function canonical(c: LinkCall, timestamp: string, nonce: string): string {
  return [c.zoneId, timestamp, nonce, c.method.toUpperCase(), c.path, sha256(c.body), c.userId ?? ''].join('\n');
}

/** The headers of a server-to-server call signed with the zone's secret (docs/zones.md, "The server-to-server API"). */
export function signLink(secret: string, call: LinkCall, now: number): Record<string, string> {
  const timestamp = String(now);
  const nonce = crypto.randomBytes(16).toString('hex');
  const sign = crypto
    .createHmac('sha256', secret)
    .update(canonical(call, timestamp, nonce))
    .digest('hex');
  const headers: Record<string, string> = {
    [ZONE_HEADERS.zone]: call.zoneId,
    [ZONE_HEADERS.timestamp]: timestamp,
    [ZONE_HEADERS.nonce]: nonce,
    [ZONE_HEADERS.sign]: sign,
  };
  if (call.userId) headers[ZONE_HEADERS.user] = call.userId;
  return headers;
}

const header = (h: IncomingHttpHeaders, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The zone a call says it is from, before its signature is checked (to find the secret). */
export function claimedZone(h: IncomingHttpHeaders): string | undefined {
  const z = header(h, ZONE_HEADERS.zone);
  return z && /^[1-9][0-9]{0,6}$/.test(z) ? z : undefined;
}

export function isLinkCall(h: IncomingHttpHeaders): boolean {
  return header(h, ZONE_HEADERS.sign) !== undefined;
}

/**
 * Whether a call is signed with `secret`: within the window, never seen before (its nonce
 * is kept for the window), the signature over exactly what was sent. Answers the user a
 * forwarded call carries ('' for none), or undefined when it does not hold.
 */
export async function verifyLink(
  secret: string,
  zoneId: string,
  req: { method: string; url: string; headers: IncomingHttpHeaders; rawBody: string | undefined },
  kv: KeyValueStore,
  now: number,
): Promise<string | undefined> {
  const h = req.headers;
  const timestamp = header(h, ZONE_HEADERS.timestamp) ?? '';
  const nonce = header(h, ZONE_HEADERS.nonce) ?? '';
  const sign = header(h, ZONE_HEADERS.sign) ?? '';
  const userId = header(h, ZONE_HEADERS.user);
  if (claimedZone(h) !== zoneId) return undefined;
  if (!/^[0-9]{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > LINK_SKEW_MS) return undefined;
  if (!/^[0-9a-f]{32}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(sign)) return undefined;
  if (userId !== undefined && !/^[1-9][0-9]{0,18}$/.test(userId)) return undefined;
  const expected = crypto
    .createHmac('sha256', secret)
    .update(canonical({ zoneId, method: req.method, path: req.url, body: req.rawBody ?? '', userId }, timestamp, nonce))
    .digest();
  const given = Buffer.from(sign, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  // Only a call that holds uses up its nonce: a forged one cannot block the real one.
  if (!(await kv.putIfAbsent(`zone-nonce:${zoneId}:${nonce}`, LINK_SKEW_MS * 2))) return undefined;
  return userId ?? '';
}
