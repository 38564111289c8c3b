import { BUDGET_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BudgetChildrenPage from '../../pages/budget/BudgetChildrenPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { resetBudgetScreens, fakeBook, type Fake } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

type Call = { method?: string; data?: Record<string, unknown> };
let fake: Fake;
let page: { location: () => string };
const renderAt = (path = '/budget/children?categoryId=11') => {
  page = renderPages(path, { '/budget/children': BudgetChildrenPage });
};
const subjectUrl = (id: string) => bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Category', subject_id: id });
const calls = (url: string, method?: string) =>
  request.mock.calls.filter(([u, o]) => u === url && (!method || (o as Call).method === method)).map(([, o]) => o as Call);
const amountInput = async () => (await screen.findByTestId('budget-amount-input')).querySelector('input')!;
async function confirmAfter(tap: HTMLElement): Promise<HTMLElement> {
  const before = screen.queryAllByTestId('confirm-danger').length;
  fireEvent.click(tap);
  await waitFor(() => expect(screen.queryAllByTestId('confirm-danger').length).toBeGreaterThan(before));
  return screen.getAllByTestId('confirm-danger').at(-1)!;
}

describe('budgets by category', () => {
  afterEach(() => {
    cleanup();
    Dialog.clear();
  });
  beforeEach(() => {
    fake = fakeBook();
    resetBudgetScreens(request, () => fake);
  });

  it('shows the category’s budget and its second-level categories', async () => {
    renderAt();
    await screen.findByTestId('page-budget-children');
    const card = await screen.findByTestId('budget-category');
    expect(within(card).getByTestId('budget-category-amount').textContent).toBe('2,000.00');
    expect(within(card).getByTestId('budget-category-used').textContent).toBe('2,500.00');
    expect(within(card).getByTestId('budget-category-ring').className).toContain('over');
    expect(screen.getByTestId('budget-cat-used-111').textContent).toBe('100.00 / 300.00');
    expect(screen.getByTestId('budget-bar-111').className).not.toContain('over');
    expect(screen.getByTestId('budget-cat-used-112').textContent).toBe('已用 800.00');
    expect(screen.queryByTestId('budget-not-opened')).toBeNull();
    // The primary items to choose among, the one shown on.
    expect(screen.getByTestId('budget-primary-11').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('budget-primary-13')).toBeTruthy();
    expect(calls(subjectUrl('11'), 'GET')[0]!.data).toEqual({ recurrence_type: 'Month', budget_type: 'Expense' });
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('sets, edits and clears a second-level budget', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-cat-112'));
    fireEvent.change(await amountInput(), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    const addUrl = bookPath(BUDGET_PATHS.add, { type: 'Category', id: '112', budget_type: 'Expense', recurrence_type: 'Month' });
    await waitFor(() => expect(calls(addUrl, 'POST').map((o) => o.data)).toEqual([{ budget_amount: '600.00' }]));
    await waitFor(() => expect(screen.queryByTestId('budget-amount-popup')).toBeNull());

    fireEvent.click(screen.getByTestId('budget-cat-111'));
    expect((await amountInput()).value).toBe('300');
    fireEvent.click(await confirmAfter(screen.getByTestId('budget-amount-delete')));
    await waitFor(() => expect(calls(bookPath(BUDGET_PATHS.budget, { budget_id: 'b3' }), 'DELETE')).toHaveLength(1));
  });

  it('refreshes the category’s budget from its second-level ones after asking', async () => {
    renderAt();
    const sum = await screen.findByTestId('budget-category-sum');
    expect(sum.textContent).toContain('300.00');
    fireEvent.click(await confirmAfter(sum));
    const sumUrl = bookPath(BUDGET_PATHS.sum, { type: 'Category', id: '11' });
    await waitFor(() => expect(calls(sumUrl, 'PUT').map((o) => o.data)).toEqual([{ budget_type: 'Expense', recurrence_type: 'Month' }]));
  });

  it('shows the not-opened prompt instead of second-level editing without advanced budgets', async () => {
    fake.advanced = false;
    renderAt();
    expect((await screen.findByTestId('budget-not-opened')).textContent).toContain('高级预算尚未开通');
    expect(screen.getByTestId('budget-cat-111').tagName).toBe('DIV');
    expect(screen.getByTestId('budget-cat-used-112').textContent).toBe('已用 800.00');
    // The category's own budget is not advanced.
    fireEvent.click(screen.getByTestId('budget-category-edit'));
    expect((await amountInput()).value).toBe('2000');
  });

  it('switches to another first-level category', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-primary-12'));
    await waitFor(() => expect(page.location()).toBe('/budget/children?categoryId=12'));
    await screen.findByTestId('budget-secondary-none');
    expect(calls(subjectUrl('12'), 'GET')).toHaveLength(1);
  });

  it('says so for a category that is not there', async () => {
    renderAt('/budget/children?categoryId=99');
    expect((await screen.findByTestId('budget-no-category')).textContent).toContain('预算对象不存在');
    cleanup();
    request.mockClear();
    renderAt('/budget/children?categoryId=abc');
    await screen.findByTestId('budget-no-category');
    expect(calls(subjectUrl('abc'))).toHaveLength(0);
  });
});
