import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, phoneContext, screenshotter } from './browser.ts';
import { seriousA11yFindings } from './checks.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, visible } from './flows.ts';

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
const saved = async (page: Page) => {
  const answer = page.waitForResponse((r) => /\/transaction\/\w+$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await page.getByTestId('rec-save').click();
  expect((await answer).status()).toBe(201);
};
const openForm = async (page: Page) => {
  await page.getByTestId('dashboard-record').click();
  await visible(page, 'rec-save');
};

interface Person {
  page: Page;
  errors: string[];
}

describe('the record form at 390x844 (issue 24)', () => {
  it('names its book, keeps drafts, says what it carried over and what overspent, counts graphemes; money fields refuse; roles see what they may do', async () => {
    const base = baseUrl();
    const shot = screenshotter('recording');
    const person = async (): Promise<Person> => {
      const context = await phoneContext(browser, base);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await loginThroughUi(page, base);
      return { page, errors };
    };
    const screen = async (who: Person, name: string) => {
      await who.page.waitForTimeout(400); // animations settle
      expect(await seriousA11yFindings(who.page), `${name}: accessibility`).toEqual([]);
      await shot(who.page, name);
    };

    const a = await person();
    const page = a.page;
    await makeFamilyBook(page);
    const { bookId = '' } = await sessionOf(page);
    const bookName = (await page.getByTestId('dashboard-title').textContent())!.trim();

    // 1. The budget sheet's amount is the app's one money field: it refuses -5 and 1e3 with the reason.
    await go(page, '#/budget/index');
    await page.getByTestId('budget-total-edit').click();
    const amountInput = page.getByTestId('budget-amount-input').locator('input');
    await amountInput.fill('-5');
    await expect.poll(() => page.getByTestId('budget-amount-error').textContent()).toBe('金额不能为负数');
    expect(await amountInput.inputValue()).toBe('');
    await amountInput.fill('1e3');
    await expect.poll(() => page.getByTestId('budget-amount-error').textContent()).toBe('金额只能是数字和一个小数点，未接受“e”');
    expect(await amountInput.inputValue()).toBe('');
    await screen(a, 'budget-refuses-1e3');
    await amountInput.fill('5');
    await page.getByTestId('budget-amount-save').click();
    await page.getByTestId('budget-amount-popup').waitFor({ state: 'detached' });

    // 5. The form names its book.
    await go(page, `#/dashboard/index?TradingEntity=${bookId}`);
    await openForm(page);
    expect(await page.getByTestId('rec-book-name').textContent()).toBe(bookName);

    // 8. The remark's counter counts what a person sees: a ZWJ family and a flag are two.
    await page.getByTestId('rec-remark').locator('input').fill('👨‍👩‍👧‍👦🇨🇳');
    await expect.poll(() => page.locator('.rec-remark .field-counter').textContent()).toBe('2/200');
    await page.getByTestId('rec-remark').locator('input').fill('午饭');
    await page.getByTestId('rec-remark').locator('input').blur();

    // 6. A half-filled record survives a reload: it comes back, and says so.
    await keys(page, '3');
    await page.reload();
    await visible(page, 'rec-draft-restored');
    expect(await page.getByTestId('rec-amount').textContent()).toBe('3');
    expect(await page.getByTestId('rec-remark').locator('input').inputValue()).toBe('午饭');
    await screen(a, 'draft-restored');
    // Saving forgets it; within the budget, saving says only 已保存.
    await saved(page);
    await toast(page, '已保存');
    await visible(page, 'page-dashboard');
    await openForm(page);
    expect(await page.getByTestId('rec-draft-restored').count()).toBe(0);
    expect(await page.getByTestId('rec-amount').textContent()).toBe('0.00');

    // 3. An expense with a member that passes the total budget says so with the save.
    await page.getByTestId('rec-member').click();
    const member = page.getByTestId('picker').getByRole('button', { name: /^用户/ }).first();
    const memberName = (await member.textContent())!.trim();
    await member.click();
    await page.getByTestId('picker').waitFor({ state: 'hidden' });
    await keys(page, '4');
    await saved(page);
    await toast(page, '已保存。总月预算已超支 2.00');
    await shot(page, 'overspent-toast');

    // 7. The next expense carries the member over from the last expense, and says so; a transfer
    // and an income do not (per type), and 不沿用 drops it.
    await visible(page, 'page-dashboard');
    await openForm(page);
    await visible(page, 'rec-remembered');
    expect(await page.getByTestId('rec-member-value').textContent()).toContain(memberName.slice(0, 2));
    expect(await page.getByTestId('rec-remembered').textContent()).toContain('成员');
    await screen(a, 'remembered-member');
    await page.getByTestId('rec-tab-Transfer').click();
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('无成员');
    expect(await page.getByTestId('rec-remembered').count()).toBe(0);
    await page.getByTestId('rec-tab-Income').click();
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('无成员');
    await page.getByTestId('rec-tab-Expense').click();
    await page.getByTestId('rec-forget').click();
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('无成员');

    // 2. The largest income: the dashboard's three figures stay apart and readable.
    await page.getByTestId('rec-tab-Income').click();
    await keys(page, '9999999999.99');
    await saved(page);
    await visible(page, 'page-dashboard');
    await expect.poll(() => page.getByTestId('dashboard-income').textContent()).toBe('9,999,999,999.99');
    const boxes = await Promise.all(
      ['income', 'expense', 'balance'].map((k) => page.getByTestId(`dashboard-${k}`).locator('.figure').boundingBox()),
    );
    for (const [i, b] of boxes.entries()) {
      expect(b, `figure ${i}`).not.toBeNull();
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
      const next = boxes[i + 1];
      if (next) expect(b!.x + b!.width, 'figures run together').toBeLessThan(next.x);
    }
    await screen(a, 'dashboard-largest');

    // 5. A link naming another of the user's books records there (it is opened), never in the current one.
    await go(page, '#/pages/home/index');
    await makeFamilyBook(page);
    const second = (await sessionOf(page)).bookId ?? '';
    expect(second).not.toBe(bookId);
    await go(page, `#/subPackages/accounting/index?bookId=${bookId}`);
    await visible(page, 'rec-save');
    await expect.poll(() => page.getByTestId('rec-book-name').textContent()).toBe(bookName);
    expect((await sessionOf(page)).bookId).toBe(bookId);
    await screen(a, 'form-names-book');

    // 4. A viewer: no 记一笔, a record titled as details and read-only, book settings shown but not offered.
    await go(page, '#/pages/book/index');
    await page.getByTestId(`book-more-${bookId}`).click();
    await page.getByTestId('action-invite').click();
    await visible(page, 'invite-form');
    await page.getByTestId('invite-audit').getByText('邀请码', { exact: true }).click();
    await page.getByTestId('invite-roles').locator('.adm-selector-item', { hasText: '查看者' }).click();
    await page.getByTestId('invite-create').click();
    await visible(page, 'invite-code');
    const code = (await page.getByTestId('invite-code').textContent())!.trim();
    const link = (await page.getByTestId('invite-link').textContent())!.trim();

    const b = await person();
    await b.page.goto(`/${link.slice(link.indexOf('#'))}`);
    await visible(b.page, 'join-with-code');
    await b.page.getByTestId('join-with-code').click();
    const dialog = b.page.getByTestId('join-dialog-code');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.adm-selector-item', { hasText: '查看者' }).click();
    await dialog.getByTestId('join-code').locator('input').fill(code);
    await dialog.getByTestId('join-submit').click();
    await visible(b.page, 'join-joined-now');
    await b.page.getByTestId('join-open-book').click();
    await visible(b.page, 'page-dashboard');
    await visible(b.page, 'dashboard-read-only');
    expect(await b.page.getByTestId('dashboard-record').count()).toBe(0);
    await screen(b, 'viewer-dashboard');

    // One of A's records, opened by the viewer from the book's flow.
    await go(b.page, `#/flow/index?bookId=${bookId}`);
    await b.page.locator('[data-testid^="flow-row-"]').first().click();
    await visible(b.page, 'rec-no-permission');
    await expect.poll(() => b.page.locator('.page-bar-title').first().textContent()).toBe('账目详情');
    expect(await b.page.getByTestId('rec-templates').count()).toBe(0);
    await screen(b, 'viewer-record');

    await go(b.page, `#/bookSetting/index?bookId=${bookId}`);
    await visible(b.page, 'setting-read-only');
    await b.page.getByTestId('setting-name').click();
    await b.page.waitForTimeout(400);
    expect(await b.page.getByTestId('book-name-input').count()).toBe(0);
    await screen(b, 'viewer-settings');

    // A link to a book the user is not in is refused, not recorded into the current one.
    await go(b.page, `#/subPackages/accounting/index?bookId=${second}`);
    await visible(b.page, 'rec-not-member');
    expect(await b.page.getByTestId('rec-save').count()).toBe(0);
    await screen(b, 'link-not-member');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
