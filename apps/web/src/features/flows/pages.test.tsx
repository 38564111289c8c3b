import { ACCOUNTING_PATHS, BOOK_PATHS, STATISTICS_PATHS, type FlowTransaction } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountFlowPage from '../../pages/flow/AccountFlowPage.tsx';
import EditExclusivePage from '../../pages/flow/EditExclusivePage.tsx';
import FlowPage from '../../pages/flow/FlowPage.tsx';
import { useSettingsStore } from '../../stores/settings.ts';
import { useUserStore } from '../../stores/user.ts';
import { EXCLUSIVE_KEY } from './exclusive.ts';
import { tx } from './test-fixtures.ts';

import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const at = (iso: string) => Date.parse(iso);
// Three records of 15 August: the first page ends in the middle of that day.
const PAGE1: FlowTransaction[] = [
  tx({ id: '3', amount: '10.00', transaction_time: at('2026-08-15T20:00:00+08:00') }),
  tx({ id: '2', amount: '20.00', transaction_time: at('2026-08-15T12:00:00+08:00') }),
];
const PAGE2: FlowTransaction[] = [
  tx({ id: '1', amount: '30.00', transaction_time: at('2026-08-15T08:00:00+08:00') }),
  tx({ id: '0', amount: '5.00', transaction_time: at('2026-07-31T23:30:00+08:00'), flow_amount: '-5.00' }),
];
const BOOK = { id: '9', name: '家庭', time_zone: 'Asia/Shanghai', date_gap: 1, day_gap: 1, currency: 'CNY' };
const ACCOUNTS = [
  {
    name: '现金',
    accounts: [{ id: '11', name: '现金', type: 'Cash', balance: '88.00', currency: 'CNY', group_name: '现金', hidden: false, sort: 0 }],
  },
];

let preference = '';
function answer(url: string, o: { data?: Record<string, unknown> }) {
  if (url.startsWith(BOOK_PATHS.book)) return { data: BOOK };
  if (url === BOOK_PATHS.preferenceLevel)
    return { data: { user: [], book: preference ? [{ key: EXCLUSIVE_KEY, value: preference }] : [] } };
  if (url === BOOK_PATHS.preference) return { data: [] };
  if (url === ACCOUNTING_PATHS.accounts) return { data: ACCOUNTS };
  if (url === ACCOUNTING_PATHS.members) return { data: [{ id: '5', name: '妈妈', hidden: false, sort: 0, user_id: null }] };
  if (url === STATISTICS_PATHS.transactions) {
    const page = o.data?.page as { cursor?: string } | undefined;
    return page?.cursor
      ? { data: PAGE2, paging: { has_more: false, next_cursor: null } }
      : { data: PAGE1, paging: { has_more: true, next_cursor: 'c1' } };
  }
  if (url === STATISTICS_PATHS.rollupGroups) {
    const month = (o.data?.group_filter as { group_id: string }).group_id;
    const day = month === '202608' ? '20260815' : '20260731';
    // Totals the loaded rows could not give: the server counts the whole day and month.
    return {
      data: [{ group_info: { group_key: 'TIME_DAY', group_id: day, group_name: day }, metric_data: [{ key: 'EXPENSE', value: '999.00' }] }],
      metric_data: [{ key: 'EXPENSE', value: month === '202608' ? '5000.00' : '70.00' }],
    };
  }
  if (url === STATISTICS_PATHS.summaries)
    return {
      data: {
        metric_data: [
          { key: 'INFLOW', value: '1.00' },
          { key: 'OUTFLOW', value: '2.00' },
        ],
      },
    };
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/flow/index': FlowPage,
    '/flow/pages/account-flow': AccountFlowPage,
    '/flow/pages/edit-exclusive': EditExclusivePage,
  });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);

// antd-mobile's InfiniteScroll loads more only for a laid-out element; jsdom lays nothing out.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

describe('the flow screens', () => {
  afterEach(cleanup);
  beforeEach(() => {
    preference = '';
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve(answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
    useSettingsStore.setState({ amountHidden: false });
  });

  it('groups the flow by day with the server’s day and month totals, across pages', async () => {
    renderAt('/flow/index?bookId=9');
    const day = await screen.findByTestId('flow-day-20260815');
    await waitFor(() => expect(within(day).getAllByTestId(/^flow-row-/)).toHaveLength(3));
    // 10 + 20 + 30 are loaded; the day header says what the server counted.
    await waitFor(() => expect(day.querySelector('.flow-day-header')!.textContent).toContain('999.00'));
    expect(screen.getByTestId('flow-month-202608').querySelector('.flow-month-header')!.textContent).toContain('5,000.00');
    await screen.findByTestId('flow-month-202607');
    expect(bodiesOf(STATISTICS_PATHS.rollupGroups)).toContainEqual({
      group: { group_by: 'TIME_DAY' },
      query: {},
      group_filter: { group_key: 'TIME_MONTH', group_id: '202608' },
    });
    expect(bodiesOf(STATISTICS_PATHS.transactions)[1]).toMatchObject({ page: { cursor: 'c1' } });
  });

  it('filters by type with the chips, kept in the URL', async () => {
    renderAt('/flow/index?bookId=9');
    fireEvent.click(await screen.findByTestId('flow-chip-Income'));
    await waitFor(() => expect(page.location()).toBe('/flow/index?bookId=9&type=Income'));
    await waitFor(() =>
      expect(bodiesOf(STATISTICS_PATHS.transactions)).toContainEqual({ query: { category_types: ['Income'] }, page: {} }),
    );
  });

  it('hides amounts with the eye', async () => {
    renderAt('/flow/index?bookId=9');
    await screen.findByTestId('flow-amount-3');
    fireEvent.click(screen.getByTestId('mask-toggle'));
    expect(screen.getByTestId('flow-amount-3').textContent).toBe('****');
    expect(useSettingsStore.getState().amountHidden).toBe(true);
  });

  it('applies the user’s view, says so, and clears it', async () => {
    preference = JSON.stringify({ types: ['Expense', 'Transfer'], accounts: ['11', '404'], members: ['5'] });
    renderAt('/flow/index?bookId=9');
    await screen.findByTestId('flow-view-applied');
    // The deleted account 404 is left out; only the view's types have chips.
    await waitFor(() =>
      expect(bodiesOf(STATISTICS_PATHS.transactions)[0]).toEqual({
        query: { category_types: ['Expense', 'Transfer'], account_ids: ['11'], member_ids: ['5'] },
        page: {},
      }),
    );
    expect(screen.queryByTestId('flow-chip-Income')).toBeNull();
    fireEvent.click(screen.getByTestId('flow-view-clear'));
    await waitFor(() => expect(screen.queryByTestId('flow-view-applied')).toBeNull());
    expect(bodiesOf(BOOK_PATHS.preference)).toContainEqual({ configs: [{ key: EXCLUSIVE_KEY, value: '' }], level: 'book' });
  });

  it('saves the view as a book preference', async () => {
    renderAt('/flow/pages/edit-exclusive?bookId=9');
    const types = await screen.findByTestId('view-types');
    fireEvent.click(within(types).getByText('转账'));
    fireEvent.click(within(screen.getByTestId('view-members')).getByText('妈妈'));
    fireEvent.click(screen.getByTestId('view-save'));
    await waitFor(() =>
      expect(bodiesOf(BOOK_PATHS.preference)).toContainEqual({
        configs: [{ key: EXCLUSIVE_KEY, value: JSON.stringify({ types: ['Expense', 'Income', 'Balance'], accounts: [], members: ['5'] }) }],
        level: 'book',
      }),
    );
    const call = request.mock.calls.find(([u]) => u === BOOK_PATHS.preference)!;
    expect((call[1] as { tradingEntity: string }).tradingEntity).toBe('9');
  });

  it('will not save a view without a type', async () => {
    renderAt('/flow/pages/edit-exclusive?bookId=9');
    const types = await screen.findByTestId('view-types');
    for (const name of ['支出', '收入', '转账', '余额']) fireEvent.click(within(types).getByText(name));
    fireEvent.click(screen.getByTestId('view-save'));
    expect((await screen.findByTestId('view-types-error')).textContent).toBe('至少选择一种类型');
    expect(bodiesOf(BOOK_PATHS.preference)).toHaveLength(0);
  });

  it('shows an account’s balance, this month’s in and out, and what it moved', async () => {
    renderAt('/flow/pages/account-flow?bookId=9&accountId=11');
    expect((await screen.findByTestId('summary-balance')).textContent).toBe('88.00');
    await waitFor(() => expect(screen.getByTestId('summary-inflow').textContent).toBe('1.00'));
    await screen.findByTestId('flow-row-0');
    expect(screen.getByTestId('flow-amount-0').textContent).toBe('-5.00');
    expect(bodiesOf(STATISTICS_PATHS.transactions)[0]).toEqual({ query: { account_ids: ['11'] }, extend: { scene: 'Account' }, page: {} });
  });

  it('says so when the account is gone', async () => {
    renderAt('/flow/pages/account-flow?bookId=9&accountId=404');
    await screen.findByTestId('account-gone');
  });

  it('shows one failure with a retry when the flow cannot load', async () => {
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) =>
      url === STATISTICS_PATHS.transactions ? Promise.reject(new Error('offline')) : Promise.resolve(answer(url, o)),
    );
    renderAt('/flow/index?bookId=9');
    await screen.findByTestId('load-failed');
    expect(screen.getAllByTestId('load-failed')).toHaveLength(1);
  });
});
