import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
}

/**
 * Accessibility findings of the page as it is now (axe-core, WCAG 2.1 A and AA rules,
 * colour contrast among them), keeping those axe rates serious or critical.
 */
export async function seriousA11yFindings(page: Page): Promise<string[]> {
  // Evaluated by the browser's tooling, not added as an inline <script> the page's policy refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((axeSource ??= fs.readFileSync(AXE, 'utf8')));
  // A toast or mask caught mid-fade (antd-mobile fades them in script, not CSS) reads as
  // white text on white: measure the page once what is fading has settled (2 s at most).
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.adm-toast-mask, .adm-mask, .adm-toast-main')).every((el) => {
          const o = Number(getComputedStyle(el).opacity);
          return o === 0 || o === 1;
        }),
      undefined,
      { timeout: 2000, polling: 50 },
    )
    .catch(() => undefined);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe;
    return (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as AxeResult;
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`));
}

/** Chinese characters and punctuation. */
const HAN = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;
/** Latin words of two letters or more. */
const LATIN = /[A-Za-z]{2,}/g;

/**
 * Words on the screen that are not in its language: English words in the Chinese UI,
 * Chinese in the English one. `userData` (names, phone numbers the user typed or the
 * server made for them) and `allowed` words (the product's name, the currency code,
 * each language's own name in the language picker, AA, as Chinese writes "split
 * the bill", the units of cloud space, MB and GB, as Chinese writes them, the names of
 * file formats the import page offers, which have no Chinese names, and the marks on its
 * badges of the Chinese apps, 支 for Alipay, 微 for WeChat, 随 for 随手记, which are their
 * marks in every language) do not count.
 */
export async function foreignWords(
  page: Page,
  language: 'zh-CN' | 'en',
  userData: string[],
  allowed: string[] = [
    ...['CAB', 'App', 'CNY', '简体中文', 'English', 'AA', 'MB', 'GB'],
    ...['CSV', 'TSV', 'Excel', 'OFX', 'QFX', 'QIF', 'Beancount', 'BC', 'xls', 'xlsx', 'zip', '支', '微', '随'],
  ],
): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  for (const d of userData) text = text.split(d).join(' ');
  const found = text.match(language === 'en' ? HAN : LATIN) ?? [];
  return [...new Set(found.filter((w) => !allowed.includes(w)))];
}
