import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForExit, type RunningServer } from '../../server/test/process.ts';
import { launch, phoneContext, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const REPO = path.resolve(import.meta.dirname, '../../..');

/** The signed-in user's id and nickname, as the web app keeps them. */
const whoAmI = (page: Page) =>
  page.evaluate(() => {
    const user = (JSON.parse(localStorage.getItem('cab.user') ?? '{}') as { state?: { user?: { userid: string; nickName: string } } }).state
      ?.user;
    return { id: user?.userid ?? '', nickname: user?.nickName ?? '' };
  });

/** The amount popup of the budget screens: types an amount and saves it. */
async function setAmount(page: Page, amount: string): Promise<void> {
  await visible(page, 'budget-amount-input');
  await page.getByTestId('budget-amount-input').locator('input').fill(amount);
  await page.getByTestId('budget-amount-save').click();
  await page.getByTestId('budget-amount-input').waitFor({ state: 'hidden' });
}

/**
 * At the sandbox provider's cashier (its own server-rendered page, reached by a whole-window
 * navigation): the payer confirms, fails or abandons, and is sent back to the processing page.
 */
async function atCashier(page: Page, decision: 'confirm' | 'fail' | 'abandon', shot?: (page: Page, step: string) => Promise<string>) {
  await page.waitForURL(/\/sandbox-pay\/cashier\//, { timeout: 20_000 });
  await visible(page, `cashier-${decision}`);
  expect(page.url()).toContain('lang=zh-CN');
  if (shot) await shot(page, 'cashier');
  await page.getByTestId(`cashier-${decision}`).click();
  await page.waitForURL(/#\/bookSetting\/pages\/processing\?order_no=R\d+&result=/, { timeout: 20_000 });
}

/** Tomorrow in China Standard Time, half past midnight: when the billing job bills tomorrow. */
function tomorrowInShanghai(): string {
  const day = new Date(Date.now() + 8 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);
  return `${day}T00:30:00+08:00`;
}

describe('commerce journeys at 390x844', () => {
  it('buys the advanced budgets for a locked feature: price, shortfall at the cashier, processing, success, a second-level budget, the records', async () => {
    const { page, errors, screen, shot } = await signedInPhone(browser, 'commerce-buy');
    await makeFamilyBook(page);
    const { bookId = '' } = await sessionOf(page);
    expect(bookId).toMatch(/^\d+$/);

    // A food budget in the budget center, and its second-level categories: locked.
    await page.goto('/#/budget/index');
    await visible(page, 'budget-total');
    await page.getByTestId('budget-add-category').click();
    const food = page.locator('[data-testid^="budget-pick-"]').first();
    const foodId = (await food.getAttribute('data-testid'))!.replace('budget-pick-', '');
    await food.click();
    await setAmount(page, '500');
    await page.getByTestId(`budget-cat-children-${foodId}`).click();
    await visible(page, 'page-budget-children');
    await visible(page, 'budget-not-opened');
    await visible(page, 'budget-open');
    await screen('children-locked');

    // "开通": the packages, the price, the empty wallet and what it lacks.
    await page.getByTestId('budget-open').click();
    const sheet = page.getByTestId('purchase-sheet');
    await visible(page, 'purchase-pay');
    expect(await sheet.getByTestId('purchase-combo-budget_advanced_30').getAttribute('aria-checked')).toBe('true');
    expect(await sheet.getByTestId('purchase-price').textContent()).toBe('6.00 香蕉贝');
    expect(await sheet.getByTestId('purchase-balance').textContent()).toBe('0.00 香蕉贝');
    expect(await sheet.getByTestId('purchase-shortfall').textContent()).toBe('余额不足，还需充值 6.00 香蕉贝');
    expect(await sheet.getByTestId('purchase-pay').textContent()).toBe('充值并支付 ¥6.00');
    await screen('purchase-sheet');

    // The shortfall at the cashier; the processing page waits (its first answer held back a moment to see it).
    await page.route('**/cab-service-ws/v1/account/order/*', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      // The page may have gone on meanwhile (the request was dropped).
      await route.continue().catch(() => undefined);
    });
    const bought = page.waitForResponse((r) => r.url().endsWith('/account-book/v3/purchasing-orders') && r.request().method() === 'POST');
    await page.getByTestId('purchase-pay').click();
    const order = (await (await bought).json()) as { data: { order_no: string; status: string; recharge: { order_no: string } } };
    expect(order.data.status).toBe('awaiting_recharge');
    await atCashier(page, 'confirm', shot);
    await visible(page, 'processing-waiting');
    await screen('processing');
    await page.unroute('**/cab-service-ws/v1/account/order/*');

    // Paid: what it bought and the balance after (6.00 recharged, 1.00 first-recharge bonus, 6.00 spent).
    await visible(page, 'page-paysuccess');
    await expect.poll(() => page.getByTestId('paysuccess-item').textContent()).toBe('已开通：高级预算 30 天');
    await expect.poll(() => page.getByTestId('paysuccess-balance').textContent()).toBe('1.00 香蕉贝');
    await screen('paysuccess');

    // Done: back on the category's page, the feature open, a second-level budget set.
    await page.getByTestId('paysuccess-done').click();
    await visible(page, 'page-budget-children');
    expect(page.url()).toContain(`categoryId=${foodId}`);
    await visible(page, 'budget-secondary');
    await page.getByTestId('budget-not-opened').waitFor({ state: 'detached' });
    const sub = page.getByTestId('budget-secondary').locator('button[data-testid^="budget-cat-"]').first();
    const subId = (await sub.getAttribute('data-testid'))!.replace('budget-cat-', '');
    await sub.click();
    await setAmount(page, '120');
    await expect.poll(() => page.getByTestId(`budget-cat-used-${subId}`).textContent()).toContain('120.00');
    await screen('children-opened');

    // The trade records: the top-up (with its bonus) and the purchase.
    await page.goto('/#/trade/pages/record');
    await visible(page, `trade-row-${order.data.recharge.order_no}`);
    await expect.poll(() => page.getByTestId('trade-count-all').textContent()).toBe('2');
    const recharge = page.getByTestId(`trade-row-${order.data.recharge.order_no}`);
    expect(await recharge.getByTestId('trade-row-amount').textContent()).toBe('+7.00');
    expect(await recharge.getByTestId('trade-row-status').textContent()).toBe('已到账');
    const purchase = page.getByTestId(`trade-row-${order.data.order_no}`);
    expect(await purchase.getByTestId('trade-row-title').textContent()).toBe('高级预算 30 天');
    expect(await purchase.getByTestId('trade-row-amount').textContent()).toBe('-6.00');
    await screen('records');
    await purchase.click();
    await visible(page, 'page-trade-result');
    await expect.poll(() => page.getByTestId('result-status').textContent()).toBe('已支付');
    await screen('order-result');
    expect(errors).toEqual([]);
  }, 240_000);

  it('fails at the cashier, shows why, pays again and succeeds; the wallet in English too', async () => {
    const { page, errors, screen, shot, userData } = await signedInPhone(browser, 'commerce-retry');
    await page.getByTestId('mine-wallet').click();
    await visible(page, 'page-bananashell');
    await visible(page, 'stair-30.00');
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('0.00');
    expect(await page.getByTestId('stair-corner-6.00').textContent()).toBe('首充送 1');
    await screen('wallet');

    // A custom amount below the least recharge is refused under its field.
    await page.getByTestId('recharge-custom').click();
    await page.getByTestId('recharge-custom-input').locator('input').fill('0.5');
    await page.getByTestId('recharge-submit').click();
    await expect.poll(() => page.getByTestId('recharge-custom-error').textContent()).toBe('单次最少充值 1.00 香蕉贝');
    await screen('wallet-custom-error');

    // 30 shells; the payment fails at the cashier.
    await page.getByTestId('stair-30.00').click();
    await page.getByTestId('recharge-submit').click();
    await atCashier(page, 'fail', shot);
    await visible(page, 'page-payfail', 30_000);
    expect(await page.getByTestId('payfail-title').textContent()).toBe('支付失败');
    await screen('payfail');

    // Pay again: the same amount is chosen, and this time it goes through (the first-recharge bonus still applies).
    await page.getByTestId('payfail-retry').click();
    await visible(page, 'stair-30.00');
    await expect.poll(() => page.getByTestId('stair-30.00').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('recharge-submit').click();
    await atCashier(page, 'confirm');
    await visible(page, 'page-paysuccess', 30_000);
    await expect.poll(() => page.getByTestId('paysuccess-balance').textContent()).toBe('36.00 香蕉贝');
    expect(await page.getByTestId('paysuccess-recharged').textContent()).toBe('30.00 香蕉贝 (另赠 6.00 香蕉贝)');
    await screen('paysuccess-after-retry');

    // Done goes back to the wallet, with the new balance; the records hold both top-ups.
    await page.getByTestId('paysuccess-done').click();
    await visible(page, 'page-bananashell');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('36.00');
    expect(await page.getByTestId('stair-corner-6.00').count()).toBe(0);
    await page.getByTestId('wallet-records').click();
    await visible(page, 'trade-list');
    await expect.poll(() => page.getByTestId('trade-count-recharge').textContent()).toBe('2');
    const statuses = await page.getByTestId('trade-row-status').allTextContents();
    expect(statuses.sort()).toEqual(['已到账', '支付失败']);
    await screen('records-recharges');

    // The wallet in English.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-language').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('tab-bar').textContent()).toContain('Me');
    await page.getByTestId('mine-wallet').click();
    await visible(page, 'stair-30.00');
    await expect.poll(() => page.getByTestId('recharge-notice').textContent()).toContain('Banana shells');
    await expect.poll(() => page.getByTestId('page-bananashell').textContent()).toContain('Top up now');
    await page.waitForTimeout(400);
    expect(await foreignWords(page, 'en', userData), 'wallet: words not in English').toEqual([]);
    expect(await seriousA11yFindings(page), 'wallet (en): accessibility').toEqual([]);
    await shot(page, 'wallet-en');
    expect(errors).toEqual([]);
  }, 240_000);

  it('charges a paid role given from the members screen the next day, by the billing job, and lists the charge', async () => {
    // A server of its own: the billing job runs through `npm run cab` on its embedded database, which only
    // one process may open at a time, so the server stops for it and starts again on the same address.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-e2e-billing-'));
    const env = { CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', CAB_TRUSTED_PROXIES: 'loopback' };
    let server: RunningServer | undefined = await startServerProcess(env);
    const base = server.base;
    const port = Number(new URL(base).port);
    const shot = screenshotter('commerce-billing');
    const userData: string[] = [];
    const person = async () => {
      const context = await phoneContext(browser, base);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const phone = await loginThroughUi(page, base);
      userData.push(phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`);
      return { page, errors };
    };
    const screen = async (page: Page, name: string) => {
      await page.waitForTimeout(400);
      expect(await foreignWords(page, 'zh-CN', userData), `${name}: words not in Chinese`).toEqual([]);
      expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
      await shot(page, name);
    };
    try {
      const owner = await person();
      const page = owner.page;

      // The owner tops up 30 shells (36 with the first-recharge bonus).
      await page.getByTestId('mine-wallet').click();
      await visible(page, 'stair-30.00');
      await page.getByTestId('stair-30.00').click();
      await page.getByTestId('recharge-submit').click();
      await atCashier(page, 'confirm');
      await visible(page, 'page-paysuccess', 30_000);
      await expect.poll(() => page.getByTestId('paysuccess-balance').textContent()).toBe('36.00 香蕉贝');

      // A family book with a paid role: 2 shells a day.
      await page.goto('/#/pages/home/index');
      await makeFamilyBook(page);
      const { bookId = '' } = await sessionOf(page);
      await page.goto(`/#/roleSetting/pages/role-management?bookId=${bookId}`);
      await visible(page, 'role-add');
      await page.getByTestId('role-add').click();
      await visible(page, 'role-form');
      await page.getByTestId('role-name-input').locator('input').fill('巡检员');
      await page.getByTestId('role-price-input').locator('input').fill('2');
      const created = page.waitForResponse((r) => r.url().includes('/roles') && r.request().method() === 'POST');
      await page.getByTestId('role-form-save').click();
      const role = ((await (await created).json()) as { data: { role_id: string } }).data;
      await expect.poll(() => page.getByTestId(`role-price-${role.role_id}`).textContent()).toBe('2 香蕉贝/天');

      // A member joins by invitation code as a bookkeeper.
      await page.goto(`/#/share/index?bookId=${bookId}&invite=1`);
      await visible(page, 'invite-form');
      await page.getByTestId('invite-audit').getByText('邀请码', { exact: true }).click();
      await page.getByTestId('invite-roles').locator('.adm-selector-item', { hasText: '记账员' }).click();
      await page.getByTestId('invite-create').click();
      await visible(page, 'invite-code');
      const code = (await page.getByTestId('invite-code').textContent())!.trim();
      const link = (await page.getByTestId('invite-link').textContent())!.trim();
      const member = await person();
      await member.page.goto(`/${link.slice(link.indexOf('#'))}`);
      await visible(member.page, 'join-with-code');
      await member.page.getByTestId('join-with-code').click();
      const dialog = member.page.getByTestId('join-dialog-code');
      await dialog.waitFor({ state: 'visible' });
      await dialog.locator('.adm-selector-item', { hasText: '记账员' }).click();
      await dialog.getByTestId('join-code').locator('input').fill(code);
      await dialog.getByTestId('join-submit').click();
      await visible(member.page, 'join-joined-now');
      const memberMe = await whoAmI(member.page);
      userData.push(memberMe.nickname);

      // The owner gives them the paid role from the members screen: the quote, then pay and assign.
      await page.goto(`/#/roleSetting/index?bookId=${bookId}`);
      await visible(page, `member-${memberMe.id}`);
      await page.getByTestId(`member-${memberMe.id}`).click();
      await visible(page, 'member-change-role');
      await page.getByTestId('member-change-role').click();
      await visible(page, `pick-role-${role.role_id}`);
      await screen(page, 'role-picker');
      await page.getByTestId(`pick-role-${role.role_id}`).click();
      const quote = page.getByTestId('role-quote');
      await visible(page, 'role-quote-pay');
      expect(await quote.getByTestId('role-quote-price').textContent()).toBe('2.00 香蕉贝');
      expect(await quote.getByTestId('role-quote-billing').textContent()).toBe('按天计费');
      expect(await quote.getByTestId('role-quote-daily').textContent()).toBe('2.00 香蕉贝');
      expect(await quote.getByTestId('role-quote-now').textContent()).toBe('2.00 香蕉贝');
      expect(await quote.getByTestId('role-quote-balance').textContent()).toBe('36.00 香蕉贝');
      await screen(page, 'role-quote');
      const paid = page.waitForResponse((r) => r.url().includes('/pay-for-assign') && r.request().method() === 'POST');
      await page.getByTestId('role-quote-pay').click();
      expect(((await (await paid).json()) as { data: { status: string } }).data.status).toBe('paid');
      await expect.poll(() => page.getByTestId('member-popup-role').textContent()).toBe('巡检员');
      await screen(page, 'role-assigned');

      // The next day's billing, run by the operator's command on the server's database.
      await page.goto('/#/pages/mine/index');
      server.proc.kill('SIGTERM');
      await waitForExit(server.proc);
      server = undefined;
      const run = spawnSync('npm', ['run', '-s', 'cab', '--', 'jobs', 'run', 'billing', '--at', tomorrowInShanghai()], {
        cwd: REPO,
        env: { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/billing \d{4}-\d{2}-\d{2}: billed 1 of 1 running services/);
      server = await startServerProcess(env, { port });

      // The records: the role's purchase today, and tomorrow's charge by the job.
      await page.goto('/#/trade/pages/record?type=service');
      await page.reload();
      await visible(page, 'trade-list', 30_000);
      const charge = page.getByTestId('trade-list').locator('[data-type="service"]').first();
      await expect.poll(() => charge.getByTestId('trade-row-title').textContent()).toBe('巡检员 · 日费');
      expect(await charge.getByTestId('trade-row-amount').textContent()).toBe('-2.00');
      expect(await charge.getByTestId('trade-row-status').textContent()).toBe('已扣费');
      await expect.poll(() => page.getByTestId('trade-count-service').textContent()).toBe('1');
      await screen(page, 'records-daily-charge');
      await charge.click();
      await visible(page, 'page-trade-result');
      await expect.poll(() => page.getByTestId('result-status').textContent()).toBe('服务中');
      await screen(page, 'service-order');
      await page.goto('/#/bookSetting/pages/bananashell');
      await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('32.00');
      expect(owner.errors).toEqual([]);
      expect(member.errors).toEqual([]);
    } finally {
      if (server) {
        server.proc.kill('SIGTERM');
        await waitForExit(server.proc);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
