import { ACCOUNTING_PATHS, BOOK_PATHS, STATISTICS_PATHS, type GroupItem } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoryFlowPage from '../../pages/flow/CategoryFlowPage.tsx';
import GroupFlowPage from '../../pages/flow/GroupFlowPage.tsx';
import { useSettingsStore } from '../../stores/settings.ts';
import { useUserStore } from '../../stores/user.ts';

import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));
// jsdom draws no canvas: the charts stand in as their text alternatives.
vi.mock('./charts/charts.tsx', () => {
  const Chart = ({ label, testId }: { label: string; testId?: string }) => <div role="img" aria-label={label} data-testid={testId} />;
  return { RingChart: Chart, BarChart: Chart };
});

const BOOK = { id: '9', name: '家庭', time_zone: 'Asia/Shanghai', date_gap: 1, day_gap: 1, currency: 'CNY' };
const CATEGORIES = [
  {
    id: '21',
    name: '餐饮',
    type: 'Expense',
    icon: 'food',
    hidden: false,
    parent_id: null,
    sort: 0,
    sub_categories: [
      { id: '22', name: '午餐', type: 'Expense', icon: 'food', hidden: false, parent_id: '21', sort: 0, sub_categories: [] },
    ],
  },
];
const group = (key: GroupItem['group_info']['group_key'], id: string, name: string, metrics: Record<string, string>): GroupItem => ({
  group_info: { group_key: key, group_id: id, group_name: name, icon: 'food' },
  metric_data: Object.entries(metrics).map(([k, value]) => ({ key: k as 'EXPENSE', value })),
});

function answer(url: string, o: { data?: Record<string, unknown> }) {
  if (url.startsWith(BOOK_PATHS.book)) return { data: BOOK };
  if (url === ACCOUNTING_PATHS.categories) return { data: (o.data as { trade_type: string }).trade_type === 'Expense' ? CATEGORIES : [] };
  if (url === ACCOUNTING_PATHS.members) return { data: [{ id: '5', name: '妈妈', hidden: false, sort: 0, user_id: null }] };
  if (url === STATISTICS_PATHS.rollupGroups) {
    const by = (o.data?.group as { group_by: string }).group_by;
    if (by === 'CATEGORY_FIRST')
      return {
        data: [group('CATEGORY_FIRST', '21', '餐饮', { EXPENSE: '60.00' }), group('CATEGORY_FIRST', '31', '交通', { EXPENSE: '40.00' })],
        metric_data: [{ key: 'EXPENSE', value: '100.00' }],
      };
    if (by === 'CATEGORY_SECOND')
      return { data: [group('CATEGORY_SECOND', '22', '午餐', { EXPENSE: '60.00' })], metric_data: [{ key: 'EXPENSE', value: '60.00' }] };
    if (by === 'MEMBER')
      return {
        data: [
          group('MEMBER', '5', '妈妈', { EXPENSE: '70.00', INCOME: '10.00', COUNT: '3' }),
          group('MEMBER', '0', '无成员', { EXPENSE: '30.00', INCOME: '0.00', COUNT: '1' }),
        ],
        metric_data: [{ key: 'EXPENSE', value: '100.00' }],
      };
    return {
      data: [
        group('TIME_DAY', '20260801', '2026-08-01', { EXPENSE: '0.00' }),
        group('TIME_DAY', '20260802', '2026-08-02', { EXPENSE: '60.00' }),
      ],
      metric_data: [{ key: 'EXPENSE', value: '60.00' }],
    };
  }
  if (url === STATISTICS_PATHS.summaries)
    return {
      data: {
        metric_data: [
          { key: 'EXPENSE', value: '70.00' },
          { key: 'COUNT', value: '3' },
        ],
      },
    };
  if (url === STATISTICS_PATHS.transactions) return { data: [], paging: { has_more: false, next_cursor: null } };
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, { '/flow/pages/category-flow': CategoryFlowPage, '/flow/pages/group-flow': GroupFlowPage });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);

describe('the charts and group screens', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve(answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
    useSettingsStore.setState({ amountHidden: false });
  });

  it('ranks the first-level categories of a month with their shares, and drills into one', async () => {
    renderAt('/flow/pages/category-flow?bookId=9&unit=month&period=202608');
    const ring = await screen.findByTestId('category-ring');
    expect(ring.getAttribute('aria-label')).toBe('支出构成：餐饮 60.0% 60.00，交通 40.0% 40.00');
    expect(screen.getByTestId('rank-21').textContent).toContain('60.0%');
    expect(bodiesOf(STATISTICS_PATHS.rollupGroups)[0]).toEqual({
      group: { group_by: 'CATEGORY_FIRST' },
      query: { category_types: ['Expense'] },
      group_filter: { group_key: 'TIME_MONTH', group_id: '202608' },
    });
    fireEvent.click(screen.getByTestId('rank-21'));
    await waitFor(() => expect(page.location()).toContain('categoryId=21'));
    // The category: its trend (every day of the month), its subcategories and its flow.
    await screen.findByTestId('category-bars');
    await screen.findByTestId('rank-22');
    expect(bodiesOf(STATISTICS_PATHS.rollupGroups)).toContainEqual({
      group: { group_by: 'TIME_DAY', show_all: true },
      query: { category_types: ['Expense'], category_ids: ['21'] },
      group_filter: { group_key: 'TIME_MONTH', group_id: '202608' },
    });
    expect(screen.getByTestId('category-bars').getAttribute('aria-label')).toBe('餐饮每天支出：8 月 2 日 60.00');
  });

  it('steps through periods and switches to the year', async () => {
    renderAt('/flow/pages/category-flow?bookId=9&unit=month&period=202601');
    await screen.findByTestId('category-ring');
    fireEvent.click(screen.getByTestId('period-prev'));
    await waitFor(() => expect(page.location()).toContain('period=202512'));
    fireEvent.click(screen.getByTestId('period-unit-year'));
    await waitFor(() => expect(page.location()).toContain('unit=year&period=2025'));
    expect(screen.getByTestId('period-name').textContent).toBe('2025 年');
  });

  it('hides the amounts of a chart but keeps the shares', async () => {
    useSettingsStore.setState({ amountHidden: true });
    renderAt('/flow/pages/category-flow?bookId=9&unit=month&period=202608');
    const ring = await screen.findByTestId('category-ring');
    expect(ring.getAttribute('aria-label')).toBe('支出构成图，金额已隐藏');
    expect(screen.getByTestId('rank-21').textContent).toContain('****');
    expect(screen.getByTestId('rank-21').textContent).toContain('60.0%');
  });

  it('lists the groups of a key with the none group, and opens one', async () => {
    renderAt('/flow/pages/group-flow?bookId=9&groupKey=MEMBER&unit=month&period=202608');
    await screen.findByTestId('group-0');
    expect(screen.getByTestId('group-0').textContent).toContain('无成员');
    expect(screen.getByTestId('group-5').textContent).toContain('3 笔');
    fireEvent.click(screen.getByTestId('group-5'));
    await waitFor(() => expect(page.location()).toContain('groupId=5'));
    await screen.findByTestId('group-summary');
    await waitFor(() => expect(screen.getByTestId('summary-expense').textContent).toBe('70.00'));
    expect(bodiesOf(STATISTICS_PATHS.transactions)[0]).toMatchObject({
      query: { member_ids: ['5'] },
      group_filter: { group_key: 'TIME_MONTH', group_id: '202608' },
    });
  });
});
