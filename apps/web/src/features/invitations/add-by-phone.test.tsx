import { ErrorCode, MEMBER_PATHS, bookPath, type AddMemberResult, type BlockedBook } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { loadLanguage } from '../../i18n/index.ts';
import BlockedBooksPage from '../../pages/personalInfo/BlockedBooksPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import AddByPhonePopup from './components/AddByPhonePopup.tsx';
import { PendingPrompts as HomePrompts } from './components/lazy.tsx';
import PendingPrompts from './components/PendingPrompts.tsx';
import { memberRequest, role } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const NOTICE = '如果 139****0001 已注册，对方会收到你的邀请，接受后即加入账本';
let blocked: BlockedBook[];
let added: () => AddMemberResult;

function answer(url: string): unknown {
  if (url === MEMBER_PATHS.pendingPrompts)
    return { data: { invitations: [memberRequest({ id: '70' }), memberRequest({ id: '71' })], applications: [], to_approve: [] } };
  if (url.startsWith('/cab-user-ws/v1/account-books/invitations/pending-prompts/')) return undefined;
  if (url === MEMBER_PATHS.assignableRoles)
    return { data: [role('31', '记账员', { role_code: 'bookkeeper' }), role('32', '查看者', { role_code: 'viewer' })] };
  if (url === MEMBER_PATHS.addMember) return { data: added() };
  if (url === MEMBER_PATHS.blockedBooks) return { data: blocked };
  if (url.startsWith('/cab-user-ws/v1/account-books/invitations/blocked-books/')) {
    blocked = blocked.filter((b) => !url.endsWith(`/${b.book_id}`));
    return undefined;
  }
  throw new Error(`unexpected ${url}`);
}
const bodiesOf = (url: string) => bodiesOfRequest(request, url);

beforeEach(() => {
  blocked = [
    { book_id: '9', book_name: '家庭', blocked_at: Date.parse('2026-08-15T14:00:00+08:00') },
    { book_id: '10', book_name: '装修', blocked_at: Date.parse('2026-08-14T09:00:00+08:00') },
  ];
  added = () => ({ phone: '139****0001', role: { role_id: '32', role_name: '查看者', role_desc: '' }, notice: NOTICE });
  request.mockReset();
  request.mockImplementation((url: string) => {
    try {
      return Promise.resolve(answer(url));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
  useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
});
afterEach(async () => {
  cleanup();
  await loadLanguage('zh-CN');
});

describe('adding a member by phone', () => {
  const open = () =>
    renderPages('/roleSetting/index', { '/roleSetting/index': () => <AddByPhonePopup bookId="9" visible onClose={() => undefined} /> });

  it('says before and after the same words whoever the number is, and sends the number, role and note', async () => {
    open();
    await screen.findByTestId('add-phone-form');
    expect(screen.getByTestId('add-phone-notice').textContent).toBe('如果这个手机号已注册，对方会收到你的邀请，接受后即加入账本');
    // The phone takes digits only, eleven at most.
    fireEvent.change(screen.getByTestId('add-phone-input').querySelector('input')!, { target: { value: '139-0000-00011x' } });
    expect((screen.getByTestId('add-phone-input').querySelector('input') as HTMLInputElement).value).toBe('13900000001');
    fireEvent.change(screen.getByTestId('add-phone-remark').querySelector('input')!, { target: { value: '一起记账' } });
    fireEvent.click(screen.getByTestId('add-phone-submit'));
    expect((await screen.findByTestId('add-phone-sent-notice')).textContent).toBe(NOTICE);
    // The viewer's role is the first choice.
    expect(bodiesOf(MEMBER_PATHS.addMember)).toEqual([{ phone: '13900000001', role_id: '32', remark: '一起记账' }]);
    const options = request.mock.calls.find(([u]) => u === MEMBER_PATHS.addMember)![1] as {
      method: string;
      tradingEntity: string;
      showError?: boolean;
    };
    // A refusal (a limit reached too) is the wrapper's toast of the server's words.
    expect(options).toMatchObject({ method: 'POST', tradingEntity: '9' });
    expect(options.showError).toBeUndefined();

    fireEvent.click(screen.getByTestId('add-phone-again'));
    const input = (await screen.findByTestId('add-phone-input')).querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('');
  });

  it('refuses a number that is not one under its field, and stays on the form when the server refuses', async () => {
    open();
    await screen.findByTestId('add-phone-form');
    fireEvent.click(screen.getByTestId('add-phone-submit'));
    expect((await screen.findByTestId('add-phone-error')).textContent).toBe('请输入手机号');
    fireEvent.change(screen.getByTestId('add-phone-input').querySelector('input')!, { target: { value: '1390000' } });
    fireEvent.click(screen.getByTestId('add-phone-submit'));
    expect((await screen.findByTestId('add-phone-error')).textContent).toBe('请输入 11 位手机号');
    expect(bodiesOf(MEMBER_PATHS.addMember)).toEqual([]);

    added = () => {
      throw new ApiError(429, ErrorCode.TOO_MANY_REQUESTS, '添加成员太频繁了，请一小时后再试');
    };
    fireEvent.change(screen.getByTestId('add-phone-input').querySelector('input')!, { target: { value: '13900000001' } });
    fireEvent.click(within(screen.getByTestId('add-phone-roles')).getByText('记账员'));
    fireEvent.click(screen.getByTestId('add-phone-submit'));
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.addMember)).toEqual([{ phone: '13900000001', role_id: '31' }]));
    expect(screen.queryByTestId('add-phone-sent')).toBeNull();
    expect(screen.getByTestId('add-phone-form')).toBeTruthy();
  });

  it('speaks English', async () => {
    await loadLanguage('en');
    open();
    await screen.findByTestId('add-phone-form');
    expect(screen.getByTestId('add-phone-notice').textContent).toBe(
      'If this number has an account, they will get your request and join once they accept',
    );
  });
});

describe('declining an addition', () => {
  it('declines once, or for good, from a sheet that says which', async () => {
    renderPages('/pages/home/index', { '/pages/home/index': PendingPrompts });
    fireEvent.click(await screen.findByTestId('prompt-decline-70'));
    expect((await screen.findByText('拒绝加入“家庭”？')).textContent).toBe('拒绝加入“家庭”？');
    expect(screen.getByText('可以在“个人信息 - 拒收邀请的账本”中恢复')).toBeTruthy();
    fireEvent.click(screen.getByTestId('prompt-decline-block-70'));
    await waitFor(() => expect(bodiesOf(bookPath(MEMBER_PATHS.answerPrompt, { id: '70' }))).toEqual([{ status: 'Rejected', block: true }]));

    fireEvent.click(screen.getByTestId('prompt-decline-71'));
    fireEvent.click(await screen.findByTestId('prompt-decline-once-71'));
    await waitFor(() => expect(bodiesOf(bookPath(MEMBER_PATHS.answerPrompt, { id: '71' }))).toEqual([{ status: 'Rejected' }]));
  });
});

describe("home's prompts card", () => {
  it('asks for the prompts first and draws the card only when there are some', async () => {
    renderPages('/pages/home/index', { '/pages/home/index': HomePrompts });
    expect((await screen.findByTestId('pending-prompts')).textContent).toContain('家庭');
    expect(screen.getByTestId('prompt-decline-71')).toBeTruthy();
  });

  it('draws nothing when nothing waits', async () => {
    request.mockImplementation((url: string) =>
      Promise.resolve(url === MEMBER_PATHS.pendingPrompts ? { data: { invitations: [], applications: [], to_approve: [] } } : undefined),
    );
    renderPages('/pages/home/index', { '/pages/home/index': HomePrompts });
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.pendingPrompts)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('pending-prompts')).toBeNull();
  });
});

describe('the blocked books page', () => {
  it('lists the blocked books and allows one again', async () => {
    renderPages('/personalInfo/pages/blocked-books', { '/personalInfo/pages/blocked-books': BlockedBooksPage });
    const row = await screen.findByTestId('blocked-9');
    expect(row.textContent).toContain('家庭');
    expect(row.textContent).toContain('起拒收');
    expect(screen.getByTestId('blocked-10')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('blocked-allow-9'));
    await waitFor(() => expect(screen.queryByTestId('blocked-9')).toBeNull());
    const del = request.mock.calls.find(([u]) => u === bookPath(MEMBER_PATHS.blockedBook, { bookId: '9' }))![1] as { method: string };
    expect(del.method).toBe('DELETE');
    expect(screen.getByTestId('blocked-10')).toBeTruthy();
  });

  it('says when there are none', async () => {
    blocked = [];
    renderPages('/personalInfo/pages/blocked-books', { '/personalInfo/pages/blocked-books': BlockedBooksPage });
    expect((await screen.findByTestId('state-empty')).textContent).toContain('没有拒收邀请的账本');
  });
});
