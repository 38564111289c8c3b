import { BOOK_PATHS, ErrorCode, MEMBER_PATHS, bookPath, type Invitation } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { loadLanguage } from '../../i18n/index.ts';
import InvitationPage from '../../pages/invitation/InvitationPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import { book, invitation } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const CODE = 'Ab3dEf6hIj9kLm2nOp5q';
const INVITATION_URL = bookPath(MEMBER_PATHS.invitationV5, { code: CODE });
const EXIST_URL = bookPath(MEMBER_PATHS.whetherExistV5, { code: CODE });

let inv: Invitation;
let exist: { status: string; request_id: string | null; book_id: string };
let answers: Record<string, () => unknown>;

function answer(url: string): unknown {
  const a = answers[url];
  if (a) return a();
  if (url === INVITATION_URL) return { data: inv };
  if (url === EXIST_URL) return { data: exist };
  if (url === MEMBER_PATHS.applyV5) {
    const status = inv.audit_type === 'NeedToBeReviewed' ? 'ToBeAuthorized' : 'Accepted';
    return { data: { status, request_id: '80', book_id: '9', role: null } };
  }
  if (url === MEMBER_PATHS.urge) return { data: { urge_count: 1, urged_at: 1 } };
  if (url === BOOK_PATHS.currentInfo) return { data: { bookId: '9', storeId: '1', book: book() } };
  if (url === BOOK_PATHS.preference) return { data: [] };
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path = `/invitation/index?code=${CODE}`) => {
  page = renderPages(path, { '/invitation/index': InvitationPage });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);
const signIn = () => useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });

describe('the join page', () => {
  afterEach(cleanup);
  beforeEach(() => {
    inv = invitation();
    exist = { status: 'notExist', request_id: null, book_id: '9' };
    answers = {};
    request.mockReset();
    request.mockImplementation((url: string) => {
      try {
        return Promise.resolve(answer(url));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    signIn();
  });

  it('shows the invitation signed out, with a login that comes back here', async () => {
    useUserStore.setState({ user: null, login: false });
    renderAt();
    expect((await screen.findByTestId('invitation-book')).textContent).toBe('家庭');
    expect(screen.getByTestId('invitation-inviter').textContent).toBe('妈妈 邀请你加入');
    expect(screen.getByTestId('invitation-expiry').textContent).toContain('有效期至');
    fireEvent.click(screen.getByTestId('invitation-login-button'));
    expect(page.location()).toBe(`/accountLogin/index?redirect=${encodeURIComponent(`/invitation/index?code=${CODE}`)}`);
    // Who they are in the book is asked only signed in.
    expect(request.mock.calls.some(([u]) => u === EXIST_URL)).toBe(false);
    // The joiner's calls do not name the current book.
    expect((request.mock.calls.find(([u]) => u === INVITATION_URL)![1] as { tradingEntity: string }).tradingEntity).toBe('');
  });

  it('says a member is in already, and opens the book', async () => {
    exist = { status: 'existed', request_id: null, book_id: '9' };
    renderAt();
    await screen.findByTestId('join-existed');
    fireEvent.click(screen.getByTestId('join-open-book'));
    await waitFor(() => expect(page.location()).toMatch(/^\/dashboard\/index\?TradingEntity=9&/));
  });

  it('shows an application under review and urges the approvers', async () => {
    exist = { status: 'underReview', request_id: '80', book_id: '9' };
    renderAt();
    await screen.findByTestId('join-under-review');
    fireEvent.click(screen.getByTestId('join-urge'));
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.urge)).toEqual([{ id: '80' }]));
  });

  it('leaves an urge too soon (429) to the wrapper, which shows the server’s words', async () => {
    exist = { status: 'underReview', request_id: '80', book_id: '9' };
    answers[MEMBER_PATHS.urge] = () => {
      throw new ApiError(429, ErrorCode.TOO_MANY_REQUESTS, '刚刚催过了，请 8 分钟后再催');
    };
    renderAt();
    fireEvent.click(await screen.findByTestId('join-urge'));
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.urge)).toHaveLength(1));
    const options = request.mock.calls.find(([u]) => u === MEMBER_PATHS.urge)![1] as { showError?: boolean };
    expect(options.showError).not.toBe(false);
    expect(screen.getByTestId('join-under-review')).toBeTruthy();
  });

  it('applies to a review link with a role, a remark and the subscribe choice, then says the managers will review', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('join-apply'));
    const dialog = await screen.findByTestId('join-dialog-review');
    // A role is needed; the list offers "assigned by administrator".
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    expect((await within(dialog).findByTestId('join-roles-error')).textContent).toBe('请选择角色');
    fireEvent.click(within(dialog).getByText('由管理员分配'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '我是小王' } });
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    await screen.findByTestId('join-submitted');
    expect(screen.getByTestId('join-submitted').textContent).toContain('“家庭”的管理员审核后会通知你');
    expect(bodiesOf(MEMBER_PATHS.applyV5)).toEqual([{ invite_code: CODE, role_id: '-1', remark: '我是小王', subscribe: true }]);
  });

  it('accepts a designated role at once, without news if unticked, and offers the book', async () => {
    inv = invitation({ audit_type: 'NoReviewDesignatedRole', role: { role_id: '3', role_name: '记账员', role_desc: '' } });
    renderAt();
    expect((await screen.findByTestId('invitation-role')).textContent).toBe('记账员');
    fireEvent.click(await screen.findByText('接收账本动态通知'));
    fireEvent.click(screen.getByTestId('join-accept'));
    await screen.findByTestId('join-joined-now');
    expect(bodiesOf(MEMBER_PATHS.applyV5)).toEqual([{ invite_code: CODE, role_id: '3', subscribe: false }]);
    fireEvent.click(screen.getByTestId('join-open-book'));
    await waitFor(() => expect(page.location()).toMatch(/^\/dashboard\/index\?TradingEntity=9&/));
  });

  it('joins a code link with a chosen role once the code checks out', async () => {
    inv = invitation({ audit_type: 'NoReviewRoleCode', role_vos: inv.role_vos.slice(0, 2) });
    const check = bookPath(MEMBER_PATHS.invitationRoles, { code: CODE, roleCode: 'AB12CD34' });
    answers[check] = () => ({
      data: invitation({ audit_type: 'NoReviewRoleCode', role_vos: [{ role_id: '3', role_name: '记账员', role_desc: '' }] }),
    });
    renderAt();
    fireEvent.click(await screen.findByTestId('join-with-code'));
    const dialog = await screen.findByTestId('join-dialog-code');
    fireEvent.click(within(dialog).getByText('记账员'));
    const input = within(dialog).getByTestId('join-code').querySelector('input')!;
    // Too short first; the input keeps letters and digits only, in capitals.
    fireEvent.change(input, { target: { value: 'ab1' } });
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    expect((await within(dialog).findByTestId('join-code-error')).textContent).toBe('邀请码是 8 位字母或数字');
    fireEvent.change(input, { target: { value: 'ab-12 cd34xyz' } });
    expect(input.value).toBe('AB12CD34');
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    await screen.findByTestId('join-joined-now');
    expect(bodiesOf(MEMBER_PATHS.applyV5)).toEqual([{ invite_code: CODE, role_id: '3', role_code: 'AB12CD34', subscribe: true }]);
  });

  it('says a wrong code under its field and does not apply', async () => {
    inv = invitation({ audit_type: 'NoReviewRoleCode', role_vos: inv.role_vos.slice(0, 2) });
    answers[bookPath(MEMBER_PATHS.invitationRoles, { code: CODE, roleCode: 'AB12CD34' })] = () => {
      throw new ApiError(422, ErrorCode.INVITATION_CODE_WRONG, '邀请码不正确');
    };
    renderAt();
    fireEvent.click(await screen.findByTestId('join-with-code'));
    const dialog = await screen.findByTestId('join-dialog-code');
    fireEvent.click(within(dialog).getByText('查看者'));
    fireEvent.change(within(dialog).getByTestId('join-code').querySelector('input')!, { target: { value: 'AB12CD34' } });
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    expect((await within(dialog).findByTestId('join-code-error')).textContent).toBe('邀请码不正确');
    expect(bodiesOf(MEMBER_PATHS.applyV5)).toHaveLength(0);
  });

  it('will not join with a role the code does not allow', async () => {
    inv = invitation({ audit_type: 'NoReviewRoleCode', role_vos: inv.role_vos.slice(0, 2) });
    answers[bookPath(MEMBER_PATHS.invitationRoles, { code: CODE, roleCode: 'AB12CD34' })] = () => ({
      data: invitation({ audit_type: 'NoReviewRoleCode', role_vos: [{ role_id: '3', role_name: '记账员', role_desc: '' }] }),
    });
    renderAt();
    fireEvent.click(await screen.findByTestId('join-with-code'));
    const dialog = await screen.findByTestId('join-dialog-code');
    fireEvent.click(within(dialog).getByText('查看者'));
    fireEvent.change(within(dialog).getByTestId('join-code').querySelector('input')!, { target: { value: 'AB12CD34' } });
    fireEvent.click(within(dialog).getByTestId('join-submit'));
    expect((await within(dialog).findByTestId('join-roles-error')).textContent).toBe('这个邀请码不能用于所选角色');
    expect(bodiesOf(MEMBER_PATHS.applyV5)).toHaveLength(0);
  });

  it('shows an expired or revoked link as a page of its own, with the server’s words', async () => {
    answers[INVITATION_URL] = () => {
      throw new ApiError(422, ErrorCode.INVITATION_EXPIRED, '邀请链接已过期或已被撤销，请向邀请人要新的链接');
    };
    renderAt();
    const gone = await screen.findByTestId('invitation-gone');
    expect(gone.textContent).toContain('邀请链接已失效');
    expect(gone.textContent).toContain('邀请链接已过期或已被撤销，请向邀请人要新的链接');
    expect(screen.queryByTestId('invitation-summary')).toBeNull();
    fireEvent.click(screen.getByTestId('invitation-home'));
    expect(page.location()).toBe('/pages/home/index');
  });

  it('shows an unknown link, and a link without a code, as not found', async () => {
    answers[INVITATION_URL] = () => {
      throw new ApiError(404, ErrorCode.INVITATION_NOT_FOUND, '邀请链接不存在');
    };
    renderAt();
    expect((await screen.findByTestId('invitation-gone')).textContent).toContain('邀请链接不存在');
    cleanup();
    renderAt('/invitation/index');
    expect((await screen.findByTestId('invitation-gone')).textContent).toContain('链接不完整');
  });

  it('speaks only Chinese, and English when chosen', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('join-apply'));
    await screen.findByTestId('join-dialog-review');
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
    cleanup();
    await loadLanguage('en');
    try {
      useUserStore.setState({ user: null, login: false });
      renderAt();
      expect((await screen.findByTestId('invitation-login')).textContent).toContain('Log in to join the book');
      expect(screen.getByTestId('invitation-inviter').textContent).toBe('妈妈 invites you to join');
    } finally {
      await loadLanguage('zh-CN');
    }
  });

  it('offers a retry when the invitation could not load for another reason', async () => {
    answers[INVITATION_URL] = () => {
      throw new Error('offline');
    };
    renderAt();
    await screen.findByTestId('load-failed');
    answers = {};
    fireEvent.click(screen.getByTestId('load-retry'));
    await screen.findByTestId('invitation-summary');
  });
});
