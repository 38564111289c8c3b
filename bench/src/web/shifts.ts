/**
 * Layout shifts of the first screens (not part of npm test): each page loaded in Chromium at
 * Lighthouse's phone size under several simulated round trips, and every layout shift
 * printed with the nodes that moved. Lighthouse reports only the largest shift of a run, and
 * which one happens depends on which answer arrives first; this tries several orders.
 *
 *   npm run bench:shifts                      # builds first; BENCH_NO_BUILD=1 uses apps/web/dist as it is
 *   SHIFT_CASES='[[0,1],[150,4]]' SHOTS=/tmp/shots npm run bench:shifts
 *
 * It also prints each largest-paint candidate (time, area, element), to see what a page's LCP waits for,
 * and with SHIFT_WATCH (CSS selectors, comma-separated) when each first appears in the page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServerProcess, waitForExit } from '../../../apps/server/test/process.ts';
import { firstScreens, seed, signedInStorage } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// [round trip ms, CPU slowdown] pairs: which answer arrives first changes which shift happens.
const CASES: Array<[number, number]> = process.env.SHIFT_CASES
  ? (JSON.parse(process.env.SHIFT_CASES) as Array<[number, number]>)
  : [
      [0, 1],
      [0, 4],
      [40, 1],
      [150, 4],
      [300, 4],
    ];
// SHIFT_WATCH='.operation-card,[data-testid=home-books]': when each first appears, beside the paints.
const WATCH = (process.env.SHIFT_WATCH ?? '').split(',').filter(Boolean);
if (!process.env.BENCH_NO_BUILD)
  execFileSync('npm', ['run', 'build', '-w', '@cab/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-shifts-'));
const seeded = await seed(dataDir);
const server = await startServerProcess({ NODE_ENV: 'production', CAB_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
const storage = signedInStorage(seeded);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const { name, hash } of firstScreens(seeded.book)) {
    for (const [latency, cpu] of CASES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${server.base}/server/info`);
      await page.evaluate((e: Array<[string, string]>) => e.forEach(([k, v]) => localStorage.setItem(k, v)), Object.entries(storage));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      // A string, not a function: tsx would wrap the function's inner names in a helper the page does not have.
      await page.addInitScript(`
        window.__shifts = [];
        const describe = (n) => n instanceof Element
          ? n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + '.' + [...n.classList].join('.') + '[' + (n.getAttribute('data-testid') ?? '') + ']'
          : String(n && n.nodeName);
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.hadRecentInput) continue;
            const src = (e.sources ?? []).map((s) => describe(s.node) + ' y ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y) + ' h ' + Math.round(s.previousRect.height) + '->' + Math.round(s.currentRect.height));
            window.__shifts.push(Math.round(e.startTime) + 'ms ' + e.value.toFixed(3) + ' ' + src.join(' | '));
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__shifts.push(Math.round(e.startTime) + 'ms LCP candidate ' + e.size + ' ' + describe(e.element) + ' ' + (e.url || ''));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        const watched = ${JSON.stringify(WATCH)};
        if (watched.length) {
          const seen = new Set();
          new MutationObserver(() => {
            for (const sel of watched) if (!seen.has(sel) && document.querySelector(sel)) {
              seen.add(sel);
              window.__shifts.push(Math.round(performance.now()) + 'ms first ' + sel);
            }
          }).observe(document, { childList: true, subtree: true });
        }
      `);
      await page.goto(`${server.base}/#${hash}`);
      await page.waitForTimeout(4000);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
      console.log(`${name} latency ${latency} cpu ${cpu}x: ${shifts.length ? '' : 'no shift'}`);
      for (const s of shifts) console.log(`   ${s}`);
      if (process.env.SHOTS) await page.screenshot({ path: path.join(process.env.SHOTS, `${name}-${latency}-${cpu}.png`) });
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  await waitForExit(server.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
