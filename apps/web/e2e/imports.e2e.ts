import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNTING_PATHS, STATISTICS_PATHS } from '@cab/contracts/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayBill, alipayTrade } from '../../server/test/alipay-bill.ts';
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

const SAMPLES = path.resolve(import.meta.dirname, '../../server/src/modules/imports/formats/samples');
/** Enough trades that recording them takes a moment: the progress bar shows. */
const TRADES = 3000;

/** Picks a source on the import page and gives the file chooser this file; the page opens the new import. */
async function upload(page: Page, source: string, name: string, buffer: Buffer) {
  await visible(page, 'page-import');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(`import-source-${source}`).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
  await visible(page, 'page-import-detail', 30_000);
  await visible(page, 'import-summary', 60_000);
}

describe('importing bills in the browser', () => {
  it('imports an Alipay bill with a duplicate and a 随手记 workbook through the names mapping, with progress, into the flow', async () => {
    const { base, page, errors, screen, shot } = await signedInPhone(browser, 'imports');
    await makeFamilyBook(page);
    const { token, bookId } = await sessionOf(page);
    const call = (method: string, url: string, body?: unknown) =>
      signedFetch(base, method, url, body, token, { 'trading-entity': bookId! });

    // One trade of the bill recorded by hand first: the import must find it and skip it.
    const accounts = (await (await call('GET', ACCOUNTING_PATHS.accounts)).json()) as { data: Array<{ accounts: Array<{ id: string }> }> };
    const expense = (await (await call('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`)).json()) as {
      data: Array<{ id: string; name: string }>;
    };
    const repeat = alipayTrade(5);
    expect(repeat.income).toBe(false);
    const made = await call('POST', ACCOUNTING_PATHS.expense, {
      account: { id: accounts.data[0]!.accounts[0]!.id },
      category: { id: expense.data[0]!.id },
      amount: repeat.amount,
      transaction_time: Date.parse(`${repeat.time.replace(' ', 'T')}+08:00`),
      remark: '手记的一笔',
    });
    expect(made.status).toBe(201);

    // From the dashboard's link to the import page, the Alipay source, the file.
    await page.goto('/#/dashboard/index');
    await visible(page, 'dashboard-import');
    await page.getByTestId('dashboard-import').click();
    await visible(page, 'import-sources');
    await screen('import-sources');
    await upload(page, 'alipay', 'alipay.csv', alipayBill(TRADES));
    expect(await page.getByTestId('import-count-duplicate').textContent()).toContain('1');
    await visible(page, 'import-duplicates');
    await screen('alipay-ready', ['alipay.csv']);
    await visible(page, 'import-names');
    await shot(page, 'alipay-names');

    // Recorded in the background: the progress bar, then the result.
    await page.getByTestId('import-start').click();
    await visible(page, 'import-progress', 10_000);
    // A moment in: some recorded, not all (each 1,000 reaches the bar).
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('import-progress-count')
            .textContent()
            .catch(() => null)) ?? 'done',
        { timeout: 60_000 },
      )
      .toMatch(/^[1-9][\d,]* \/ 2,999 条$|^done$/);
    await shot(page, 'alipay-progress');
    await visible(page, 'import-done', 120_000);
    expect(await page.getByTestId('import-done-title').textContent()).toBe(`已导入 ${(TRADES - 1).toLocaleString('en')} 条`);
    await screen('alipay-done', ['alipay.csv']);

    // The records are in the flow, and the one recorded by hand is there once.
    await page.getByTestId('import-to-flow').click();
    await page.waitForURL(/#\/flow|#\/subPackages/);
    await page.waitForTimeout(1000);
    await shot(page, 'alipay-flow');
    const flow = await call('POST', STATISTICS_PATHS.transactions, { page: { page_size: 200 } });
    const body = (await flow.json()) as { data: Array<{ remark: string; amount: string }>; paging?: unknown };
    expect(body.data.length).toBeGreaterThan(0);
    const all = await countRecords(call);
    expect(all).toBe(TRADES - 1 + 1);

    // A 随手记 workbook, one sheet per record type; its 午餐 category mapped to one of the book's.
    await page.goto('/#/import/index');
    await upload(page, 'suishouji', 'suishouji.xlsx', fs.readFileSync(path.join(SAMPLES, 'suishouji.xlsx')));
    await page.getByTestId('import-name-category-餐饮/午餐').click();
    await visible(page, 'import-picker-items');
    await page.getByTestId(`import-pick-${expense.data[0]!.id}`).click();
    await expect.poll(() => page.getByTestId('import-name-category-餐饮/午餐').textContent()).toContain(expense.data[0]!.name);
    await screen('suishouji-ready', ['suishouji.xlsx']);
    await page.getByTestId('import-start').click();
    await visible(page, 'import-done', 60_000);
    expect(await page.getByTestId('import-done-title').textContent()).toBe('已导入 4 条');
    await shot(page, 'suishouji-done');
    expect(await countRecords(call)).toBe(TRADES + 4);
    expect(errors).toEqual([]);
  });
});

/** How many records the book's flow holds, page by page. */
async function countRecords(call: (method: string, url: string, body?: unknown) => Promise<Response>): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  for (;;) {
    const res = (await (
      await call('POST', STATISTICS_PATHS.transactions, { page: { page_size: 200, ...(cursor ? { cursor } : {}) } })
    ).json()) as {
      data: unknown[];
      paging: { next_cursor?: string | null };
    };
    n += res.data.length;
    if (!res.paging.next_cursor) return n;
    cursor = res.paging.next_cursor;
  }
}
