import {
  ACCOUNTING_PATHS,
  BUDGET_PATHS,
  FORUM_PATHS,
  MEMBER_PATHS,
  MESSAGE_PATHS,
  WEB_CLIENT_KEY,
  WEB_CLIENT_SECRET,
  bookPath,
} from '@cab/contracts/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHeaders } from '../src/api/sign.ts';
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
  id: string;
  nickname: string;
  token: string;
  /** Every request the page made, with its answer's status. */
  calls: Array<{ method: string; url: string; status: number }>;
  errors: string[];
}

/** A signed call as the web makes it (WIRE.md B.2), for setting the scene quickly. */
async function api<T = unknown>(
  who: Person,
  method: string,
  path: string,
  bookId: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...(await signHeaders({
      clientKey: WEB_CLIENT_KEY,
      secret: WEB_CLIENT_SECRET,
      method,
      pathWithQuery: path,
      body: text,
      timestamp: Date.now(),
    })),
    Authorization: `Bearer ${who.token}`,
    'Trading-Entity': bookId,
    Device: JSON.stringify({ platform: 'web', device_id: 'e2e-links', product_version: '1.0.0', locale: 'zh-CN' }),
    ...(text ? { 'Content-Type': 'application/json' } : {}),
  };
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: text || undefined });
  const json = (await res.json().catch(() => ({}))) as { data?: T };
  return { status: res.status, data: json.data as T };
}

async function person(): Promise<Person> {
  const context = await phoneContext(browser, baseUrl());
  const page = await context.newPage();
  const errors: string[] = [];
  const calls: Person['calls'] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => calls.push({ method: r.request().method(), url: r.url(), status: r.status() }));
  await loginThroughUi(page, baseUrl());
  const me = await page.evaluate(() => {
    const s = (
      JSON.parse(localStorage.getItem('cab.user') ?? '{}') as { state?: { user?: { userid: string; nickName: string; token: string } } }
    ).state?.user;
    return { id: s?.userid ?? '', nickname: s?.nickName ?? '', token: s?.token ?? '' };
  });
  return { page, errors, calls, ...me };
}

/** Makes `bookId` the current book as the app keeps it, and starts the app afresh on it. */
async function makeCurrent(page: Page, bookId: string): Promise<void> {
  await page.evaluate((id) => {
    const kept = JSON.parse(localStorage.getItem('cab.book') ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
    kept.state = { ...kept.state, bookId: id, meta: null };
    localStorage.setItem('cab.book', JSON.stringify(kept));
  }, bookId);
  await page.goto('/#/pages/mine/index');
  await page.reload();
  await visible(page, 'mine-logged-in');
  expect((await sessionOf(page)).bookId).toBe(bookId);
}

describe('book links journey at 390x844: message links, the activity log, leaving a book, dialogs', () => {
  it('follows every kind of message from another current book, and a removed member is told at the first refusal', async () => {
    const shot = screenshotter('book-links');
    const screen = async (p: Page, name: string) => {
      await p.waitForTimeout(400); // animations settle
      expect(await seriousA11yFindings(p), `${name}: accessibility`).toEqual([]);
      await shot(p, name);
    };

    // The owner's book X; a member's own book Z.
    const owner = await person();
    await makeFamilyBook(owner.page);
    const x = (await sessionOf(owner.page)).bookId!;
    const member = await person();
    await makeFamilyBook(member.page);
    const z = (await sessionOf(member.page)).bookId!;
    expect(z).not.toBe(x);

    // The member applies through a review link and the owner lets them in as a bookkeeper.
    const roles = (await api<Array<{ role_id: string; role_name: string }>>(owner, 'GET', MEMBER_PATHS.roles, x)).data;
    const roleId = (name: string) => roles.find((r) => r.role_name === name)!.role_id;
    const review = await api<{ invite_code: string }>(owner, 'POST', MEMBER_PATHS.createInvitation, x, {
      audit_type: 'NeedToBeReviewed',
      link_validity: 7,
    });
    expect(review.status).toBe(201);
    const applied = await api<{ request_id: string }>(member, 'POST', MEMBER_PATHS.applyV5, '', {
      invite_code: review.data.invite_code,
      role_id: '-1',
      subscribe: true,
    });
    expect(applied.status).toBe(201);
    const requestId = applied.data.request_id;
    expect((await api(owner, 'PATCH', MEMBER_PATHS.decide, x, { id: requestId, status: 'Agreed', role_id: roleId('记账员') })).status).toBe(
      200,
    );

    // A third person joins through a designated-role link: the owner hears of a new member.
    const third = await person();
    const direct = await api<{ invite_code: string }>(owner, 'POST', MEMBER_PATHS.createInvitation, x, {
      audit_type: 'NoReviewDesignatedRole',
      link_validity: 7,
      role_ids: [roleId('查看者')],
    });
    expect(
      (
        await api(third, 'POST', MEMBER_PATHS.applyV5, '', {
          invite_code: direct.data.invite_code,
          role_id: roleId('查看者'),
          subscribe: true,
        })
      ).status,
    ).toBe(201);

    // The community: a reply to the member's thread, an answer to their comment, a pinned notice.
    const thread = async (who: Person, subject: string) =>
      (await api<{ tid: string }>(who, 'POST', FORUM_PATHS.thread, x, { subject, message: `${subject}的内容`, tags: [] })).data.tid;
    const mine = await thread(member, '周末买菜');
    expect((await api(owner, 'POST', FORUM_PATHS.reply, x, { tid: mine, pid: '0', message: '我来买' })).status).toBe(201);
    const notice = await thread(owner, '本月预算');
    const comment = await api<{ pid: string }>(member, 'POST', FORUM_PATHS.reply, x, { tid: notice, pid: '0', message: '收到' });
    expect((await api(owner, 'POST', FORUM_PATHS.reply, x, { tid: notice, pid: comment.data.pid, message: '好的' })).status).toBe(201);
    expect((await api(owner, 'PUT', FORUM_PATHS.operate, x, { tid: notice, action: 'pin' })).status).toBe(200);

    // Records: the owner's (batched to the member), over a total budget of 1.00.
    const groups = (await api<Array<{ accounts: Array<{ id: string }> }>>(owner, 'GET', '/cab-config-ws/v2/account-book/accounts', x)).data;
    const cats = (await api<Array<{ id: string }>>(owner, 'GET', '/cab-config-ws/v2/account-book/categories?trade_type=Expense', x)).data;
    const budget = await api(
      owner,
      'POST',
      bookPath(BUDGET_PATHS.add, { type: 'Book', id: x, budget_type: 'Expense', recurrence_type: 'Month' }),
      x,
      {
        budget_amount: '1.00',
      },
    );
    expect(budget.status).toBe(201);
    const spent = await api(owner, 'POST', ACCOUNTING_PATHS.expense, x, {
      business_type: 'Expense',
      account: { id: groups[0]!.accounts[0]!.id },
      category: { id: cats[0]!.id },
      amount: '5.00',
      remark: '',
      transaction_time: Date.now(),
    });
    expect(spent.status).toBe(201);

    // Every kind of message the member has in X carries a link naming X.
    type Item = { msg_id: string; kind: string; link: string; book_id: string | null };
    const listOf = async (who: Person) =>
      (await api<Item[]>(who, 'GET', `${MESSAGE_PATHS.messages}?account_book_id=${x}&page_size=50`, '')).data;
    await expect
      .poll(async () => (await listOf(member)).map((m) => m.kind).sort(), { timeout: 15_000 })
      .toEqual(['application.approved', 'book.recorded', 'budget.overspent', 'community.comment', 'community.pinned', 'community.reply']);
    const items = await listOf(member);
    for (const m of items) expect(m.link, m.kind).toMatch(new RegExp(`[?&](bookId|TradingEntity)=${x}(&|$)`));

    // Issue 4: the read-all question closes with its page; so does a sheet.
    const mp = member.page;
    await mp.goto('/#/pages/mine/index');
    await mp.goto('/#/messageCenter/list');
    await mp.getByTestId('messages-read-all').click();
    await visible(mp, 'messages-read-all-question');
    await shot(mp, 'read-all-question');
    await mp.goBack();
    await visible(mp, 'mine-logged-in');
    await mp.getByTestId('messages-read-all-question').waitFor({ state: 'detached', timeout: 5_000 });
    expect(await mp.locator('.adm-dialog').count()).toBe(0);
    await screen(mp, 'read-all-closed-after-back');
    await mp.goto('/#/pages/book/index');
    await mp.getByTestId(`book-more-${z}`).click();
    await visible(mp, 'action-invite');
    await mp.goBack();
    await mp.getByTestId('action-invite').waitFor({ state: 'hidden', timeout: 5_000 });

    // Issue 1: each link followed from another current book (Z) opens X and its page.
    const lands: Record<string, string> = {
      'application.approved': 'page-dashboard',
      'book.recorded': 'page-flow',
      'budget.overspent': 'page-budget',
      'community.comment': 'thread-subject',
      'community.pinned': 'thread-subject',
      'community.reply': 'thread-subject',
    };
    for (const m of items) {
      await makeCurrent(mp, z);
      await mp.goto(`/#/messageCenter/messageDetail?msg_id=${m.msg_id}`);
      await visible(mp, 'message-link');
      await mp.getByTestId('message-link').click();
      await visible(mp, lands[m.kind]!);
      await expect.poll(async () => (await sessionOf(mp)).bookId).toBe(x);
      expect(await mp.getByTestId('book-gone').count(), m.kind).toBe(0);
      expect(await mp.getByTestId('load-failed').count(), m.kind).toBe(0);
      expect(await mp.getByText('还没有打开账本').count(), m.kind).toBe(0);
      await screen(mp, `followed-${m.kind.replace('.', '-')}`);
    }

    // The owner's member.joined, followed from the owner's other book Y.
    await owner.page.goto('/#/pages/mine/index');
    await makeFamilyBook(owner.page);
    const y = (await sessionOf(owner.page)).bookId!;
    expect(y).not.toBe(x);
    const joined = (await listOf(owner)).find((m) => m.kind === 'member.joined')!;
    expect(joined.link).toContain(`bookId=${x}`);
    const op = owner.page;
    await op.goto(`/#/messageCenter/messageDetail?msg_id=${joined.msg_id}`);
    await op.getByTestId('message-link').click();
    await visible(op, `member-${third.id}`);
    await expect.poll(async () => (await sessionOf(op)).bookId).toBe(x);
    await screen(op, 'followed-member-joined');

    // Issue 6: another book's community (Y, which the member is not in) has no post button.
    await mp.goto(`/#/community/list?bookId=${y}`);
    await visible(mp, 'book-gone');
    expect(await mp.getByTestId('community-post').count()).toBe(0);
    // Never theirs: the book is not found, rather than left.
    expect(await mp.getByTestId('book-gone').textContent()).toContain('账本不存在');
    await screen(mp, 'other-book-community');

    // The member has X open on its dashboard.
    await mp.goto(`/#/dashboard/index?TradingEntity=${x}`);
    await visible(mp, 'dashboard-title');

    // Issue 7: the owner removes the member; their detail is not asked for again.
    await op.goto(`/#/roleSetting/index?bookId=${x}`);
    await op.getByTestId(`member-${member.id}`).click();
    await visible(op, 'member-remove');
    await op.getByTestId('member-remove').click();
    await visible(op, 'confirm-danger');
    const removed = op.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/users/${member.id}`));
    await op.getByTestId('confirm-danger').click();
    await removed;
    const after = owner.calls.length;
    await op.getByTestId('member-popup').waitFor({ state: 'detached' });
    await op.waitForTimeout(1500);
    const aboutThem = (c: Person['calls'][number]) => c.url.includes(`/users/${member.id}`) || c.url.includes(`/members/${member.id}`);
    expect(owner.calls.slice(after).filter(aboutThem), 'the removed member asked for again').toEqual([]);
    expect(owner.calls.filter((c) => c.status === 404 && aboutThem(c))).toEqual([]);

    // Issue 5: the latest decided list shows the removed member as no longer in the book.
    await visible(op, `decided-left-${requestId}`);
    expect(await op.getByTestId(`decided-left-${requestId}`).textContent()).toBe('已不在账本中');
    await screen(op, 'decided-member-left');

    // Issue 3: the removed member's first refused call says so, instead of kept totals and a load failure.
    // (The dashboard fetched the flow and the accounting page's data ahead; the budget page asks afresh.)
    const sinceRemoval = member.calls.length;
    await mp.getByTestId('dashboard-budget').click();
    await visible(mp, 'book-gone').catch(async (err: unknown) => {
      await shot(mp, 'member-removed-not-told');
      console.log(member.calls.slice(sinceRemoval).map((c) => `${c.status} ${c.method} ${c.url}`));
      throw err;
    });
    // The first refused call is the one that tells: no more than one ask for the book itself.
    expect(member.calls.slice(sinceRemoval).filter((c) => c.status === 404).length).toBeGreaterThan(0);
    await expect.poll(() => mp.getByTestId('book-gone').textContent()).toContain('你已不在这个账本中');
    expect(await mp.getByTestId('load-failed').count()).toBe(0);
    await screen(mp, 'member-removed-told');
    await mp.goto(`/#/dashboard/index?TradingEntity=${x}`);
    await visible(mp, 'book-gone');
    expect(await mp.getByTestId('dashboard-totals').count()).toBe(0);

    // Issue 2: the activity log reads as sentences naming who, whom and what.
    await op.goto(`/#/roleSetting/pages/activity?bookId=${x}`);
    await visible(op, 'activity-list');
    const lines = await op.getByTestId('activity-text').allInnerTexts();
    expect(lines).toContain(`${owner.nickname}同意${member.nickname}加入账本，角色“记账员”`);
    expect(lines).toContain(`${owner.nickname}把${member.nickname}移出了账本`);
    expect(lines).toContain(`${third.nickname}以“查看者”的身份加入了账本`);
    expect(lines.some((l) => l.startsWith(`${owner.nickname}为整个账本设置了预算`))).toBe(true);
    expect(lines.some((l) => /新增了内容|变更了内容|修改了账本内容/.test(l))).toBe(false);
    await screen(op, 'activity-sentences');

    expect([...owner.errors, ...member.errors, ...third.errors]).toEqual([]);
  }, 300_000); // three people and every kind of message: longer than one journey's default
});
