import { CONTENT_PATHS, bookPath } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf, renderPages } from '../../test-pages.tsx';
import InfoFlow from './components/InfoFlow.tsx';
import { TAGS, operation, summary } from './test-fixtures.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const FAMILY = ['1', '2', '3'].map((id) => summary(id));
const BUDGET = [summary('9', { title: '预算文章', type: '1' })];

function answer(url: string, o: { data?: Record<string, unknown> } = {}) {
  if (url === CONTENT_PATHS.homeTags) return { data: TAGS };
  if (url === CONTENT_PATHS.infoFlowOperation)
    return {
      data: [operation('invite', 1), operation('hidden', 0, { show: false }), operation('banner', 3, { style: 'banner', image: '/b.png' })],
    };
  if (url === CONTENT_PATHS.contents) {
    const data = o.data?.tag_code === 'budget' ? BUDGET : FAMILY;
    return { data, paging: { has_more: false, page: 1, total: data.length } };
  }
  if (url.startsWith('/cab-market-ws/market/v1/home/tags/')) {
    const code = url.split('/').pop();
    const tag = TAGS.find((t) => t.tagCode === code)!;
    return { data: { ...tag, is_selected: o.data?.is_selected } };
  }
  throw new Error(`unexpected ${url}`);
}

describe('the home info flow', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string, o?: { data?: Record<string, unknown> }) => Promise.resolve(answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
  });

  it('shows the contents with the operation cards on show at their positions', async () => {
    renderPages('/pages/home/index', { '/pages/home/index': InfoFlow });
    await screen.findByTestId('content-1');
    await screen.findByTestId('operation-invite');
    const items = [...screen.getByTestId('info-flow-items').children].map((e) => e.getAttribute('data-testid'));
    expect(items).toEqual(['content-1', 'operation-invite', 'content-2', 'operation-banner', 'content-3']);
    expect(screen.queryByTestId('operation-hidden')).toBeNull();
    // A banner is a picture named by its title; a card is text.
    expect(screen.getByTestId('operation-banner').querySelector('img')?.getAttribute('alt')).toBe('运营banner');
    expect(screen.getByTestId('operation-invite').textContent).toContain('说明invite');
    // An article opens its page; the whole card is the link.
    expect(screen.getByTestId('content-1').getAttribute('href')).toBe('/bookDetail/pages/book-detail?id=1');
    // The first page, of every tag, and the cards, each asked for once, with no book.
    expect(bodiesOf(request, CONTENT_PATHS.contents)).toEqual([{ page: 1, page_size: 10 }]);
    expect(request.mock.calls.find(([u]) => u === CONTENT_PATHS.contents)?.[1]).toMatchObject({ tradingEntity: '', loading: false });
  });

  it('filters by one chosen tag at a time, 全部 first', async () => {
    renderPages('/pages/home/index', { '/pages/home/index': InfoFlow });
    await screen.findByTestId('content-1');
    // The row holds 全部 and the chosen tags only.
    expect(screen.getByTestId('flow-tag-all')).toBeTruthy();
    expect(screen.getByTestId('flow-tag-family')).toBeTruthy();
    expect(screen.queryByTestId('flow-tag-business')).toBeNull();
    fireEvent.click(screen.getByTestId('flow-tag-budget'));
    await screen.findByTestId('content-9');
    expect(screen.queryByTestId('content-1')).toBeNull();
    expect(bodiesOf(request, CONTENT_PATHS.contents)).toContainEqual({ tag_code: 'budget', page: 1, page_size: 10 });
    expect(screen.getByTestId('info-flow').getAttribute('data-tag')).toBe('budget');
  });

  it('picks and drops tags for the user: the server keeps the choice and the row follows at once', async () => {
    renderPages('/pages/home/index', { '/pages/home/index': InfoFlow });
    await screen.findByTestId('content-1');
    fireEvent.click(screen.getByTestId('flow-tag-budget'));
    fireEvent.click(screen.getByTestId('flow-tags-manage'));
    await screen.findByTestId('flow-tag-sheet');
    fireEvent.click(screen.getByTestId('tag-choice-business'));
    await screen.findByTestId('flow-tag-business');
    fireEvent.click(screen.getByTestId('tag-choice-budget'));
    await waitFor(() => expect(screen.queryByTestId('flow-tag-budget')).toBeNull());
    expect(bodiesOf(request, bookPath(CONTENT_PATHS.homeTag, { tagCode: 'business' }))).toEqual([{ is_selected: true }]);
    expect(bodiesOf(request, bookPath(CONTENT_PATHS.homeTag, { tagCode: 'budget' }))).toEqual([{ is_selected: false }]);
    // The active tag was dropped: the flow is back on 全部.
    await waitFor(() => expect(screen.getByTestId('info-flow').getAttribute('data-tag')).toBe(''));
  });

  it('logged out, uses the default tags and keeps a change on this page only', async () => {
    useUserStore.setState({ user: null, login: false });
    renderPages('/pages/home/index', { '/pages/home/index': InfoFlow });
    await screen.findByTestId('content-1');
    fireEvent.click(screen.getByTestId('flow-tags-manage'));
    await screen.findByTestId('flow-tag-sheet');
    expect(screen.getByTestId('flow-tag-sheet').textContent).toContain('登录后，你的选择会保存到账号里');
    fireEvent.click(screen.getByTestId('tag-choice-business'));
    await screen.findByTestId('flow-tag-business');
    expect(request.mock.calls.some(([u]) => String(u).startsWith('/cab-market-ws/market/v1/home/tags/'))).toBe(false);
  });

  it('says so when there is nothing, and offers a retry when loading failed', async () => {
    request.mockImplementation((url: string, o?: { data?: Record<string, unknown> }) =>
      url === CONTENT_PATHS.contents ? Promise.reject(new Error('down')) : Promise.resolve(answer(url, o)),
    );
    renderPages('/pages/home/index', { '/pages/home/index': InfoFlow });
    await screen.findByTestId('load-failed');
    request.mockImplementation((url: string, o?: { data?: Record<string, unknown> }) =>
      url === CONTENT_PATHS.contents
        ? Promise.resolve({ data: [], paging: { has_more: false, page: 1, total: 0 } })
        : url === CONTENT_PATHS.infoFlowOperation
          ? Promise.resolve({ data: [] })
          : Promise.resolve(answer(url, o)),
    );
    fireEvent.click(screen.getByTestId('load-retry'));
    await screen.findByTestId('info-flow-empty');
  });
});
