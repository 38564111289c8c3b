import { MEMBER_PATHS, Permission } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RoleSettingPage from '../../pages/roleSetting/RoleSettingPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import { answer, type Fake } from './test-fixtures.ts';
import { MEMBER_PAGE_CODES } from './useMembersBook.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const ALL = MEMBER_PAGE_CODES;
let fake: Fake;
let page: { location: () => string };
const renderAt = (path = '/roleSetting/index?bookId=9') => {
  page = renderPages(path, { '/roleSetting/index': RoleSettingPage });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);
/** The newest confirmation's button (an earlier one may still be closing). */
const confirmButton = async (testId: 'confirm-danger' | 'confirm-cancel') => (await screen.findAllByTestId(testId)).at(-1)!;
const callsTo = (url: string, method: string) =>
  request.mock.calls.filter(([u, o]) => u === url && (o as { method?: string }).method === method);

describe('members and roles', () => {
  afterEach(() => {
    cleanup();
    Dialog.clear();
  });
  beforeEach(() => {
    localStorage.clear();
    fake = { granted: new Set(ALL), inviteSetting: { link_validity: 7, audit_type: 'NeedToBeReviewed' }, activities: [], fail: new Set() };
    request.mockReset();
    request.mockImplementation((url: string, o: { method?: string; data?: Record<string, unknown> }) =>
      Promise.resolve().then(() => answer(fake, url, o)),
    );
    useUserStore.setState({ user: { userid: '2', account: '13800138002' } as never, login: true });
  });

  it('shows the members with their roles, the virtual members, and what waits for approval', async () => {
    renderAt();
    const list = await screen.findByTestId('member-list');
    // The owner first; a seeded role without a name is shown in the reader's language.
    expect(
      within(list)
        .getAllByTestId(/^member-\d+$/)
        .map((e) => e.textContent),
    ).toEqual(['爸爸创建者', '妈妈我管理员', '小明记账员']);
    expect(screen.getByTestId('members-joined').textContent).toBe('已加入 3 人');
    expect(screen.getByTestId('virtual-40').textContent).toContain('奶奶');
    const pending = await screen.findByTestId('pending-requests');
    expect(within(pending).getByTestId('request-r1').textContent).toContain('申请角色：记账员');
    expect(within(pending).getByTestId('request-r1').textContent).toContain('留言：我是表妹');
    expect(within(pending).getByTestId('request-r1').textContent).toContain('已催促 2 次');
    expect(within(pending).getByTestId('request-r2').textContent).toContain('申请角色：由管理员分配');
    expect(screen.getByTestId('decided-r0').textContent).toContain('已拒绝');
    // The permissions were asked for once, in this book.
    const perm = request.mock.calls.find(([u]) => u === MEMBER_PATHS.permissions)!;
    expect((perm[1] as { tradingEntity: string }).tradingEntity).toBe('9');
  });

  it('invites through the share page of the book', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('members-invite'));
    expect(page.location()).toBe('/share/index?bookId=9&invite=1');
  });

  it('agrees to an application with the role asked for', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('agree-r1'));
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.decide)).toEqual([{ id: 'r1', status: 'Agreed' }]));
  });

  it('asks for a role first when the applicant left it to the administrator', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('agree-r2'));
    // The owner's role is never offered.
    fireEvent.click(await screen.findByTestId('pick-role-3'));
    expect(screen.queryByTestId('pick-role-1')).toBeNull();
    await waitFor(() => expect(bodiesOf(MEMBER_PATHS.decide)).toEqual([{ id: 'r2', status: 'Agreed', role_id: '3' }]));
    expect(bodiesOf(MEMBER_PATHS.assignableRoles)).toHaveLength(1);
  });

  it('rejects an application after asking', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('reject-r1'));
    fireEvent.click(await confirmButton('confirm-danger'));
    await waitFor(() => expect(callsTo('/cab-user-ws/v5/account-book/invitations/reject/r1', 'PATCH')).toHaveLength(1));
    expect(bodiesOf(MEMBER_PATHS.decide)).toHaveLength(0);
  });

  it('does not reject when the question is cancelled', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('reject-r1'));
    fireEvent.click(await confirmButton('confirm-cancel'));
    await new Promise((r) => setTimeout(r, 20));
    expect(callsTo('/cab-user-ws/v5/account-book/invitations/reject/r1', 'PATCH')).toHaveLength(0);
  });

  it('opens a member’s detail, changes their role and removes them', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('member-5'));
    expect((await screen.findByTestId('member-phone')).textContent).toBe('138****0000');
    expect(callsTo('/cab-service-ws/account-book/users/5', 'GET')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('member-change-role'));
    // A free role is given at once (a paid one is bought for them: features/commerce/purchase-sheet.test.tsx).
    fireEvent.click(await screen.findByTestId('pick-role-2'));
    await waitFor(() => expect(bodiesOf('/cab-service-ws/account-book/users/5/role')).toEqual([{ role_id: '2' }]));

    fireEvent.click(screen.getByTestId('member-remove'));
    fireEvent.click(await confirmButton('confirm-danger'));
    await waitFor(() => expect(callsTo('/cab-service-ws/account-book/users/5', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('member-popup')).toBeNull());
  });

  it('offers neither a role change nor removal for the owner or oneself', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('member-1'));
    await screen.findByTestId('member-phone');
    expect(screen.queryByTestId('member-change-role')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
  });

  it('shows only what a role that reads members may do', async () => {
    fake.granted = new Set([Permission.MEMBER_BASIC_DETAIL]);
    renderAt();
    await screen.findByTestId('member-list');
    expect(screen.queryByTestId('members-invite')).toBeNull();
    expect(screen.queryByTestId('pending-requests')).toBeNull();
    expect(screen.queryByTestId('entry-activity')).toBeNull();
    expect(screen.queryByTestId('entry-invite-setting')).toBeNull();
    expect(screen.getByTestId('entry-roles')).toBeTruthy();
    expect(bodiesOf(MEMBER_PATHS.requests)).toHaveLength(0);
    // The basic detail, without change or removal.
    fireEvent.click(screen.getByTestId('member-5'));
    await waitFor(() => expect(callsTo('/cab-user-ws/v5/account-book/invitation/members/5', 'GET')).toHaveLength(1));
    expect(screen.queryByTestId('member-phone')).toBeNull();
    expect(screen.queryByTestId('member-change-role')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
  });

  it('says so to a role that may not see the members', async () => {
    fake.granted = new Set();
    renderAt();
    await screen.findByTestId('members-no-access');
    expect(bodiesOf(MEMBER_PATHS.bookUsers)).toHaveLength(0);
  });

  it('keeps the permissions for the book and its role, and draws from them next time', async () => {
    renderAt();
    await screen.findByTestId('member-list');
    const kept = JSON.parse(localStorage.getItem('cab.permissions.9')!) as { roleId: string; codes: Record<string, string> };
    expect(kept.roleId).toBe('2');
    expect(kept.codes[Permission.ADD_MEMBER]).toBe('1');
  });

  it('shows a retry when the members cannot load', async () => {
    fake.fail.add(MEMBER_PATHS.bookUsers);
    renderAt();
    await screen.findByTestId('load-failed');
    fake.fail.clear();
    fireEvent.click(screen.getByTestId('load-retry'));
    await screen.findByTestId('member-list');
  });

  it('leads to the roles, the invitation defaults and the activity log of the book', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('entry-activity'));
    expect(page.location()).toBe('/roleSetting/pages/activity?bookId=9');
  });
});
