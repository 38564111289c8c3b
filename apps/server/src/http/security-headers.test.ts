import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, STATISTICS_PATHS } from '@cab/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, inBook, startTestApp, uploadImage, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';

// A built web app with inline start-up styles and, to prove it is hashed too, an inline script.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-dist-'));
const BOOT_STYLE = '.boot{color:#999}';
const ENTRY_STYLE = ':root{--adm-color-primary:#1677ff}';
const INLINE_SCRIPT = 'window.cabBoot=1;';
const shell = (style: string) =>
  `<!doctype html><html><head><style>${style}</style><script type="module" crossorigin src="/assets/index-AbC123.js"></script>` +
  `<style>${ENTRY_STYLE}</style><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
fs.writeFileSync(path.join(dist, 'index.html'), shell(BOOT_STYLE));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js'), 'export {};\n');

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The policy's directives by name, each with its sources. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectEveryAnswerHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

function expectPageHeaders(res: LightMyRequestResponse) {
  expectEveryAnswerHeaders(res);
  const pp = String(res.headers['permissions-policy']);
  for (const off of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(pp).toContain(off);
  // A record's place asks for the position (choose-location), on our own page only: no frame of another site.
  expect(pp).toContain('geolocation=(self)');
  // What the app uses (sharing, the clipboard) keeps its default, our own origin.
  expect(pp).not.toMatch(/web-share|clipboard-write/);
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    CAB_WEB_DIST_DIR: dist,
    CAB_IMAGE_ORIGINS: 'https://img.example.com',
    CAB_AVATAR_HOSTS: 'avatars.example.org:8443',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web shell', () => {
  it('answers with a policy that allows its own files, its inline blocks by hash, and nothing else', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expectPageHeaders(res);
      const csp = directives(res);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'", hash(INLINE_SCRIPT)]);
      expect(csp.get('style-src')).toEqual(["'self'", hash(BOOT_STYLE), hash(ENTRY_STYLE)]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://img.example.com', 'https://avatars.example.org:8443']);
      expect(csp.get('media-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      // Outside production the test host (/dev/host/, this same server) may frame the app; nobody else.
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
      expect(res.headers['x-frame-options']).toBeUndefined();
      // The shell keeps its own caching: revalidated every time, 304 while unchanged.
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('follows a new build: the hashes are those of the index.html on disk now', async () => {
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(file, shell('.boot{color:#000}'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const csp = directives(await get('/'));
    expect(csp.get('style-src')).toEqual(["'self'", hash('.boot{color:#000}'), hash(ENTRY_STYLE)]);
  });
});

describe('API answers', () => {
  it('carry nosniff and no-store, from a route, a kept answer, a refusal and an unknown path', async () => {
    const user = await buildUser(t);
    const book = await buildBook(t, user.token);
    const info = await t.client.get(AUTH_PATHS.userInfo, { token: user.token });
    expect(info.statusCode).toBe(200);
    const first = await t.client.post(STATISTICS_PATHS.summaries, {}, inBook(user.token, book.id));
    const kept = await t.client.post(STATISTICS_PATHS.summaries, {}, inBook(user.token, book.id));
    expect(kept.body).toBe(first.body);
    const refused = await t.client.get(AUTH_PATHS.userInfo);
    expect(refused.statusCode).toBe(401);
    const unknown = await get('/cab-nope-ws/x');
    expect(unknown.statusCode).toBe(404);
    const badUrl = await get('/cab-user-ws/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    for (const res of [info, first, kept, refused, unknown, badUrl, await get(AUTH_PATHS.serverInfo)]) {
      expectEveryAnswerHeaders(res);
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });

  it("keep a transaction image's own revalidation: private, no-cache, and 304 by its ETag", async () => {
    const user = await buildUser(t);
    const book = await buildBook(t, user.token);
    const up = await uploadImage(t, user.token, book.id);
    expect(up.statusCode, up.body).toBe(201);
    const auth = { authorization: `Bearer ${user.token}` };
    const img = await get(up.json().data.url, auth);
    expect(img.statusCode).toBe(200);
    expectEveryAnswerHeaders(img);
    expect(img.headers['cache-control']).toBe('private, no-cache');
    const again = await get(up.json().data.url, { ...auth, 'if-none-match': String(img.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('files', () => {
  it('stored and shipped files keep their caching and may not run anything opened on their own', async () => {
    const stored = fs.readdirSync(path.join(t.filesDir, 'content')).find((f) => f.endsWith('.webp'));
    expect(stored).toBeTruthy();
    for (const url of [`/files/content/${stored}`, '/static/covers/cover-1.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectEveryAnswerHeaders(res);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    const asset = await get('/assets/index-AbC123.js');
    expectEveryAnswerHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('/docs', () => {
  it('is a page that loads nothing and may be framed by nobody but this server (outside production)', async () => {
    for (const url of ['/docs', '/docs/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectPageHeaders(res);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      );
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expectEveryAnswerHeaders(await get('/docs/openapi.json'));
  });
});

describe('CAB_FRAME_ANCESTORS', () => {
  it('lets the configured host-app origins frame the shell and /docs, and this server too outside production', async () => {
    const framed = await startTestApp({
      CAB_WEB_DIST_DIR: dist,
      CAB_FRAME_ANCESTORS: 'https://host.example.com, https://m.partner.example:8443/',
    });
    try {
      for (const url of ['/', '/docs']) {
        const res = await framed.app.inject({ method: 'GET', url });
        expect(directives(res).get('frame-ancestors')).toEqual(["'self'", 'https://host.example.com', 'https://m.partner.example:8443']);
        expect(res.headers['x-frame-options']).toBeUndefined();
      }
    } finally {
      await framed.close();
    }
  });

  it('in production lets exactly the configured origins frame the app, or nobody (with X-Frame-Options for old webviews)', async () => {
    const production = {
      NODE_ENV: 'production',
      CAB_SMS_PROVIDER: 'http',
      CAB_SMS_ENDPOINT: 'https://sms.example.com/',
      CAB_WEB_DIST_DIR: dist,
    };
    for (const [origins, expected] of [
      ['https://host.example.com', ['https://host.example.com']],
      ['', ["'none'"]],
    ] as const) {
      const prod = await startTestApp({ ...production, CAB_FRAME_ANCESTORS: origins });
      try {
        for (const url of ['/', '/docs']) {
          const res = await prod.app.inject({ method: 'GET', url });
          expect(directives(res).get('frame-ancestors'), `${url} with "${origins}"`).toEqual(expected);
          expect(res.headers['x-frame-options']).toBe(origins ? undefined : 'DENY');
        }
      } finally {
        await prod.close();
      }
    }
  });

  it('stops start-up on anything but an origin, naming the setting and the value', () => {
    for (const bad of [
      'host.example.com',
      'http://host.example.com',
      'https://host.example.com/app',
      'https://host.example.com?x=1',
      'https://*.example.com',
      "https://a'b.example.com",
      'https://a;b.example.com',
      'https://user@host.example.com',
      "'self'",
      '*',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ CAB_FRAME_ANCESTORS: bad }), bad).toThrow(`CAB_FRAME_ANCESTORS: "${bad}"`);
      expect(() => loadConfig({ CAB_IMAGE_ORIGINS: bad }), bad).toThrow(`CAB_IMAGE_ORIGINS: "${bad}"`);
    }
    expect(loadConfig({ CAB_FRAME_ANCESTORS: 'http://localhost:5173 HTTPS://Host.Example.com' }).frameAncestors).toEqual([
      'http://localhost:5173',
      'https://host.example.com',
    ]);
    expect(loadConfig({}).frameAncestors).toEqual([]);
  });
});
