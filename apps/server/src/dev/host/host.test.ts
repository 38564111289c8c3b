import crypto from 'node:crypto';
import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

/** The test host (docs/host.md, "The test host"): its pages, its script, and its SDK's two calls, never in production. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The test host's page posts plain JSON, unsigned, as a browser page does. */
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
const login = (host: string, code: string) => t.client.post(AUTH_PATHS.login, { type: 'host', host, code });
const uid = () => `u-${crypto.randomBytes(5).toString('hex')}`;

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  return new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function codeFor(host: 'a' | 'b', body: Record<string, unknown>): Promise<string> {
  const res = await post(`/dev/host/${host}/code`, body);
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().data.code as string;
  expect(code).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
  return code;
}

describe('the test host page (outside production)', () => {
  it('serves each partner’s page under a policy that runs only its own script file and frames only this server', async () => {
    for (const [host, title] of [
      ['a', 'A 生活'],
      ['b', 'B 钱包'],
    ] as const) {
      const res = await get(`/dev/host/${host}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`data-host="${host}"`);
      expect(res.body).toContain(title);
      for (const id of ['host-frame', 'host-topbar-applied', 'host-topbar-cancelled', 'host-topbar-style', 'host-verified', 'host-log'])
        expect(res.body, id).toContain(`data-testid="${id}"`);
      expect(res.body).toContain('<script src="/dev/host/host.js" defer></script>');
      const csp = directives(res);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/=]+'$/)]);
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
      // No emoji: the page's pictures are inline SVG.
      expect(res.body).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    expect((await get('/dev/host/c')).statusCode).toBe(404);
  });

  it('serves the script as JavaScript that parses, speaking the bridge of protocol.ts', async () => {
    const res = await get('/dev/host/host.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    // Compiled, not run: a syntax error would throw here.
    expect(() => new Function(res.body)).not.toThrow();
    for (const call of ['hello', 'signature.verify', 'user.code', 'user.info', 'phone.info', 'book.info', 'book.remember'])
      expect(res.body, call).toContain(`'${call}'`);
    for (const call of ['share.open', 'location.choose', 'location.open', 'page.open', 'topBar.apply', 'topBar.cancel'])
      expect(res.body, call).toContain(`'${call}'`);
    for (const code of ['SIGNATURE_REQUIRED', 'SIGNATURE_INVALID', 'DENIED', 'UNKNOWN_CALL', 'FAILED']) expect(res.body).toContain(code);
    expect(res.body).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('the sign-in code of the test host’s SDK', () => {
  it('signs its user in through POST login {type: host}, with its nickname, and the phone it vouches for', async () => {
    const id = uid();
    const first = await login('a', await codeFor('a', { uid: id, nickname: '阿福' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ nickName: '阿福', token: expect.any(String) });
    // A fresh code each time, the same user each time.
    const again = await login('a', await codeFor('a', { uid: id }));
    expect(again.json().data.userid).toBe(first.json().data.userid);
    // The phone the host vouched for is the user's.
    const phone = `139${String(crypto.randomInt(1e8)).padStart(8, '0')}`;
    const withPhone = await login('b', await codeFor('b', { uid: uid(), nickname: '小贝', phone }));
    expect(withPhone.statusCode, withPhone.body).toBe(200);
    expect(withPhone.json().data).toMatchObject({ phone: expect.stringContaining(phone.slice(-4)) });
  });

  it('is refused when presented as the other partner, and used only once', async () => {
    const fromA = await codeFor('a', { uid: uid() });
    expectRefused(await login('b', fromA), 401, ErrorCode.WRONG_CREDENTIALS);
    const fromB = await codeFor('b', { uid: uid() });
    expectRefused(await login('a', fromB), 401, ErrorCode.WRONG_CREDENTIALS);
    expect((await login('a', fromA)).statusCode).toBe(200);
    expectRefused(await login('a', fromA), 401, ErrorCode.WRONG_CREDENTIALS);
  });

  it('refuses a bad body or host with 400 {code, message}, in the caller’s language', async () => {
    for (const body of [
      {},
      { uid: '' },
      { uid: 'has space' },
      { uid: 'x'.repeat(65) },
      { uid: 'ok', phone: '123' },
      { uid: 'ok', phone: '1370000222' },
      { uid: 'ok', nickname: 'n'.repeat(31) },
      { uid: 'ok', nickname: '' },
      { uid: 'ok', admin: true },
      { uid: 42 },
    ]) {
      const res = await post('/dev/host/a/code', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
    }
    expect((await post('/dev/host/a/code', { uid: 'a b' })).json().message).toContain('宿主用户编号');
    expect((await post('/dev/host/a/code', { uid: 'a b' }, { 'accept-language': 'en' })).json().message).toMatch(/host user id/i);
    expectRefused(await post('/dev/host/c/code', { uid: 'ok' }), 400, ErrorCode.VALIDATION);
  });
});

describe('the test host’s check of CAB’s SDK signature', () => {
  const page = 'http://localhost:80/?cab_host=a';
  async function signature(host: 'a' | 'b', url = page) {
    const res = await t.client.get(`${AUTH_PATHS.hostSdkSignature}?host=${host}&url=${encodeURIComponent(url)}`, {
      headers: { host: 'localhost:80' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { timestamp, nonce_str, signature } = res.json().data as { timestamp: number; nonce_str: string; signature: string };
    return { host, timestamp, nonce_str, signature, url };
  }

  it('holds for the signature CAB made of the page, with that partner’s key', async () => {
    for (const host of ['a', 'b'] as const) {
      const res = await post(`/dev/host/${host}/verify`, await signature(host));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { verified: true } });
    }
  });

  it('refuses a changed signature, another page, the other partner, and one past its life, with 400 {code, message}', async () => {
    const good = await signature('a');
    const flipped = `${good.signature[0] === '0' ? '1' : '0'}${good.signature.slice(1)}`;
    for (const [where, body] of [
      ['a', { ...good, signature: flipped }],
      ['a', { ...good, url: `${page}&x=1` }],
      ['a', { ...good, nonce_str: `${good.nonce_str}0` }],
      ['a', { ...good, timestamp: good.timestamp + 1 }],
      ['a', { ...good, host: 'b' }],
      ['b', good],
      ['b', { ...good, host: 'b' }],
    ] as const) {
      expectRefused(await post(`/dev/host/${where}/verify`, body), 400, ErrorCode.VALIDATION);
    }
    expect((await post('/dev/host/a/verify', good)).statusCode).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const old = await post('/dev/host/a/verify', good);
    expectRefused(old, 400, ErrorCode.VALIDATION);
    expect(old.json().message).toContain('签名');
  });

  it('refuses a body that is not an SDK signature with 400 {code, message}', async () => {
    const good = await signature('a');
    for (const body of [
      {},
      { ...good, timestamp: String(good.timestamp) },
      { ...good, timestamp: -1 },
      { ...good, timestamp: 1e16 },
      { ...good, signature: 'f'.repeat(129) },
      { ...good, url: 'x'.repeat(1025) },
      { ...good, host: 'c' },
      { ...good, extra: 1 },
    ]) {
      const res = await post('/dev/host/a/verify', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ code: ErrorCode.VALIDATION, message: expect.any(String) });
    }
  });
});

describe('in production', () => {
  it('has no test host: its page, script and calls are 404, and none is registered', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: 'https://sms.example.com/' });
    try {
      for (const url of ['/dev/host/a', '/dev/host/b', '/dev/host/host.js'])
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      for (const url of ['/dev/host/a/code', '/dev/host/a/verify']) {
        const res = await prod.app.inject({ method: 'POST', url, payload: { uid: 'x' } });
        expect(res.statusCode, url).toBe(404);
      }
      expect(prod.built.routes.filter((r) => r.url.startsWith('/dev/host/'))).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
