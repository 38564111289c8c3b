import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface PageRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes on the wire (compressed) of the scripts and style sheets the run loaded. */
  jsTransfer: number;
  cssTransfer: number;
}

const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
let reports = 0;

/** With BENCH_WEB_REPORT_DIR set, each run's full Lighthouse report is written there to read its LCP phases and chains. */
function keepReport(url: string, lhr: object): void {
  if (!REPORT_DIR) return;
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const name = new URL(url).hash.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
  fs.writeFileSync(path.join(REPORT_DIR, `${String(++reports).padStart(2, '0')}-${name}.json`), JSON.stringify(lhr));
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/**
 * One Lighthouse mobile run (its default: simulated slow 4G and a 4x slower CPU) on a
 * fresh browser profile, so nothing is cached. `storage` is written into the page's
 * localStorage first (on a JSON call of the same origin, which loads none of the
 * app), which is how a signed-in user arrives.
 */
export async function runLighthouse(url: string, storage: Record<string, string>): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'error' });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${new URL(url).origin}/server/info`);
    await page.evaluate((entries: Array<[string, string]>) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, Object.entries(storage));
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    keepReport(url, lhr);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const transfer = (type: string) => items.filter((i) => i.resourceType === type).reduce((n, i) => n + (i.transferSize ?? 0), 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      jsTransfer: transfer('Script'),
      cssTransfer: transfer('Stylesheet'),
    };
  } finally {
    chrome.kill();
  }
}
