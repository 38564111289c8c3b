import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, outboxCode } from './browser.ts';
import { makeFamilyBook, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The last toast has gone, so the next page's picture shows that page alone. */
const toastGone = (page: Page) => page.locator('.adm-toast-main').waitFor({ state: 'detached' });

/** Whether this document has fetched a page's chunk (its code, not its data). */
const fetched = (page: Page, chunk: string) =>
  page.evaluate((name) => performance.getEntriesByType('resource').some((e) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(e.name)), chunk);

/**
 * Issue 24, a tidy house: the moves that untangled the imports change nothing a user sees.
 * SPEC 2's preloading now comes from the page registry; the one-field edit popup (now in
 * app/) still serves personal info, book settings and the category and label manager; the
 * code fields (now in features/user) still bind a phone, through the credential calls that
 * now live with sign-in on the server; the book sheet's invite asks its permission from
 * the books feature.
 */
describe('a tidy house at 390x844', () => {
  it('preloads as SPEC 2 says, and the moved popup, code fields and invite still work', async () => {
    const { base, context, page, errors, screen, shot, userData } = await signedInPhone(browser, 'tidy');
    // A popup with a filled input is kept as a picture only: antd-mobile's clear control (a div
    // with an aria-label) is an axe finding wherever an input is clearable and filled.

    // Home, opened afresh, fetches the dashboard's code once drawn and idle, and only that.
    const home = await context.newPage();
    await home.goto('/#/pages/home/index');
    await visible(home, 'page-home');
    await expect.poll(() => fetched(home, 'DashboardPage'), { timeout: 15_000 }).toBe(true);
    expect(await fetched(home, 'AccountingPage')).toBe(false);
    expect(await fetched(home, 'FlowPage')).toBe(false);
    expect(home.url()).toContain('/pages/home/index');
    await home.close();

    // The dashboard, once its book is drawn, fetches the accounting and flow pages' code.
    await makeFamilyBook(page);
    await expect.poll(() => fetched(page, 'AccountingPage'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => fetched(page, 'FlowPage'), { timeout: 15_000 }).toBe(true);
    await screen('dashboard');
    const bookId = new URL(page.url().replace('#', '')).searchParams.get('TradingEntity')!;

    // Book settings rename the book with the edit popup.
    await page.goto(`/#/bookSetting/index?bookId=${bookId}`);
    await visible(page, 'page-book-setting');
    await page.getByTestId('setting-name').click();
    await page.getByTestId('book-name-input').locator('input').fill('我们家');
    await shot(page, 'book-name-popup');
    await page.getByTestId('book-name-save').click();
    await expect.poll(() => page.getByTestId('setting-name-value').textContent()).toBe('我们家');
    await toastGone(page);

    // The category and label manager renames a member with the same popup (through features/accounting).
    await page.goto('/#/categoryLabels/index?view=members');
    await visible(page, 'page-category-labels');
    await page.getByTestId('manage-tab-members').click();
    await page.getByTestId('manage-add').click();
    await page.getByTestId('manage-new-input').locator('input').fill('舅舅');
    await shot(page, 'member-new-popup');
    await page.getByTestId('manage-new-save').click();
    const memberRow = page.getByTestId('page-category-labels').locator('.manage-row', { hasText: '舅舅' }).first();
    await memberRow.waitFor({ state: 'visible' });
    await memberRow.getByRole('button', { name: '更多操作：舅舅' }).click();
    await page.getByTestId('manage-rename').click();
    await page.getByTestId('manage-name-input').locator('input').fill('大舅');
    await page.getByTestId('manage-name-save').click();
    await expect.poll(() => page.locator('.manage-row .manage-name').allTextContents()).toContain('大舅');
    await toastGone(page);

    // Personal info: the nickname and a password with the popup.
    await page.goto('/#/personalInfo/index');
    await visible(page, 'page-personal-info');
    await page.getByTestId('personal-nickname').click();
    await page.getByTestId('nickname-input').locator('input').fill('整理师');
    await page.getByTestId('nickname-save').click();
    await expect.poll(() => page.getByTestId('personal-nickname-value').textContent()).toBe('整理师');
    await page.getByTestId('personal-password').click();
    await page.getByTestId('password-input').locator('input').fill('tidy-house-24');
    await shot(page, 'password-popup');
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-input').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('personal-password').textContent()).toContain('修改密码');

    // Binding another phone: the code fields send a type-2 code, the bind call takes it.
    const next = `13${String(Date.now() + 7).slice(-9)}`;
    await page.getByTestId('personal-phone').click();
    await visible(page, 'page-bind-phone');
    await page.getByTestId('login-phone').locator('input').fill(next);
    await page.getByTestId('login-send-code').click();
    await page
      .getByTestId('login-code')
      .locator('input')
      .fill(await outboxCode(base, next));
    await shot(page, 'bind-phone');
    await page.getByTestId('bind-submit').click();
    await visible(page, 'page-personal-info');
    await expect.poll(() => page.getByTestId('personal-phone').textContent()).toContain(`${next.slice(0, 3)}****${next.slice(-4)}`);
    await screen('personal-info', ['整理师', next, `${next.slice(0, 3)}****${next.slice(-4)}`]);

    // The book sheet's invite: the owner may, so the invite popup shows its form.
    await page.goto('/#/pages/book/index');
    await page.getByTestId(`book-more-${bookId}`).click();
    await page.getByTestId('action-invite').click();
    await visible(page, 'invite-form');
    expect(await page.getByTestId('invite-forbidden').count()).toBe(0);
    await screen('invite-popup', ['我们家', ...userData]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
