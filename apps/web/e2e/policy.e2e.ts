import type { Browser, ConsoleMessage, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { makeFamilyBook, sessionOf, signedInPhone, visible } from './flows.ts';
import { png } from './png.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Moves within the app without loading the document again (a hash change). */
const go = (page: Page, hash: string) => page.evaluate((h) => void (window.location.hash = h), hash);

/** What the browser says when a header's policy refuses something, or cannot read the header. */
const POLICY_WORDS = /Refused to|Content Security Policy|Content-Security-Policy|Permissions-Policy|X-Frame-Options/i;

describe('the app under its content security policy at 390x844 (issue 25)', () => {
  it('signs in, records with a photo, opens the flow, messages, community, a video and /docs with nothing refused', async () => {
    const { context, page, errors, screen, shot } = await signedInPhone(browser, 'policy');
    const refused: string[] = [];
    const listen = (p: Page) =>
      p.on('console', (m: ConsoleMessage) => POLICY_WORDS.test(m.text()) && refused.push(`${p.url()}: ${m.text()}`));
    listen(page);
    /** Nothing refused so far: a refusal shows as a console message and, thrown by phoneContext, as a page error. */
    const clean = (step: string) => {
      expect(refused, step).toEqual([]);
      expect(errors, step).toEqual([]);
    };

    // The shell itself, loaded afresh: its policy names no inline script and hashes the start-up styles.
    const shell = (await page.reload()) as Response;
    const csp = (await shell.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    // Outside production the test host (same origin) may frame the app; in production exactly CAB_FRAME_ANCESTORS.
    expect(csp).toContain("frame-ancestors 'self'");
    await visible(page, 'tab-bar');
    await page.waitForTimeout(500);
    clean('shell');

    // A book and an expense with a photo from the album: the thumbnail (an object URL) and the preview.
    await makeFamilyBook(page);
    const { bookId = '' } = await sessionOf(page);
    await page.getByTestId('dashboard-record').click();
    await visible(page, 'rec-save');
    for (const key of '36') await page.getByTestId(`pad-${key}`).click();
    await page.getByTestId('album-add').click();
    await page.getByTestId('album-album').click();
    await page
      .getByTestId('album-file')
      .setInputFiles([{ name: 'receipt.png', mimeType: 'image/png', buffer: png(120, 90, [245, 166, 35]) }]);
    await expect.poll(() => page.locator('[data-testid^="thumb-"][data-status="done"]').count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('thumb-0').click();
    await visible(page, 'page-image-preview');
    await expect
      .poll(() =>
        page
          .getByTestId('preview-slide-0')
          .locator('img')
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBe(120);
    clean('photo preview');
    await screen('photo-preview');
    await page.getByTestId('page-back').click();
    const saved = page.waitForResponse((r) => /\/transaction\/expense$/.test(new URL(r.url()).pathname));
    await page.getByTestId('rec-save').click();
    expect((await saved).status()).toBe(201);
    await visible(page, 'page-dashboard');

    // The flow, with its live-update stream open; the saved photo, fetched with the token, in the record.
    await go(page, `#/flow/index?TradingEntity=${bookId}`);
    await visible(page, 'page-flow');
    await page.waitForTimeout(1000);
    clean('flow');
    await screen('flow');

    // The message center and the book's community.
    await go(page, '#/messageCenter/list');
    await visible(page, 'page-messages');
    clean('messages');
    await screen('messages');
    await go(page, `#/community/list?bookId=${bookId}`);
    await visible(page, 'page-community-list');
    clean('community');
    await screen('community');

    // The video: its poster and the file itself, played.
    await go(page, '#/pages/home/index');
    const card = page.locator('[data-testid="info-flow-items"] [data-type="video"]').first();
    await card.click();
    await visible(page, 'page-book-video');
    const player = page.getByTestId('content-video');
    await player.waitFor();
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    clean('video');
    await screen('video');

    // The API's own page.
    const docs = await context.newPage();
    listen(docs);
    docs.on('pageerror', (e) => errors.push(e.message));
    const answer = (await docs.goto('/docs')) as Response;
    expect((await answer.allHeaders())['content-security-policy']).toContain("default-src 'none'");
    await docs.getByRole('heading', { name: 'CAB API' }).waitFor();
    await shot(docs, 'docs');

    clean('docs');
    await context.close();
  });
});
