import type { Browser } from 'playwright-core';
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

describe('books journey at 390x844', () => {
  it('adds a named family book, renames it and changes its cover, makes another book the default, deletes that one', async () => {
    const base = baseUrl();
    const shot = screenshotter('books');
    const context = await phoneContext(browser, base);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughUi(page, base);

    // Add a book from the family template: it opens on its dashboard.
    await page.getByTestId('tab-home').click();
    await visible(page, 'page-home');
    await shot(page, 'home-empty');
    await page.getByTestId('home-add-book').click();
    await visible(page, 'template-family');
    await shot(page, 'template-popup');
    await page.getByTestId('template-family').click();
    // The book is named first, prefilled with the template's name; a double tap makes one book.
    await visible(page, 'template-name-step');
    expect(await page.getByTestId('new-book-name').locator('input').inputValue()).toBe('家庭账本');
    await shot(page, 'name-step');
    await page.getByTestId('create-book').dblclick();
    await visible(page, 'page-dashboard');
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe('家庭账本');
    const familyId = new URL(page.url().replace('#', '')).searchParams.get('TradingEntity')!;
    expect(familyId).toMatch(/^\d+$/);
    await shot(page, 'dashboard');

    // It is in recent books and under owned books.
    await page.goto('/#/pages/home/index');
    await visible(page, `recent-${familyId}`);
    await page.goto('/#/pages/book/index');
    await page.getByTestId('filter-owned').click();
    await visible(page, `book-${familyId}`);
    // The double tap made one book, not two.
    expect(await page.getByTestId('my-books').getByText('家庭账本', { exact: true }).count()).toBe(1);
    await shot(page, 'my-books-owned');

    // Rename it and change its cover in settings.
    await page.getByTestId(`book-more-${familyId}`).click();
    await page.getByTestId('action-settings').click();
    await visible(page, 'page-book-setting');
    await page.getByTestId('setting-name').click();
    await page.getByTestId('book-name-input').locator('input').fill('我们家的账本');
    await page.getByTestId('book-name-save').click();
    await expect.poll(() => page.getByTestId('setting-name-value').textContent()).toBe('我们家的账本');
    await page.getByTestId('setting-cover').click();
    await page.getByTestId('cover-6').click();
    await expect.poll(() => page.getByTestId('setting-cover-value').getAttribute('data-cover')).toBe('/static/covers/cover-6.svg');
    await shot(page, 'settings-renamed');

    // A second book, made the default; a reload opens it.
    await page.goto('/#/pages/book/index');
    await page.getByTestId('book-add').click();
    await page.getByTestId('template-travel').click();
    await page.getByTestId('create-book').click();
    await visible(page, 'page-dashboard');
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe('旅行账本');
    const travelId = new URL(page.url().replace('#', '')).searchParams.get('TradingEntity')!;
    // Opened from my books, back returns there.
    await page.goto('/#/pages/book/index');
    await page.getByTestId(`book-${travelId}`).click();
    await page.waitForURL(/fromMyBook=1/);
    await page.getByTestId('page-back').click();
    await visible(page, 'page-book');
    await page.getByTestId(`book-more-${travelId}`).click();
    await page.getByTestId('action-default').click();
    // The default book is the current one at once, without a reload.
    await visible(page, `book-current-${travelId}`);
    expect(await page.getByTestId(`book-current-${familyId}`).count()).toBe(0);
    await page.goto('/');
    await visible(page, 'page-dashboard');
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe('旅行账本');
    await shot(page, 'default-opens');

    // Delete the current book (travel), with a red confirmation: it is gone from every
    // list at once, and the other book becomes current, so there is still one to record in.
    await page.goto('/#/pages/book/index');
    await page.getByTestId(`book-more-${travelId}`).click();
    await page.getByTestId('action-leave').click();
    await shot(page, 'delete-confirm');
    await page.getByTestId('confirm-leave').click();
    await expect.poll(() => page.getByTestId(`book-${travelId}`).count()).toBe(0);
    await visible(page, `book-current-${familyId}`);
    await visible(page, 'book-go-accounting');
    await page.goto('/#/pages/home/index');
    await visible(page, `book-${familyId}`);
    expect(await page.getByTestId(`book-${travelId}`).count()).toBe(0);
    expect(await page.getByTestId(`recent-${travelId}`).count()).toBe(0);
    await shot(page, 'after-delete');
    expect(errors).toEqual([]);
    await context.close();
  });
});
