import { STATISTICS_PATHS, type SearchTag } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchFlowDetailPage from '../../pages/flow/SearchFlowDetailPage.tsx';
import SearchFlowGuidePage from '../../pages/flow/SearchFlowGuidePage.tsx';
import { useSearchStore } from '../../stores/search.ts';
import { useUserStore } from '../../stores/user.ts';

import { bodiesOf as bodiesOfRequest, renderPages } from '../../test-pages.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const TAGS: SearchTag[] = [
  { group_key: 'CATEGORY_SECOND', group_name: '分类', group_id: '103', label: '午餐', count: 5 },
  { group_key: 'ACCOUNT', group_name: '账户', group_id: '102', label: '微信钱包', count: 28 },
];
const YEARS = ['2024', '2026', '2025'].map((y) => ({
  group_info: { group_key: 'TIME_YEAR', group_id: y, group_name: y },
  metric_data: [],
}));
const metrics = (count: string) => [
  { key: 'EXPENSE', value: '12.50' },
  { key: 'INCOME', value: '0.00' },
  { key: 'COUNT', value: count },
];

function answer(url: string) {
  if (url === STATISTICS_PATHS.searchTags) return { data: TAGS };
  if (url === STATISTICS_PATHS.rollupGroups) return { data: YEARS, metric_data: [] };
  if (url === STATISTICS_PATHS.summaries) return { data: { metric_data: metrics('0'), start_time: null, end_time: null } };
  if (url === STATISTICS_PATHS.transactions) return { data: [], paging: { has_more: false, next_cursor: null } };
  if (url.startsWith('/cab-config-ws/v2/account-books/book')) return { data: { id: '1', time_zone: 'Asia/Shanghai', currency: 'CNY' } };
  throw new Error(`unexpected ${url}`);
}

let page: { location: () => string };
const renderAt = (path: string) => {
  page = renderPages(path, {
    '/flow/pages/search-flow-guide': SearchFlowGuidePage,
    '/flow/pages/search-flow-detail': SearchFlowDetailPage,
  });
};
const bodiesOf = (url: string) => bodiesOfRequest(request, url);

describe('the flow search pages', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string) => Promise.resolve(answer(url)));
    useSearchStore.setState({ history: {}, years: {}, tags: {} });
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('offers the years newest first and the tags under their headings; a tag opens its results and is remembered', async () => {
    renderAt('/flow/pages/search-flow-guide?bookId=1');
    await screen.findByTestId('search-tag-ACCOUNT-102');
    expect(screen.getAllByTestId(/^search-year-/).map((e) => e.textContent)).toEqual(['全部', '2026 年', '2025 年', '2024 年']);
    expect(screen.getByTestId('search-tag-group-CATEGORY_SECOND').textContent).toContain('分类');

    fireEvent.click(screen.getByTestId('search-year-2025'));
    fireEvent.click(screen.getByTestId('search-tag-ACCOUNT-102'));
    await screen.findByTestId('page-search-flow-detail');
    expect(page.location()).toContain('groupKey=ACCOUNT&groupId=102');
    expect(page.location()).toContain('year=2025');
    expect(useSearchStore.getState().history['7']).toEqual(['微信钱包']);

    await screen.findByTestId('search-no-results');
    expect(bodiesOf(STATISTICS_PATHS.summaries)).toContainEqual({
      query: { account_ids: ['102'] },
      group_filter: { group_key: 'TIME_YEAR', group_id: '2025' },
    });
    expect(bodiesOf(STATISTICS_PATHS.transactions)[0]).toMatchObject({
      query: { account_ids: ['102'] },
      group_filter: { group_key: 'TIME_YEAR', group_id: '2025' },
    });
    expect(screen.getByTestId('search-no-results').textContent).toContain('没有找到与“微信钱包”相关的流水');
  });

  it('searches a keyword with every year by default', async () => {
    renderAt('/flow/pages/search-flow-guide?bookId=1');
    const input = (await screen.findByTestId('search-keyword')).querySelector('input')!;
    fireEvent.change(input, { target: { value: ' 午饭\u0007 ' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await screen.findByTestId('page-search-flow-detail');
    expect(page.location()).toBe('/flow/pages/search-flow-detail?bookId=1&keyword=%E5%8D%88%E9%A5%AD&year=-1');
    await waitFor(() => expect(bodiesOf(STATISTICS_PATHS.summaries)).toContainEqual({ query: { keyword: '午饭' } }));
    expect(useSearchStore.getState().history['7']).toEqual(['午饭']);
  });

  it('shows one failure with a retry when the results cannot load', async () => {
    request.mockImplementation((url: string) =>
      url === STATISTICS_PATHS.transactions || url === STATISTICS_PATHS.summaries
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(answer(url)),
    );
    renderAt('/flow/pages/search-flow-detail?bookId=1&keyword=x&year=-1');
    await screen.findByTestId('load-failed');
    await waitFor(() => expect(screen.getAllByTestId('load-failed')).toHaveLength(1));
  });
});
