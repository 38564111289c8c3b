import { createHmac, createHash } from 'node:crypto';
import { AUTH_PATHS, WEB_CLIENT_SECRET, stringToSign, type TokenPair } from '@cab/contracts/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_PAGE, TIMEOUT, createRequest, untilSent, type RequestDeps } from './request.ts';

interface Call {
  url: string;
  init: RequestInit;
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Array<Response | ((c: Call) => Response | Promise<Response>)>, over: Partial<RequestDeps> = {}) {
  const calls: Call[] = [];
  const toasts: string[] = [];
  const navigations: string[] = [];
  const state = {
    gap: 0,
    tokens: { tokenType: 'Bearer', token: 'access-1', refreshToken: 'refresh-1' } as
      | { tokenType: string; token: string; refreshToken: string }
      | undefined,
    cleared: 0,
    loadingOpen: 0,
    loadingTexts: [] as string[],
  };
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${call.url}`);
    return typeof next === 'function' ? next(call) : next;
  });
  const deps: RequestDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => 1_000_000,
    device: () => ({ platform: 'test', device_id: 'd1' }),
    tokens: () => state.tokens,
    setTokens: (p: TokenPair) => (state.tokens = { tokenType: 'Bearer', token: p.access_token, refreshToken: p.refresh_token }),
    clearSession: () => {
      state.cleared++;
      state.tokens = undefined;
    },
    bookId: () => '42',
    clockGap: () => state.gap,
    setClockGap: (g) => (state.gap = g),
    toast: (t) => toasts.push(t),
    loading: (text) => {
      state.loadingOpen++;
      state.loadingTexts.push(text);
      return () => state.loadingOpen--;
    },
    currentHash: () => '#/pages/home/index',
    navigate: (h) => navigations.push(h),
    t: (k) =>
      ({
        noNetwork: 'no network connection, please check network settings',
        sessionAbnormal: 'user info abnormal, please log in again',
        loading: 'loading',
      })[k],
    log: { warn: () => {} },
    ...over,
  };
  return { request: createRequest(deps), calls, toasts, navigations, state };
}

const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

describe('the request wrapper', () => {
  it('posts JSON by default and sends GET and DELETE payloads as the query', async () => {
    const { request, calls } = setup([json(200, { data: 1 }), json(200, { data: 2 }), json(204)]);
    await request('/cab-x/a', { data: { name: '家' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"name":"家"}');
    expect(header(calls[0]!, 'Content-Type')).toBe('application/json');
    expect(await request('/cab-x/b', { method: 'GET', data: { a: 1, b: 'x y', skip: undefined } })).toEqual({ data: 2 });
    expect(calls[1]?.url).toBe('/cab-x/b?a=1&b=x+y');
    expect(calls[1]?.init.body).toBeUndefined();
    expect(await request('/cab-x/c?z=1', { method: 'DELETE', data: { ids: ['1', '2'] } })).toBeUndefined();
    expect(calls[2]?.url).toBe('/cab-x/c?z=1&ids=1%2C2');
  });

  it('sends device, book, authorization and a signature the server can recompute', async () => {
    const { request, calls, state } = setup([json(200, {})]);
    state.gap = 5000;
    await request('/cab-x/a?q=1', { data: { n: 1 } });
    const c = calls[0]!;
    expect(JSON.parse(header(c, 'Device')!)).toEqual({ platform: 'test', device_id: 'd1' });
    expect(header(c, 'Trading-Entity')).toBe('42');
    expect(header(c, 'Authorization')).toBe('Bearer access-1');
    expect(header(c, 'Timestamp')).toBe('1005000');
    expect(header(c, 'Nonce-Str')).toHaveLength(24);
    const bodySha256 = createHash('sha256').update('{"n":1}').digest('hex');
    const text = stringToSign({
      clientKey: header(c, 'Client-Key')!,
      nonce: header(c, 'Nonce-Str')!,
      timestamp: '1005000',
      method: 'POST',
      pathWithQuery: '/cab-x/a?q=1',
      bodySha256,
    });
    expect(header(c, 'Sign')).toBe(createHmac('sha256', WEB_CLIENT_SECRET).update(text).digest('hex'));
  });

  it('can send an empty Trading-Entity', async () => {
    const { request, calls } = setup([json(200, {})]);
    await request('/cab-market-ws/x', { method: 'GET', tradingEntity: '' });
    expect(header(calls[0]!, 'Trading-Entity')).toBe('');
  });

  it('sends a JSON content type on a bodiless GET when asked (SPEC 7: the market-info call)', async () => {
    const { request, calls, state } = setup([json(200, {}), json(200, {})]);
    await request('/cab-config-ws/x/', { method: 'GET', loading: false, tradingEntity: '', jsonContentType: true });
    expect(header(calls[0]!, 'Content-Type')).toBe('application/json');
    expect(header(calls[0]!, 'Trading-Entity')).toBe('');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(state.loadingTexts).toEqual([]);
    // Without the option a GET has no content type (it has no body).
    await request('/cab-config-ws/x/', { method: 'GET', loading: false });
    expect(header(calls[1]!, 'Content-Type')).toBeUndefined();
  });

  it('on 400 code 274 refreshes server info once, keeps the clock gap and retries once', async () => {
    const { request, calls, state, toasts } = setup([
      json(400, { code: 274, message: 'skew' }),
      json(200, { current_time_stamp: 1_600_000 }),
      json(200, { ok: true }),
    ]);
    expect(await request('/cab-x/a')).toEqual({ ok: true });
    expect(calls[1]?.url).toBe(AUTH_PATHS.serverInfo);
    expect(state.gap).toBe(600_000);
    expect(header(calls[2]!, 'Timestamp')).toBe('1600000');
    expect(toasts).toEqual([]);

    const twice = setup([
      json(400, { code: 274, message: 'skew' }),
      json(200, { current_time_stamp: 1 }),
      json(400, { code: 274, message: 'still skewed' }),
    ]);
    await expect(twice.request('/cab-x/a')).rejects.toMatchObject({ code: 274 });
    expect(twice.calls).toHaveLength(3);
    expect(twice.toasts).toEqual(['still skewed']);
  });

  it('on 401 refreshes the token and retries with the new one', async () => {
    const { request, calls, state } = setup([
      json(401, { code: 1021, message: 'expired' }),
      json(200, { data: { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 7200 } }),
      json(200, { ok: 1 }),
    ]);
    expect(await request('/cab-x/a')).toEqual({ ok: 1 });
    expect(calls[1]?.url).toBe(AUTH_PATHS.refresh);
    expect(calls[1]?.init.body).toBe('{"refresh_token":"refresh-1"}');
    expect(header(calls[2]!, 'Authorization')).toBe('Bearer access-2');
    expect(state.tokens?.refreshToken).toBe('refresh-2');
  });

  it('refreshes at most 3 times, then clears the session and toasts', async () => {
    const pair = (n: number) => json(200, { data: { access_token: `a${n}`, refresh_token: `r${n}`, token_type: 'Bearer', expires_in: 1 } });
    const unauthorized = () => json(401, { code: 1020, message: 'no' });
    const { request, calls, state, toasts } = setup([
      unauthorized(),
      pair(1),
      unauthorized(),
      pair(2),
      unauthorized(),
      pair(3),
      unauthorized(),
    ]);
    await expect(request('/cab-x/a')).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.url === AUTH_PATHS.refresh)).toHaveLength(3);
    expect(state.cleared).toBe(1);
    expect(toasts).toEqual(['user info abnormal, please log in again']);
  });

  it('clears the session when the refresh itself fails', async () => {
    const { request, state, toasts } = setup([json(401, { code: 1021 }), json(401, { code: 1023, message: 'reused' })]);
    await expect(request('/cab-x/a')).rejects.toMatchObject({ status: 401 });
    expect(state.cleared).toBe(1);
    expect(toasts).toEqual(['user info abnormal, please log in again']);
  });

  it('shares one refresh between requests that fail together', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { request, calls } = setup([
      json(401, {}),
      json(401, {}),
      async () => {
        await gate;
        return json(200, { data: { access_token: 'a2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 1 } });
      },
      json(200, { n: 1 }),
      json(200, { n: 2 }),
    ]);
    const both = Promise.all([request('/cab-x/1'), request('/cab-x/2')]);
    await new Promise((r) => setTimeout(r, 10));
    release();
    await both;
    expect(calls.filter((c) => c.url === AUTH_PATHS.refresh)).toHaveLength(1);
  });

  it('opens the offline page on code 0xF115 for the book of the call unless already there, without a toast', async () => {
    const { request, navigations, toasts } = setup([json(409, { code: 0xf115, message: 'offline' }), json(409, { code: 0xf115 })]);
    await expect(request('/cab-x/a')).rejects.toMatchObject({ code: 61717 });
    // The current book (Trading-Entity), or the one the call named.
    await expect(request('/cab-x/b', { tradingEntity: '7' })).rejects.toMatchObject({ code: 61717 });
    expect(navigations).toEqual([`${OFFLINE_PAGE}?bookId=42`, `${OFFLINE_PAGE}?bookId=7`]);
    expect(toasts).toEqual([]);
    const there = setup([json(409, { code: 0xf115 })], { currentHash: () => `${OFFLINE_PAGE}?bookId=1` });
    await expect(there.request('/cab-x/a')).rejects.toBeInstanceOf(ApiError);
    expect(there.navigations).toEqual([]);
    const bookless = setup([json(409, { code: 0xf115 })], { bookId: () => '' });
    await expect(bookless.request('/cab-x/a')).rejects.toBeInstanceOf(ApiError);
    expect(bookless.navigations).toEqual([OFFLINE_PAGE]);
  });

  it('toasts the message, or msg, or the no-network default', async () => {
    const { request, toasts } = setup([
      json(422, { code: 1, message: 'm1' }),
      json(422, { code: 2, msg: 'm2' }),
      json(500, {}),
      json(502, 'not json'),
    ]);
    for (let i = 0; i < 4; i++) await expect(request('/cab-x/a')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([
      'm1',
      'm2',
      'no network connection, please check network settings',
      'no network connection, please check network settings',
    ]);
  });

  it('toasts nothing with showError false, or for code 0x0225 in dialog mode', async () => {
    const { request, toasts } = setup([
      json(422, { code: 1, message: 'quiet' }),
      json(409, { code: 0x0225, message: 'closed' }),
      json(409, { code: 0x0225, message: 'closed' }),
    ]);
    await expect(request('/cab-x/a', { showError: false })).rejects.toMatchObject({ message: 'quiet' });
    await expect(request('/cab-x/a', { dialog: true })).rejects.toMatchObject({ code: 549 });
    expect(toasts).toEqual([]);
    await expect(request('/cab-x/a')).rejects.toMatchObject({ code: 549 });
    expect(toasts).toEqual(['closed']);
  });

  it('toasts the default when the network is down', async () => {
    const { request, toasts } = setup([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(request('/cab-x/a')).rejects.toMatchObject({ status: 0 });
    expect(toasts).toEqual(['no network connection, please check network settings']);
  });

  it('sends a read once more, signed anew, after no answer or a 502 or 503; a save never', async () => {
    const { request, calls, toasts } = setup([
      () => Promise.reject(new TypeError('Failed to fetch')),
      json(200, { data: 1 }),
      json(502, {}),
      json(200, { data: 2 }),
      json(503, { code: 0xf001, message: 'stopping' }),
      json(503, { code: 0xf001, message: 'stopping' }),
      json(502, {}),
    ]);
    await expect(request('/cab-x/a', { method: 'GET' })).resolves.toEqual({ data: 1 });
    await expect(request('/cab-x/b', { method: 'GET' })).resolves.toEqual({ data: 2 });
    // Once only: the second 503 is the answer.
    await expect(request('/cab-x/c', { method: 'GET' })).rejects.toMatchObject({ status: 503 });
    await expect(request('/cab-x/d', { method: 'POST', data: { a: 1 } })).rejects.toMatchObject({ status: 502 });
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/cab-x/a',
      '/cab-x/a',
      '/cab-x/b',
      '/cab-x/b',
      '/cab-x/c',
      '/cab-x/c',
      '/cab-x/d',
    ]);
    const nonces = calls.slice(0, 2).map((c) => header(c, 'Nonce-Str'));
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(toasts).toEqual(['stopping', 'no network connection, please check network settings']);
  });

  describe('time-outs', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('aborts after 60 000 ms and only logs it', async () => {
      const warn = vi.fn();
      let fetched!: () => void;
      const fetchStarted = new Promise<void>((r) => (fetched = r));
      const { request, toasts } = setup(
        [
          (c) => {
            fetched();
            return new Promise<Response>((_, reject) =>
              c.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
          },
        ],
        { log: { warn } },
      );
      const p = request('/cab-x/slow');
      // Signing runs on WebCrypto outside the fake clock; the timer starts with the fetch.
      await fetchStarted;
      const settled = expect(p).rejects.toMatchObject({ code: TIMEOUT });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(warn).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(warn).toHaveBeenCalledWith('request timed out', '/cab-x/slow');
      expect(toasts).toEqual([]);
    });
  });

  it('shows a loading toast while the request runs unless told not to', async () => {
    const { request, state } = setup([json(200, {}), json(200, {}), json(200, {})]);
    await request('/cab-x/a');
    await request('/cab-x/b', { loading: false });
    await request('/cab-x/c', { loading: '保存中' });
    expect(state.loadingTexts).toEqual(['loading', '保存中']);
    expect(state.loadingOpen).toBe(0);
  });
});

describe('the request wrapper for recording', () => {
  it('sends a DELETE payload as a JSON body when asked (deleting transactions by ids)', async () => {
    const { request, calls } = setup([json(204)]);
    await request('/cab-x/transactions', { method: 'DELETE', data: { ids: ['7'] }, asBody: true });
    expect(calls[0]?.url).toBe('/cab-x/transactions');
    expect(calls[0]?.init.body).toBe('{"ids":["7"]}');
    expect(header(calls[0]!, 'Content-Type')).toBe('application/json');
  });

  it('answers the bytes of a private image as a blob', async () => {
    const { request } = setup([new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/png' } })]);
    const blob = await request<Blob>('/cab-accounting-ws/v2/image/1/2', { method: 'GET', responseType: 'blob' });
    expect(blob.size).toBe(3);
  });

  it('answers a download unread, its headers with it; a refused one fails like any call', async () => {
    const file = new Response('a,b\r\n', { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''x.csv" } });
    const { request, toasts } = setup([file, json(422, { code: 1170, message: '记录太多' })]);
    const res = await request<Response>('/cab-x/export', { data: { format: 'csv' }, responseType: 'response' });
    expect(res.bodyUsed).toBe(false);
    expect(res.headers.get('content-disposition')).toContain('x.csv');
    expect(await res.text()).toBe('a,b\r\n');
    await expect(request('/cab-x/export', { data: { format: 'xlsx' }, responseType: 'response' })).rejects.toMatchObject({
      status: 422,
      code: 1170,
      message: '记录太多',
    });
    expect(toasts).toEqual(['记录太多']);
  });

  it('sends an upload with progress through the upload transport, signed like any call', async () => {
    const progress: number[] = [];
    const upload = vi.fn(async (_url: string, init: { headers: Record<string, string> }, onProgress: (f: number) => void) => {
      expect(init.headers.Sign).toMatch(/^[0-9a-f]{64}$/);
      expect(init.headers['Content-Type']).toBeUndefined();
      onProgress(0.5);
      onProgress(1);
      return json(201, { data: { id: '9' } });
    });
    const { request, calls } = setup([], { upload });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    const r = await request<{ data: { id: string } }>('/cab-accounting-ws/v2/image/upload', {
      formData: form,
      onUploadProgress: (f) => progress.push(f),
    });
    expect(r.data.id).toBe('9');
    expect(progress).toEqual([0.5, 1]);
    expect(calls).toHaveLength(0);
  });

  it('tells which book refused a call as "book not found" (1061), and only then', async () => {
    const refused: string[] = [];
    const { request } = setup(
      [
        json(404, { code: 1061, message: '账本不存在或你已不在这个账本中' }),
        json(404, { code: 1061, message: '账本不存在或你已不在这个账本中' }),
        json(404, { code: 1120, message: 'message not found' }),
        json(403, { code: 1003, message: 'forbidden' }),
      ],
      { bookRefused: (id) => refused.push(id) },
    );
    await expect(request('/a', { method: 'GET', showError: false })).rejects.toBeInstanceOf(ApiError);
    await expect(request('/b', { method: 'GET', showError: false, tradingEntity: '7' })).rejects.toBeInstanceOf(ApiError);
    await expect(request('/c', { method: 'GET', showError: false })).rejects.toBeInstanceOf(ApiError);
    await expect(request('/d', { method: 'GET', showError: false })).rejects.toBeInstanceOf(ApiError);
    expect(refused).toEqual(['42', '7']);
  });
});

describe('calls handed to the network', () => {
  it('untilSent resolves once every call begun has reached fetch, not before', async () => {
    const { request, calls } = setup([json(200, { data: 1 }), json(200, { data: 2 }), json(200, { data: 3 })]);
    await untilSent(); // nothing begun: at once
    const done = [request('/cab-x/a', { method: 'GET' }), request('/cab-x/b', { data: { n: 1 } })];
    // Signing (crypto.subtle) answers later: nothing has gone out yet.
    expect(calls).toHaveLength(0);
    await untilSent();
    expect(calls.map((c) => c.url)).toEqual(['/cab-x/a', '/cab-x/b']);
    await Promise.all(done);
    // A call begun later is waited for too.
    const third = request('/cab-x/c', { method: 'GET' });
    await untilSent();
    expect(calls).toHaveLength(3);
    await third;
  });
});
