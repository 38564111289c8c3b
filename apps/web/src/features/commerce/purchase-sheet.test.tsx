import { COMMERCE_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BudgetChildrenPage from '../../pages/budget/BudgetChildrenPage.tsx';
import RoleSettingPage from '../../pages/roleSetting/RoleSettingPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { useBookStore } from '../../stores/book.ts';
import { answer as answerBudgets, fakeBook, type Fake } from '../budgets/test-fixtures.ts';
import { useBudgetPeriod } from '../budgets/useBudgetBook.ts';
import { answer as answerMembers, type Fake as MembersFake } from '../members/test-fixtures.ts';
import { MEMBER_PAGE_CODES } from '../members/useMembersBook.ts';
import { cashier, flowOf } from './flow.ts';
import { CASHIER, P1, R1, coupon, purchaseOrder, rechargeOrder, resetShop, shop, type Shop } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
// What the screens say went well (a toast), read here rather than from antd-mobile's toast in the document.
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../app/toast.ts', () => toast);

type Call = { method?: string; data?: Record<string, unknown>; headers?: Record<string, string>; tradingEntity?: string };
const calls = (url: string) => request.mock.calls.filter(([u]) => String(u).split('?')[0] === url).map(([, o]) => o as Call);
const budgetsOf = (id: string) =>
  calls(bookPath('/cab-config-ws/account-book/subjects/:type/:id/budgets', { type: 'Category', id })).filter((o) => o.method === 'GET');

let s: Shop;
let book: Fake;
let page: { location: () => string };

describe('buying the advanced budgets from the budget center', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    toast.showToast.mockClear();
    s = shop();
    book = { ...fakeBook(), advanced: false, granted: new Set(['010002', '05']) };
    resetShop(
      request,
      () => s,
      (url, o) => answerBudgets(book, url, o),
    );
    useBookStore.setState({ bookId: '9' });
    useBudgetPeriod.setState({ bookId: '', at: null });
  });
  const open = async (path = '/budget/children?categoryId=11') => {
    page = renderPages(path, { '/budget/children': BudgetChildrenPage });
    fireEvent.click(await screen.findByTestId('budget-open'));
    return screen.findByTestId('purchase-sheet');
  };

  it('lists the packages with the best coupon chosen, the price after it, the balance and the shortfall', async () => {
    s.coupons = [coupon('71', '30.00', ['budget_advanced_365']), coupon('72', '1.50')];
    const sheet = await open();
    await within(sheet).findByTestId('purchase-combo-budget_advanced_30');
    expect(within(sheet).getByTestId('purchase-combo-budget_advanced_365').textContent).toContain('原价 72.00');
    // For the 30 days the coupon of the year does not fit: the one for every package is chosen.
    expect(within(sheet).queryByTestId('purchase-coupon-71')).toBeNull();
    expect(within(sheet).getByTestId('purchase-coupon-72').getAttribute('aria-checked')).toBe('true');
    expect(within(sheet).getByTestId('purchase-price').textContent).toBe('4.50 香蕉贝');
    expect(within(sheet).getByTestId('purchase-balance').textContent).toBe('1.00 香蕉贝');
    expect(within(sheet).getByTestId('purchase-shortfall').textContent).toBe('余额不足，还需充值 3.50 香蕉贝');
    expect(within(sheet).getByTestId('purchase-pay').textContent).toBe('充值并支付 ¥3.50');
    // The year: its own coupon, the largest reduction.
    fireEvent.click(within(sheet).getByTestId('purchase-combo-budget_advanced_365'));
    expect(within(sheet).getByTestId('purchase-coupon-71').getAttribute('aria-checked')).toBe('true');
    expect(within(sheet).getByTestId('purchase-price').textContent).toBe('30.00 香蕉贝');
    // No coupon at all.
    fireEvent.click(within(sheet).getByTestId('purchase-coupon-none'));
    expect(within(sheet).getByTestId('purchase-price').textContent).toBe('60.00 香蕉贝');
    expect(calls(COMMERCE_PATHS.couponsForCombos)[0]).toMatchObject({
      tradingEntity: '9',
      data: {
        head: {},
        body: { comboIds: ['budget_advanced_30', 'budget_advanced_365'], actCode: 'budget_advanced', sortType: 2, bookId: '9' },
      },
    });
  });

  it('pays the shortfall at the cashier, remembering where to come back and how to buy again', async () => {
    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    s.coupons = [coupon('72', '1.00')];
    s.bought = purchaseOrder('awaiting_recharge', { recharge: rechargeOrder('paying', { amount: '4.00', purchase_order_no: P1 }) });
    const sheet = await open();
    fireEvent.click(await within(sheet).findByTestId('purchase-pay'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CASHIER));
    const [sent] = calls(COMMERCE_PATHS.purchase);
    expect(sent).toMatchObject({
      tradingEntity: '9',
      data: { combo_id: 'budget_advanced_30', coupon_id: '72', pay_type: 7, channel: 'sandbox' },
    });
    expect(sent!.headers?.['Idempotency-Key']).toMatch(/^web-/);
    // In the tests the router is in memory: the flow starts from the window's own path.
    expect(flowOf(R1)).toMatchObject({ kind: 'package', purchase: P1, bookId: '9' });
    expect(flowOf(R1).retry).toContain('buy=budget_advanced');
  });

  it('pays from the wallet when it covers the price: the feature opens in place', async () => {
    s.balance = '36.00';
    s.bought = purchaseOrder('paid');
    const sheet = await open();
    expect((await within(sheet).findByTestId('purchase-pay')).textContent).toBe('支付 6.00 香蕉贝');
    const before = budgetsOf('11').length;
    book.advanced = true;
    fireEvent.click(within(sheet).getByTestId('purchase-pay'));
    await waitFor(() => expect(budgetsOf('11').length).toBeGreaterThan(before));
    expect(toast.showToast).toHaveBeenCalledWith('支付成功，已开通');
    await waitFor(() => expect(screen.queryByTestId('budget-not-opened')).toBeNull());
    expect(page.location()).toBe('/budget/children?categoryId=11');
  });

  it('tells a member who may not buy so, with no pay button', async () => {
    book.granted = new Set(['010002']);
    const sheet = await open();
    expect((await within(sheet).findByTestId('purchase-not-allowed')).textContent).toBe('只有账本的创建者和管理员可以开通高级功能');
    expect(within(sheet).queryByTestId('purchase-pay')).toBeNull();
  });

  it('opens by itself when paying again after a failure', async () => {
    page = renderPages('/budget/children?categoryId=11&buy=budget_advanced', { '/budget/children': BudgetChildrenPage });
    const sheet = await screen.findByTestId('purchase-sheet');
    fireEvent.click(await within(sheet).findByText('取消'));
    await waitFor(() => expect(page.location()).toBe('/budget/children?categoryId=11'));
  });
});

describe('giving a member a paid role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    toast.showToast.mockClear();
    s = shop();
    const members: MembersFake = {
      granted: new Set(MEMBER_PAGE_CODES),
      inviteSetting: { link_validity: 7, audit_type: 'NeedToBeReviewed' },
      activities: [],
      fail: new Set(),
    };
    resetShop(
      request,
      () => s,
      (url, o) => {
        if (url === bookPath(COMMERCE_PATHS.roleTrial, { id: '5' }))
          return {
            data: {
              role_id: '7',
              user_id: '5',
              billing_type: 'PerPersonPerDay',
              price: '2.00',
              persons: 1,
              daily_expense: '2.00',
              trial_price: '2.00',
              balance: s.balance,
              enough: Number(s.balance) >= 2,
            },
          };
        if (url === bookPath(COMMERCE_PATHS.payForAssign, { id: '7' })) return { data: s.bought };
        return answerMembers(members, url, o);
      },
    );
  });
  const quote = async () => {
    page = renderPages('/roleSetting/index?bookId=9', { '/roleSetting/index': RoleSettingPage });
    fireEvent.click(await screen.findByTestId('member-5'));
    fireEvent.click(await screen.findByTestId('member-change-role'));
    const paid = await screen.findByTestId('pick-role-7');
    expect(paid.closest('button')!.textContent).toContain('2 香蕉贝/人/天');
    fireEvent.click(paid);
    return screen.findByTestId('role-quote');
  };

  it('shows the quote and pays from the wallet, assigning the role; the plain role change is not asked', async () => {
    s.balance = '36.00';
    s.bought = purchaseOrder('paid', { kind: 'role', role_id: '7', member_ids: ['5'], combo_id: null, feature_code: null });
    const sheet = await quote();
    expect((await within(sheet).findByTestId('role-quote-price')).textContent).toBe('2.00 香蕉贝');
    expect(within(sheet).getByTestId('role-quote-billing').textContent).toBe('按人按天计费');
    expect(within(sheet).getByTestId('role-quote-daily').textContent).toBe('2.00 香蕉贝');
    expect(within(sheet).getByTestId('role-quote-now').textContent).toBe('2.00 香蕉贝');
    expect(within(sheet).getByTestId('role-quote-balance').textContent).toBe('36.00 香蕉贝');
    expect(calls(bookPath(COMMERCE_PATHS.roleTrial, { id: '5' }))[0]).toMatchObject({ tradingEntity: '9', data: { role_id: '7' } });
    fireEvent.click(within(sheet).getByTestId('role-quote-pay'));
    await waitFor(() => expect(calls(bookPath(COMMERCE_PATHS.payForAssign, { id: '7' }))).toHaveLength(1));
    const [sent] = calls(bookPath(COMMERCE_PATHS.payForAssign, { id: '7' }));
    expect(sent).toMatchObject({ tradingEntity: '9', data: { user_ids: ['5'], pay_type: 7, channel: 'sandbox' } });
    expect(sent!.headers?.['Idempotency-Key']).toMatch(/^web-/);
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('已支付并分配角色'));
    expect(calls('/cab-service-ws/account-book/users/5/role')).toHaveLength(0);
  });

  it('recharges the shortfall at the cashier', async () => {
    const go = vi.spyOn(cashier, 'go').mockImplementation(() => undefined);
    s.balance = '0.50';
    s.bought = purchaseOrder('awaiting_recharge', {
      kind: 'role',
      recharge: rechargeOrder('paying', { amount: '1.50', purchase_order_no: P1 }),
    });
    const sheet = await quote();
    expect((await within(sheet).findByTestId('role-quote-shortfall')).textContent).toBe('余额不足，还需充值 1.50 香蕉贝');
    expect(within(sheet).getByTestId('role-quote-pay').textContent).toBe('充值并分配 ¥1.50');
    fireEvent.click(within(sheet).getByTestId('role-quote-pay'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CASHIER));
    expect(flowOf(R1)).toMatchObject({ kind: 'role', purchase: P1, bookId: '9' });
  });
});
