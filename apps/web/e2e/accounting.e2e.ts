import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phoneContext } from './browser.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, signedInPhone, thumbWidth, visible } from './flows.ts';
import { png } from './png.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Tx {
  id: string;
  amount: string;
  images: Array<{ id: string; url: string }>;
}

/** The form's helpers: keys of the amount keypad, pickers by name, the toast. */
function form(page: Page) {
  return {
    keys: async (text: string) => {
      for (const ch of text) await page.getByTestId(`pad-${ch === '<' ? 'back' : ch}`).click();
    },
    pick: async (field: string, name: string) => {
      await page.getByTestId(`rec-${field}`).click();
      await page
        .getByTestId('picker')
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .first()
        .click();
      await page.getByTestId('picker').waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId(`rec-${field}-value`).textContent()).toContain(name);
    },
    amount: () => page.getByTestId('rec-amount').textContent(),
    toast: (text: string) => expect.poll(() => page.locator('.adm-toast-main').last().textContent(), { timeout: 10_000 }).toBe(text),
    /** Saves and answers the record the server created (or changed). */
    save: async (testId: 'rec-save' | 'rec-again', path: RegExp) => {
      const answer = page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');
      await page.getByTestId(testId).click();
      const res = await answer;
      expect(res.status()).toBeLessThan(300);
      return ((await res.json()) as { data: Tx }).data;
    },
  };
}

const accountRow = (page: Page, name: string) => page.getByTestId('dashboard-accounts').locator('.dash-account', { hasText: name });

describe('accounting journey at 390x844', () => {
  it('records, edits and deletes with every picker, photos and templates; totals and balances follow; photos are private', async () => {
    const { base, context, page, errors, screen, shot } = await signedInPhone(browser, 'accounting');
    const f = form(page);

    // A family book: it opens on its dashboard, with nothing recorded yet.
    await makeFamilyBook(page);
    await expect.poll(() => page.getByTestId('dashboard-expense').textContent()).toBe('0.00');
    await visible(page, 'dashboard-accounts');
    await screen('dashboard-empty');
    // Once drawn, the dashboard fetches the accounting page's code (SPEC 2: dashboard preloads accounting).
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /AccountingPage-[\w-]+\.js$/.test(e.name))), {
        timeout: 15_000,
      })
      .toBe(true);

    // One tap from the dashboard: an expense with its category and account already chosen.
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'page-accounting');
    await visible(page, 'rec-save');
    expect(await page.getByTestId('rec-category-value').textContent()).not.toBe('请选择');
    await screen('form-expense');

    // Saving without an amount says so under the amount.
    await page.getByTestId('rec-save').click();
    await expect.poll(() => page.getByTestId('rec-amount-error').textContent()).toBe('请输入金额');
    // The keypad: two decimals at most, backspace.
    await f.keys('1234.567');
    expect(await f.amount()).toBe('1,234.56');
    await f.keys('<<');
    expect(await f.amount()).toBe('1,234.');
    await f.keys('56');
    expect(await page.getByTestId('rec-amount-error').count()).toBe(0);

    await page.getByTestId('rec-category').click();
    await visible(page, 'picker');
    await screen('picker-category');
    await page.getByTestId('picker').getByRole('button', { name: '外出就餐' }).click();
    await page.getByTestId('picker').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('rec-category-value').textContent()).toBe('餐饮 · 外出就餐');
    // The list style, from the picker's header: first levels on the left (opening on the chosen
    // one), their second level on the right; saved as the user's preference.
    const picker = page.getByTestId('picker');
    await page.getByTestId('rec-category').click();
    await visible(page, 'picker');
    expect(await picker.getAttribute('data-style')).toBe('flat');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/preference') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: '切换为列表样式' }).click();
    const patch = await saved;
    expect(patch.status()).toBeLessThan(300);
    expect(patch.request().postDataJSON()).toEqual({ configs: [{ key: 'accounting.picker_style', value: 'list' }], level: 'user' });
    await expect.poll(() => picker.getAttribute('data-style')).toBe('list');
    expect(await picker.locator('.pick-col[aria-current="true"]').textContent()).toBe('餐饮');
    await picker.getByRole('button', { name: '居家', exact: true }).click();
    await expect.poll(() => picker.getByRole('button', { name: '日用品', exact: true }).count()).toBe(1);
    await screen('picker-category-list');
    await picker.getByRole('button', { name: '日用品', exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('rec-category-value').textContent()).toBe('居家 · 日用品');
    // Reopened: still the list style, on the new choice's first level.
    await page.getByTestId('rec-category').click();
    await visible(page, 'picker');
    expect(await picker.getAttribute('data-style')).toBe('list');
    expect(await picker.locator('.pick-col[aria-current="true"]').textContent()).toBe('居家');
    expect(await picker.getByRole('button', { name: '日用品', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await picker.getByRole('button', { name: '餐饮', exact: true }).click();
    await picker.getByRole('button', { name: '外出就餐', exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('rec-category-value').textContent()).toBe('餐饮 · 外出就餐');
    // Every picker follows the style: accounts one line each, the balance on the right.
    await page.getByTestId('rec-account').click();
    await visible(page, 'picker');
    expect(await picker.getAttribute('data-style')).toBe('list');
    await screen('picker-account-list');
    // Back to the flat style for the rest of the journey.
    await page.getByRole('button', { name: '切换为平铺样式' }).click();
    await expect.poll(() => picker.getAttribute('data-style')).toBe('flat');
    await picker.getByRole('button', { name: /^微信钱包/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('rec-account-value').textContent()).toContain('微信钱包');
    await f.pick('member', '妈妈');
    await f.pick('project', '日常开支');
    // A merchant the book does not have yet: search, nothing matches, add it; the pick comes back to the form.
    await page.getByTestId('rec-merchant').click();
    await page.getByTestId('pick-search').click();
    await visible(page, 'page-search-merchant');
    await page.getByTestId('search-input').locator('input').fill('超');
    await visible(page, 'search-results');
    await page.getByTestId('search-input').locator('input').fill('面包店');
    await visible(page, 'search-empty');
    await screen('search-no-match');
    await page.getByTestId('search-add-keyword').click();
    expect(await page.getByTestId('search-new-input').locator('input').inputValue()).toBe('面包店');
    await page.getByTestId('search-new-save').click();
    await visible(page, 'page-accounting');
    await expect.poll(() => page.getByTestId('rec-merchant-value').textContent()).toBe('面包店');
    // The form kept everything while the search page was open.
    expect(await f.amount()).toBe('1,234.56');
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('妈妈');

    await page.getByTestId('rec-remark').locator('input').fill('周末聚餐');
    // While the system keyboard is up for the remark, saving stays in reach; Done brings the keypad back.
    await visible(page, 'rec-save');
    expect(await page.getByTestId('pad-1').count()).toBe(0);
    await page.getByTestId('rec-remark').locator('input').press('Enter');
    await visible(page, 'pad-1');
    // Two photos from the album, each uploaded with its progress.
    await page.getByTestId('album-add').click();
    await visible(page, 'album-album');
    await page.getByTestId('album-album').click();
    await page.getByTestId('album-file').setInputFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: png(120, 90, [245, 166, 35]) },
      { name: 'table.png', mimeType: 'image/png', buffer: png(90, 120, [40, 120, 200]) },
    ]);
    await expect.poll(() => page.locator('[data-testid^="thumb-"][data-status="done"]').count(), { timeout: 20_000 }).toBe(2);
    await screen('form-filled');
    // The preview shows the photo; back keeps the form.
    await page.getByTestId('thumb-1').click();
    await visible(page, 'page-image-preview');
    await expect
      .poll(() =>
        page
          .getByTestId('preview-slide-1')
          .locator('img')
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBe(90);
    await screen('image-preview');
    await page.getByTestId('page-back').click();
    await visible(page, 'page-accounting');
    expect(await page.locator('[data-testid^="thumb-"][data-status="done"]').count()).toBe(2);

    // Save and again: a second expense with the same type, account and date; amount, remark and photos start empty.
    const first = await f.save('rec-again', /\/transaction\/expense$/);
    expect(first.amount).toBe('1234.56');
    expect(first.images).toHaveLength(2);
    await f.toast('已保存，接着记下一笔');
    expect(await f.amount()).toBe('0.00');
    expect(await page.getByTestId('rec-remark').locator('input').inputValue()).toBe('');
    expect(await page.locator('[data-testid^="thumb-"]').count()).toBe(0);
    expect(await page.getByTestId('rec-account-value').textContent()).toBe('微信钱包');
    expect(await page.getByTestId('rec-category-value').textContent()).toBe('餐饮 · 外出就餐');
    await f.keys('20');
    const second = await f.save('rec-save', /\/transaction\/expense$/);
    expect(second.amount).toBe('20.00');
    await visible(page, 'page-dashboard');

    // An income and a transfer.
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'rec-save');
    await page.getByTestId('rec-tab-Income').click();
    await f.pick('category', '爸爸工资');
    await f.pick('account', '家庭储蓄');
    await f.keys('5000');
    await screen('form-income');
    await f.save('rec-save', /\/transaction\/income$/);
    await visible(page, 'page-dashboard');
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'rec-save');
    await page.getByTestId('rec-tab-Transfer').click();
    await f.pick('from', '家庭储蓄');
    await f.pick('to', '微信钱包');
    await f.keys('300');
    await screen('form-transfer');
    const transfer = await f.save('rec-save', /\/transaction\/transfer$/);
    await visible(page, 'page-dashboard');

    // The month's totals and the live balances.
    const figures = async (income: string, expense: string, balance: string, wallet: string, savings: string) => {
      await expect.poll(() => page.getByTestId('dashboard-income').textContent()).toBe(income);
      await expect.poll(() => page.getByTestId('dashboard-expense').textContent()).toBe(expense);
      await expect.poll(() => page.getByTestId('dashboard-balance').textContent()).toBe(balance);
      await expect.poll(() => accountRow(page, '微信钱包').locator('.dash-account-balance').textContent()).toBe(wallet);
      await expect.poll(() => accountRow(page, '家庭储蓄').locator('.dash-account-balance').textContent()).toBe(savings);
      expect(await accountRow(page, '现金').locator('.dash-account-balance').textContent()).toBe('0.00');
    };
    await figures('5,000.00', '1,254.56', '3,745.44', '-954.56', '4,700.00');
    await screen('dashboard-figures');

    // Edit the first expense's amount: it opens with everything it had, photos included.
    await page.goto(`/#/subPackages/accounting/index?id=${first.id}`);
    await visible(page, 'rec-delete');
    await expect.poll(() => f.amount()).toBe('1,234.56');
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('妈妈');
    expect(await page.getByTestId('rec-merchant-value').textContent()).toBe('面包店');
    await expect.poll(() => thumbWidth(page), { timeout: 10_000 }).toBe(120);
    await screen('form-edit');
    await f.keys('<<<<<<<1000');
    expect(await f.amount()).toBe('1,000');
    const edited = await f.save('rec-save', new RegExp(`/transaction/${first.id}$`));
    expect(edited.amount).toBe('1000.00');
    expect(edited.images).toHaveLength(2);
    await visible(page, 'page-dashboard');
    await figures('5,000.00', '1,020.00', '3,980.00', '-720.00', '4,700.00');

    // Delete the transfer, after a red confirmation.
    await page.goto(`/#/subPackages/accounting/index?id=${transfer.id}`);
    await visible(page, 'rec-delete');
    // The transfer itself, not the record edited before it.
    await expect.poll(() => f.amount()).toBe('300');
    expect(await page.getByTestId('rec-tab-Transfer').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('rec-from-value').textContent()).toBe('家庭储蓄');
    await page.getByTestId('rec-delete').click();
    await visible(page, 'confirm-danger');
    await page.waitForTimeout(400);
    await shot(page, 'delete-confirm');
    await page.getByTestId('confirm-danger').click();
    await visible(page, 'page-dashboard');
    await figures('5,000.00', '1,020.00', '3,980.00', '-1,020.00', '5,000.00');
    await shot(page, 'dashboard-after-delete');

    // The photos are private: a member's token reads them, no token or a stranger's does not.
    const url = edited.images[0]!.url;
    const { token } = await sessionOf(page);
    const status = (p: Page, auth?: string) =>
      p.evaluate(async ([u, a]) => (await fetch(u!, a ? { headers: { Authorization: `Bearer ${a}` } } : {})).status, [url, auth] as const);
    expect(await status(page, token)).toBe(200);
    expect([401, 404]).toContain((await fetch(`${base}${url}`)).status);
    const strangerContext = await phoneContext(browser, base);
    const stranger = await strangerContext.newPage();
    await loginThroughUi(stranger, base);
    const { token: strangerToken } = await sessionOf(stranger);
    expect(strangerToken).toBeTruthy();
    expect([401, 404]).toContain(await status(stranger, strangerToken));
    await strangerContext.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('manages categories and labels (add, rename, hide, reorder, delete moving its records), records from a template and a balance', async () => {
    const { context, page, errors, screen, shot } = await signedInPhone(browser, 'accounting-manage');
    const f = form(page);
    const row = (name: string) => page.getByTestId('page-category-labels').locator('.manage-row', { hasText: name }).first();
    const act = async (name: string, action: string) => {
      await row(name)
        .getByRole('button', { name: `更多操作：${name}` })
        .click();
      await visible(page, `manage-${action}`);
      await page.getByTestId(`manage-${action}`).click();
    };
    const names = () => page.locator('.manage-row:not(.sub) .manage-name').allTextContents();

    await makeFamilyBook(page);

    // From the dashboard's accounts to the management page.
    await visible(page, 'dashboard-manage');
    await page.getByTestId('dashboard-manage').click();
    await visible(page, 'page-category-labels');
    await expect.poll(() => page.getByTestId('manage-tab-accounts').getAttribute('aria-selected')).toBe('true');
    await visible(page, 'manage-add');
    await expect.poll(() => page.locator('.manage-row').count()).toBeGreaterThan(3);
    await screen('accounts');

    // Expense categories: add one, rename it, give it a subcategory, move it up, hide another.
    await page.getByTestId('manage-tab-expense').click();
    await expect.poll(() => names()).toContain('娱乐');
    await page.getByTestId('manage-add').click();
    await page.getByTestId('manage-new-input').locator('input').fill('宠物');
    await page.getByTestId('manage-new-save').click();
    await expect.poll(() => names()).toContain('宠物');
    await act('宠物', 'rename');
    await page.getByTestId('manage-name-input').locator('input').fill('宠物用品');
    await page.getByTestId('manage-name-save').click();
    await expect.poll(() => names()).toContain('宠物用品');
    await act('宠物用品', 'add-sub');
    await page.getByTestId('manage-name-input').locator('input').fill('猫粮');
    await page.getByTestId('manage-name-save').click();
    await expect.poll(() => page.locator('.manage-row.sub .manage-name').allTextContents()).toContain('猫粮');
    await act('宠物用品', 'up');
    await expect.poll(async () => (await names()).slice(-2)).toEqual(['宠物用品', '娱乐']);
    await act('孩子', 'hide');
    await expect.poll(() => row('孩子').locator('.cab-tag').textContent()).toBe('已隐藏');
    await screen('expense-categories');

    // Members: add one and record with it.
    await page.getByTestId('manage-tab-members').click();
    await page.getByTestId('manage-add').click();
    await page.getByTestId('manage-new-input').locator('input').fill('舅舅');
    await page.getByTestId('manage-new-save').click();
    await expect.poll(() => names()).toContain('舅舅');
    await page.goto('/#/subPackages/accounting/index');
    await visible(page, 'rec-save');
    // The new category is offered, the hidden one is not.
    await page.getByTestId('rec-category').click();
    await visible(page, 'picker');
    await expect.poll(() => page.getByTestId('picker').getByRole('button', { name: '猫粮' }).count()).toBe(1);
    expect(await page.getByTestId('picker').getByRole('button', { name: '学费' }).count()).toBe(0);
    await page.getByTestId('picker').getByRole('button', { name: '猫粮' }).click();
    await page.getByTestId('picker').waitFor({ state: 'hidden' });
    await f.pick('member', '舅舅');
    await f.keys('88');
    await page.getByTestId('rec-remark').locator('input').fill('猫粮一袋');

    // The template jump: save this form as a template.
    await page.getByTestId('rec-templates').click();
    await visible(page, 'template-save');
    await page.getByTestId('template-save').click();
    await f.toast('已存为模板');
    await expect.poll(() => page.getByTestId('template-list').locator('.pick-row').count()).toBe(1);
    await screen('templates');
    await page.getByTestId('template-list').locator('.pick-row').first().waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/#/pages/home/index');
    await visible(page, 'page-home');

    // A new form filled from the template: one tap, then save.
    await page.goto('/#/subPackages/accounting/index');
    await visible(page, 'rec-save');
    await page.getByTestId('rec-templates').click();
    await page.getByTestId('template-list').locator('.pick-row').first().click();
    await expect.poll(() => f.amount()).toBe('88');
    expect(await page.getByTestId('rec-category-value').textContent()).toBe('宠物用品 · 猫粮');
    expect(await page.getByTestId('rec-member-value').textContent()).toBe('舅舅');
    expect(await page.getByTestId('rec-remark').locator('input').inputValue()).toBe('猫粮一袋');
    const fromTemplate = await f.save('rec-save', /\/transaction\/expense$/);

    // A balance: the cash account holds 100.00 now.
    await page.goto('/#/subPackages/accounting/index');
    await visible(page, 'rec-save');
    await page.getByTestId('rec-tab-Balance').click();
    await f.pick('account', '现金');
    await f.keys('100');
    await screen('form-balance');
    await f.save('rec-save', /\/transaction\/balance$/);
    await page.goto('/#/dashboard/index');
    await expect.poll(() => accountRow(page, '现金').locator('.dash-account-balance').textContent()).toBe('100.00');

    // Deleting a member that a record uses asks where its records go.
    await page.goto('/#/categoryLabels/index?view=members');
    await expect.poll(() => names()).toContain('舅舅');
    await act('舅舅', 'delete');
    await visible(page, 'confirm-danger');
    await page.getByTestId('confirm-danger').click();
    await visible(page, 'move-title');
    // The record and the template use it.
    await expect.poll(() => page.getByTestId('move-title').textContent()).toContain('2 笔');
    await page.waitForTimeout(400);
    await shot(page, 'move-records');
    await page.getByTestId('move-to-0').waitFor();
    await page.locator('.sheet-action', { hasText: '妈妈' }).click();
    await f.toast('已删除，相关账目已转移');
    await expect.poll(() => names()).not.toContain('舅舅');
    // The record now names the member chosen.
    await page.goto(`/#/subPackages/accounting/index?id=${fromTemplate.id}`);
    await visible(page, 'rec-delete');
    await expect.poll(() => page.getByTestId('rec-member-value').textContent()).toBe('妈妈');

    expect(errors).toEqual([]);
    await context.close();
  });
});
