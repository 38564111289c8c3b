import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { AUTH_PATHS } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// A built web app as the build leaves it: hashed assets with brotli and gzip siblings.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-dist-'));
const script = `console.log(${JSON.stringify('CAB '.repeat(2000))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(30)}</body></html>`;
function writeWithSiblings(rel: string, text: string) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
writeWithSiblings('index.html', html);
writeWithSiblings('assets/index-AbC123.js', script);
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAB_WEB_DIST_DIR: dist, LOG_LEVEL: 'info' }, { logSink: { write: (l) => void lines.push(l) } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app files', () => {
  it('sends hashed assets precompressed by content negotiation, cached for a year', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(script);
      expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    }
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html every time, answering 304 while it is unchanged', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('keeps other files an hour, and a missing asset is a 404 with the error body', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const missing = await get('/assets/nope-123.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });
});

describe('JSON answers', () => {
  it('compresses answers above 1 KB on the fly for clients that accept it', async () => {
    const res = await get('/docs/openapi.json', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as { paths: object };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    const gz = await get('/docs/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(doc);
  });

  it('honours q=0 and answers plainly to a client that accepts neither encoding', async () => {
    const gz = await get('/docs/openapi.json', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    const plain = await get('/docs/openapi.json', { 'accept-encoding': 'identity, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await get(AUTH_PATHS.serverInfo, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('current_time_stamp');
  });
});

describe('the request log', () => {
  const requestLines = () =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request' || l.msg === 'request failed');

  it('writes one line per API call, with method, path, status and time', async () => {
    lines.length = 0;
    await t.client.get(AUTH_PATHS.userInfo);
    await get(`${AUTH_PATHS.userInfo}?x=1`);
    const logged = requestLines();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', url: AUTH_PATHS.userInfo, status: 401 });
    expect(logged[1]).toMatchObject({ url: AUTH_PATHS.userInfo, status: 400 });
    expect(typeof logged[0]!.ms).toBe('number');
  });

  it('writes nothing at info level for files and /server/info', async () => {
    lines.length = 0;
    await get('/');
    await get('/assets/index-AbC123.js');
    await get('/favicon.svg');
    await get(AUTH_PATHS.serverInfo);
    expect(requestLines()).toEqual([]);
  });
});
