import { ALL_START_TIME, BOOK_PATHS, BUDGET_PATHS, MEMBER_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import BudgetPage from '../../pages/budget/BudgetPage.tsx';
import { useBookStore } from '../../stores/book.ts';
import { renderPages } from '../../test-pages.tsx';
import { resetBudgetScreens, emptyBook, fakeBook, NOW, periodOf, type Fake } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

type Call = { method?: string; data?: Record<string, unknown>; tradingEntity?: string };
let fake: Fake;
let page: { location: () => string };
const renderAt = (path = '/budget/index') => {
  page = renderPages(path, { '/budget/index': BudgetPage });
};
const BOOK_URL = bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Book', subject_id: '9' });
const calls = (url: string, method?: string) =>
  request.mock.calls.filter(([u, o]) => u === url && (!method || (o as Call).method === method)).map(([, o]) => o as Call);
const queries = () => calls(BOOK_URL, 'GET').map((o) => o.data);
const addUrl = (type: string, id: string, recurrence = 'Month', budgetType = 'Expense') =>
  bookPath(BUDGET_PATHS.add, { type, id, budget_type: budgetType, recurrence_type: recurrence });
const budgetUrl = (id: string) => bookPath(BUDGET_PATHS.budget, { budget_id: id });
/** The button of the confirmation a tap opens (earlier ones may still be closing; its code may still be loading). */
async function confirmAfter(tap: HTMLElement, testId: 'confirm-danger' | 'confirm-cancel'): Promise<HTMLElement> {
  const before = screen.queryAllByTestId(testId).length;
  fireEvent.click(tap);
  await waitFor(() => expect(screen.queryAllByTestId(testId).length).toBeGreaterThan(before));
  return screen.getAllByTestId(testId).at(-1)!;
}
const amountInput = async () => (await screen.findByTestId('budget-amount-input')).querySelector('input')!;
const typeAmount = async (value: string) => fireEvent.change(await amountInput(), { target: { value } });

describe('the budget center', () => {
  afterEach(() => {
    cleanup();
    Dialog.clear();
  });
  beforeEach(() => {
    fake = fakeBook();
    resetBudgetScreens(request, () => fake);
  });

  it('shows the total and each category with what it used, what is left and a bar that warns past 100%', async () => {
    renderAt();
    const total = await screen.findByTestId('budget-total');
    expect(within(total).getByTestId('budget-total-amount').textContent).toBe('5,000.00');
    expect(within(total).getByTestId('budget-total-used').textContent).toBe('3,200.50');
    expect(within(total).getByTestId('budget-total-remaining').textContent).toBe('1,799.50');
    expect(within(total).getByTestId('budget-total-ring').textContent).toBe('64%');
    expect(within(total).getByRole('heading').textContent).toBe('每月总预算');
    expect(screen.getByTestId('budget-period').textContent).toBe('2026年11月');

    // Food is over its budget: the bar warns, what is left says by how much.
    expect(screen.getByTestId('budget-cat-used-11').textContent).toBe('2,500.00 / 2,000.00');
    expect(screen.getByTestId('budget-bar-11').className).toContain('over');
    expect(screen.getByTestId('budget-cat-remaining-11').textContent).toBe('超支 500.00');
    expect(screen.getByTestId('budget-cat-11').textContent).toContain('125%');
    expect(screen.getByTestId('budget-cat-used-12').textContent).toBe('120.00 / 500.00');
    expect(screen.getByTestId('budget-bar-12').className).not.toContain('over');
    expect(screen.getByTestId('budget-cat-remaining-12').textContent).toBe('剩余 380.00');
    // Shopping used money without a budget; fun used nothing.
    expect(screen.queryByTestId('budget-cat-13')).toBeNull();
    expect(within(screen.getByTestId('budget-unset')).getByTestId('budget-unset-13').textContent).toContain('300.00');
    expect(screen.queryByTestId('budget-unset-14')).toBeNull();

    // Asked in the book, for the default recurrence and type, for now.
    expect(queries()).toEqual([{ recurrence_type: 'Month', budget_type: 'Expense' }]);
    expect(calls(BOOK_URL)[0]!.tradingEntity).toBe('9');
    expect(calls(BOOK_PATHS.preferenceLevel)[0]!.tradingEntity).toBe('9');
  });

  it('shows an overspent total in the warning colour', async () => {
    fake.total = { ...fake.total!, budget_amount: '3000.00', remaining_amount: '-200.50', percent_used: 106.7, overspent: true };
    renderAt();
    const ring = await screen.findByTestId('budget-total-ring');
    expect(ring.className).toContain('over');
    expect(ring.textContent).toBe('106.7%');
    const remaining = screen.getByTestId('budget-total-remaining');
    expect(remaining.textContent).toBe('200.50');
    expect(remaining.parentElement!.textContent).toContain('超支');
  });

  it('switches the recurrence: asks for it and keeps it as the book’s preference', async () => {
    renderAt();
    await screen.findByTestId('budget-total');
    fireEvent.click(screen.getByTestId('budget-recurrence-Year'));
    await waitFor(() => expect(screen.getByTestId('budget-period').textContent).toBe('2026年'));
    expect(queries().at(-1)).toEqual({ recurrence_type: 'Year', budget_type: 'Expense' });
    const saved = calls(BOOK_PATHS.preference, 'PATCH');
    expect(saved.map((o) => o.data)).toEqual([{ configs: [{ key: 'budget.recurrence_type', value: 'Year' }], level: 'book' }]);
    expect(saved[0]!.tradingEntity).toBe('9');
    expect(screen.getByTestId('budget-recurrence-Year').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('budget-total').querySelector('h2')!.textContent).toBe('每年总预算');

    fireEvent.click(screen.getByTestId('budget-type-Income'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ recurrence_type: 'Year', budget_type: 'Income' }));
    expect(calls(BOOK_PATHS.preference, 'PATCH').at(-1)!.data).toEqual({
      configs: [{ key: 'budget.budget_type', value: 'Income' }],
      level: 'book',
    });
  });

  it('opens on the recurrence and type kept for the book', async () => {
    fake.prefs = [
      { key: 'budget.recurrence_type', value: 'Year' },
      { key: 'budget.budget_type', value: 'Income' },
    ];
    renderAt();
    await screen.findByTestId('budget-total');
    expect(queries()).toEqual([{ recurrence_type: 'Year', budget_type: 'Income' }]);
    expect(screen.getByTestId('budget-recurrence-Year').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('budget-type-Income').getAttribute('aria-pressed')).toBe('true');
  });

  it('ignores a kept value it does not know, and a preference that cannot load', async () => {
    fake.prefs = [{ key: 'budget.recurrence_type', value: 'Fortnight' }];
    renderAt();
    await screen.findByTestId('budget-total');
    expect(queries()).toEqual([{ recurrence_type: 'Month', budget_type: 'Expense' }]);
    cleanup();
    request.mockClear();
    fake.fail.set(BOOK_PATHS.preferenceLevel, new ApiError(500, 1099, '服务器错误'));
    renderAt();
    await screen.findByTestId('budget-total');
    expect(queries()).toEqual([{ recurrence_type: 'Month', budget_type: 'Expense' }]);
  });

  it('goes to the week before and after, and shows everything for 全部 without arrows', async () => {
    fake.prefs = [{ key: 'budget.recurrence_type', value: 'Week' }];
    renderAt();
    await screen.findByTestId('budget-total');
    expect(screen.getByTestId('budget-period').textContent).toBe('2026年第47周');
    expect(screen.getByTestId('budget-period').parentElement!.textContent).toContain('11月16日 - 11月22日');
    const week = periodOf('Week', NOW);
    fireEvent.click(screen.getByTestId('budget-period-prev'));
    await waitFor(() => expect(screen.getByTestId('budget-period').textContent).toBe('2026年第46周'));
    expect(queries().at(-1)).toEqual({ recurrence_type: 'Week', budget_type: 'Expense', start_time: week.start_time - 1 });
    fireEvent.click(screen.getByTestId('budget-period-next'));
    await waitFor(() => expect(screen.getByTestId('budget-period').textContent).toBe('2026年第47周'));

    fireEvent.click(screen.getByTestId('budget-recurrence-ALL'));
    await waitFor(() => expect(screen.getByTestId('budget-period').textContent).toBe('全部'));
    expect(queries().at(-1)).toEqual({ recurrence_type: 'ALL', budget_type: 'Expense', start_time: ALL_START_TIME });
    expect(screen.queryByTestId('budget-period-prev')).toBeNull();
    expect(screen.queryByTestId('budget-period-next')).toBeNull();
  });

  it('adds a category budget: picks a category without one and checks the amount', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-add-category'));
    const picker = await screen.findByTestId('budget-picker');
    expect(within(picker).queryByTestId('budget-pick-11')).toBeNull();
    expect(within(picker).getByTestId('budget-pick-14')).toBeTruthy();
    fireEvent.click(within(picker).getByTestId('budget-pick-13'));
    // What the field cannot take is refused with its reason, never rewritten into another amount.
    await typeAmount('abc');
    expect((await amountInput()).value).toBe('');
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('金额只能是数字和一个小数点，未接受“a”');
    await typeAmount('-5');
    expect((await amountInput()).value).toBe('');
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('金额不能为负数');
    await typeAmount('1e3');
    expect((await amountInput()).value).toBe('');
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('金额只能是数字和一个小数点，未接受“e”');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('请输入金额');
    await typeAmount('0');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('金额须大于 0');
    await typeAmount('1200.567');
    expect((await amountInput()).value).toBe('0');
    expect((await screen.findByTestId('budget-amount-error')).textContent).toBe('金额最多两位小数');
    await typeAmount('1200.5');
    const before = queries().length;
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    await waitFor(() => expect(calls(addUrl('Category', '13'), 'POST').map((o) => o.data)).toEqual([{ budget_amount: '1200.50' }]));
    // The list refreshes after the change.
    await waitFor(() => expect(queries().length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('budget-amount-popup')).toBeNull());
  });

  it('sets a budget for a category that used money without one', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-unset-13'));
    await typeAmount('400');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    await waitFor(() => expect(calls(addUrl('Category', '13'), 'POST').map((o) => o.data)).toEqual([{ budget_amount: '400.00' }]));
  });

  it('edits a category’s budget with a tap, and clears it after asking', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-cat-12'));
    expect((await amountInput()).value).toBe('500');
    await typeAmount('650');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    await waitFor(() => expect(calls(budgetUrl('b2'), 'PATCH').map((o) => o.data)).toEqual([{ budget_amount: '650.00' }]));
    await waitFor(() => expect(screen.queryByTestId('budget-amount-popup')).toBeNull());

    fireEvent.click(screen.getByTestId('budget-cat-11'));
    fireEvent.click(await confirmAfter(await screen.findByTestId('budget-amount-delete'), 'confirm-cancel'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls(budgetUrl('b1'), 'DELETE')).toHaveLength(0);
    fireEvent.click(await confirmAfter(screen.getByTestId('budget-amount-delete'), 'confirm-danger'));
    await waitFor(() => expect(calls(budgetUrl('b1'), 'DELETE')).toHaveLength(1));
  });

  it('sets, edits and clears the total', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-total-edit'));
    expect((await amountInput()).value).toBe('5000');
    await typeAmount('6000');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    await waitFor(() => expect(calls(budgetUrl('b0'), 'PATCH').map((o) => o.data)).toEqual([{ budget_amount: '6000.00' }]));
  });

  it('adds a total for the whole book when there is none', async () => {
    fake.total = null;
    renderAt();
    const edit = await screen.findByTestId('budget-total-edit');
    expect(edit.textContent).toContain('设置总预算');
    expect(screen.getByTestId('budget-total-amount').textContent).toBe('未设置');
    fireEvent.click(edit);
    await typeAmount('8000');
    fireEvent.click(screen.getByTestId('budget-amount-save'));
    await waitFor(() => expect(calls(addUrl('Book', '9'), 'POST').map((o) => o.data)).toEqual([{ budget_amount: '8000.00' }]));
  });

  it('adds the total up from the categories, asking first when it replaces one', async () => {
    const sumUrl = bookPath(BUDGET_PATHS.sum, { type: 'Book', id: '9' });
    renderAt();
    const sum = await screen.findByTestId('budget-total-sum');
    expect(sum.textContent).toContain('2,500.00');
    fireEvent.click(await confirmAfter(sum, 'confirm-danger'));
    await waitFor(() => expect(calls(sumUrl, 'PUT').map((o) => o.data)).toEqual([{ budget_type: 'Expense', recurrence_type: 'Month' }]));

    cleanup();
    Dialog.clear();
    fake.total = null;
    request.mockClear();
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-total-sum'));
    // Nothing is replaced: no question.
    await waitFor(() => expect(calls(sumUrl, 'PUT')).toHaveLength(1));
  });

  it('extends the budgets to a longer recurrence with the advanced feature, and shows the not-opened prompt without it', async () => {
    fake.advanced = false;
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-total-extend'));
    expect((await screen.findByTestId('budget-not-opened')).textContent).toContain('高级预算尚未开通');
    expect(calls(BUDGET_PATHS.extend)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('budget-not-opened-ok'));

    cleanup();
    fake.advanced = true;
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-total-extend'));
    fireEvent.click(await confirmAfter(await screen.findByTestId('budget-extend-Year'), 'confirm-danger'));
    await waitFor(() =>
      expect(calls(BUDGET_PATHS.extend, 'POST').map((o) => o.data)).toEqual([
        { subject_type: 'Book', subject_id: '9', budget_type: 'Expense', from_recurrence_type: 'Month', to_recurrence_type: 'Year' },
      ]),
    );
    // Then the longer recurrence shows.
    await waitFor(() => expect(queries().at(-1)).toEqual({ recurrence_type: 'Year', budget_type: 'Expense' }));
  });

  it('leads to a category’s second-level budgets', async () => {
    renderAt();
    fireEvent.click(await screen.findByTestId('budget-cat-children-11'));
    expect(page.location()).toBe('/budget/children?categoryId=11');
  });

  it('shows the book a link names (a message about an overspent budget), not only the current one', async () => {
    useBookStore.setState({ bookId: '' });
    renderAt('/budget/index?bookId=9');
    expect(within(await screen.findByTestId('budget-total')).getByTestId('budget-total-amount').textContent).toBe('5,000.00');
    expect(calls(BOOK_URL, 'GET').every((o) => o.tradingEntity === '9')).toBe(true);
    fireEvent.click(await screen.findByTestId('budget-cat-children-11'));
    expect(page.location()).toBe('/budget/children?categoryId=11&bookId=9');
  });

  it('says how to begin when nothing is set', async () => {
    fake = emptyBook(fake);
    renderAt();
    const empty = await screen.findByTestId('budget-empty');
    expect(empty.textContent).toContain('还没有设置预算');
    expect(within(empty).getByTestId('budget-add-category')).toBeTruthy();
    expect(screen.getByTestId('budget-total-edit')).toBeTruthy();
  });

  it('shows only the figures to a role that may not change budgets', async () => {
    fake.granted = new Set();
    renderAt();
    await screen.findByTestId('budget-total');
    await waitFor(() => expect(screen.queryByTestId('budget-total-edit')).toBeNull());
    expect(screen.queryByTestId('budget-add-category')).toBeNull();
    expect(screen.queryByTestId('budget-total-sum')).toBeNull();
    expect(screen.getByTestId('budget-cat-11').tagName).toBe('DIV');
    expect(calls(MEMBER_PATHS.permissions)[0]!.data).toEqual({ code: '010002,05' });
  });

  it('shows a retry when the budgets cannot load', async () => {
    fake.fail.set(BOOK_URL, new ApiError(0, -1, '网络连接失败'));
    renderAt();
    await screen.findByTestId('load-failed');
    expect(screen.queryByTestId('budget-total')).toBeNull();
    fake.fail.clear();
    fireEvent.click(screen.getByTestId('load-retry'));
    await screen.findByTestId('budget-total');
  });

  it('leads to the books when no book is open or the book is gone', async () => {
    useBookStore.setState({ bookId: '' });
    renderAt();
    await screen.findByTestId('budget-no-book');
    cleanup();
    useBookStore.setState({ bookId: '9' });
    fake.fail.set(BOOK_PATHS.book, new ApiError(404, 1002, '账本不存在'));
    renderAt();
    await screen.findByTestId('book-gone');
    expect(queries()).toHaveLength(0);
  });

  it('speaks Chinese only', async () => {
    renderAt();
    await screen.findByTestId('budget-total');
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
    fireEvent.click(screen.getByTestId('budget-add-category'));
    await screen.findByTestId('budget-picker');
    fireEvent.click(screen.getByTestId('budget-pick-13'));
    await screen.findByTestId('budget-amount-popup');
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
  });
});
