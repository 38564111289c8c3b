import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { makeFamilyBook, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Every layout shift the page makes on its own (not after a tap), summed as Chromium reports them.
const SHIFT_OBSERVER = `
  window.__shift = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shift += e.value;
      for (const s of e.sources || []) {
        const n = s.node;
        window.__shifts.push((n && n.getAttribute ? n.getAttribute('data-testid') || n.className : String(n)) + ' ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y));
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Opens `hash` afresh with the calls matching `slow` answered `delayMs` late, waits for `ready`, and returns the shifts. */
async function shiftsWith(
  page: Page,
  hash: string,
  slow: RegExp,
  ready: string,
  delayMs = 700,
): Promise<{ score: number; moved: string[] }> {
  await page.route(slow, async (route) => {
    await new Promise((r) => setTimeout(r, delayMs));
    await route.continue();
  });
  // A new document each time (a hash change alone would keep the old one and its observer).
  await page.goto('about:blank');
  await page.goto(`/#${hash}`);
  await visible(page, ready);
  await page.waitForTimeout(delayMs + 600);
  await page.unroute(slow);
  const [score, moved] = await page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    return [w.__shift, w.__shifts] as const;
  });
  return { score, moved: [...moved] };
}

describe('the first screens keep still while their answers arrive (issue 26)', () => {
  it('home, mine and the dashboard do not move what is drawn, whichever of their calls comes last', async () => {
    const { context, page, errors } = await signedInPhone(browser, 'layout-shift');
    await makeFamilyBook(page);
    await context.addInitScript(SHIFT_OBSERVER);

    const cases: Array<[string, string, RegExp, string]> = [
      // The month's totals and its line (count or nothing recorded) after the accounts, and the other way round.
      ['dashboard', '/dashboard/index', /month-summary/, 'dashboard-no-records'],
      ['dashboard', '/dashboard/index', /account-book\/accounts/, 'dashboard-accounts'],
      ['dashboard', '/dashboard/index', /account-books\/book\?/, 'dashboard-no-records'],
      // The recent row after the book list; the info flow after both.
      ['home', '/pages/home/index', /books\/recently-use/, 'home-books'],
      ['home', '/pages/home/index', /book-group\/cloud/, 'home-books'],
      ['home', '/pages/home/index', /market\/v2\/contents|infoFlow\/operation/, 'home-books'],
      // The market figures and the banana-shell guide after the menu.
      ['mine', '/pages/mine/index', /mine\/info\//, 'mine-favorites'],
      ['mine', '/pages/mine/index', /operationGuide/, 'mine-favorites'],
      ['mine', '/pages/mine/index', /user\/info/, 'mine-favorites'],
    ];
    for (const [name, hash, slow, ready] of cases) {
      const { score, moved } = await shiftsWith(page, hash, slow, ready);
      expect(score, `${name} with ${slow} late moved: ${moved.join(', ')}`).toBeLessThan(0.01);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
