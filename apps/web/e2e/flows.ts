import type { Page } from 'playwright-core';
import { outboxCode } from './browser.ts';

export const visible = (page: Page, testId: string, timeout = 20_000) =>
  page.getByTestId(testId).first().waitFor({ state: 'visible', timeout });

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
  return phone;
}

/** The signed-in user's token and current book, as the web app keeps them on the device. */
export function sessionOf(page: Page): Promise<{ token: string | undefined; bookId: string | undefined }> {
  return page.evaluate(() => {
    const read = <T>(key: string) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: T }).state;
    return { token: read<{ user?: { token?: string } }>('cab.user')?.user?.token, bookId: read<{ bookId?: string }>('cab.book')?.bookId };
  });
}
