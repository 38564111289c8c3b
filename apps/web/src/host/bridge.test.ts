import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostError, hostCall, hostEnv, knownHostEnv, resetBridgeForTests, setSignatureSource, verifySignature } from './bridge.ts';
import { hostErrorKey } from './messages.ts';
import { applyTopBar, cancelTopBar, resetTopBarForTests } from './top-bar.ts';
import type { BridgeAnswer, BridgeRequest, HostCall, SdkSignature } from './protocol.ts';

type Handler = (req: BridgeRequest) => BridgeAnswer | undefined;
const globals = window as unknown as Record<string, unknown>;

/** A native host: it injects cabHostBridge, and answers through the page's cabHostReceive as a JSON string. */
function nativeHost(handle: Handler) {
  const seen: BridgeRequest[] = [];
  globals.cabHostBridge = {
    postMessage: (json: string) => {
      const req = JSON.parse(json) as BridgeRequest;
      seen.push(req);
      const answer = handle(req);
      if (answer) setTimeout(() => (globals.cabHostReceive as (m: string) => void)(JSON.stringify(answer)), 0);
    },
  };
  return seen;
}
const ok = (req: BridgeRequest, data: unknown): BridgeAnswer => ({ cab_bridge: 1, id: req.id, ok: true, data });
const fail = (req: BridgeRequest, code: 'SIGNATURE_INVALID' | 'SIGNATURE_REQUIRED' | 'DENIED' | 'FAILED'): BridgeAnswer => ({
  cab_bridge: 1,
  id: req.id,
  ok: false,
  error: { code },
});

const sig = (n: number): SdkSignature => ({
  host: 'a',
  timestamp: n,
  nonce_str: `n${n}`,
  signature: `s${n}`,
  url: 'http://localhost:3000/',
});

/** Host A: signatures 2 and up hold (1 is a stale kept one); calls need one that held. */
function hostA(extra: Partial<Record<HostCall, Handler>> = {}) {
  let verified = false;
  return nativeHost((req) => {
    if (req.call === 'hello') return ok(req, { host: 'a', version: 1, status_bar_height: 44 });
    if (req.call === 'signature.verify') {
      verified = (req.args as SdkSignature).timestamp >= 2;
      return verified ? ok(req, { verified: true }) : fail(req, 'SIGNATURE_INVALID');
    }
    if (!verified) return fail(req, 'SIGNATURE_REQUIRED');
    const own = extra[req.call];
    return own ? own(req) : ok(req, { uid: 'u1', nickname: 'A' });
  });
}

beforeEach(() => {
  resetBridgeForTests();
  window.history.replaceState(null, '', '/?cab_host=a#/dashboard/index');
});
afterEach(() => {
  vi.useRealTimers();
  delete globals.cabHostBridge;
  window.history.replaceState(null, '', '/');
});

describe('the host bridge', () => {
  it('is a plain browser at once when the address names no host, and every call says so in SPEC 8’s words', async () => {
    window.history.replaceState(null, '', '/#/dashboard/index');
    expect(knownHostEnv()).toBe('browser');
    expect(await hostEnv()).toBe('browser');
    const refused = async (call: HostCall) => {
      const err = await hostCall(call, {} as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HostError);
      return hostErrorKey(err as HostError);
    };
    expect(await refused('share.open')).toBe('host.notInHostShare');
    expect(await refused('user.info')).toBe('host.notInHostInfo');
    expect(await refused('phone.info')).toBe('host.notInHostInfo');
    expect(await refused('page.open')).toBe('host.notInHostTransfer');
    expect(await refused('location.choose')).toBe('host.notInHostTransfer');
    const verify = await verifySignature().catch((e: unknown) => e);
    expect(hostErrorKey(verify as HostError)).toBe('host.notHostEnv');
  });

  it('is a plain browser when the named host never injects its bridge (20 tries, 100 ms apart)', async () => {
    vi.useFakeTimers();
    const env = hostEnv();
    expect(knownHostEnv()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2100);
    expect(await env).toBe('browser');
    vi.useRealTimers();
  });

  it('does not trust a host that says it is the other partner', async () => {
    nativeHost((req) => ok(req, { host: 'b', version: 1 }));
    expect(await hostEnv()).toBe('browser');
  });

  it('verifies a signature before the first call, fetching a fresh one once when the kept one is refused', async () => {
    const seen = hostA();
    const source = vi.fn((_host: string, _url: string, fresh: boolean) => Promise.resolve(sig(fresh ? 2 : 1)));
    setSignatureSource(source);
    expect(await hostEnv()).toBe('a');
    expect(await hostCall('user.info', {})).toEqual({ uid: 'u1', nickname: 'A' });
    expect(source.mock.calls.map((c) => c[2])).toEqual([false, true]);
    expect(seen.map((r) => r.call)).toEqual(['hello', 'signature.verify', 'signature.verify', 'user.info']);
    // Verified once: the next call goes straight.
    await hostCall('book.info', {});
    expect(seen.filter((r) => r.call === 'signature.verify')).toHaveLength(2);
  });

  it('retries a call once with a fresh signature when the host forgot the one that held', async () => {
    let forgot = true;
    const seen = hostA({
      'user.info': (req) => {
        if (forgot) {
          forgot = false;
          return fail(req, 'SIGNATURE_REQUIRED');
        }
        return ok(req, { uid: 'u2', nickname: 'B' });
      },
    });
    setSignatureSource(() => Promise.resolve(sig(3)));
    expect(await hostCall('user.info', {})).toEqual({ uid: 'u2', nickname: 'B' });
    expect(seen.map((r) => r.call)).toEqual(['hello', 'signature.verify', 'user.info', 'signature.verify', 'user.info']);
  });

  it('answers the host’s refusals and failures in SPEC 8’s words, and times out a silent host', async () => {
    hostA({
      'phone.info': (req) => fail(req, 'DENIED'),
      'book.info': (req) => fail(req, 'FAILED'),
      'user.info': () => undefined,
    });
    setSignatureSource(() => Promise.resolve(sig(2)));
    const phone = await hostCall('phone.info', {}).catch((e: unknown) => e as HostError);
    expect(phone).toMatchObject({ kind: 'denied', code: 'DENIED' });
    expect(hostErrorKey(phone as HostError)).toBe('host.phoneInfoFailed');
    const book = await hostCall('book.info', {}).catch((e: unknown) => e as HostError);
    expect(hostErrorKey(book as HostError)).toBe('host.bookInfoFailed');
    vi.useFakeTimers();
    const silent = hostCall('user.info', {}).catch((e: unknown) => e as HostError);
    await vi.advanceTimersByTimeAsync(5100);
    expect(await silent).toMatchObject({ kind: 'timeout' });
    expect(hostErrorKey((await silent) as HostError)).toBe('host.userInfoFailed');
    vi.useRealTimers();
  });

  it('ignores messages that are not answers it waits for', async () => {
    hostA();
    setSignatureSource(() => Promise.resolve(sig(2)));
    await hostEnv();
    const receive = globals.cabHostReceive as (m: unknown) => void;
    expect(() => {
      receive('not json');
      receive({ cab_bridge: 1, id: 9999, ok: true, data: {} });
      receive({ other: true });
      receive(null);
    }).not.toThrow();
    expect(await hostCall('user.info', {})).toEqual({ uid: 'u1', nickname: 'A' });
  });

  it('applies the top bar once and cancels it once (the applied flag)', async () => {
    resetTopBarForTests();
    const seen = hostA({ 'topBar.apply': (req) => ok(req, { status_bar_height: 44 }), 'topBar.cancel': (req) => ok(req, {}) });
    setSignatureSource(() => Promise.resolve(sig(2)));
    expect(await applyTopBar('dark')).toBe(true);
    expect(await applyTopBar('dark')).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--cab-status-bar')).toBe('44px');
    expect(await cancelTopBar()).toBe(true);
    expect(await cancelTopBar()).toBe(false);
    expect(seen.filter((r) => r.call.startsWith('topBar')).map((r) => r.call)).toEqual(['topBar.apply', 'topBar.cancel']);
  });
});
