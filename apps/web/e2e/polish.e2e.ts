import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { foreignWords } from './checks.ts';
import { articleWords, makeFamilyBook, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HAN = /[\u3400-\u9fff]/;

/** Every control's font next to the body's: buttons, inputs, chips and antd-mobile's own parts. */
const oddFonts = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body).fontFamily;
    const controls = document.querySelectorAll('button, input, textarea, select, .adm-button, .adm-input-element, [class*="chip"], a');
    return [...controls]
      .map((e) => `${e.tagName}.${e.className}: ${getComputedStyle(e).fontFamily}`)
      .filter((f) => !f.endsWith(`: ${body}`));
  });

/**
 * Where the page bar's visible marks begin and end: the back arrow's stroke from the left
 * edge, the last action's text or icon from the right (boxes of text runs and of SVG paths,
 * not of the buttons around them).
 */
const barInsets = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('.page-bar')!.getBoundingClientRect();
    const marks = (el: Element | null) => {
      const out: DOMRect[] = [];
      const walk = (n: Node) => {
        if (n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          out.push(...range.getClientRects());
        } else if (n instanceof Element) {
          if (n.tagName.toLowerCase() === 'path') out.push(n.getBoundingClientRect());
          else n.childNodes.forEach(walk);
        }
      };
      if (el) walk(el);
      return out.filter((r) => r.width > 0);
    };
    const left = marks(document.querySelector('.page-bar-side'));
    const right = marks(document.querySelector('.page-bar-side.right'));
    return {
      left: left.length ? Math.min(...left.map((r) => r.left)) - bar.left : undefined,
      right: right.length ? bar.right - Math.max(...right.map((r) => r.right)) : undefined,
    };
  });

async function insetsMatch(page: Page, name: string) {
  await page.locator('.page-bar').first().waitFor();
  await page.waitForTimeout(300);
  const { left, right } = await barInsets(page);
  expect(left, `${name}: back arrow`).toBeDefined();
  expect(right, `${name}: right action`).toBeDefined();
  expect(Math.abs(left! - right!), `${name}: left ${left}, right ${right}`).toBeLessThanOrEqual(1.5);
  expect(left!).toBeGreaterThanOrEqual(14);
  expect(left!).toBeLessThanOrEqual(18);
}

/** The toolbar is at the bottom of the screen, the page bar at the top. */
async function toolbarAtBottom(page: Page, selector: string, name: string) {
  const bar = await page.locator(selector).boundingBox();
  expect(bar, `${name}: toolbar`).not.toBeNull();
  expect(Math.abs(bar!.y + bar!.height - 844), `${name}: toolbar ends at ${bar!.y + bar!.height}`).toBeLessThanOrEqual(1);
  expect((await page.locator('.page-bar').boundingBox())?.y).toBe(0);
}

/**
 * Issue 24, polish: English content (articles, the video's text, default nicknames), one
 * font for every control, the page bar's insets, the add-account sheet's labels, the image
 * preview and the template preview after a reload, and a video text that names real screens.
 */
describe('polish at 390x844, in Chinese and in English', () => {
  it('fonts, insets, the add-account sheet, previews after a reload, and content in the reader’s language', async () => {
    const { page, errors, screen, shot, phone, userData } = await signedInPhone(browser, 'polish');
    const last4 = phone.slice(-4);
    userData.push(`用户${last4}`);

    // A default nickname in Chinese; every control in the one font.
    await expect.poll(() => page.getByTestId('mine-nickname').textContent()).toBe(`用户${last4}`);
    expect(await oddFonts(page)).toEqual([]);

    // The page bar: the back arrow and the last action as far from their edges, text or icon.
    await makeFamilyBook(page);
    expect(await oddFonts(page)).toEqual([]);
    await insetsMatch(page, 'dashboard (text action)');
    await shot(page, 'dashboard-bar');
    const bookId = new URL(page.url().replace('#', '')).searchParams.get('TradingEntity')!;
    await page.goto('/#/flow/index');
    await visible(page, 'flow-entry-charts');
    await insetsMatch(page, 'flow (icon action)');
    await page.goto(`/#/bookSetting/index?bookId=${bookId}`);
    await visible(page, 'book-setting-more');
    await insetsMatch(page, 'book settings (more icon)');
    await page.goto('/#/subPackages/accounting/index');
    await visible(page, 'rec-templates');
    await insetsMatch(page, 'record (text action)');
    expect(await oddFonts(page)).toEqual([]);

    // The add-account sheet, opened after the members pages have brought their own stylesheet:
    // every label starts where the fields do.
    await page.goto('/#/roleSetting/index');
    await visible(page, 'page-role-setting');
    await page.goto('/#/categoryLabels/index?view=accounts');
    await visible(page, 'page-category-labels');
    await page.getByTestId('manage-add').click();
    await visible(page, 'account-name-input');
    await page.waitForTimeout(400);
    const starts = await page
      .locator('.account-form .field-label, .account-form .field-row, .account-form .chip-wrap')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(starts.length).toBe(8);
    expect(new Set(starts), `label and field starts: ${starts.join(', ')}`).toEqual(new Set([starts[0]]));
    expect(await oddFonts(page)).toEqual([]);
    await screen('add-account-sheet');
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 200, y: 40 } });

    // The image preview, reloaded (its images are the form's, gone with the reload): the
    // toolbar stays at the bottom under the empty state.
    await page.goto('/#/accounting/pages/image-preview');
    await visible(page, 'page-image-preview');
    await page.reload();
    await visible(page, 'preview-save');
    await page.waitForTimeout(500);
    await toolbarAtBottom(page, '.preview-actions', 'image preview');
    await shot(page, 'image-preview-reloaded');
    // The template preview, reloaded: its bar at the bottom too.
    await page.goto('/#/preview/index?id=1007');
    await visible(page, 'use-this-template');
    await page.reload();
    await visible(page, 'use-this-template');
    await toolbarAtBottom(page, '.market-sticky-bar', 'template preview');
    await shot(page, 'template-preview-reloaded');

    // The video's text names the app's real screens, and they are where it says.
    await page.goto('/#/pages/home/index');
    await visible(page, 'info-flow-items');
    const zhWords = await articleWords(page);
    expect(zhWords.every((w) => HAN.test(w))).toBe(true);
    const video = page.locator('[data-testid="info-flow-items"] [data-type="video"]').first();
    await video.click();
    await visible(page, 'content-body');
    const zhVideo = (await page.getByTestId('content-body').textContent()) ?? '';
    expect(zhVideo).toContain('“流水”');
    expect(zhVideo).toContain('“分类图表”');
    expect(zhVideo).not.toMatch(/统计|本月/);
    await shot(page, 'video-zh');
    // Follow it with one expense recorded: book home -> 流水 -> 分类图表, this month, 支出, the
    // ring and 支出排行; a category opens to what it cost each day.
    await page.goto('/#/subPackages/accounting/index');
    await visible(page, 'rec-save');
    for (const key of '35') await page.getByTestId(`pad-${key}`).click();
    await page.getByTestId('rec-save').click();
    await visible(page, 'page-dashboard');
    expect(await page.getByTestId('dashboard-flows').textContent()).toBe('流水');
    await page.getByTestId('dashboard-flows').click();
    await visible(page, 'flow-entry-charts');
    expect(await page.getByTestId('flow-entry-charts').textContent()).toContain('分类图表');
    await page.getByTestId('flow-entry-charts').click();
    await visible(page, 'period-switcher');
    const month = new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(await page.getByTestId('period-name').textContent()).toContain(`${month} 月`);
    await visible(page, 'period-prev');
    expect(await page.getByTestId('chart-type').textContent()).toContain('支出');
    await page.getByRole('heading', { name: '支出排行' }).waitFor();
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await page.waitForTimeout(800); // the ring draws itself
    await shot(page, 'charts-zh');
    await page.locator('[data-testid^="rank-"]').first().click();
    await visible(page, 'category-bars');
    expect(await page.getByTestId('category-trend').textContent()).toContain('支出趋势');

    // English: mine -> language.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-language').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('tab-bar').textContent()).toContain('Me');
    // The default nickname reads in English, here and on the personal info page.
    await expect.poll(() => page.getByTestId('mine-nickname').textContent()).toBe(`User ${last4}`);
    // The book was named in Chinese when it was made: its name is the user's data.
    const enData = [phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`, '家庭账本'];
    expect(await foreignWords(page, 'en', enData)).toEqual([]);
    await shot(page, 'mine-en');
    await page.goto('/#/personalInfo/index');
    await expect.poll(() => page.getByTestId('personal-nickname-value').textContent()).toBe(`User ${last4}`);

    // The info flow's articles and the video in English, their pages too.
    await page.goto('/#/pages/home/index');
    await visible(page, 'info-flow-items');
    await expect.poll(async () => (await articleWords(page)).some((w) => HAN.test(w))).toBe(false);
    expect(await foreignWords(page, 'en', enData)).toEqual([]);
    expect(await oddFonts(page)).toEqual([]); // the book chips, the tag chips, the search box
    await shot(page, 'home-en');
    await page.locator('[data-testid="info-flow-items"] [data-type="article"]').first().click();
    await visible(page, 'content-body');
    expect(await foreignWords(page, 'en', enData)).toEqual([]);
    await shot(page, 'article-en');
    await page.goto('/#/pages/home/index');
    await visible(page, 'info-flow-items');
    await page.locator('[data-testid="info-flow-items"] [data-type="video"]').first().click();
    await visible(page, 'content-body');
    const enVideo = (await page.getByTestId('content-body').textContent()) ?? '';
    expect(enVideo).toContain('tap Flows, then Charts');
    expect(enVideo).toContain('"Expense by category"');
    expect(await foreignWords(page, 'en', enData)).toEqual([]);
    await shot(page, 'video-en');
    // The screens it names, in English.
    await page.goto(`/#/dashboard/index?TradingEntity=${bookId}`);
    await visible(page, 'page-dashboard');
    expect(await page.getByTestId('dashboard-flows').textContent()).toBe('Flows');
    await page.getByTestId('dashboard-flows').click();
    await visible(page, 'flow-entry-charts');
    expect(await page.getByTestId('flow-entry-charts').textContent()).toContain('Charts');
    expect(await oddFonts(page)).toEqual([]);
    await insetsMatch(page, 'flow in English');
    await shot(page, 'flow-en');
    await page.getByTestId('flow-entry-charts').click();
    await page.getByRole('heading', { name: 'Expense by category' }).waitFor();
    expect(await page.getByTestId('chart-type').textContent()).toContain('Expense');
    await shot(page, 'charts-en');

    expect(errors).toEqual([]);
  });
});
