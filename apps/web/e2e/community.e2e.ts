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

interface Person {
  page: Page;
  phone: string;
  errors: string[];
}

/** Moves within the app without loading the document again (a hash change). */
const go = (page: Page, hash: string) => page.evaluate((h) => void (window.location.hash = h), hash);
/** Set once; still there later means the page was never reloaded. */
const mark = (page: Page) => page.evaluate(() => void ((window as unknown as { cabMark: number }).cabMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { cabMark?: number }).cabMark === 1);
/** The unread count the mine page shows beside 消息中心 (0 when no badge). */
const mineBadge = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('mine-messages-badge');
  if (!(await badge.count())) return 0;
  return Number((await badge.textContent())?.trim() || 0);
};
const tabBadge = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('tab-mine-badge');
  if (!(await badge.count())) return 0;
  return Number((await badge.textContent())?.trim() || 0);
};

describe('community, message center and live updates at 390x844, two people in two browsers', () => {
  it('A pins a post, B comments, A is told live, reads it, and sees B’s record appear in the open flow', async () => {
    const base = baseUrl();
    const shot = screenshotter('community');
    const person = async (): Promise<Person> => {
      const context = await phoneContext(browser, base);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, phone: await loginThroughUi(page, base), errors };
    };
    const screen = async (who: Person, name: string) => {
      await who.page.waitForTimeout(400); // animations settle
      expect(await seriousA11yFindings(who.page), `${name}: accessibility`).toEqual([]);
      await shot(who.page, name);
    };

    // A makes a family book and invites B by code; B joins (as in members.e2e.ts).
    const a = await person();
    await makeFamilyBook(a.page);
    const { bookId = '' } = await sessionOf(a.page);
    expect(bookId).toMatch(/^\d+$/);
    await go(a.page, '#/pages/book/index');
    await a.page.getByTestId(`book-more-${bookId}`).click();
    await a.page.getByTestId('action-invite').click();
    await visible(a.page, 'invite-form');
    await a.page.getByTestId('invite-audit').getByText('邀请码', { exact: true }).click();
    await a.page.getByTestId('invite-roles').locator('.adm-selector-item', { hasText: '记账员' }).click();
    await a.page.getByTestId('invite-create').click();
    await visible(a.page, 'invite-code');
    const code = (await a.page.getByTestId('invite-code').textContent())!.trim();
    const link = (await a.page.getByTestId('invite-link').textContent())!.trim();

    const b = await person();
    await b.page.goto(`/${link.slice(link.indexOf('#'))}`);
    await visible(b.page, 'join-with-code');
    await b.page.getByTestId('join-with-code').click();
    const dialog = b.page.getByTestId('join-dialog-code');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.adm-selector-item', { hasText: '记账员' }).click();
    await dialog.getByTestId('join-code').locator('input').fill(code);
    await dialog.getByTestId('join-submit').click();
    await visible(b.page, 'join-joined-now');
    await b.page.getByTestId('join-open-book').click();
    await visible(b.page, 'page-dashboard');

    // A posts in the book's community and pins it as a notice.
    const subject = `周末聚餐AA ${Date.now() % 10_000}`;
    await go(a.page, `#/community/post?bookId=${bookId}`);
    await visible(a.page, 'post-form');
    await a.page.getByTestId('post-subject').locator('input').fill(subject);
    await a.page.getByTestId('post-message').locator('textarea:not([readonly])').fill('本周六晚上聚餐，费用大家平摊。');
    await a.page.getByTestId('post-pin').click();
    await expect.poll(() => a.page.getByTestId('post-pin').getAttribute('aria-checked')).toBe('true');
    await screen(a, 'a-post-pinned');
    await a.page.getByTestId('post-submit').click();
    await visible(a.page, 'thread');
    expect(await a.page.getByTestId('thread-subject').textContent()).toContain(subject);
    await screen(a, 'a-thread');

    // A waits on the mine page; the page is marked to prove nothing reloads it from here on.
    await go(a.page, '#/pages/mine/index');
    await visible(a.page, 'mine-messages');
    await mark(a.page);
    await a.page.waitForTimeout(1000); // the summary call and the live stream are up
    const before = await mineBadge(a.page);
    expect(await tabBadge(a.page)).toBe(before);
    await screen(a, 'a-mine-before');

    // B sees it under the notices and comments on it.
    await go(b.page, `#/community/list?bookId=${bookId}`);
    await visible(b.page, 'page-community-list');
    await b.page.getByTestId('community-tab-notice').click();
    const row = b.page.locator('[data-testid^="thread-"]', { hasText: subject }).first();
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    await screen(b, 'b-notices');
    await row.click();
    await visible(b.page, 'thread');
    await b.page.getByTestId('reply-input').locator('textarea:not([readonly])').fill('好的，我参加！');
    const replied = b.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/bbs/reply') && r.request().method() === 'POST');
    await b.page.getByTestId('reply-send').click();
    expect((await replied).status()).toBeLessThan(300);
    await b.page.getByText('好的，我参加！').first().waitFor({ state: 'visible', timeout: 10_000 });
    await screen(b, 'b-commented');

    // A's unread badge rises without a reload (the live stream's {type:'messages'} event).
    await expect.poll(() => mineBadge(a.page), { timeout: 5_000 }).toBe(before + 1);
    expect(await tabBadge(a.page)).toBe(before + 1);
    expect(await marked(a.page)).toBe(true);
    await screen(a, 'a-badge-risen');

    // A opens the message: the message center, the book, the reply; the badge falls.
    await a.page.getByTestId('mine-messages').click();
    await visible(a.page, `messages-book-${bookId}`);
    await screen(a, 'a-message-center');
    await a.page.getByTestId(`messages-book-${bookId}`).click();
    await visible(a.page, 'message-list');
    const reply = a.page.locator('[data-testid^="message-"][data-state="unread"]', { hasText: '新回复' }).first();
    await reply.waitFor({ state: 'visible' });
    await screen(a, 'a-second-list');
    await reply.locator('[data-testid^="message-open-"]').click();
    await visible(a.page, 'message-detail');
    expect(await a.page.getByTestId('message-body').textContent()).toContain(subject);
    await expect.poll(() => a.page.getByTestId('message-detail').getAttribute('data-state')).toBe('read');
    await screen(a, 'a-message-detail');
    await go(a.page, '#/pages/mine/index');
    await visible(a.page, 'mine-messages');
    await expect.poll(() => mineBadge(a.page), { timeout: 5_000 }).toBe(before);
    expect(await tabBadge(a.page)).toBe(before);
    await screen(a, 'a-badge-fallen');

    // A opens the book's flow; B records an expense; it shows on A's open flow page within 2 s.
    await go(a.page, `#/flow/index?TradingEntity=${bookId}`);
    await visible(a.page, 'page-flow');
    await a.page.waitForTimeout(1000); // the flow has loaded
    await go(b.page, `#/dashboard/index?TradingEntity=${bookId}`);
    await visible(b.page, 'page-dashboard');
    await b.page.getByTestId('dashboard-record').click();
    await visible(b.page, 'rec-save');
    for (const ch of '42.8') await b.page.getByTestId(`pad-${ch}`).click();
    const saved = b.page.waitForResponse(
      (r) => /\/transaction\/expense$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    );
    await b.page.getByTestId('rec-save').click();
    const res = await saved;
    expect(res.status()).toBe(201);
    const txId = ((await res.json()) as { data: { id: string } }).data.id;
    const at = Date.now();
    await visible(a.page, `flow-row-${txId}`, 2_000);
    const took = Date.now() - at;
    expect(took).toBeLessThan(2_000);
    expect(await marked(a.page)).toBe(true);
    await screen(a, 'a-flow-live');
    console.log(`the record reached A's open flow page in ${took} ms`);

    expect(a.errors, 'page errors of A').toEqual([]);
    expect(b.errors, 'page errors of B').toEqual([]);
  });
});
