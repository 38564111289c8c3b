import { AUTH_PATHS, type HostSignatureResponse } from '@cab/contracts/client';
import { request } from '../api/client.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { setSignatureSource } from './bridge.ts';
import { forget, keep, readKept, SIGNATURE_KEEP_MS } from './cache.ts';
import type { HostId, SdkSignature } from './protocol.ts';

/** CAB's signature of this page for the host, kept 23 hours (SPEC 9; the server says how long in expires_in). */
async function fetchSignature(host: HostId, url: string, fresh: boolean): Promise<SdkSignature> {
  const key = `signature.${host}.${url}`;
  if (fresh) forget(key);
  const kept = readKept<SdkSignature>(key);
  if (kept) return kept;
  const res = await request<HostSignatureResponse>(AUTH_PATHS.hostSdkSignature, {
    method: 'GET',
    data: { host, url },
    showError: false,
    loading: false,
  });
  const { expires_in, ...sig } = res.data;
  const signature: SdkSignature = { ...sig, url };
  keep(key, signature, Math.min(expires_in * 1000, SIGNATURE_KEEP_MS));
  return signature;
}

const PRIVATE_HOST = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$)/;

/**
 * SPEC 9's start-up skip: on a test network the first verification may be skipped. Only
 * when the environment chosen is not production, the page is on a private address, and
 * someone set `cab.host.skipVerify` on purpose; off by default.
 */
export function skipsFirstVerify(env = useSettingsStore.getState().environment, hostname = window.location.hostname): boolean {
  let flagged = false;
  try {
    flagged = localStorage.getItem('cab.host.skipVerify') === '1';
  } catch {
    flagged = false;
  }
  return flagged && env !== 'prod' && PRIVATE_HOST.test(hostname);
}

export function installSignatures(): void {
  setSignatureSource(fetchSignature, skipsFirstVerify());
}
