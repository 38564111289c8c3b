import { AUTH_PATHS, ErrorCode, renderMessage } from '@cab/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { nextPhone, startTestApp, type CallOptions, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';

// The per-network limits (docs/decisions.md, "Sign-in and tokens"): 30 codes an hour, 50 password logins in 15 minutes.
const CODES_PER_HOUR = 30;
const LOGINS_PER_WINDOW = 50;

/** Every way a caller could claim another address, a new one each call. */
function forged(i: number): Record<string, string> {
  const addr = `198.51.100.${i % 250}`;
  return [
    { 'x-forwarded-for': addr },
    { forwarded: `for=${addr};proto=https` },
    { 'x-real-ip': addr },
    { 'x-forwarded-for': `${addr}, 192.0.2.${i % 250}`, forwarded: `for="[2001:db8::${i}]"`, 'x-real-ip': addr },
  ][i % 4]!;
}

let t: TestApp;
let open: TestApp[] = [];
/** A server of this test's own, with these settings, closed after it. */
async function start(env: Record<string, string> = {}): Promise<TestApp> {
  t = await startTestApp(env);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const app of open) await app.close();
  open = [];
});

const sendCode = (phone: string, o: CallOptions) => t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 }, { locale: 'en', ...o });
const outboxFor = async (phone: string) =>
  (await t.app.inject({ method: 'GET', url: `${AUTH_PATHS.smsOutbox}?phone=${phone}` })).json().data;
const login = (o: CallOptions) =>
  t.client.post(AUTH_PATHS.login, { type: 'password', username: nextPhone(), password: 'not-the-password' }, { locale: 'en', ...o });

describe('with no trusted proxy (the default)', () => {
  it('counts verification codes by the connection, whatever forwarded header a caller sends', async () => {
    await start();
    expect(t.config.trustedProxies).toEqual([]);
    for (let i = 0; i < CODES_PER_HOUR; i++) expect((await sendCode(nextPhone(), { headers: forged(i) })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const phone = nextPhone();
      const res = await sendCode(phone, { headers: forged(100 + i) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: ErrorCode.TOO_MANY_REQUESTS, message: renderMessage('auth.codeNetworkLimit', 'en') });
      expect(await outboxFor(phone)).toEqual([]);
    }
    // Another connection is another client: the limit is not the whole server's.
    expect((await sendCode(nextPhone(), { remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
  });

  it('counts password logins by the connection, whatever forwarded header a caller sends', async () => {
    await start();
    for (let i = 0; i < LOGINS_PER_WINDOW; i++) expect((await login({ headers: forged(i) })).json().code).toBe(ErrorCode.WRONG_CREDENTIALS);
    for (let i = 0; i < 4; i++) {
      const res = await login({ headers: forged(100 + i) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: ErrorCode.TOO_MANY_REQUESTS, message: renderMessage('auth.loginNetworkLimit', 'en') });
    }
    expect((await login({ remoteAddress: '203.0.113.9' })).json().code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });
});

describe('behind a trusted proxy', () => {
  const PROXY = '10.0.0.7';
  const via = (client: string, extra: Record<string, string> = {}): CallOptions => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client, ...extra },
  });

  it('counts by the address the proxy forwarded, not by the proxy', async () => {
    await start({ CAB_TRUSTED_PROXIES: '10.0.0.0/24' });
    for (let i = 0; i < CODES_PER_HOUR; i++) expect((await sendCode(nextPhone(), via('203.0.113.5'))).statusCode).toBe(200);
    expect((await sendCode(nextPhone(), via('203.0.113.5'))).statusCode).toBe(429);
    // Another client behind the same proxy has a count of its own.
    expect((await sendCode(nextPhone(), via('203.0.113.6'))).statusCode).toBe(200);
  });

  it("believes only the proxy's own entry: what the client wrote before it, Forwarded and X-Real-IP change nothing", async () => {
    await start({ CAB_TRUSTED_PROXIES: PROXY });
    for (let i = 0; i < CODES_PER_HOUR; i++) {
      // The proxy appends the address it saw to whatever the client sent.
      const headers = {
        'x-forwarded-for': `198.51.100.${i}, 203.0.113.5`,
        forwarded: `for=198.51.100.${i}`,
        'x-real-ip': `198.51.100.${i}`,
      };
      expect((await sendCode(nextPhone(), { remoteAddress: PROXY, headers })).statusCode).toBe(200);
    }
    const phone = nextPhone();
    expect((await sendCode(phone, via('198.51.100.200, 203.0.113.5'))).statusCode).toBe(429);
    expect(await outboxFor(phone)).toEqual([]);
  });

  it('ignores forwarded headers from a caller that is not the proxy', async () => {
    await start({ CAB_TRUSTED_PROXIES: PROXY });
    const direct = (i: number): CallOptions => ({ remoteAddress: '192.0.2.44', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    for (let i = 0; i < LOGINS_PER_WINDOW; i++) expect((await login(direct(i))).json().code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login(direct(99))).statusCode).toBe(429);
    // The count is that caller's: another client, come through the proxy, is not held by it.
    expect((await login(via('192.0.2.45'))).json().code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await login(via('192.0.2.44'))).statusCode).toBe(429);
  });
});

describe('CAB_TRUSTED_PROXIES', () => {
  it('takes addresses, CIDR ranges and the named ranges, separated by commas or spaces', () => {
    const { trustedProxies } = loadConfig({ CAB_TRUSTED_PROXIES: '10.0.0.7, 10.1.0.0/16 fd00::/8  loopback,::1' });
    expect(trustedProxies).toEqual(['10.0.0.7', '10.1.0.0/16', 'fd00::/8', 'loopback', '::1']);
  });

  it('stops start-up on a value that is not an address or a range, naming the setting and the value', () => {
    for (const bad of ['proxy.example.com', '10.0.0.256', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', 'fd00::/129', '*', 'true']) {
      expect(() => loadConfig({ CAB_TRUSTED_PROXIES: bad }), bad).toThrow(`CAB_TRUSTED_PROXIES: "${bad}" is not an IP address`);
    }
    // Trusting every address is the hole this setting closes.
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.0/00']) {
      expect(() => loadConfig({ CAB_TRUSTED_PROXIES: everyone }), everyone).toThrow(
        `CAB_TRUSTED_PROXIES: "${everyone}" would trust every address`,
      );
    }
  });
});
