/**
 * Request signing (WIRE.md B.2), shared so the server and the web client build the
 * very same string. Hashing is left to the caller: the server uses node:crypto, the
 * browser WebCrypto.
 */
export const SIGN_HEADERS = {
  clientKey: 'client-key',
  nonce: 'nonce-str',
  timestamp: 'timestamp',
  sign: 'sign',
} as const;

/** Allowed clock skew between client and server, in milliseconds. */
export const MAX_CLOCK_SKEW_MS = 300_000;
export const MIN_NONCE_LENGTH = 16;

/** The web app's own client key and secret (the secret ships inside the bundle, as any browser client's must). */
export const WEB_CLIENT_KEY = 'cab-web';
export const WEB_CLIENT_SECRET = 'cab-web-7f3c9a1e5b2d48e6';

export interface StringToSignParts {
  clientKey: string;
  nonce: string;
  timestamp: string;
  method: string;
  /** Path with the query string exactly as sent, e.g. `/cab-user-ws/v1/user/info?x=1`. */
  pathWithQuery: string;
  /** Lowercase hex sha256 of the raw body; of the empty string for no body and for multipart. */
  bodySha256: string;
}

export function stringToSign(p: StringToSignParts): string {
  return [p.clientKey, p.nonce, p.timestamp, p.method.toUpperCase(), p.pathWithQuery, p.bodySha256].join('\n');
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
