import { BOOK_PATHS, ErrorCode, MEMBER_PATHS, STATISTICS_PATHS, bookPath, type Book, type Invitation } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import SharePage from '../../pages/share/SharePage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import { BookActions } from '../books/components/lazy.tsx';
import { InvitePopup } from './components/lazy.tsx';
import PendingPrompts from './components/PendingPrompts.tsx';
import { book, invitation, memberRequest, role } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const CODE = 'Ab3dEf6hIj9kLm2nOp5q';
const NEW_CODE = 'Zz9yXx8wVv7uTt6sRr5q';

let inv: Invitation;
let canInvite: '0' | '1';
let prompts: { invitations: unknown[]; applications: unknown[]; to_approve: unknown[] };

function answer(url: string, o: { data?: Record<string, unknown> }): unknown {
  if (url.startsWith(BOOK_PATHS.book)) return { data: book() };
  if (url === STATISTICS_PATHS.summaries)
    return {
      data: {
        metric_data: [
          { key: 'INCOME', value: '1234.5' },
          { key: 'EXPENSE', value: '88' },
          { key: 'COUNT', value: '3' },
        ],
        start_time: null,
        end_time: null,
      },
    };
  if (url === bookPath(MEMBER_PATHS.invitationV5, { code: CODE })) return { data: inv };
  if (url === MEMBER_PATHS.permissions) return { data: { [String(o.data?.code)]: canInvite } };
  if (url === MEMBER_PATHS.inviteSetting) return { data: { link_validity: 1, audit_type: 'NoReviewDesignatedRole' } };
  if (url === MEMBER_PATHS.assignableRoles)
    return {
      data: [
        role('30', '管理员', { role_code: 'admin' }),
        role('31', '记账员', { role_info: { price: '2', billing_type: 'PerDay', role_name: '记账员' } }),
        role('32', '查看者'),
      ],
    };
  if (url === MEMBER_PATHS.createInvitation) {
    const body = o.data as { audit_type: Invitation['audit_type']; link_validity: Invitation['link_validity'] };
    return {
      data: invitation({
        invite_code: NEW_CODE,
        audit_type: body.audit_type,
        link_validity: body.link_validity,
        expire_at: null,
        role_vos: [
          { role_id: '31', role_name: '记账员', role_desc: '' },
          { role_id: '32', role_name: '查看者', role_desc: '' },
        ],
        role_code: 'K7M3P9QX',
      }),
    };
  }
  if (url === MEMBER_PATHS.pendingPrompts) return { data: prompts };
  if (url.startsWith('/cab-user-ws/v1/account-books/invitations/pending-prompts/')) return undefined;
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, { '/share/index': SharePage });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);
const optionsOf = (url: string) => request.mock.calls.filter(([u]) => u === url).map(([, o]) => o as { tradingEntity?: string });

describe('today’s share', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  beforeEach(() => {
    inv = invitation();
    canInvite = '1';
    prompts = { invitations: [], applications: [], to_approve: [] };
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => {
      try {
        return Promise.resolve(answer(url, o));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('shows the book’s day in its time zone: income, expense and records, and copies them as text', async () => {
    // 01:00 on 16 August in Shanghai, still the 15th in UTC: the book's day counts.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-08-15T17:00:00Z'));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/share/index?bookId=9');
    await waitFor(() => expect(screen.getByTestId('share-income').textContent).toBe('1,234.50'));
    expect(screen.getByTestId('share-expense').textContent).toBe('88.00');
    expect(screen.getByTestId('share-count').textContent).toBe('3 笔');
    expect(screen.getByTestId('share-date').textContent).toBe('今天 8 月 16 日');
    expect(bodiesOf(STATISTICS_PATHS.summaries)).toEqual([{ group_filter: { group_key: 'TIME_DAY', group_id: '20260816' } }]);
    expect(optionsOf(STATISTICS_PATHS.summaries)[0]!.tradingEntity).toBe('9');
    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('“家庭”8 月 16 日收入 1,234.50，支出 88.00，共记账 3 笔。'));
  });

  it('shows the text to copy by hand when there is no clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderAt('/share/index?bookId=9');
    await waitFor(() => expect(screen.getByTestId('share-count').textContent).toBe('3 笔'));
    fireEvent.click(screen.getByTestId('share-copy'));
    expect((await screen.findByTestId('share-manual')).textContent).toContain('共记账 3 笔');
  });

  it('shows an invitation link with its QR code, what it allows and until when', async () => {
    renderAt(`/share/index?bookId=9&code=${CODE}`);
    const link = await screen.findByTestId('invite-link');
    expect(link.textContent).toBe(`${location.origin}${location.pathname}#/invitation/index?code=${CODE}`);
    expect(screen.getByTestId('invite-audit-type').textContent).toBe('需要审核');
    expect(screen.getByTestId('invite-role').textContent).toBe('记账员 / 查看者');
    expect(screen.getByTestId('invite-expiry').textContent).toContain('有效期至');
    expect(screen.queryByTestId('invite-code')).toBeNull();
    const qr = await screen.findByTestId('qr-code');
    expect(qr.getAttribute('aria-label')).toBe('邀请链接的二维码');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
  });

  it('shows a code link’s code in large letters to pass on', async () => {
    inv = invitation({ audit_type: 'NoReviewRoleCode', role_code: 'K7M3P9QX', expire_at: null });
    renderAt(`/share/index?bookId=9&code=${CODE}`);
    expect((await screen.findByTestId('invite-code')).textContent).toBe('K7M3P9QX');
    expect(screen.getByTestId('invite-expiry').textContent).toBe('永久有效');
  });

  it('says so when the shown link has expired, and offers a retry for other failures', async () => {
    let failure: Error = new ApiError(422, ErrorCode.INVITATION_EXPIRED, '邀请链接已过期或已被撤销，请向邀请人要新的链接');
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) =>
      url === bookPath(MEMBER_PATHS.invitationV5, { code: CODE }) ? Promise.reject(failure) : Promise.resolve(answer(url, o)),
    );
    renderAt(`/share/index?bookId=9&code=${CODE}`);
    const gone = await screen.findByTestId('invite-gone');
    expect(gone.textContent).toContain('邀请链接已失效');
    expect(gone.textContent).toContain('请向邀请人要新的链接');
    // The day's card stays.
    expect(screen.getByTestId('share-card')).toBeTruthy();
    cleanup();
    failure = new Error('offline');
    renderAt(`/share/index?bookId=9&code=${CODE}`);
    await within(await screen.findByTestId('invite-share')).findByTestId('load-failed');
  });

  it('opens the invite popup from the members page, starts from the book’s defaults and shows the link made', async () => {
    renderAt('/share/index?bookId=9&invite=1');
    const form = await screen.findByTestId('invite-form');
    // The defaults: a given role, for one day.
    expect(within(form).getByTestId('invite-audit-hint').textContent).toBe('对方接受邀请后直接以指定角色加入');
    expect(within(form).getByText('1 天').closest('.adm-selector-item')!.className).toContain('active');
    // A seeded role without a name is shown in the reader's language; prices are shown.
    expect(within(form).getByText('管理员')).toBeTruthy();
    expect(within(form).getByText('2.00 香蕉壳/天')).toBeTruthy();
    // Every label is Chinese (the share card's numbers and the popup alike).
    await waitFor(() => expect(screen.getByTestId('share-count').textContent).toBe('3 笔'));
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
    // A given role needs a role.
    fireEvent.click(within(form).getByTestId('invite-create'));
    expect((await within(form).findByTestId('invite-roles-error')).textContent).toBe('请选择角色');
    // By code, with two roles, for 30 days.
    fireEvent.click(within(form).getByText('邀请码'));
    fireEvent.click(within(form).getByText('记账员'));
    fireEvent.click(within(form).getByText('查看者'));
    fireEvent.click(within(form).getByText('30 天'));
    fireEvent.change(within(form).getByTestId('invite-remark').querySelector('input')!, { target: { value: '一起记账' } });
    fireEvent.click(within(form).getByTestId('invite-create'));
    await waitFor(() => expect(page.location()).toBe(`/share/index?bookId=9&code=${NEW_CODE}`));
    expect(bodiesOf(MEMBER_PATHS.createInvitation)).toEqual([
      { audit_type: 'NoReviewRoleCode', link_validity: 30, role_ids: ['31', '32'], remark: '一起记账' },
    ]);
    expect(optionsOf(MEMBER_PATHS.createInvitation)[0]!.tradingEntity).toBe('9');
    // The link made is shown from the answer (its code only inviters see), without asking again.
    expect((await screen.findByTestId('invite-code')).textContent).toBe('K7M3P9QX');
    expect(request.mock.calls.some(([u]) => u === bookPath(MEMBER_PATHS.invitationV5, { code: NEW_CODE }))).toBe(false);
  });

  it('tells those who may not invite why, instead of the form', async () => {
    canInvite = '0';
    renderAt('/share/index?bookId=9&invite=1');
    expect((await screen.findByTestId('invite-forbidden')).textContent).toContain('没有邀请成员的权限');
    expect(screen.queryByTestId('invite-form')).toBeNull();
    expect(bodiesOf(MEMBER_PATHS.permissions)).toEqual([{ code: '03000102' }]);
  });
});

function BookList({ target }: { target: Book }) {
  const [acting, setActing] = useState<Book | undefined>(target);
  const [inviting, setInviting] = useState<Book>();
  return (
    <>
      <BookActions book={acting} onClose={() => setActing(undefined)} onInvite={setInviting} />
      <InvitePopup book={inviting} onClose={() => setInviting(undefined)} />
    </>
  );
}

describe('inviting from the book sheet', () => {
  afterEach(cleanup);
  beforeEach(() => {
    canInvite = '1';
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve(answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('opens the popup, and the created link opens the share page', async () => {
    page = renderPages('/pages/home/index', { '/pages/home/index': () => <BookList target={book()} /> });
    fireEvent.click(await screen.findByTestId('action-invite'));
    const form = await screen.findByTestId('invite-form');
    fireEvent.click(within(form).getByText('需要审核'));
    fireEvent.click(within(form).getByTestId('invite-create'));
    await waitFor(() => expect(page.location()).toBe(`/share/index?bookId=9&code=${NEW_CODE}`));
    expect(bodiesOf(MEMBER_PATHS.createInvitation)).toEqual([{ audit_type: 'NeedToBeReviewed', link_validity: 1 }]);
  });

  it('explains in the sheet when the role may not invite', async () => {
    canInvite = '0';
    renderPages('/pages/home/index', { '/pages/home/index': () => <BookList target={book()} /> });
    const action = (await screen.findByTestId('action-invite')).closest('button')!;
    await waitFor(() => expect(action.disabled).toBe(true));
    expect(action.textContent).toContain('没有邀请成员的权限');
  });

  it('does not ask the owner, who may always invite', async () => {
    renderPages('/pages/home/index', {
      '/pages/home/index': () => <BookList target={book({ role_list: [{ role_id: '1', role_name: 'owner' }] })} />,
    });
    const action = (await screen.findByTestId('action-invite')).closest('button')!;
    expect(action.disabled).toBe(false);
    expect(bodiesOf(MEMBER_PATHS.permissions)).toHaveLength(0);
  });
});

describe('home’s pending prompts', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve(answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('shows nothing when nothing waits', async () => {
    prompts = { invitations: [], applications: [], to_approve: [] };
    renderPages('/pages/home/index', { '/pages/home/index': PendingPrompts });
    await waitFor(() => expect(request).toHaveBeenCalledWith(MEMBER_PATHS.pendingPrompts, expect.anything()));
    expect(screen.queryByTestId('pending-prompts')).toBeNull();
  });

  it('accepts or declines an addition, and leads an approver to the waiting applications', async () => {
    prompts = {
      invitations: [memberRequest({ id: '70' }), memberRequest({ id: '71', book_id: '10', book_name: '旅行' })],
      applications: [memberRequest({ id: '72', kind: 'apply', status: 'ToBeAuthorized', book_name: '公司' })],
      to_approve: [{ book_id: '12', book_name: '装修', count: 2 }],
    };
    const page = renderPages('/pages/home/index', { '/pages/home/index': PendingPrompts });
    expect((await screen.findByTestId('prompt-invitation-70')).textContent).toContain('妈妈 邀请你加入“家庭”');
    expect(screen.getByTestId('prompt-application-72').textContent).toBe('你申请加入“公司”，等待审核');
    fireEvent.click(screen.getByTestId('prompt-accept-70'));
    // Declining asks how: this time only, or for good (add-by-phone.test.tsx).
    fireEvent.click(screen.getByTestId('prompt-decline-71'));
    fireEvent.click(await screen.findByTestId('prompt-decline-once-71'));
    await waitFor(() => {
      expect(bodiesOf(bookPath(MEMBER_PATHS.answerPrompt, { id: '70' }))).toEqual([{ status: 'Accepted' }]);
      expect(bodiesOf(bookPath(MEMBER_PATHS.answerPrompt, { id: '71' }))).toEqual([{ status: 'Rejected' }]);
    });
    const patch = request.mock.calls.find(([u]) => u === bookPath(MEMBER_PATHS.answerPrompt, { id: '70' }))![1] as { method: string };
    expect(patch.method).toBe('PATCH');
    fireEvent.click(screen.getByTestId('prompt-approve-12'));
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
    expect(page.location()).toBe('/roleSetting/index?bookId=12');
  });
});
