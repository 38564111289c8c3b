import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, outboxCode, phoneContext, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SCRIPT = '<script>alert(1)</script><b>x</b>';

/** Logs in on the login page the app has just opened (it then goes back where it came from). */
async function logInHere(page: Page, base: string): Promise<string> {
  const phone = `13${String(Date.now()).slice(-9)}`;
  await visible(page, 'page-login');
  await page.getByTestId('login-phone').locator('input').fill(phone);
  await page.getByTestId('login-send-code').click();
  await page
    .getByTestId('login-code')
    .locator('input')
    .fill(await outboxCode(base, phone));
  await page.getByTestId('login-submit').click();
  return phone;
}

describe('market journey at 390x844', () => {
  it('browses logged out, logs in from the favourites tab, keeps a template, makes a book from it and reviews it as text', async () => {
    const base = baseUrl();
    const shot = screenshotter('market');
    const context = await phoneContext(browser, base);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A review's script must never run: any dialog it opened would show here.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const userData: string[] = [SCRIPT];
    const screen = async (name: string) => {
      await page.waitForTimeout(400); // animations settle
      expect(await foreignWords(page, 'zh-CN', userData), `${name}: words not in Chinese`).toEqual([]);
      expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
      await shot(page, name);
    };

    // Logged out: the market tab, a category, a template and its reviews.
    await page.goto('/#/pages/home/index');
    await page.getByTestId('tab-market').click();
    await visible(page, 'market-list');
    await screen('market');
    await page.getByTestId('market-sub-life-family').click();
    await visible(page, 'market-template-family');
    expect(await page.getByTestId('market-template-travel').count()).toBe(0);
    const open = page.getByTestId('market-template-family').locator('[data-testid^="open-template-"]');
    const id = (await open.getAttribute('data-testid'))!.replace('open-template-', '');
    expect(id).toMatch(/^\d+$/);
    await open.click();
    await visible(page, 'page-market-detail');
    await expect.poll(() => page.getByTestId('template-name').textContent()).toBe('家庭账本');
    await page.getByTestId('template-reviews').scrollIntoViewIfNeeded();
    await visible(page, 'review-login');
    await screen('template-logged-out');
    await page.getByTestId('template-preview').click();
    await visible(page, 'preview-expense');
    await screen('preview');
    await page.getByTestId('page-back').click();
    await visible(page, 'page-market-detail');
    await page.getByTestId('page-back').click();
    // Back keeps the chosen category.
    await visible(page, 'market-template-family');

    // The favourites tab asks to log in; the login page comes back to it.
    await page.getByTestId('market-tab-favourites').click();
    await visible(page, 'favourites-logged-out');
    await screen('favourites-logged-out');
    await page.getByTestId('favourites-login').click();
    const phone = await logInHere(page, base);
    userData.push(phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await visible(page, 'favourites-empty');
    expect(page.url()).toContain('tab=favourites');

    // Keep the family template: it is in my favourites.
    await page.getByTestId('market-tab-life').click();
    await page.getByTestId('market-sub-life-family').click();
    await visible(page, 'market-template-family');
    await page.getByTestId(`collect-${id}`).click();
    await expect.poll(() => page.getByTestId(`collect-${id}`).getAttribute('aria-pressed')).toBe('true');
    await screen('collected');
    await page.goto('/#/favorite/index');
    await visible(page, 'page-favorite');
    await visible(page, 'market-template-family');
    await screen('favorite-page');

    // Use it: the books' name step, and the new book opens on its dashboard.
    await page.getByTestId(`use-template-${id}`).click();
    await visible(page, 'template-name-step');
    expect(await page.getByTestId('new-book-name').locator('input').inputValue()).toBe('家庭账本');
    await page.getByTestId('create-book').click();
    await visible(page, 'page-dashboard');
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe('家庭账本');

    // Review it with markup in the text: it comes first, shown as the text it is.
    await page.goto(`/#/pages/market/detail?id=${id}`);
    await visible(page, 'review-box');
    await page.locator('#market-review-input').fill(`${SCRIPT} 好用`);
    await page.getByTestId('review-submit').click();
    const first = page.getByTestId('review-list').locator('li').first();
    await expect.poll(() => first.getByTestId('review-text').textContent()).toBe(`${SCRIPT} 好用`);
    expect(await page.getByTestId('review-list').locator('script, b').count()).toBe(0);
    await expect.poll(() => page.getByTestId('reviews-count').textContent()).not.toBe('评价（0）');
    // Writing again edits the same review: the box holds it.
    expect(await page.locator('#market-review-input').inputValue()).toBe(`${SCRIPT} 好用`);
    await page.getByTestId('template-reviews').scrollIntoViewIfNeeded();
    await screen('reviewed');
    expect(await page.getByTestId(`use-count-${id}`).textContent()).not.toMatch(/^\s*0 /);

    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
