import { ADD_MEMBER_LIMITS } from '@cab/contracts/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { makeFamilyBook, sessionOf, signedInPhone, visible } from './flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const mask = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Adds a number from the open add-by-phone popup and answers the notice the server gave (the popup back on its form after). */
async function addFromPopup(page: Page, phone: string): Promise<{ status: number; notice: string | null }> {
  await page.getByTestId('add-phone-input').locator('input').fill(phone);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/cab-user-ws/v5/account-book/invitation/member') && r.request().method() === 'POST',
  );
  await page.getByTestId('add-phone-submit').click();
  const status = (await answered).status();
  if (status !== 202) return { status, notice: null };
  const notice = await page.getByTestId('add-phone-sent-notice').textContent();
  await page.getByTestId('add-phone-again').click();
  await visible(page, 'add-phone-form');
  return { status, notice };
}

describe('adding by phone at 390x844: one answer for every number, decline and block, allow again, the limit', () => {
  it('tells the owner the same for a registered and an unregistered number; the friend declines for good, then allows the book again', async () => {
    const owner = await signedInPhone(browser, 'add-by-phone');
    const friend = await signedInPhone(browser, 'add-by-phone-friend');
    const page = owner.page;
    await makeFamilyBook(page);
    const { bookId = '' } = await sessionOf(page);
    expect(bookId).toMatch(/^\d+$/);
    // A number nobody has, masked as the friend's is.
    const nobody = `${friend.phone.slice(0, 3)}${friend.phone.slice(3, 7) === '0000' ? '0001' : '0000'}${friend.phone.slice(7)}`;
    const words = [mask(friend.phone), friend.phone, nobody];

    // The owner opens the members page and the add-by-phone popup.
    await page.goto(`/#/roleSetting/index?bookId=${bookId}`);
    await visible(page, 'members-add-phone');
    await owner.screen('members-page', words);
    await page.getByTestId('members-add-phone').click();
    await visible(page, 'add-phone-form');
    expect(await page.getByTestId('add-phone-notice').textContent()).toBe('如果这个手机号已注册，对方会收到你的邀请，接受后即加入账本');
    await owner.screen('add-phone-form', words);

    // A registered number and one nobody has: the same answer, word for word.
    await page.getByTestId('add-phone-input').locator('input').fill(friend.phone);
    await page.getByTestId('add-phone-submit').click();
    await visible(page, 'add-phone-sent');
    const toFriend = await page.getByTestId('add-phone-sent-notice').textContent();
    expect(toFriend).toBe(`如果 ${mask(friend.phone)} 已注册，对方会收到你的邀请，接受后即加入账本`);
    await owner.screen('add-phone-sent', words);
    await page.getByTestId('add-phone-again').click();
    await visible(page, 'add-phone-form');
    const toNobody = await addFromPopup(page, nobody);
    expect(toNobody).toEqual({ status: 202, notice: toFriend });
    let adds = 2;

    // The friend sees the request on home and declines for good.
    // (Opened afresh: within its 30 s home would show the prompts it read at sign-in.)
    const fp = friend.page;
    await fp.goto('/#/pages/home/index');
    await fp.reload();
    await visible(fp, 'pending-prompts');
    const decline = fp.locator('[data-testid^="prompt-decline-"]').first();
    const requestId = (await decline.getAttribute('data-testid'))!.replace('prompt-decline-', '');
    await friend.screen('home-request');
    await decline.click();
    await visible(fp, `prompt-decline-block-${requestId}`);
    await friend.screen('decline-sheet');
    await fp.getByTestId(`prompt-decline-block-${requestId}`).click();
    await fp.getByTestId(`prompt-invitation-${requestId}`).waitFor({ state: 'detached' });

    // Asked again, the owner hears the same; nothing reaches the friend.
    expect(await addFromPopup(page, friend.phone)).toEqual({ status: 202, notice: toFriend });
    adds++;
    await fp.reload();
    await fp.waitForLoadState('networkidle');
    expect(await fp.getByTestId('pending-prompts').count()).toBe(0);

    // The friend allows the book again from personal info.
    await fp.goto('/#/personalInfo/index');
    await visible(fp, 'personal-blocked-books');
    await fp.getByTestId('personal-blocked-books').click();
    await visible(fp, `blocked-${bookId}`);
    await friend.screen('blocked-books');
    await fp.getByTestId(`blocked-allow-${bookId}`).click();
    await visible(fp, 'state-empty');
    await friend.screen('blocked-books-empty');

    // The next add reaches them.
    expect(await addFromPopup(page, friend.phone)).toEqual({ status: 202, notice: toFriend });
    adds++;
    await fp.goto('/#/pages/home/index');
    await fp.reload();
    await visible(fp, 'pending-prompts');

    // Past the hourly limit the server's words show, and nothing is sent.
    while (adds < ADD_MEMBER_LIMITS.userPerHour) {
      expect((await addFromPopup(page, `${nobody.slice(0, 7)}${String(adds).padStart(4, '0')}`)).status).toBe(202);
      adds++;
    }
    expect((await addFromPopup(page, friend.phone)).status).toBe(429);
    await page.locator('.adm-toast-main', { hasText: '添加成员太频繁了，请一小时后再试' }).waitFor({ state: 'visible' });
    await owner.shot(page, 'add-phone-limit');
    expect(await page.getByTestId('add-phone-sent').count()).toBe(0);

    expect(owner.errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
