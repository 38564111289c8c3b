import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { makeFamilyBook, sessionOf, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('budgets journey at 390x844', () => {
  it('sets a monthly total and a food budget, overspends food, switches to yearly, and keeps the choice after a reload', async () => {
    const { page, errors, screen } = await signedInPhone(browser, 'budgets');
    const setAmount = async (amount: string) => {
      await visible(page, 'budget-amount-input');
      await page.getByTestId('budget-amount-input').locator('input').fill(amount);
      await page.getByTestId('budget-amount-save').click();
      await page.getByTestId('budget-amount-input').waitFor({ state: 'hidden' });
    };

    // A family book; its budget center from the dashboard's quick link.
    await makeFamilyBook(page);
    const { bookId = '' } = await sessionOf(page);
    await page.goto('/#/budget/index');
    await visible(page, 'page-budget');
    await visible(page, 'budget-total');
    await screen('center-empty');

    // A monthly total of 3,000 and a food budget of 500.
    await page.getByTestId('budget-total-edit').click();
    await setAmount('3000');
    await expect.poll(() => page.getByTestId('budget-total-amount').textContent()).toContain('3,000.00');
    await page.getByTestId('budget-add-category').click();
    const food = page.locator('[data-testid^="budget-pick-"]').first();
    const foodId = (await food.getAttribute('data-testid'))!.replace('budget-pick-', '');
    await food.click();
    await setAmount('500');
    await visible(page, `budget-cat-${foodId}`);
    await screen('center-set');

    // Food expenses of 320 and 280.50, recorded through the app.
    for (const amount of ['320', '280.5']) {
      await page.goto(`/#/subPackages/accounting/index`);
      await visible(page, 'rec-save');
      for (const ch of amount) await page.getByTestId(`pad-${ch}`).click();
      const saved = page.waitForResponse(
        (r) => /\/transaction\/expense$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await page.getByTestId('rec-save').click();
      expect((await saved).status()).toBe(201);
      // Saving goes back to where the form was opened from; the next step waits for that.
      await page.waitForFunction(() => !location.hash.includes('subPackages/accounting'));
    }
    await page.goto('/#/budget/index');
    await page.reload();
    await visible(page, `budget-cat-${foodId}`);
    await expect.poll(() => page.getByTestId('budget-total-used').textContent()).toContain('600.50');
    await expect.poll(() => page.getByTestId('budget-total-remaining').textContent()).toContain('2,399.50');
    await expect.poll(() => page.getByTestId(`budget-cat-used-${foodId}`).textContent()).toContain('600.50');
    expect(await page.getByTestId(`budget-bar-${foodId}`).getAttribute('class')).toContain('over');
    const warning = await page.getByTestId(`budget-bar-${foodId}`).evaluate((el) => {
      const fill = (el.querySelector('[class*="fill"]') ?? el) as HTMLElement;
      return getComputedStyle(fill).backgroundColor;
    });
    expect(warning).not.toBe('rgba(0, 0, 0, 0)');
    await screen('center-food-over');

    // Yearly: no yearly budgets yet, the year's use.
    const yearly = page.waitForResponse((r) => r.url().includes('recurrence_type=Year'));
    await page.getByTestId('budget-recurrence-Year').click();
    await yearly;
    await expect.poll(() => page.getByTestId('budget-period').textContent()).toMatch(/年/);
    await expect.poll(() => page.getByTestId('budget-total-used').textContent()).toContain('600.50');
    expect(await page.getByTestId(`budget-cat-${foodId}`).count()).toBe(0);
    await screen('center-yearly');

    // A reload keeps the yearly choice (a book preference).
    await page.reload();
    await visible(page, 'page-budget');
    await expect.poll(() => page.getByTestId('budget-period').textContent()).toMatch(/年/);
    expect(await page.getByTestId('budget-recurrence-Year').getAttribute('class')).toMatch(/active|selected|checked/);
    await screen('center-yearly-reloaded');
    expect(bookId).toMatch(/^\d+$/);
    expect(errors).toEqual([]);
  });
});
