import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, outboxCode, phoneContext, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';
import { loginThroughUi, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The id of the first card of a kind ('article' or 'video') in the home info flow. */
async function firstCard(page: Page, type: 'article' | 'video'): Promise<string> {
  const card = page.locator(`[data-testid="info-flow-items"] [data-type="${type}"]`).first();
  await card.waitFor();
  return ((await card.getAttribute('data-testid')) ?? '').replace('content-', '');
}

describe('content journey at 390x844', () => {
  it('reads the info flow logged out, logs in to collect an article, finds it in favourites, and plays the video', async () => {
    const base = baseUrl();
    const shot = screenshotter('content');
    const context = await phoneContext(browser, base);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const userData: string[] = [];
    const screen = async (name: string) => {
      await page.waitForTimeout(400); // animations settle
      expect(await foreignWords(page, 'zh-CN', userData), `${name}: words not in Chinese`).toEqual([]);
      expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
      await shot(page, name);
    };

    // Logged out, home asks for a login for the books and shows the info flow with its cards.
    await page.goto('/#/pages/home/index');
    await visible(page, 'home-login');
    await visible(page, 'info-flow-items');
    await visible(page, 'operation-inviteFamily');
    await screen('home-logged-out');

    // One tag at a time: 预算 lists only what is tagged so.
    await page.getByTestId('flow-tag-budget').click();
    await expect.poll(() => page.getByTestId('info-flow').getAttribute('data-tag')).toBe('budget');
    await page.locator('[data-testid="info-flow-items"] .content-card').first().waitFor();
    for (const tags of await page.locator('[data-testid="info-flow-items"] .content-tags').allTextContents())
      expect(tags).toContain('预算');
    await page.getByTestId('flow-tag-all').click();

    // Choosing tags: logged out the choice stays on this page; a picked tag joins the row.
    await page.getByTestId('flow-tags-manage').click();
    await visible(page, 'flow-tag-sheet');
    await screen('tag-sheet');
    await page.getByTestId('tag-choice-business').click();
    await page.getByTestId('flow-tags-done').click();
    await visible(page, 'flow-tag-business');

    // An article: its body drawn as markup.
    const article = await firstCard(page, 'article');
    await page.getByTestId(`content-${article}`).click();
    await visible(page, 'page-book-detail');
    await visible(page, 'content-body');
    expect(await page.getByTestId('content-body').locator('p').count()).toBeGreaterThan(0);
    await screen('article');

    // Collecting needs a login; the login page comes back to the article.
    await page.getByTestId('content-collect').click();
    await visible(page, 'collect-login-prompt');
    await screen('collect-login-prompt');
    await page.getByTestId('collect-login').click();
    await visible(page, 'page-login');
    const phone = `13${String(Date.now()).slice(-9)}`;
    userData.push(phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await page.getByTestId('login-phone').locator('input').fill(phone);
    await page.getByTestId('login-send-code').click();
    await page
      .getByTestId('login-code')
      .locator('input')
      .fill(await outboxCode(base, phone));
    await page.getByTestId('login-submit').click();
    await visible(page, 'page-book-detail');
    expect(page.url()).toContain(`id=${article}`);
    const before = Number(await page.getByTestId('content-collect-count').textContent());
    await page.getByTestId('content-collect').click();
    await expect.poll(() => page.getByTestId('content-collect').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await page.getByTestId('content-collect-count').textContent())).toBe(before + 1);
    await screen('article-collected');

    // It is among my favourite articles and videos.
    await page.goto('/#/favorite/index?view=contents');
    await visible(page, 'page-favorite');
    await visible(page, `content-${article}`);
    await screen('favourite-contents');

    // The mine page counts it, and shows the banana-shell guide once.
    await page.goto('/#/pages/mine/index');
    await expect.poll(() => page.getByTestId('mine-figures').textContent()).toBe('模板 0 · 内容 1 · 评价 0');
    await visible(page, 'guide-obtainXb');
    userData.push((await page.getByTestId('mine-nickname').textContent()) ?? '');
    await screen('mine-figures-guide');
    await page.getByTestId('guide-dismiss').click();
    await expect.poll(() => page.getByTestId('guide-obtainXb').count()).toBe(0);

    // Home, logged in: the welcome popup comes once.
    await page.goto('/#/pages/home/index');
    await visible(page, 'home-popup-title');
    await screen('home-popup');
    await page.getByTestId('home-popup-go').click();
    await page.waitForURL(/pages\/market\/index/);
    await page.goto('/#/pages/home/index');
    await visible(page, 'info-flow-items');
    await page.reload();
    await visible(page, 'info-flow-items');
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('home-popup-title').count()).toBe(0);

    // The video plays inline.
    const video = await firstCard(page, 'video');
    await page.getByTestId(`content-${video}`).click();
    await visible(page, 'page-book-video');
    const player = page.getByTestId('content-video');
    await player.waitFor();
    expect(await player.getAttribute('poster')).toMatch(/^\/files\//);
    const played = await page.evaluate(`(async () => {
      const v = document.querySelector('[data-testid="content-video"]');
      v.muted = true;
      await v.play();
      const start = v.currentTime;
      await new Promise((r) => setTimeout(r, 1200));
      return { readyState: v.readyState, start, now: v.currentTime, width: v.videoWidth };
    })()`);
    const p = played as { readyState: number; start: number; now: number; width: number };
    expect(p.readyState).toBeGreaterThanOrEqual(2);
    expect(p.now).toBeGreaterThan(p.start);
    expect(p.width).toBeGreaterThan(0);
    await screen('video-playing');

    // The global search finds templates and articles too.
    await page.goto(`/#/search/pages/global-search?keyword=${encodeURIComponent('装修')}`);
    await page.locator('[data-testid^="search-template-"]').first().waitFor();
    await page.locator('[data-testid^="search-content-"]').first().waitFor();
    await screen('search-market');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sees a new user's welcome popup off at login, so other journeys can tap home at once", async () => {
    const base = baseUrl();
    const context = await phoneContext(browser, base);
    const page = await context.newPage();
    await loginThroughUi(page, base);
    await page.goto('/#/pages/home/index');
    await visible(page, 'info-flow-items');
    await page.getByTestId('home-add-book').click();
    await visible(page, 'template-family');
    expect(await page.getByTestId('home-popup-title').count()).toBe(0);
    await context.close();
  });
});
