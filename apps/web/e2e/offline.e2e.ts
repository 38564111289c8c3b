import { STATISTICS_PATHS } from '@cab/contracts/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFetch } from '../../server/test/process.ts';
import { launch } from './browser.ts';
import { makeFamilyBook, sessionOf, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const go = (page: Page, hash: string) => page.evaluate((h) => void (window.location.hash = h), hash);
const keys = async (page: Page, text: string) => {
  for (const ch of text) await page.getByTestId(`pad-${ch}`).click();
};
const toast = (page: Page, text: string) =>
  expect.poll(() => page.locator('.adm-toast-main').last().textContent(), { timeout: 10_000 }).toBe(text);

interface FlowRecord {
  id: string;
  amount: string;
  remark: string;
  created_at: number;
}

describe('recording offline (docs/offline.md)', () => {
  it('keeps records made offline on the phone, starts offline from the service worker, and sends them once each, in order', async () => {
    const { base, context, page, errors, shot } = await signedInPhone(browser, 'offline');
    await makeFamilyBook(page);
    const { token = '', bookId = '' } = await sessionOf(page);
    const flow = async (): Promise<FlowRecord[]> => {
      const res = await signedFetch(base, 'POST', STATISTICS_PATHS.transactions, {}, token, { 'trading-entity': bookId });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: FlowRecord[] }).data;
    };

    // The form once online: its lists are kept for an offline start, and the service worker takes over.
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'rec-save');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
    await page.waitForFunction(() => (localStorage.getItem('cab.offlineQueries') ?? '').includes('dimensions'), undefined, {
      timeout: 15_000,
    });
    await page.goBack();
    await visible(page, 'page-dashboard');

    await context.setOffline(true);
    await visible(page, 'offline-banner');
    await shot(page, 'dashboard-offline');

    // Three expenses: each closes the form as if saved and says it waits.
    for (const amount of ['11', '22', '33']) {
      await page.getByTestId('dashboard-record').click();
      await visible(page, 'rec-save');
      await keys(page, amount);
      await page.getByTestId('rec-save').click();
      await toast(page, '已保存在手机上，联网后自动同步');
      await visible(page, 'page-dashboard');
    }
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toContain('3 条待同步');

    // The flow shows them waiting; the second is edited where it waits.
    await go(page, `#/flow/index?bookId=${bookId}`);
    await visible(page, 'offline-waiting');
    await expect.poll(() => page.getByTestId('offline-item').count()).toBe(3);
    await shot(page, 'flow-waiting');
    await page.getByTestId('offline-item').nth(1).locator('.flow-row').click();
    await visible(page, 'rec-save');
    await page.getByTestId('rec-remark').locator('input').fill('改过');
    await page.getByTestId('rec-remark').locator('input').blur();
    await page.getByTestId('rec-save').click();
    await toast(page, '已保存在手机上，联网后自动同步');
    await visible(page, 'offline-waiting');

    // A reload without a network: the shell, the flow and the form come from the service worker and the phone.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await visible(page, 'offline-waiting', 30_000);
    await expect.poll(() => page.getByTestId('offline-item').count()).toBe(3);
    expect(await page.getByTestId('offline-tag').first().textContent()).toBe('待同步');
    await expect.poll(() => page.locator('[data-testid="offline-item"] .flow-row-sub').nth(1).textContent()).toContain('改过');
    await shot(page, 'flow-waiting-after-offline-reload');
    await go(page, '#/subPackages/accounting/index');
    await visible(page, 'rec-save', 30_000);
    await shot(page, 'form-offline-reload');
    await page.goBack();
    expect(await flow()).toEqual([]);

    // Back online: sent one at a time, in order, each once, the edit included.
    await context.setOffline(false);
    await expect.poll(async () => (await flow()).length, { timeout: 45_000 }).toBe(3);
    const sent = (await flow()).sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    expect(sent.map((r) => [r.amount, r.remark])).toEqual([
      ['11.00', ''],
      ['22.00', '改过'],
      ['33.00', ''],
    ]);
    await visible(page, 'page-flow');
    await expect.poll(() => page.getByTestId('offline-waiting').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    // Nothing sent twice, even after another round of sending.
    await page.waitForTimeout(1500);
    expect((await flow()).length).toBe(3);
    await shot(page, 'flow-synced');

    // A stored record edited while offline, and meanwhile by another member: each change survives
    // (the phone sends only the field it changed; docs/offline.md, "Conflict rules").
    const second = sent[1]!;
    await go(page, `#/subPackages/accounting/index?id=${second.id}`);
    await visible(page, 'rec-save');
    await expect.poll(() => page.getByTestId('rec-remark').locator('input').inputValue()).toBe('改过');
    await context.setOffline(true);
    for (let i = 0; i < 5; i++) await page.getByTestId('pad-back').click();
    await keys(page, '44');
    await page.getByTestId('rec-save').click();
    await toast(page, '已保存在手机上，联网后自动同步');
    const other = await signedFetch(
      base,
      'PATCH',
      `/cab-accounting-ws/v2/account-book/transaction/${second.id}`,
      { remark: '另一台手机' },
      token,
      {
        'trading-entity': bookId,
      },
    );
    expect(other.status).toBe(200);
    await context.setOffline(false);
    await expect.poll(async () => (await flow()).find((r) => r.id === second.id)?.amount, { timeout: 45_000 }).toBe('44.00');
    expect((await flow()).find((r) => r.id === second.id)?.remark).toBe('另一台手机');
    expect(errors).toEqual([]);
  }, 180_000);
});
