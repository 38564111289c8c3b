import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, phoneContext, screenshotter } from './browser.ts';
import { loginThroughUi, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a phone opening CAB', () => {
  it('gets every file compressed, keeps hashed files cached, and loads popups only when they are needed', async () => {
    const base = baseUrl();
    const shot = screenshotter('delivery');
    const context = await phoneContext(browser, base);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const responses: Response[] = [];
    page.on('response', (r) => void responses.push(r));
    await loginThroughUi(page, base);

    // A fresh visit of home, as a signed-in user.
    const fresh = await context.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    const scripts: string[] = [];
    fresh.on('request', (r) => r.url().includes('/assets/') && r.url().endsWith('.js') && scripts.push(r.url()));
    const fromServer = new Set<string>();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send('Network.enable');
    const cached = new Set<string>();
    cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => void cached.add(e.requestId));
    cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string; fromDiskCache?: boolean } }) => {
      if (!cached.has(e.requestId) && !e.response.fromDiskCache) fromServer.add(e.response.url);
    });
    await fresh.goto('/#/pages/home/index');
    await visible(fresh, 'home-add-book');
    const drawnWith = [...scripts];
    await shot(fresh, 'home');

    // index.html and the hashed files of the first visit came compressed, with the right caching.
    const html = responses.find((r) => new URL(r.url()).pathname === '/' && r.request().resourceType() === 'document');
    expect(html?.headers()['content-encoding']).toBe('br');
    expect(html?.headers()['cache-control']).toBe('no-cache');
    const assets = responses.filter((r) => /\/assets\/.+\.(js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(5);
    for (const a of assets) {
      expect(a.headers()['cache-control'], a.url()).toBe('public, max-age=31536000, immutable');
      if ((await a.body()).length > 256) expect(a.headers()['content-encoding'], a.url()).toBe('br');
    }

    // The second visit takes the hashed files it already has from the cache.
    const refetched = [...fromServer].filter((u) => u.includes('/assets/') && responses.some((r) => r.url() === u));
    expect(refetched).toEqual([]);

    // The template popup's code is not part of drawing home; it arrives for the popup
    // (or is fetched in the background once home is drawn).
    expect(drawnWith.some((s) => /TemplatePopup-/.test(s))).toBe(false);
    const templateList = fresh.waitForResponse((r) => new URL(r.url()).pathname === '/cab-market-ws/market/v1/templates');
    await fresh.getByTestId('home-add-book').click();
    await visible(fresh, 'template-popup');
    expect(scripts.some((s) => /TemplatePopup-/.test(s))).toBe(true);
    // The template list (a JSON answer of several KB) came compressed too.
    expect((await templateList).headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await shot(fresh, 'template-popup');
    expect(errors).toEqual([]);
    await context.close();
  });
});
