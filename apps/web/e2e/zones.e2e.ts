import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTING_PATHS } from '@cab/contracts/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, signedFetch, startServerProcess, waitForExit, type RunningServer } from '../../server/test/process.ts';
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

describe('private zone journey at 390x844', () => {
  it('applies, is approved by the operator, registers and starts a zone, moves the book with progress, works from the zone, and comes back from off-line', async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-public-'));
    const zoneDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-zone-'));
    // The public zone on PostgreSQL: the operator's command reviews the application while the
    // server runs, which the embedded database (held by one process) would not allow. The zone
    // runs on the embedded PGlite: one of each.
    const db = await postgresDatabase('cab_e2e_zones');
    if (!db) throw new Error('this journey needs the PostgreSQL of the CI machine (127.0.0.1:5432)');
    const servers: RunningServer[] = [];
    const shot = screenshotter('zones');
    try {
      const server = await startServerProcess({
        CAB_DATA_DIR: publicDir,
        DATABASE_URL: db.url,
        REDIS_URL: '',
        CAB_TRUSTED_PROXIES: 'loopback',
      });
      servers.push(server);
      const context = await phoneContext(browser, server.base);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const phone = await loginThroughUi(page, server.base);
      const userData = [phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`, '家庭账本', '店里的服务器', '127.0.0.1'];
      const screen = async (name: string) => {
        await page.waitForTimeout(400); // animations settle
        // Settings and commands shown as code are not prose in any language.
        const code = await page.locator('pre, code').allInnerTexts();
        // (Taken out first, longest first: a line holds user data too, the zone's address, the secret.)
        expect(
          await foreignWords(page, 'zh-CN', [...code.flatMap((c) => c.split('\n')).sort((a, b) => b.length - a.length), ...userData]),
          `${name}: words not in zh-CN`,
        ).toEqual([]);
        expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
        await shot(page, name);
      };

      await makeFamilyBook(page);
      const { token = '', bookId = '' } = await sessionOf(page);
      const api = (method: string, url: string, body?: unknown) =>
        signedFetch(server.base, method, url, body, token, { 'trading-entity': bookId });
      const accounts = (await (await api('GET', ACCOUNTING_PATHS.accounts)).json()) as { data: Array<{ accounts: Array<{ id: string }> }> };
      const cats = (await (await api('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`)).json()) as {
        data: Array<{ id: string; sub_categories: Array<{ id: string }> }>;
      };
      for (const amount of ['12.50', '30', '8.80']) {
        const res = await api('POST', ACCOUNTING_PATHS.expense, {
          account: { id: accounts.data[0]!.accounts[0]!.id },
          category: { id: cats.data[0]!.sub_categories[0]?.id ?? cats.data[0]!.id },
          amount,
          remark: '搬家前记的',
        });
        expect(res.status).toBe(201);
      }

      // The book's settings lead to the private server page: nothing applied for yet.
      await page.goto(`/#/bookSetting/index?bookId=${bookId}`);
      await page.getByTestId('book-setting-private').click();
      await visible(page, 'page-private');
      await visible(page, 'private-open');
      await screen('1-open');
      await page.getByTestId('private-apply').click();
      await expect.poll(() => page.getByTestId('private-status').getAttribute('data-type')).toBe('success');
      await screen('2-applied');
      await page.getByTestId('private-status-close').click();
      await visible(page, 'private-awaiting');

      // The operator reviews it with the operator's command.
      const waiting = cab(db.url, publicDir, 'functions', 'list');
      const id = /^\s*(\d+)\s+\d+\s+storage\s+book_private_storage/m.exec(waiting)?.[1];
      expect(id, waiting).toBeDefined();
      expect(cab(db.url, publicDir, 'functions', 'approve', id!)).toContain(`approved application ${id}`);

      // Approved: register the zone; its settings are shown once.
      await page.getByTestId('private-refresh').click();
      await visible(page, 'private-register');
      await screen('3-approved');
      const zonePort = await freePort();
      userData.unshift(`http://127.0.0.1:${zonePort}`);
      await page.getByTestId('private-register').click();
      await visible(page, 'register-form');
      await page.locator('input#register-name').fill('店里的服务器');
      await page.locator('input#register-url').fill(`http://127.0.0.1:${zonePort}`);
      await page.getByTestId('register-submit').click();
      await visible(page, 'register-env');
      await screen('4-registered-secret');
      const envText = (await page.getByTestId('register-env-text').textContent()) ?? '';
      const zoneEnv = Object.fromEntries(
        envText
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      expect(Object.keys(zoneEnv).sort()).toEqual(['CAB_ZONE_ID', 'CAB_ZONE_PUBLIC_URL', 'CAB_ZONE_SECRET']);
      await page.getByTestId('register-close').click();
      await visible(page, 'private-deploy');
      await screen('5-to-deploy');

      // The zone's server starts with those settings (its own embedded database); the page sees it answer.
      const zoneEnvAll = { ...zoneEnv, CAB_DATA_DIR: zoneDir, DATABASE_URL: '', REDIS_URL: '' };
      let zone = await startServerProcess(zoneEnvAll, { port: zonePort });
      servers.push(zone);
      await page.getByTestId('private-check').click();
      await visible(page, 'private-migrate');
      await screen('6-to-be-migrated');

      // The move: the pay scheme (first order free), then its progress until the book is there.
      await page.getByTestId('private-migrate').click();
      await visible(page, 'migrate-popup');
      await page.getByTestId('migrate-scheme-toggle').click();
      await visible(page, 'migrate-free');
      expect(await page.getByTestId('migrate-free').textContent()).toContain('首单免费');
      await screen('7-migrate-popup');
      await page.getByTestId('migrate-confirm').click();
      await visible(page, 'migration-progress');
      await page.getByTestId('migrate-popup').waitFor({ state: 'hidden' });
      await shot(page, '8-migrating');
      await visible(page, 'private-remote', 60_000);
      await screen('9-in-zone');

      // The book works from the zone: its flow shows the records, and a new one is recorded there.
      await page.goto('/#/dashboard/index');
      await visible(page, 'page-dashboard');
      const recorded = await api('POST', ACCOUNTING_PATHS.expense, {
        account: { id: accounts.data[0]!.accounts[0]!.id },
        category: { id: cats.data[0]!.sub_categories[0]?.id ?? cats.data[0]!.id },
        amount: '66',
        remark: '在私有云上记的',
      });
      expect(recorded.status).toBe(201);
      const txId = ((await recorded.json()) as { data: { id: string } }).data.id;
      expect(BigInt(txId)).toBeGreaterThanOrEqual(BigInt(zoneEnv.CAB_ZONE_ID!) * 2n ** 40n);
      await page.reload();
      await visible(page, 'page-dashboard');
      await screen('10-dashboard-from-zone');

      // The zone stops: the app opens the off-line page; started again, the retry brings the book back.
      zone.proc.kill('SIGKILL');
      await waitForExit(zone.proc);
      await page.goto('/#/flow/index');
      await visible(page, 'page-private-offline', 30_000);
      expect(page.url()).toContain(`bookId=${bookId}`);
      await screen('11-off-line');
      await page.getByTestId('offline-retry').click();
      await visible(page, 'offline-error');
      zone = await startServerProcess(zoneEnvAll, { port: zonePort });
      servers.push(zone);
      await page.getByTestId('offline-retry').click();
      await visible(page, 'page-dashboard', 30_000);
      await screen('12-back-online');
      expect(errors).toEqual([]);
    } finally {
      for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
      for (const s of servers) await waitForExit(s.proc);
      await db.drop();
      fs.rmSync(publicDir, { recursive: true, force: true });
      fs.rmSync(zoneDir, { recursive: true, force: true });
    }
  });
});
