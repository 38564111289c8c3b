import { ACCOUNTING_PATHS, BOOK_PATHS, SEARCH_ALL_YEARS, bookPath } from '@cab/contracts/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFetch } from '../../server/test/process.ts';
import { baseUrl, launch, phoneAddress, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { loginThroughUi, makeFamilyBook, sessionOf, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The book keeps Shanghai's clock (+8, no daylight saving); the phone keeps UTC's. The
// expected times are worked out here with plain arithmetic, apart from the app's helpers.
const HOUR = 3_600_000;
const MINUTE = 60_000;
const BOOK_OFFSET = 8 * HOUR;
interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
}
const bookWall = (ms: number): Wall => {
  const t = new Date(ms + BOOK_OFFSET);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: t.getUTCHours(), min: t.getUTCMinutes() };
};
const bookInstant = (day: Wall, h: number, min: number) => Date.UTC(day.y, day.m - 1, day.d, h, min) - BOOK_OFFSET;
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (w: Pick<Wall, 'h' | 'min'>) => `${pad(w.h)}:${pad(w.min)}`;
const dayId = (w: Wall) => `${w.y}${pad(w.m)}${pad(w.d)}`;

/** Picks an hour and a minute in antd-mobile's date picker (columns year, month, day, hour, minute) and confirms. */
async function pickTime(page: Page, hour: string, minute: string): Promise<void> {
  await page.locator('.adm-picker').waitFor({ state: 'visible' });
  for (const [column, label] of [
    [3, hour],
    [4, minute],
  ] as const) {
    // The wheel's items answer a tap; far ones sit outside the viewport, so the tap is sent to them directly.
    await page
      .locator('.adm-picker-view-column')
      .nth(column)
      .locator('.adm-picker-view-column-item', { hasText: new RegExp(`^${label}$`) })
      .first()
      .dispatchEvent('click');
    await page.waitForTimeout(400);
  }
  await page.locator('.adm-picker-header-button').last().click();
  await page.locator('.adm-picker').waitFor({ state: 'hidden' });
}

describe('one clock per book at 390x844', () => {
  it('shows and takes every time of a +8 book on its clock while the phone is on UTC, near midnight too', async () => {
    const base = baseUrl();
    const shot = screenshotter('book-clock');
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'UTC',
      extraHTTPHeaders: phoneAddress(),
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = await loginThroughUi(page, base);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    const userData = [phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`, '夜宵', '零点咖啡'];
    const screen = async (name: string) => {
      await page.waitForTimeout(400);
      expect(await foreignWords(page, 'zh-CN', userData), `${name}: words not in Chinese`).toEqual([]);
      expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
      await shot(page, name);
    };

    // A family book (made on a UTC phone it starts on UTC), moved to Shanghai's clock in its settings.
    await makeFamilyBook(page);
    const { token = '', bookId = '' } = await sessionOf(page);
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await signedFetch(base, method, url, body, token, { 'trading-entity': bookId });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    await api('PATCH', bookPath(BOOK_PATHS.update, { bookId }), { time_zone: 'Asia/Shanghai' });
    await page.reload();
    await visible(page, 'page-dashboard');

    // The new-record form starts at now on the book's clock, and says which clock that is.
    const opened = Date.now();
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'rec-save');
    const today = bookWall(opened);
    const shown = (await page.getByTestId('rec-time-value').textContent()) ?? '';
    expect(shown).toContain(`${today.m}月${today.d}日`);
    expect([hhmm(bookWall(opened)), hhmm(bookWall(opened + MINUTE)), hhmm(bookWall(Date.now()))]).toContain(/\d\d:\d\d/.exec(shown)?.[0]);
    expect(await page.getByTestId('rec-time-zone').textContent()).toBe('账本时区（+8）');
    await screen('form-default');

    // 23:30 of the book's today, typed in the picker: saved as that instant of the book's zone.
    for (const ch of '88') await page.getByTestId(`pad-${ch}`).click();
    await page.getByTestId('rec-remark').locator('input').fill('夜宵');
    await page.getByTestId('rec-time').click();
    await pickTime(page, '23', '30');
    expect(await page.getByTestId('rec-time-value').textContent()).toContain(`${today.m}月${today.d}日 23:30`);
    await screen('form-picked-2330');
    const saved = page.waitForResponse((r) => /\/transaction\/expense$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    const savedAt = Date.now();
    await page.getByTestId('rec-save').click();
    const late = ((await (await saved).json()) as { data: { id: string; transaction_time: number } }).data;
    expect(late.transaction_time).toBe(bookInstant(today, 23, 30));
    await visible(page, 'page-dashboard');

    // Ten past midnight of the same book day: the phone (UTC) still calls it the day before.
    const accounts = (await api<{ data: Array<{ accounts: Array<{ id: string }> }> }>('GET', ACCOUNTING_PATHS.accounts)).data.flatMap(
      (g) => g.accounts,
    );
    const categories = (
      await api<{ data: Array<{ sub_categories: Array<{ id: string }> }> }>('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`)
    ).data;
    const midnightAt = bookInstant(today, 0, 10);
    expect(new Date(midnightAt).getUTCDate()).not.toBe(today.d);
    const early = (
      await api<{ data: { id: string } }>('POST', ACCOUNTING_PATHS.expense, {
        account: { id: accounts[0]!.id },
        category: { id: categories[0]!.sub_categories[0]!.id },
        amount: '12.00',
        remark: '零点咖啡',
        transaction_time: midnightAt,
      })
    ).data;

    // The flow: both under the book's today, at 23:30 and 00:10, with the clock named.
    await page.goto(`/#/flow/index?bookId=${bookId}`);
    await visible(page, 'flow-list');
    const day = page.getByTestId(`flow-day-${dayId(today)}`);
    await day.getByTestId(`flow-row-${late.id}`).waitFor();
    expect(await day.getByTestId(`flow-row-${late.id}`).locator('.flow-row-time').textContent()).toBe('23:30');
    expect(await day.getByTestId(`flow-row-${early.id}`).locator('.flow-row-time').textContent()).toBe('00:10');
    expect(await day.locator('.flow-day-name').textContent()).toContain('今天');
    expect(await page.getByTestId('zone-note').first().textContent()).toBe('时间按账本时区（+8）显示');
    await screen('flow');

    // The editor: the same day and time as the flow, for both.
    await day.getByTestId(`flow-row-${late.id}`).click();
    await visible(page, 'rec-save');
    await expect.poll(() => page.getByTestId('rec-time-value').textContent()).toContain(`${today.m}月${today.d}日 23:30`);
    await screen('editor-2330');
    await page.goto(`/#/subPackages/accounting/index?id=${early.id}`);
    await expect.poll(() => page.getByTestId('rec-time-value').textContent()).toContain(`${today.m}月${today.d}日 00:10`);
    await screen('editor-0010');

    // Search: the same day and time in the results.
    for (const [keyword, id, time] of [
      ['夜宵', late.id, '23:30'],
      ['零点咖啡', early.id, '00:10'],
    ] as const) {
      await page.goto(`/#/flow/pages/search-flow-detail?bookId=${bookId}&keyword=${encodeURIComponent(keyword)}&year=${SEARCH_ALL_YEARS}`);
      await visible(page, `flow-row-${id}`);
      expect(await page.getByTestId(`flow-row-${id}`).locator('.flow-row-time').textContent()).toBe(`${today.m} 月 ${today.d} 日 ${time}`);
    }
    expect(await page.getByTestId('zone-note').first().textContent()).toBe('时间按账本时区（+8）显示');
    await screen('search');

    // The activity log: the record's entry at the moment it was saved, on the book's clock.
    await page.goto(`/#/roleSetting/pages/activity?bookId=${bookId}`);
    await visible(page, 'activity-list');
    const stamps = await page.locator('[data-testid="activity-list"] .member-sub').allTextContents();
    const w = (ms: number) => {
      const x = bookWall(ms);
      return `${x.y}/${x.m}/${x.d} ${hhmm(x)}`;
    };
    const candidates = [w(savedAt - MINUTE), w(savedAt), w(savedAt + MINUTE)];
    expect(
      stamps.some((s) => candidates.includes(s)),
      `${stamps.join(', ')} has none of ${candidates.join(', ')}`,
    ).toBe(true);
    expect(await page.getByTestId('zone-note').first().textContent()).toBe('时间按账本时区（+8）显示');
    await screen('activity');

    // Budgets: the period is the book's, and says so.
    await page.goto(`/#/budget/index?bookId=${bookId}`);
    await visible(page, 'budget-period');
    expect(await page.getByTestId('budget-zone').textContent()).toBe('账本时区（+8）');
    await screen('budget');

    // In English the zone is named as UTC+8.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-language').click();
    await page.getByTestId('language-en').click();
    await page.goto(`/#/flow/index?bookId=${bookId}`);
    await expect.poll(() => page.getByTestId('zone-note').first().textContent()).toBe("Times in the book's time zone (UTC+8)");
    expect(await page.getByTestId(`flow-row-${late.id}`).locator('.flow-row-time').textContent()).toBe('23:30');
    await shot(page, 'flow-en');
    await page.goto(`/#/subPackages/accounting/index?id=${late.id}`);
    await expect.poll(() => page.getByTestId('rec-time-zone').textContent()).toBe('Book time (UTC+8)');
    expect(await page.getByTestId('rec-time-value').textContent()).toContain('23:30');
    await shot(page, 'editor-en');

    expect(errors).toEqual([]);
    await context.close();
  });
});
