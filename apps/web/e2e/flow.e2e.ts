import { ACCOUNTING_PATHS, STATISTICS_PATHS, minorToMoney } from '@cab/contracts/client';
import type { Browser } from 'playwright-core';
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

const HOUR = 3_600_000;
const WORDS = ['早餐', '午饭', '地铁', '超市', '咖啡', '打车', '水果', '电影'];

interface Dims {
  accounts: Array<{ id: string; name: string }>;
  expense: Array<{ id: string; name: string; sub_categories: Array<{ id: string; name: string }> }>;
  income: Array<{ id: string; sub_categories: Array<{ id: string }> }>;
  members: Array<{ id: string; name: string }>;
}

describe('flows journey at 390x844', () => {
  it('scrolls a book of a few hundred records through months, charts a category, groups by member, finds a remark and edits it', async () => {
    const { base, context, page, errors, screen } = await signedInPhone(browser, 'flow');

    // A family book, made through the UI; its few hundred records through the batch API.
    await makeFamilyBook(page);
    const { token = '', bookId = '' } = await sessionOf(page);
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await signedFetch(base, method, url, body, token, { 'trading-entity': bookId });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const dims: Dims = {
      accounts: (await api<{ data: Array<{ accounts: Dims['accounts'] }> }>('GET', ACCOUNTING_PATHS.accounts)).data.flatMap(
        (g) => g.accounts,
      ),
      expense: (await api<{ data: Dims['expense'] }>('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`)).data,
      income: (await api<{ data: Dims['income'] }>('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Income`)).data,
      members: (await api<{ data: Dims['members'] }>('GET', ACCOUNTING_PATHS.members)).data,
    };
    const food = dims.expense[0]!;
    const member = dims.members[1]!;
    const now = Date.now();
    const records = Array.from({ length: 320 }, (_, i) => {
      const time = now - (i + 1) * 11 * HOUR;
      if (i % 15 === 7) {
        return {
          business_type: 'Income',
          account: { id: dims.accounts[0]!.id },
          category: { id: dims.income[0]!.sub_categories[0]!.id },
          amount: '5000.00',
          remark: '工资',
          transaction_time: time,
        };
      }
      const category = dims.expense[i % 3]!;
      return {
        business_type: 'Expense',
        account: { id: dims.accounts[i % 2]!.id },
        category: { id: category.sub_categories[i % category.sub_categories.length]!.id },
        amount: minorToMoney(((i * 7919) % 20_000) + 300),
        remark: i === 200 ? '火锅聚餐' : `${WORDS[i % WORDS.length]} ${i}`,
        member: i % 4 === 0 ? { id: member.id } : null,
        transaction_time: time,
      };
    });
    const created = await api<{ data: Array<{ id: string; remark: string }> }>('POST', ACCOUNTING_PATHS.batch, {
      transaction_vo_list: records,
    });
    const hotpot = created.data.find((t) => t.remark === '火锅聚餐')!;

    // The dashboard fetches the flow page's code once it is drawn (SPEC 2: dashboard preloads flow).
    await page.reload();
    await visible(page, 'page-dashboard');
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /FlowPage-[\w-]+\.js$/.test(e.name))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.getByTestId('dashboard-flows').click();
    await visible(page, 'page-flow');
    await visible(page, 'flow-list');
    await screen('flow', [member.name]);

    // Scrolling loads earlier months page by page; each month's header has the server's totals.
    const months = await api<{ data: Array<{ group_info: { group_id: string }; metric_data: Array<{ key: string; value: string }> }> }>(
      'POST',
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'TIME_MONTH' }, sort: { sort_by: 'GROUP_ID', order_by: 'DESC' } },
    );
    expect(months.data.length).toBeGreaterThanOrEqual(4);
    const third = months.data[2]!;
    for (let i = 0; i < 40 && !(await page.getByTestId(`flow-month-${third.group_info.group_id}`).count()); i++) {
      await page.getByTestId('flow-list').locator('.flow-row').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    const header = page.getByTestId(`flow-month-${third.group_info.group_id}`).locator('h2').first();
    await header.scrollIntoViewIfNeeded();
    const expense = third.metric_data.find((m) => m.key === 'EXPENSE')!.value;
    await expect.poll(() => header.textContent()).toContain(Number(expense).toLocaleString('en', { minimumFractionDigits: 2 }));
    await screen('flow-earlier-month', [member.name]);

    // The category charts: every category's share, then one category with its trend.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('flow-entry-charts').click();
    await visible(page, 'page-category-flow');
    await visible(page, 'category-share');
    await page.locator('[data-testid="category-share"] canvas').first().waitFor({ state: 'visible' });
    await screen('category-share');
    await page.getByTestId(`rank-${food.id}`).click();
    await visible(page, 'category-trend');
    await page.locator('[data-testid="category-trend"] canvas').first().waitFor({ state: 'visible' });
    await screen('category-food', [member.name]);

    // Grouped by member: the member's own totals and records.
    await page.goBack();
    await page.goBack();
    await visible(page, 'page-flow');
    await page.getByTestId('flow-entry-member').click();
    await visible(page, 'page-group-flow');
    await visible(page, 'group-list');
    await screen('group-members', [member.name]);
    await page.getByTestId(`group-${member.id}`).click();
    await visible(page, 'group-summary');
    await screen('group-member', [member.name]);

    // Search by a word of a remark, open the record it finds and change its amount.
    await page.goBack();
    await page.goBack();
    await visible(page, 'page-flow');
    await page.getByTestId('flow-search').click();
    await visible(page, 'search-guide');
    await visible(page, 'search-tags');
    await screen('search-guide', [member.name, ...dims.accounts.map((a) => a.name)]);
    await page.getByTestId('search-keyword').locator('input').fill('火锅');
    await page.getByTestId('search-submit').click();
    await visible(page, `flow-row-${hotpot.id}`);
    await screen('search-results', [member.name]);
    await page.getByTestId(`flow-row-${hotpot.id}`).click();
    await visible(page, 'page-accounting');
    await visible(page, 'rec-save');
    for (let i = 0; i < 10; i++) await page.getByTestId('pad-back').click();
    for (const ch of '1234.56') await page.getByTestId(`pad-${ch}`).click();
    await screen('edit', [member.name]);
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith(`/transaction/${hotpot.id}`) && r.request().method() === 'PATCH',
    );
    await page.getByTestId('rec-save').click();
    expect((await saved).status()).toBe(200);

    // Back in the results, then the flow: both show the change.
    await visible(page, 'search-results');
    await expect.poll(() => page.getByTestId(`flow-amount-${hotpot.id}`).first().textContent(), { timeout: 10_000 }).toContain('1,234.56');
    await page.goBack(); // the search guide
    await page.goBack();
    await visible(page, 'page-flow');
    for (let i = 0; i < 40 && !(await page.getByTestId(`flow-row-${hotpot.id}`).count()); i++) {
      await page.getByTestId('flow-list').locator('.flow-row').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    const row = page.getByTestId(`flow-amount-${hotpot.id}`);
    await row.scrollIntoViewIfNeeded();
    await expect.poll(() => row.textContent()).toContain('1,234.56');
    await screen('flow-after-edit', [member.name]);

    // Edited from deep in the flow, the flow comes back where it was, with the change.
    await page.getByTestId(`flow-row-${hotpot.id}`).click();
    await visible(page, 'rec-save');
    for (let i = 0; i < 10; i++) await page.getByTestId('pad-back').click();
    for (const ch of '2345.67') await page.getByTestId(`pad-${ch}`).click();
    await page.getByTestId('rec-save').click();
    await visible(page, 'page-flow');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('2,345.67');
    const box = await row.boundingBox();
    expect(box && box.y > 0 && box.y < 844, `the edited row is in view (${JSON.stringify(box)})`).toBe(true);
    await screen('flow-back-in-place', [member.name]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
