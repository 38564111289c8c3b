import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS } from '@cab/contracts/client';
import pg from 'pg';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFetch, startServerProcess, waitForExit, type RunningServer } from '../../server/test/process.ts';
import { postgresDatabase } from '../../server/test/postgres.ts';
import { launch, phoneContext, screenshotter } from './browser.ts';
import { cab } from './operator.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HOST_NAMES = { a: '宿主 App A', b: '宿主 App B' } as const;
const STATUS_BAR = { a: '44px', b: '20px' } as const;
const BAR_RGB = { a: '22 82 240', b: '255 255 255' } as const;

/** The CAB page inside the test host's frame, once it is there. */
async function appFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    const f = page.frames().find((fr) => fr.url().includes('cab_host='));
    if (f) return f;
    await page.waitForTimeout(100);
  }
  throw new Error('the test host never framed CAB');
}

const records = async (app: FrameLocator, page: Page) => {
  await app.getByTestId('dashboard-record').click();
  await app.getByTestId('rec-save').waitFor();
  for (const ch of '36.5') await app.getByTestId(`pad-${ch}`).click();
  const answer = page.waitForResponse((r) => /\/transaction\/\w+$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await app.getByTestId('rec-save').click();
  expect((await answer).status()).toBe(201);
};

describe('inside a host app at 390x844 (issue 30)', () => {
  it('signs in by itself in hosts A and B, styles the bar, records, shares today through the host sheet and comes back home; a browser answers SPEC 8; the collector has it all', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-host-'));
    // On PostgreSQL: the operator's command reads the collector's counts while the server runs.
    const db = await postgresDatabase('cab_e2e_host');
    if (!db) throw new Error('this journey needs the PostgreSQL of the CI machine (127.0.0.1:5432)');
    let server: RunningServer | undefined;
    const shot = screenshotter('host');
    const errors: string[] = [];
    try {
      server = await startServerProcess({ CAB_DATA_DIR: dataDir, DATABASE_URL: db.url, REDIS_URL: '', CAB_TRUSTED_PROXIES: 'loopback' });
      const base = server.base;
      const nicknames: string[] = [];

      for (const host of ['a', 'b'] as const) {
        const context = await phoneContext(browser, base);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(`${host}: ${e.message}`));
        const uid = `e2e-${host}-${Date.now()}`;
        const nick = host === 'a' ? '阿福' : '小贝';
        nicknames.push(nick);
        await page.goto(`/dev/host/${host}?uid=${uid}&nick=${encodeURIComponent(nick)}&open=${encodeURIComponent('/pages/home/index')}`);
        const app = page.frameLocator('[data-testid="host-frame"]');
        // Opened with no session: signed in by the host, without a login page.
        await app.getByTestId('home-add-book').waitFor({ timeout: 30_000 });
        const frame = await appFrame(page);
        expect(await frame.evaluate(() => Boolean(JSON.parse(localStorage.getItem('cab.user') ?? '{}').state?.user?.token))).toBe(true);
        // The host's bar gave way to the page's own, once, in that host's style.
        await expect.poll(() => page.getByTestId('host-topbar-applied').textContent()).toBe('1');
        expect(await page.getByTestId('host-topbar-cancelled').textContent()).toBe('0');
        expect(await frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cab-status-bar').trim())).toBe(
          STATUS_BAR[host],
        );
        expect(await frame.evaluate(() => document.documentElement.dataset.host)).toBe(host);
        await shot(page, `${host}-signed-in`);

        await app.getByTestId('home-add-book').click();
        await app.getByTestId('template-family').click();
        await app.getByTestId('create-book').click();
        await app.getByTestId('page-dashboard').waitFor();
        // Transparent at the top, filling in with the host's colour over 60 px of scrolling.
        expect(await frame.evaluate(() => getComputedStyle(document.querySelector('.page-bar')!).backgroundColor)).toMatch(
          /^rgba\(\d+, \d+, \d+, 0\)$/,
        );
        await expect
          .poll(() =>
            frame.evaluate(() => {
              // Scrolled on every try: the dashboard may still be filling in (too short to scroll) at the first.
              window.scrollTo(0, 30);
              const [r, g, b, alpha = '1'] = getComputedStyle(document.querySelector('.page-bar')!).backgroundColor.match(/[\d.]+/g) ?? [];
              // As far as the page scrolls (a short page stops before 30 px): the colour, and its share of 60 px.
              return `${r} ${g} ${b} ${Math.abs(Number(alpha) - window.scrollY / 60) < 0.01 && window.scrollY > 0}`;
            }),
          )
          .toBe(`${BAR_RGB[host]} true`);
        await frame.evaluate(() => window.scrollTo(0, 0));
        await shot(page, `${host}-dashboard`);

        await records(app, page);
        await app.getByTestId('page-dashboard').waitFor();
        await expect.poll(() => app.getByTestId('dashboard-expense').textContent()).toContain('36.50');

        // Today's share goes through the host's sheet.
        await frame.evaluate(() => void (window.location.hash = '#/share/index'));
        await expect.poll(() => app.getByTestId('share-count').textContent()).toContain('1');
        await app.getByTestId('share-system').click();
        await page.getByTestId('host-share-send').waitFor();
        await shot(page, `${host}-host-share-sheet`);
        await page.getByTestId('host-share-send').click();
        const shared = (await page.getByTestId('host-shared-url').first().textContent()) ?? '';
        expect(shared).toContain('scene=00001');
        // The shared link, opened in the host, comes back home.
        await page.getByTestId('host-shared-open').first().click();
        await expect.poll(async () => (await appFrame(page)).url()).toContain('#/pages/home/index?scene=00001');
        await app.getByTestId('home-add-book').waitFor();
        await shot(page, `${host}-back-home`);

        // About says where it runs: the host's name, the signature verified, the host's user.
        await (await appFrame(page)).evaluate(() => void (window.location.hash = '#/aboutUs/index'));
        await expect.poll(() => app.getByTestId('about-host-env').textContent()).toBe(HOST_NAMES[host]);
        await expect.poll(() => app.getByTestId('about-host-signature').textContent()).toBe('已验证');
        await expect.poll(() => app.getByTestId('about-host-user').textContent()).toBe(nick);
        await shot(page, `${host}-about`);
        await context.close();
      }

      // A plain browser: the same screens work; the host-only calls answer SPEC 8's messages.
      const context = await phoneContext(browser, base);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`browser: ${e.message}`));
      const phone = await loginThroughUi(page, base);
      await makeFamilyBook(page);
      await page.getByTestId('dashboard-record').click();
      await visible(page, 'rec-save');
      for (const ch of '8') await page.getByTestId(`pad-${ch}`).click();
      await page.getByTestId('rec-save').click();
      await visible(page, 'page-dashboard');
      await page.goto('/#/share/index');
      await expect.poll(() => page.getByTestId('share-count').textContent()).toContain('1');
      await page.goto('/#/aboutUs/index');
      await expect.poll(() => page.getByTestId('about-host-env').textContent()).toBe('浏览器');
      await expect.poll(() => page.getByTestId('about-host-signature').textContent()).toBe('当前环境不是宿主 App');
      await expect.poll(() => page.getByTestId('about-host-user').textContent()).toBe('不在宿主 App 中，获取信息失败');
      expect(await foreignWords(page, 'zh-CN', [phone])).toEqual([]);
      expect(await seriousA11yFindings(page)).toEqual([]);
      await shot(page, 'browser-about');

      // A token in the address of a page that is not dashboard/index: taken out and refused.
      const { token = '' } = await sessionOf(page);
      const stranger = await (await phoneContext(browser, base)).newPage();
      stranger.on('pageerror', (e) => errors.push(`stranger: ${e.message}`));
      await stranger.goto(`/#/pages/mine/index?Authorization=${encodeURIComponent(`Bearer ${token}`)}`);
      await visible(stranger, 'page-mine');
      expect(stranger.url()).not.toContain(token);
      expect(await stranger.evaluate(() => localStorage.getItem('cab.user') ?? '')).not.toContain(token);
      expect(await stranger.getByTestId('mine-logged-in').count()).toBe(0);
      // On dashboard/index: traded once; the link's token stops working.
      const me = (await (await signedFetch(base, 'GET', AUTH_PATHS.userInfo, undefined, token)).json()) as { data: { userid: string } };
      const userid = me.data.userid;
      await stranger.goto(`/#/dashboard/index?Authorization=${encodeURIComponent(`Bearer ${token}`)}&userNumber=${userid}`);
      await visible(stranger, 'page-dashboard');
      expect(stranger.url()).not.toContain(token);
      expect(stranger.url()).not.toContain('Authorization');
      expect((await signedFetch(base, 'GET', AUTH_PATHS.userInfo, undefined, token)).status).toBe(401);
      await shot(stranger, 'browser-link-token');
      await stranger.context().close();
      // The same on a page loaded afresh with the token: a sign-in made for this (the test host's code endpoint).
      const code = (await (
        await fetch(`${base}/dev/host/a/code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ uid: `link-${Date.now()}` }),
        })
      ).json()) as { data: { code: string } };
      const login = (await (
        await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'host', host: 'a', code: code.data.code })
      ).json()) as {
        data: { token: string; userid: string };
      };
      const fresh = await (await phoneContext(browser, base)).newPage();
      fresh.on('pageerror', (e) => errors.push(`fresh: ${e.message}`));
      await fresh.goto(
        `/#/dashboard/index?Authorization=${encodeURIComponent(`Bearer ${login.data.token}`)}&userNumber=${login.data.userid}`,
      );
      await visible(fresh, 'page-dashboard');
      expect(fresh.url()).not.toContain(login.data.token);
      expect(await fresh.evaluate(() => JSON.parse(localStorage.getItem('cab.user') ?? '{}').state?.user?.userid)).toBe(login.data.userid);
      expect((await signedFetch(base, 'GET', AUTH_PATHS.userInfo, undefined, login.data.token)).status).toBe(401);
      await fresh.context().close();
      await context.close();

      // The collector has the journeys' events, by host; nothing personal in them.
      // Each host's batch left as its frame went to the shared link; the browser's, at its quiet moments.
      for (const host of ['a', 'b', 'browser'])
        await expect
          .poll(() => cab(db.url, dataDir, 'tracking', 'counts', '--days', '1'), { timeout: 20_000, interval: 1000 })
          .toMatch(new RegExp(`\\b${host}\\b`));
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const rows = (await client.query('SELECT * FROM tracking_events')).rows as Array<Record<string, unknown>>;
        expect(rows.length).toBeGreaterThan(0);
        // Times left out: a time such as 05:52:36.589 holds '36.5' and names no one.
        const stored = JSON.stringify(rows.map(({ at: _at, received_at: _received, ...rest }) => rest));
        for (const personal of [phone, ...nicknames, '36.50', '36.5']) expect(stored).not.toContain(personal);
      } finally {
        await client.end();
      }
      expect(errors).toEqual([]);
    } finally {
      if (server) {
        server.proc.kill('SIGTERM');
        await waitForExit(server.proc);
      }
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
