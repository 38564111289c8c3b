import { ACCOUNTING_PATHS, BOOK_PATHS } from '@cab/contracts/client';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookStore } from '../stores/book.ts';
import { useUserStore } from '../stores/user.ts';
import { renderPages } from '../test-pages.tsx';
import { PAGES } from './pages.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api/client.ts', () => ({ request }));

const BOOK = { id: '5', name: '家庭账本', icon: 'book', cover: '', currency: 'CNY', member_count: 1, role_list: ['owner'] };

/** Every other call answers an empty list: these tests watch which pages' code is fetched, not the data. */
function answer(url: string) {
  if (url.startsWith(BOOK_PATHS.book)) return { data: BOOK };
  if (url === ACCOUNTING_PATHS.monthSummary)
    return { data: { month: '202608', income: '0.00', expense: '0.00', balance: '0.00', count: 0, start_time: 0, end_time: 0 } };
  return { data: [], paging: { has_more: false } };
}

/** The registry's `load` of each page, watched; none fetches code, so the test sees only who asked. */
function watchLoads(...keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, vi.spyOn(PAGES[key]!, 'load').mockResolvedValue({})]));
}

describe('the pages the registry hands a page to preload (SPEC 2)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string) => Promise.resolve(answer(url)));
    useBookStore.setState({ bookId: '' });
  });

  it('names them beside each page: home the dashboard, the dashboard accounting and flow, and only pages it holds', () => {
    expect(PAGES.home?.preloads).toEqual(['dashboard']);
    expect(PAGES.dashboard?.preloads).toEqual(['accounting', 'flow']);
    for (const [key, def] of Object.entries(PAGES))
      for (const next of def.preloads) expect(PAGES[next], `${key} preloads ${next}`).toBeDefined();
  });

  it('home, drawn through the registry, fetches the dashboard code at the first touch', async () => {
    useUserStore.setState({ user: undefined, login: false });
    const loads = watchLoads('dashboard', 'accounting', 'flow');
    renderPages('/pages/home/index', { '/pages/home/index': PAGES.home!.Component });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads.dashboard).not.toHaveBeenCalled();
    fireEvent.pointerDown(window);
    await waitFor(() => expect(loads.dashboard).toHaveBeenCalledTimes(1), { timeout: 8000 });
    expect(loads.accounting).not.toHaveBeenCalled();
    expect(loads.flow).not.toHaveBeenCalled();
  });

  it('the dashboard, drawn through the registry once the user is active, fetches the accounting and flow code once its book is drawn', async () => {
    useUserStore.setState({ user: { userid: '7', account: '13800138001' } as never, login: true });
    const loads = watchLoads('dashboard', 'accounting', 'flow');
    renderPages('/dashboard/index?TradingEntity=5', { '/dashboard/index': PAGES.dashboard!.Component });
    await waitFor(() => expect(loads.accounting).toHaveBeenCalledTimes(1), { timeout: 8000 });
    expect(loads.flow).toHaveBeenCalledTimes(1);
    expect(loads.dashboard).not.toHaveBeenCalled();
  });
});
