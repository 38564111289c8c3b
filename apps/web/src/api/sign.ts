import { EMPTY_SHA256, stringToSign } from '@cab/contracts/client';
import { randomString } from '../lib/random.ts';

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (s: string) => new TextEncoder().encode(s);

export async function sha256Hex(text: string): Promise<string> {
  if (!text) return EMPTY_SHA256;
  return hex(await crypto.subtle.digest('SHA-256', utf8(text)));
}

export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, utf8(text)));
}

export { randomString };

export interface SignInput {
  clientKey: string;
  secret: string;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: number;
}

/** The four signing headers of WIRE.md B.2. */
export async function signHeaders(i: SignInput): Promise<Record<string, string>> {
  const nonce = randomString(24);
  const timestamp = String(i.timestamp);
  const text = stringToSign({
    clientKey: i.clientKey,
    nonce,
    timestamp,
    method: i.method,
    pathWithQuery: i.pathWithQuery,
    bodySha256: await sha256Hex(i.body),
  });
  return { 'Client-Key': i.clientKey, 'Nonce-Str': nonce, Timestamp: timestamp, Sign: await hmacSha256Hex(i.secret, text) };
}
