import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export function baseUrl(): string {
  const url = process.env.CAB_E2E_BASE_URL;
  if (!url) throw new Error('the e2e global setup did not start a server');
  return url;
}

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

let phones = 0;
/**
 * The network address a journey's phone calls from. The journeys stand for many phones,
 * each on its own network, reaching the server through our proxy (the e2e server trusts
 * loopback as its proxy, global-setup.ts): without it every journey would share one
 * address's limits (30 verification codes an hour), which real phones do not.
 */
export const phoneAddress = (): Record<string, string> => ({
  'x-forwarded-for': `198.51.100.${(++phones % 250) + 1}`,
});

/**
 * A phone: 390x844, touch, Chinese locale, Shanghai time. Anything the page's content
 * security policy refuses is thrown in the page, so it reaches each journey's page
 * errors (which every journey expects empty) like any other failure.
 */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: phoneAddress(),
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const what = `content security policy refused ${e.blockedURI || 'an inline block'} (${e.effectiveDirective}) at ${e.sourceFile}:${e.lineNumber}`;
      setTimeout(() => {
        throw new Error(what);
      });
    });
  });
  return context;
}

/** Saves a screenshot as a test artifact: e2e/artifacts/<journey>/<nn>-<step>.png */
export function screenshotter(journey: string): (page: Page, step: string) => Promise<string> {
  const dir = path.join(ARTIFACTS, journey);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  return async (page, step) => {
    const file = path.join(dir, `${String(++n).padStart(2, '0')}-${step}.png`);
    await page.screenshot({ path: file });
    return file;
  };
}

/** The newest verification code the dev outbox holds for a phone. */
export async function outboxCode(baseUrl: string, phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`);
    const body = (await res.json()) as { data: Array<{ code: string }> };
    if (body.data[0]) return body.data[0].code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code was sent to ${phone}`);
}
