import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { foreignWords } from './checks.ts';
import { signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Words no user should meet: the host area's internal name, and the not-open notice. */
const DEAD_ENDS = ['宿主应用', '即将开放', '正在建设中'];

/**
 * Issue 24, the mine page's dead ends: 升级到 App -> 下载 App, 推荐给好友 and 意见反馈 each
 * lead where their words say: a download page about the apps that embed CAB, a share of
 * the app itself, and a feedback form that sends.
 */
describe('the mine page links at 390x844', () => {
  it('download explains the apps, recommend shares the app, feedback sends', async () => {
    const { base, context, page, errors, screen, shot, userData } = await signedInPhone(browser, 'mine-links');
    await context.grantPermissions(['clipboard-write'], { origin: base });
    const body = () => page.evaluate(() => document.body.innerText);

    // 升级到 App -> 下载 App: the download page, not the recharge guide's notice.
    await page.getByTestId('mine-upgrade').click();
    await visible(page, 'page-update');
    await page.getByTestId('update-download').click();
    await visible(page, 'page-download');
    expect(page.url()).toContain('#/updateApp/pages/download');
    expect(await page.getByTestId('download-lead').innerText()).toContain('内嵌在合作伙伴的手机 App 中');
    expect(await page.getByTestId('download-steps').locator('li').allInnerTexts()).toEqual([
      expect.stringContaining('应用商店下载并安装合作伙伴 App'),
      expect.stringContaining('进入「共享云账本」'),
      expect.stringContaining('同一个手机号登录'),
    ]);
    expect(await page.getByTestId('download-web').innerText()).toContain('添加到主屏幕');
    for (const w of DEAD_ENDS) expect(await body()).not.toContain(w);
    await screen('download');

    // 推荐给好友: the app's own link (its home), copied, with a QR code; no book in it.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-recommend').click();
    await visible(page, 'page-recommend');
    const link = `${base}/#/pages/home/index`;
    expect(await page.getByTestId('recommend-link').innerText()).toBe(link);
    await visible(page, 'qr-code');
    // The page may not read the clipboard (its Permissions-Policy turns clipboard-read off),
    // so the journey notes what the app writes to it.
    await page.evaluate(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { copied?: string }).copied = text;
        return write(text);
      };
    });
    await page.getByTestId('recommend-copy').click();
    await visible(page, 'recommend-copy');
    await expect.poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(link);
    expect(await page.locator('.adm-toast-main').innerText()).toBe('链接已复制');
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    for (const w of DEAD_ENDS) expect(await body()).not.toContain(w);
    await screen('recommend', [link]);
    const friend = await context.newPage();
    await friend.goto(link);
    await visible(friend, 'page-home');
    await friend.close();

    // 意见反馈: a form, refused empty, sent with a contact; then thanks.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-feedback').click();
    await visible(page, 'page-feedback');
    for (const w of DEAD_ENDS) expect(await body()).not.toContain(w);
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByTestId('feedback-error').innerText()).toBe('请填写反馈内容');
    await screen('feedback-empty');
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    await page.getByTestId('feedback-content').fill(`希望流水页能按周汇总${family}`);
    // Counted as the server counts: the family emoji is one character.
    expect(await page.getByTestId('feedback-count').innerText()).toBe('11/500');
    await page.getByTestId('feedback-contact').fill('13800138000');
    await screen('feedback-filled', ['13800138000']);
    const answered = page.waitForResponse((r) => r.url().includes('/cab-user-ws/v1/feedback'));
    await page.getByTestId('feedback-submit').click();
    const res = await answered;
    expect(res.status()).toBe(201);
    expect(((await res.json()) as { data: { feedback_id: string } }).data.feedback_id).toMatch(/^\d+$/);
    await visible(page, 'feedback-sent');
    expect(await page.getByTestId('feedback-sent').innerText()).toContain('感谢你的反馈');
    await screen('feedback-sent');
    await page.getByTestId('feedback-back').click();
    await visible(page, 'page-mine');

    // A page of the host area says what it is in words users know: 关注我们, not set on this server.
    await page.goto('/#/webview/follow');
    await visible(page, 'webview-not-set');
    expect(await body()).not.toContain('宿主应用');
    expect(await page.locator('.page-bar-title').innerText()).toBe('关注我们');

    // In English, each destination speaks English only.
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-language').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('tab-bar').textContent()).toContain('Me');
    for (const [path, testId, title] of [
      ['/#/updateApp/pages/download', 'download-steps', 'Download the app'],
      ['/#/pages/mine/recommend', 'recommend-link', 'Recommend to friends'],
      ['/#/pages/mine/feedback', 'feedback-form', 'Feedback'],
    ] as const) {
      await page.goto(path);
      await visible(page, testId);
      await expect.poll(() => page.locator('.page-bar-title').innerText()).toBe(title);
      await page.waitForTimeout(400);
      expect(await foreignWords(page, 'en', [...userData, link]), `${path}: words not in English`).toEqual([]);
      await shot(page, `en-${testId}`);
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
