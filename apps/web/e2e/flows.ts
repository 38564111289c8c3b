import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, outboxCode, phoneContext, screenshotter } from './browser.ts';
import { foreignWords, seriousA11yFindings } from './checks.ts';

export const visible = (page: Page, testId: string, timeout = 20_000) =>
  page.getByTestId(testId).first().waitFor({ state: 'visible', timeout });

/** The pixel width of the form's first image thumbnail as the browser decoded it (0 until it loads). */
export const thumbWidth = (page: Page) =>
  page
    .getByTestId('thumb-0')
    .locator('img')
    .evaluate((i: HTMLImageElement) => i.naturalWidth);

/** Logs a new user in through the login page, with the code from the dev outbox. */
export async function loginThroughUi(page: Page, base: string): Promise<string> {
  const phone = `13${String(Date.now()).slice(-9)}`;
  await page.goto('/#/accountLogin/index');
  await visible(page, 'page-login');
  await page.getByTestId('login-phone').locator('input').fill(phone);
  await page.getByTestId('login-send-code').click();
  await page
    .getByTestId('login-code')
    .locator('input')
    .fill(await outboxCode(base, phone));
  await page.getByTestId('login-submit').click();
  await visible(page, 'mine-logged-in');
  await seeWelcomeOff(page);
  return phone;
}

/**
 * A new user's first home shows the welcome popup, once per user (docs/market.md,
 * "Popups, guides and the mine figures"). Journeys about other things see it off here,
 * so it never covers what they tap; the page is back on mine afterwards.
 */
export async function seeWelcomeOff(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/operationPopup/queryOperationPopup'));
  await page.goto('/#/pages/home/index');
  const popups = (await (await answered).json().catch(() => ({}))) as { data?: unknown[] };
  if (popups.data?.length) {
    await visible(page, 'home-popup-title');
    await page.locator('.adm-center-popup-close').click();
    await page.getByTestId('home-popup-title').waitFor({ state: 'detached' });
  }
  await page.goto('/#/pages/mine/index');
  await visible(page, 'mine-logged-in');
}

/** The signed-in user's token and current book, as the web app keeps them on the device. */
export function sessionOf(page: Page): Promise<{ token: string | undefined; bookId: string | undefined }> {
  return page.evaluate(() => {
    const read = <T>(key: string) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: T }).state;
    return { token: read<{ user?: { token?: string } }>('cab.user')?.user?.token, bookId: read<{ bookId?: string }>('cab.book')?.bookId };
  });
}

/**
 * A journey's start: a phone-sized page signed in as a new user through the login page,
 * its page errors collected, and `screen` to check a Chinese screen (no Latin words but
 * the user's own data, no serious accessibility findings) and keep its screenshot.
 */
export async function signedInPhone(browser: Browser, journey: string) {
  const base = baseUrl();
  const shot = screenshotter(journey);
  const context = await phoneContext(browser, base);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const phone = await loginThroughUi(page, base);
  const userData = [phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`];
  /** `extra`: more of the user's own words the screen may show (names they gave). */
  const screen = async (name: string, extra: string[] = []) => {
    await page.waitForTimeout(400); // animations settle
    expect(await foreignWords(page, 'zh-CN', [...userData, ...extra]), `${name}: words not in Chinese`).toEqual([]);
    expect(await seriousA11yFindings(page), `${name}: accessibility`).toEqual([]);
    await shot(page, name);
  };
  return { base, context, page, errors, phone, userData, screen, shot };
}

/** The titles and summaries of the home info flow's articles and videos (in the reader's language). */
export function articleWords(page: Page): Promise<string[]> {
  return page.locator('[data-testid="info-flow-items"] :is(.content-title, .content-summary)').allInnerTexts();
}

/** Makes a family book from the home tab; it opens on its dashboard. */
export async function makeFamilyBook(page: Page): Promise<void> {
  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-add-book').click();
  await page.getByTestId('template-family').click();
  await page.getByTestId('create-book').click();
  await visible(page, 'page-dashboard');
}
