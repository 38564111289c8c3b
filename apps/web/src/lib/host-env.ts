/**
 * Which environment the page runs in, as far as the first load needs to know it: the host
 * the address names (`?cab_host=a` before the hash; a host app opens CAB so), and, once
 * the bridge's handshake has answered, the host itself. The bridge (host/bridge.ts) loads
 * only where a host is named; tracking and the share buttons read this instead.
 */
export type HostId = 'a' | 'b';
export type HostEnv = HostId | 'browser';

/** The query parameter (before the hash) a host opens CAB with: `https://cab.example/?cab_host=a#/dashboard/index`. */
export const HOST_QUERY = 'cab_host';

export function requestedHost(search = window.location.search): HostId | undefined {
  const v = new URLSearchParams(search).get(HOST_QUERY);
  return v === 'a' || v === 'b' ? v : undefined;
}

let known: HostEnv | undefined;

/** The environment once known: a browser at once when the address names no host; undefined while a host's handshake runs. */
export const knownHostEnv = (): HostEnv | undefined => known ?? (requestedHost() ? undefined : 'browser');

/** The bridge says what its handshake found (and tests reset it with undefined). */
export function setKnownHostEnv(env: HostEnv | undefined): void {
  known = env;
}
