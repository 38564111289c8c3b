import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForExit, type RunningServer } from '../../server/test/process.ts';
import { launch, phoneContext, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, thumbWidth, visible } from './flows.ts';
import { png, pngOfSize } from './png.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Each book's free space on this journey's server: 1 MB, filled by one photo of exactly that size. */
const FREE_MB = 1;
const MB = 1024 * 1024;

interface Tx {
  id: string;
  images: Array<{ id: string; url: string }>;
}

/** The record form: an amount, photos from the album (as they are, not compressed), saving. */
function form(page: Page) {
  return {
    open: async () => {
      await page.goto('/#/subPackages/accounting/index');
      await visible(page, 'rec-save');
      await visible(page, 'album-space');
    },
    keys: async (text: string) => {
      for (const ch of text) await page.getByTestId(`pad-${ch}`).click();
    },
    /** Adds photos; the space says yes first. */
    addPhotos: async (files: Array<{ name: string; buffer: Buffer }>) => {
      await page.getByTestId('album-original').check();
      await page.getByTestId('album-add').click();
      await visible(page, 'album-album');
      await page.getByTestId('album-album').click();
      const before = await page.locator('[data-testid^="thumb-"][data-status="done"]').count();
      await page.getByTestId('album-file').setInputFiles(files.map((f) => ({ ...f, mimeType: 'image/png' })));
      await expect
        .poll(() => page.locator('[data-testid^="thumb-"][data-status="done"]').count(), { timeout: 20_000 })
        .toBe(before + files.length);
    },
    /** Taps add: the space refuses with its tip, and offers to buy space. */
    refused: async () => {
      await page.getByTestId('album-add').click();
      await visible(page, 'album-space-full');
      expect(await page.getByTestId('album-space-full').textContent()).toContain('不允许上传图片');
      expect(await page.getByTestId('album-album').isVisible()).toBe(false);
    },
    save: async () => {
      const answer = page.waitForResponse(
        (r) => /\/transaction\/expense$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await page.getByTestId('rec-save').click();
      const res = await answer;
      expect(res.status()).toBeLessThan(300);
      await visible(page, 'page-dashboard');
      return ((await res.json()) as { data: Tx }).data;
    },
  };
}

/**
 * At the sandbox provider's cashier (its own server-rendered page, reached by a whole-window
 * navigation): the payer confirms, and is sent back to the processing page.
 */
async function confirmAtCashier(page: Page, shot: (page: Page, step: string) => Promise<string>) {
  await page.waitForURL(/\/sandbox-pay\/cashier\//, { timeout: 20_000 });
  await visible(page, 'cashier-confirm');
  await shot(page, 'cashier');
  await page.getByTestId('cashier-confirm').click();
  await page.waitForURL(/#\/bookSetting\/pages\/processing\?order_no=R\d+&result=/, { timeout: 20_000 });
}

/** Makes a travel book from the home tab; it opens on its dashboard and becomes the current book. */
async function makeTravelBook(page: Page): Promise<void> {
  await page.goto('/#/pages/home/index');
  await page.getByTestId('home-add-book').click();
  await page.getByTestId('template-travel').click();
  await page.getByTestId('create-book').click();
  await visible(page, 'page-dashboard');
}

describe('cloud space journey at 390x844', () => {
  it('a full book refuses a photo with the tip, its owner buys 1 GB at the cashier, a second book shares the space until untied', async () => {
    // A server of its own, each book's free space 1 MB, so one photo fills a book.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-cloud-'));
    const env = {
      CAB_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAB_TRUSTED_PROXIES: 'loopback',
      CAB_FREE_SPACE_MB: String(FREE_MB),
    };
    let server: RunningServer | undefined = await startServerProcess(env);
    const shot = screenshotter('cloud');
    try {
      const context = await phoneContext(browser, server.base);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const phone = await loginThroughUi(page, server.base);
      const userData = [phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`, '家庭账本', '旅行账本'];
      const screen = async (name: string, language: 'zh-CN' | 'en' = 'zh-CN') => {
        await page.waitForTimeout(400); // animations settle
        expect(await foreignWords(page, language, userData), `${name}: words not in ${language}`).toEqual([]);
        expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
        await shot(page, name);
      };
      const f = form(page);

      // Book A, the family book: one photo of exactly 1 MB fills its free space.
      await makeFamilyBook(page);
      const { bookId: mainId = '' } = await sessionOf(page);
      expect(mainId).toMatch(/^\d+$/);
      await f.open();
      await expect.poll(() => page.getByTestId('album-space').textContent()).toBe('云空间剩余 1 MB');
      await f.addPhotos([{ name: 'receipt.png', buffer: pngOfSize(FREE_MB * MB, 120, 90, [245, 166, 35]) }]);
      await expect.poll(() => page.getByTestId('album-space').getAttribute('data-full')).toBe('true');
      expect(await page.getByTestId('album-space').textContent()).toContain('云空间已满');
      await f.keys('12');
      await f.save();

      // Another photo: the space refuses it with its tip, and leads to buying space.
      await f.open();
      await f.refused();
      await screen('a-full-refused');
      await page.getByTestId('album-buy-space').click();
      await visible(page, 'page-cloud');
      expect(page.url()).toContain(`/cloud/index?bookId=${mainId}`);
      await visible(page, 'cloud-space');
      await expect.poll(() => page.getByTestId('cloud-used').textContent()).toBe('1 MB');
      expect(await page.getByTestId('cloud-total').textContent()).toBe('1 MB');
      expect(await page.getByTestId('cloud-left').textContent()).toBe('0 MB');
      await visible(page, 'cloud-full');
      await visible(page, 'cloud-no-grants');
      expect(await page.getByTestId('cloud-sharing').getAttribute('data-state')).toBe('alone');
      await visible(page, 'cloud-package-cloud_1g_30');
      expect(await page.getByTestId('cloud-buy').isDisabled()).toBe(true);
      await screen('a-my-space-full');

      // 1 GB for 30 days: the pay dialog refuses to pay until the agreement is checked.
      await page.getByTestId('cloud-package-cloud_1g_30').click();
      expect(await page.getByTestId('cloud-buy').textContent()).toBe('立即购买（6.00 香蕉贝）');
      await page.getByTestId('cloud-buy').click();
      await visible(page, 'cloud-pay-submit');
      expect(await page.getByTestId('cloud-pay-price').textContent()).toBe('6.00 香蕉贝');
      expect(await page.getByTestId('cloud-pay-balance').textContent()).toBe('0.00 香蕉贝');
      expect(await page.getByTestId('cloud-pay-shortfall').textContent()).toBe('余额不足，还需充值 6.00 香蕉贝');
      let purchases = 0;
      page.on('request', (r) => {
        if (r.url().includes('/cloud-svc/purchasing-orders') && r.method() === 'POST') purchases++;
      });
      await page.getByTestId('cloud-pay-submit').click();
      await expect.poll(() => page.getByTestId('cloud-pay-must-agree').textContent()).toBe('请先阅读并同意《云空间服务协议》');
      expect(purchases).toBe(0);
      await screen('a-pay-dialog-unchecked');

      // Leaving with a package chosen asks first (the back popup); staying keeps the choice.
      await page.getByTestId('cloud-pay-cancel').click();
      await page.getByTestId('cloud-pay-submit').waitFor({ state: 'hidden' });
      await page.getByTestId('page-back').click();
      await visible(page, 'cloud-leave-stay');
      await screen('a-back-popup');
      await page.getByTestId('cloud-leave-stay').click();
      await page.getByTestId('cloud-leave-stay').waitFor({ state: 'detached' });
      expect(page.url()).toContain('/cloud/index');
      expect(await page.getByTestId('cloud-package-cloud_1g_30').getAttribute('aria-checked')).toBe('true');

      // Checked: the shortfall is recharged at the cashier, and the purchase completes.
      await page.getByTestId('cloud-buy').click();
      await visible(page, 'cloud-pay-submit');
      await page.getByTestId('cloud-pay-agree').check();
      expect(await page.getByTestId('cloud-pay-must-agree').count()).toBe(0);
      expect(await page.getByTestId('cloud-pay-submit').textContent()).toBe('充值并支付 ¥6.00');
      await screen('a-pay-dialog-checked');
      const bought = page.waitForResponse((r) => r.url().includes('/cloud-svc/purchasing-orders') && r.request().method() === 'POST');
      await page.getByTestId('cloud-pay-submit').click();
      expect((await bought).status()).toBe(201);
      // Its body is not read: the cashier (another document) may open first, and the browser
      // drops the body then. Only a purchase awaiting the recharge of its shortfall goes there.
      await confirmAtCashier(page, shot);

      // The result: bought, the book's new total and when it ends.
      await visible(page, 'page-cloud-result', 30_000);
      expect(page.url()).toMatch(/order_no=P[0-9]{8,30}/);
      await expect.poll(() => page.getByTestId('cloud-result-title').textContent(), { timeout: 20_000 }).toBe('购买成功');
      await expect.poll(() => page.getByTestId('cloud-result-total').textContent()).toBe('1 GB');
      await visible(page, 'cloud-result-until');
      await screen('a-result-paid');
      await page.getByTestId('cloud-result-done').click();
      await visible(page, 'cloud-grants');
      const grant = page.getByTestId('cloud-grants').locator('[data-testid^="cloud-grant-"]').first();
      await expect.poll(() => grant.textContent()).toContain('1 GB 云空间 30 天');
      expect(await grant.getByTestId('cloud-grant-days').textContent()).toMatch(/^剩 (29|30) 天$/);
      expect(await page.getByTestId('cloud-full').count()).toBe(0);
      await screen('a-my-space-bought');

      // The photo uploads now.
      await f.open();
      expect(await page.getByTestId('album-space').textContent()).toMatch(/^云空间剩余 1,?024 MB$|^云空间剩余 1 GB$/);
      await f.addPhotos([{ name: 'table.png', buffer: png(90, 120, [40, 120, 200]) }]);
      await screen('a-photo-uploaded');
      await f.keys('8');
      await f.save();

      // Book B, the travel book (now the current one): full on its own with one photo, which it keeps.
      await makeTravelBook(page);
      const { bookId: sharingId = '' } = await sessionOf(page);
      expect(sharingId).not.toBe(mainId);
      await f.open();
      await f.addPhotos([{ name: 'ticket.png', buffer: pngOfSize(FREE_MB * MB, 100, 80, [20, 160, 90]) }]);
      await f.keys('30');
      const ticket = await f.save();
      expect(ticket.images).toHaveLength(1);
      await f.open();
      await f.refused();
      await page.getByTestId('confirm-cancel').click();

      // B applies to share A's space: the dialog says what sharing means first.
      await page.goto(`/#/cloud/pages/sharingManagement?bookId=${sharingId}`);
      await visible(page, `cloud-candidate-${mainId}`);
      expect(await page.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('alone');
      await screen('b-can-apply');
      await page.getByTestId('cloud-share-help-open').click();
      await visible(page, 'cloud-share-help');
      await screen('b-share-help');
      await page.getByTestId('cloud-share-help-ok').click();
      await page.getByTestId('cloud-share-help').waitFor({ state: 'detached' });
      await page.getByTestId(`cloud-candidate-${mainId}`).getByTestId('cloud-apply').click();
      await visible(page, 'cloud-apply-dialog');
      await screen('b-apply-dialog');
      const applied = page.waitForResponse((r) => r.url().includes('/share/main-book/apply') && r.request().method() === 'PUT');
      await page.getByTestId('cloud-apply-send').click();
      const application = (await (await applied).json()) as { data: { id: string; status: string } };
      expect(application.data.status).toBe('applied');
      await expect.poll(() => page.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('applied');
      await visible(page, 'cloud-release');
      await screen('b-applied');

      // A's owner sees the application (the message center's link) and agrees.
      await page.goto(`/#/cloud/pages/apply?bookId=${mainId}&applyId=${application.data.id}`);
      await visible(page, 'cloud-apply-card');
      expect(await page.getByTestId('cloud-apply-book').textContent()).toBe('旅行账本');
      expect(await page.getByTestId('cloud-apply-main').textContent()).toBe('家庭账本');
      await screen('a-apply-page');
      await page.getByTestId('cloud-apply-agree').click();
      await expect.poll(() => page.getByTestId('cloud-apply-outcome').getAttribute('data-outcome')).toBe('agreed');
      await screen('a-apply-agreed');
      await page.getByTestId('cloud-apply-manage').click();
      await visible(page, `cloud-sharing-${sharingId}`);
      await expect.poll(() => page.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('main');
      await visible(page, `cloud-relation-book-${sharingId}`);
      await screen('a-sharing-management');

      // B uploads into the shared space; its space page shows the pooled space and A's grant.
      await f.open();
      await expect.poll(() => page.getByTestId('album-space').getAttribute('data-full')).toBe('false');
      await f.addPhotos([{ name: 'hotel.png', buffer: png(80, 80, [200, 40, 90]) }]);
      await f.keys('5');
      await f.save();
      await page.goto(`/#/cloud/index?bookId=${sharingId}`);
      await visible(page, 'cloud-grants');
      await expect.poll(() => page.getByTestId('cloud-sharing').getAttribute('data-state')).toBe('sharing');
      await visible(page, 'cloud-pooled');
      await expect.poll(() => page.getByTestId('cloud-grants').textContent()).toContain('来自账本「家庭账本」');
      await screen('b-my-space-shared');

      // The same page in English (once the save's toast, in Chinese, has gone).
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await page.goto('/#/pages/mine/index');
      await page.getByTestId('mine-language').click();
      await page.getByTestId('language-en').click();
      await expect.poll(() => page.getByTestId('tab-bar').textContent()).toContain('Me');
      await page.goto(`/#/cloud/index?bookId=${sharingId}`);
      await visible(page, 'cloud-grants');
      await expect.poll(() => page.getByTestId('cloud-share-state').textContent()).toBe('Shares the space of “家庭账本”');
      await screen('b-my-space-shared-en', 'en');
      await page.getByTestId('cloud-manage-sharing').click();
      await visible(page, 'cloud-relation');
      await expect.poll(() => page.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('sharing');
      await screen('b-sharing-management-en', 'en');
      await page.goto('/#/pages/mine/index');
      await page.getByTestId('mine-language').click();
      await page.getByTestId('language-zh-CN').click();
      await expect.poll(() => page.getByTestId('tab-bar').textContent()).toContain('我的');

      // A's owner unties B, after a red confirmation.
      await page.goto(`/#/cloud/pages/sharingManagement?bookId=${mainId}`);
      await visible(page, `cloud-sharing-${sharingId}`);
      await page.getByTestId(`cloud-sharing-${sharingId}`).getByTestId('cloud-unshare').click();
      await visible(page, 'cloud-unshare-confirm');
      await screen('a-unshare-confirm');
      await page.getByTestId('cloud-unshare-confirm').click();
      await expect.poll(() => page.getByTestId('cloud-manage-state').getAttribute('data-state')).toBe('alone');
      await expect.poll(() => page.getByTestId(`cloud-sharing-${sharingId}`).count()).toBe(0);

      // B is back on its own 1 MB: another photo is refused with the tip; its photos stay readable.
      await f.open();
      await expect.poll(() => page.getByTestId('album-space').getAttribute('data-full')).toBe('true');
      await f.refused();
      await screen('b-refused-again');
      await page.getByTestId('confirm-cancel').click();
      await page.goto(`/#/subPackages/accounting/index?id=${ticket.id}`);
      await expect.poll(() => thumbWidth(page), { timeout: 10_000 }).toBe(100);
      await screen('b-photo-readable');
      await page.goto(`/#/cloud/index?bookId=${sharingId}`);
      await visible(page, 'cloud-full');
      await expect.poll(() => page.getByTestId('cloud-sharing').getAttribute('data-state')).toBe('alone');
      await expect.poll(() => page.getByTestId('cloud-total').textContent()).toBe('1 MB');
      await screen('b-my-space-alone');

      // The texts: the rule, the agreement, the introduction and private storage.
      for (const [link, pageId] of [
        ['rule', 'page-cloud-rule'],
        ['agreement', 'page-cloud-agreement'],
        ['introduce', 'page-cloud-introduce'],
        ['exclusive', 'page-cloud-exclusive'],
      ] as const) {
        await page.goto(`/#/cloud/index?bookId=${sharingId}`);
        await visible(page, `cloud-link-${link}`);
        await page.getByTestId(`cloud-link-${link}`).click();
        await visible(page, pageId);
        if (link === 'exclusive') await visible(page, 'cloud-exclusive-status');
        await screen(`text-${link}`);
      }
      // Private storage: apply, and the status says it is under review.
      await page.getByTestId('cloud-exclusive-apply').click();
      await expect.poll(() => page.getByTestId('cloud-exclusive-status-text').textContent()).toBe('审核中');
      expect(await page.getByTestId('cloud-exclusive-apply').count()).toBe(0);
      await screen('exclusive-applied');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      if (server) {
        server.proc.kill('SIGTERM');
        await waitForExit(server.proc);
        server = undefined;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
