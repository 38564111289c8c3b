import type { SearchTag } from '@cab/contracts/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchStore } from '../../stores/search.ts';
import { useUserStore } from '../../stores/user.ts';
import { useHistory, useSearchTags } from './hooks.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const tags = (label: string): SearchTag[] => [{ group_key: 'ACCOUNT', group_name: '账户', group_id: '101', label, count: 3 }];

function wrapper() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

describe('the search hooks', () => {
  // A hook left mounted would answer the next test's store.
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    useSearchStore.setState({ history: {}, years: {}, tags: {} });
  });

  it('fetches a book’s tags once, keeps them in the store, and asks again only when refreshed', async () => {
    request.mockResolvedValueOnce({ data: tags('现金') });
    const first = renderHook(() => useSearchTags('1'), { wrapper: wrapper() });
    await waitFor(() => expect(first.result.current.tags?.[0]?.label).toBe('现金'));
    expect(useSearchStore.getState().tags['1']?.[0]?.label).toBe('现金');
    expect(request).toHaveBeenCalledTimes(1);
    first.unmount();

    // Another screen (a new query cache) uses the cached tags without asking.
    const again = renderHook(() => useSearchTags('1'), { wrapper: wrapper() });
    expect(again.result.current.tags?.[0]?.label).toBe('现金');
    expect(again.result.current.isPending).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);

    request.mockResolvedValueOnce({ data: tags('微信钱包') });
    act(() => again.result.current.refresh());
    await waitFor(() => expect(useSearchStore.getState().tags['1']?.[0]?.label).toBe('微信钱包'));
    expect(again.result.current.tags?.[0]?.label).toBe('微信钱包');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('asks again when the cached tags are empty', async () => {
    useSearchStore.getState().setTags('2', []);
    request.mockResolvedValueOnce({ data: tags('现金') });
    const { result } = renderHook(() => useSearchTags('2'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.tags?.[0]?.label).toBe('现金'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('shows a failure only while there are no tags', async () => {
    request.mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useSearchTags('3'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.tags).toBeUndefined();
  });

  it('keeps the signed-in user’s history', () => {
    useUserStore.setState({ user: { userid: '7' } as never });
    const { result } = renderHook(() => useHistory());
    act(() => void result.current.remember('午饭'));
    act(() => void result.current.remember('超市'));
    expect(result.current.list).toEqual(['超市', '午饭']);
    act(() => void result.current.clear());
    expect(result.current.list).toEqual([]);
    expect(useSearchStore.getState().history['7']).toBeUndefined();
  });
});
