import crypto from 'node:crypto';
import { EMPTY_SHA256, MAX_CLOCK_SKEW_MS, MIN_NONCE_LENGTH, stringToSign } from '@cab/contracts';
import type { FastifyRequest } from 'fastify';
import type { ClientKey } from '../config.ts';
import type { Clock } from '../platform/clock.ts';
import type { KeyValueStore } from '../platform/kv.ts';
import { AppError } from './errors.ts';

const MAX_NONCE_LENGTH = 128;

export interface SignatureDeps {
  clientKeys: Map<string, ClientKey>;
  clock: Clock;
  kv: KeyValueStore;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a.toLowerCase());
  const bb = Buffer.from(b.toLowerCase());
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/**
 * Verifies Client-Key / Nonce-Str / Timestamp / Sign (WIRE.md B.2). The order matters:
 * the cheap checks first, the nonce is spent only once the sign is known to be good,
 * so a forged request cannot burn a real client's nonce.
 */
export async function verifySignature(req: FastifyRequest, deps: SignatureDeps): Promise<void> {
  const clientKey = header(req, 'client-key');
  const nonce = header(req, 'nonce-str');
  const timestamp = header(req, 'timestamp');
  const sign = header(req, 'sign');
  if (!clientKey || !nonce || !timestamp || !sign) {
    throw new AppError('signature.missing');
  }
  const client = deps.clientKeys.get(clientKey);
  if (!client) throw new AppError('signature.unknownClient');
  if (nonce.length < MIN_NONCE_LENGTH || nonce.length > MAX_NONCE_LENGTH) {
    throw new AppError('signature.badNonce', { min: MIN_NONCE_LENGTH, max: MAX_NONCE_LENGTH });
  }
  if (!/^[0-9]{1,16}$/.test(timestamp)) throw new AppError('signature.badTimestamp');
  if (Math.abs(deps.clock.now() - Number(timestamp)) > MAX_CLOCK_SKEW_MS) {
    throw new AppError('signature.clockSkew');
  }

  const raw = req.rawBody;
  const isMultipart = req.isMultipart();
  const bodySha256 = !raw || isMultipart ? EMPTY_SHA256 : crypto.createHash('sha256').update(raw).digest('hex');
  const expected = crypto
    .createHmac('sha256', client.secret)
    .update(stringToSign({ clientKey, nonce, timestamp, method: req.method, pathWithQuery: req.url, bodySha256 }))
    .digest('hex');
  let ok = safeEqualHex(sign, expected);
  if (!ok && client.legacy) {
    const md5 = crypto
      .createHash('md5')
      .update(clientKey + nonce + timestamp + client.secret)
      .digest('hex');
    ok = safeEqualHex(sign, md5);
  }
  if (!ok) throw new AppError('signature.bad');

  // A nonce is remembered for twice the skew window: any replay inside the window is caught.
  const fresh = await deps.kv.putIfAbsent(`nonce:${clientKey}:${nonce}`, MAX_CLOCK_SKEW_MS * 2);
  if (!fresh) throw new AppError('signature.replayed');
}
