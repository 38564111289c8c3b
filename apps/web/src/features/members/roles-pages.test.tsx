import { MEMBER_PATHS, Permission } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DefaultInviteSettingPage from '../../pages/defaultInviteSetting/DefaultInviteSettingPage.tsx';
import ActivityPage from '../../pages/roleSetting/ActivityPage.tsx';
import RoleDetailInfoPage from '../../pages/roleSetting/RoleDetailInfoPage.tsx';
import RoleInfoPage from '../../pages/roleSetting/RoleInfoPage.tsx';
import RoleManagementPage from '../../pages/roleSetting/RoleManagementPage.tsx';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';
import { activity, answer, type Fake } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

let fake: Fake;
let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/roleSetting/pages/role-management': RoleManagementPage,
    '/roleSetting/pages/role-info': RoleInfoPage,
    '/roleSetting/pages/role-detail-info': RoleDetailInfoPage,
    '/roleSetting/pages/activity': ActivityPage,
    '/defaultInviteSetting/index': DefaultInviteSettingPage,
  });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);
/** The newest confirmation's button (an earlier one may still be closing). */
const confirmButton = async (testId: 'confirm-danger' | 'confirm-cancel') => (await screen.findAllByTestId(testId)).at(-1)!;

describe('the role and settings screens', () => {
  afterEach(() => {
    cleanup();
    Dialog.clear();
  });
  beforeEach(() => {
    localStorage.clear();
    fake = {
      granted: new Set([Permission.ROLE_EDIT, Permission.ADD_MEMBER, Permission.MEMBER_BASIC_DETAIL, Permission.SENSITIVE]),
      inviteSetting: { link_validity: 7, audit_type: 'NeedToBeReviewed' },
      activities: [],
      fail: new Set(),
    };
    request.mockReset();
    request.mockImplementation((url: string, o: { method?: string; data?: Record<string, unknown> }) =>
      Promise.resolve().then(() => answer(fake, url, o)),
    );
    useUserStore.setState({ user: { userid: '2', account: '13800138002' } as never, login: true });
  });

  describe('role management', () => {
    it('lists the roles with their price, description and holders', async () => {
      renderAt('/roleSetting/pages/role-management?bookId=9');
      await screen.findByTestId('role-list');
      expect(screen.getByTestId('role-price-3').textContent).toBe('免费');
      expect(screen.getByTestId('role-price-7').textContent).toBe('2 香蕉贝/人/天');
      expect(screen.getByTestId('role-7').textContent).toContain('管钱的人');
      expect(screen.getByTestId('role-3').textContent).toContain('记账员');
      // Only custom roles are deleted.
      expect(screen.getByTestId('role-delete-7')).toBeTruthy();
      expect(screen.queryByTestId('role-delete-3')).toBeNull();
      expect(screen.queryByTestId('role-delete-1')).toBeNull();
    });

    it('adds a role with its permissions, price and billing', async () => {
      renderAt('/roleSetting/pages/role-management?bookId=9');
      fireEvent.click(await screen.findByTestId('role-add'));
      const form = await screen.findByTestId('role-form');
      // Only what the caller's own role (2) holds is offered.
      await within(form).findByTestId('perm-010001');
      expect(within(form).queryByTestId('perm-05000101')).toBeNull();
      expect(bodiesOf(MEMBER_PATHS.permissionTree)).toEqual([{ role_id: '2' }]);
      fireEvent.click(within(form).getByTestId('role-form-save'));
      expect((await screen.findByTestId('role-name-error')).textContent).toBe('请输入角色名称');
      fireEvent.change(within(form).getByTestId('role-name-input').querySelector('input')!, { target: { value: '出纳' } });
      // The price is the app's money field: what it cannot take is refused with its reason, not rewritten.
      const price = within(form).getByTestId('role-price-input').querySelector('input')!;
      fireEvent.change(price, { target: { value: '1.5元' } });
      expect(price.value).toBe('0');
      expect((await screen.findByTestId('role-price-error')).textContent).toBe('金额只能是数字和一个小数点，未接受“元”');
      fireEvent.change(price, { target: { value: '1.5' } });
      fireEvent.click(within(screen.getByTestId('role-billing')).getByText('一次性'));
      // Ticking an item ticks its group.
      fireEvent.click(within(form).getByTestId('perm-010001'));
      fireEvent.click(within(form).getByTestId('role-form-save'));
      await waitFor(() =>
        expect(bodiesOf(MEMBER_PATHS.roleOperation)).toEqual([
          {
            operation: '9',
            role_name: '出纳',
            role_desc: '',
            permission_codes: ['01', '010001', '02'],
            price: '1.50',
            billing_type: 'OneOff',
          },
        ]),
      );
    });

    it('deletes a custom role after asking', async () => {
      renderAt('/roleSetting/pages/role-management?bookId=9');
      fireEvent.click(await screen.findByTestId('role-delete-7'));
      fireEvent.click(await confirmButton('confirm-danger'));
      await waitFor(() => expect(bodiesOf(MEMBER_PATHS.roleOperation)).toEqual([{ operation: 'D', role_id: '7' }]));
    });

    it('offers no adding or deleting without role edit', async () => {
      fake.granted = new Set([Permission.MEMBER_BASIC_DETAIL]);
      renderAt('/roleSetting/pages/role-management?bookId=9');
      await screen.findByTestId('role-list');
      expect(screen.queryByTestId('role-add')).toBeNull();
      expect(screen.queryByTestId('role-delete-7')).toBeNull();
      fireEvent.click(screen.getByTestId('role-perms-7'));
      expect(page.location()).toBe('/roleSetting/pages/role-info?bookId=9&role_id=7');
    });

    it('shows a retry when the roles cannot load', async () => {
      fake.fail.add(MEMBER_PATHS.roles);
      renderAt('/roleSetting/pages/role-management?bookId=9');
      await screen.findByTestId('load-failed');
    });
  });

  describe('role info', () => {
    it('edits the permissions of a role: a child ticks its group, a group unticks its children', async () => {
      renderAt('/roleSetting/pages/role-info?bookId=9&role_id=7');
      const tree = await screen.findByTestId('permission-checklist');
      const input = (code: string) => within(tree).getByTestId(`perm-${code}`).querySelector('input')!;
      expect(input('010001').checked).toBe(true);
      expect(input('05').checked).toBe(false);
      fireEvent.click(within(tree).getByTestId('perm-05000101'));
      expect(input('05').checked).toBe(true);
      fireEvent.click(within(tree).getByTestId('perm-01'));
      expect(input('010001').checked).toBe(false);
      fireEvent.click(screen.getByTestId('role-info-save'));
      await waitFor(() =>
        expect(bodiesOf(MEMBER_PATHS.roleOperation)).toEqual([
          { operation: '8', role_id: '7', permission_codes: ['02', '02000504', '05', '05000101'] },
        ]),
      );
    });

    it('is read-only without role edit, and for the owner', async () => {
      fake.granted = new Set([Permission.MEMBER_BASIC_DETAIL]);
      renderAt('/roleSetting/pages/role-info?bookId=9&role_id=7');
      const tree = await screen.findByTestId('permission-checklist');
      expect(within(tree).getByTestId('perm-01').querySelector('input')!.disabled).toBe(true);
      expect(screen.queryByTestId('role-info-save')).toBeNull();
      expect(screen.getByTestId('role-info-hint').textContent).toBe('这个角色的权限不能修改');
    });

    it('says so when the role is gone', async () => {
      renderAt('/roleSetting/pages/role-info?bookId=9&role_id=404');
      await screen.findByTestId('role-gone');
    });
  });

  describe('role detail', () => {
    it('shows the role, its holders and its permissions by name', async () => {
      renderAt('/roleSetting/pages/role-detail-info?bookId=9&role_id=3');
      expect((await screen.findByTestId('role-detail-name')).textContent).toBe('记账员');
      expect(screen.getByTestId('role-detail-price').textContent).toBe('免费');
      const holders = await screen.findByTestId('role-detail-members');
      await within(holders).findByTestId('holder-5');
      expect(within(holders).queryByTestId('holder-1')).toBeNull();
      // Its permissions by the tree's names: what it holds, by group.
      const held = screen.getByTestId('role-detail-permissions');
      await within(held).findByTestId('held-01');
      expect(
        within(held)
          .getAllByTestId(/^held-/)
          .map((g) => g.textContent),
      ).toEqual(['记账与流水记一笔', '基础查看成员基础信息']);
      expect(bodiesOf(MEMBER_PATHS.permissionTree)).toEqual([{ role_id: '3' }]);
      fireEvent.click(screen.getByTestId('role-detail-edit'));
      expect(page.location()).toBe('/roleSetting/pages/role-info?bookId=9&role_id=3');
    });
  });

  describe('invitation defaults', () => {
    it('shows the saved defaults and saves new ones', async () => {
      renderAt('/defaultInviteSetting/index?bookId=9');
      const validity = await screen.findByTestId('validity');
      expect(within(validity).getByTestId('validity-7').getAttribute('aria-checked')).toBe('true');
      expect(screen.getByTestId('invite-setting-save').hasAttribute('disabled')).toBe(true);
      fireEvent.click(within(validity).getByTestId('validity-0'));
      expect(within(validity).getByTestId('validity-0').textContent).toBe('永久有效');
      fireEvent.click(screen.getByTestId('audit-NoReviewRoleCode'));
      fireEvent.click(screen.getByTestId('invite-setting-save'));
      await waitFor(() =>
        expect(bodiesOf(MEMBER_PATHS.inviteSetting)).toContainEqual({ link_validity: 0, audit_type: 'NoReviewRoleCode' }),
      );
      const put = request.mock.calls.find(([u, o]) => u === MEMBER_PATHS.inviteSetting && (o as { method: string }).method === 'PUT')!;
      expect((put[1] as { tradingEntity: string }).tradingEntity).toBe('9');
    });

    it('is not for those who may not add members', async () => {
      fake.granted = new Set([Permission.MEMBER_BASIC_DETAIL]);
      renderAt('/defaultInviteSetting/index?bookId=9');
      await screen.findByTestId('members-no-access');
      expect(bodiesOf(MEMBER_PATHS.inviteSetting)).toHaveLength(0);
    });
  });

  describe('activity log', () => {
    it('reads who did what, newest first, a page at a time', async () => {
      fake.activities = [
        [
          activity('30', 'create', 'category', { name: '餐饮', type: 'Expense' }),
          activity(
            '29',
            'update',
            'transaction',
            { business_type: 'Expense', amount: '1234.5' },
            { business_type: 'Expense', amount: '1000' },
          ),
        ],
        [
          { ...activity('28', 'quit', 'member'), entity_id: '2', target: { user_id: '2', nickname: '妈妈', avatar_url: '' } },
          activity('27', 'delete', 'accounts', null, { name: '现金' }),
          activity('26', 'sort', 'projects'),
        ],
      ];
      renderAt('/roleSetting/pages/activity?bookId=9');
      await screen.findByTestId('activity-26');
      const texts = screen.getAllByTestId(/^activity-\d+$/).map((e) => e.querySelector('.activity-text')!.textContent);
      expect(texts).toEqual([
        '妈妈新增了分类“餐饮”',
        '妈妈修改了一笔支出：1,000.00 → 1,234.50',
        '妈妈退出了账本',
        '妈妈删除了账户“现金”',
        '妈妈调整了项目的顺序',
      ]);
      expect(bodiesOf(MEMBER_PATHS.activities)).toEqual([{ page_size: 20 }, { page_size: 20, cursor: '29' }]);
    });

    it('says when nothing has happened yet', async () => {
      renderAt('/roleSetting/pages/activity?bookId=9');
      await screen.findByTestId('state-empty');
    });

    it('is only for those who hold the sensitive permission', async () => {
      fake.granted = new Set([Permission.MEMBER_BASIC_DETAIL]);
      renderAt('/roleSetting/pages/activity?bookId=9');
      await screen.findByTestId('members-no-access');
      expect(bodiesOf(MEMBER_PATHS.activities)).toHaveLength(0);
    });

    it("shows when things happened on the book's clock, not the phone's", async () => {
      const entry = activity('30', 'create', 'category', { name: '餐饮', type: 'Expense' });
      fake.activities = [[entry]];
      const at = (timeZone: string) =>
        new Intl.DateTimeFormat('zh-CN', {
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone,
        }).format(entry.at);
      renderAt('/roleSetting/pages/activity?bookId=9');
      await screen.findByTestId('activity-30');
      // The book keeps Shanghai's clock (test-fixtures BOOK).
      expect(screen.getByTestId('activity-30').querySelector('.member-sub')!.textContent).toBe(at('Asia/Shanghai'));
      const phone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (at(phone) !== at('Asia/Shanghai')) expect(screen.getByTestId('zone-note').textContent).toBe('时间按账本时区（+8）显示');
    });
  });
});
