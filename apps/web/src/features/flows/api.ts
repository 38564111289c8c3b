import {
  STATISTICS_PATHS,
  type BookSearchResult,
  type FlowPage,
  type GroupsPage,
  type GroupsRequest,
  type Metric,
  type MetricKey,
  type RollupGroups,
  type RollupGroupsRequest,
  type SearchTag,
  type SearchTagsRequest,
  type Summary,
  type SummariesRequest,
  type TransactionsRequest,
} from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { transactionKeys } from '../accounting/queries.ts';

/**
 * The statistics calls (SPEC 7) as queries. Their keys live under the book's
 * transactions key, so every record, edit or delete (which refetches that key) brings
 * the flows, totals and charts up to date as well.
 */
export const statisticsKeys = {
  book: (bookId: string) => [...transactionKeys.book(bookId), 'statistics'] as const,
  summary: (bookId: string, body: SummariesRequest) => [...statisticsKeys.book(bookId), 'summary', body] as const,
  rollup: (bookId: string, body: RollupGroupsRequest) => [...statisticsKeys.book(bookId), 'rollup', body] as const,
  groups: (bookId: string, body: GroupsRequest) => [...statisticsKeys.book(bookId), 'groups', body] as const,
  flow: (bookId: string, body: TransactionsRequest) => [...statisticsKeys.book(bookId), 'flow', body] as const,
  tags: (bookId: string, body: SearchTagsRequest) => [...statisticsKeys.book(bookId), 'tags', body] as const,
  /** The search across every book of the user: not one book's. */
  acrossBooks: (keyword: string) => [...transactionKeys.all, 'across-books', keyword] as const,
};

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const post = <T>(bookId: string, url: string, data: object) =>
  request<T>(url, { method: 'POST', data: data as Record<string, unknown>, loading: false, showError: false, tradingEntity: bookId });

export const statisticsQueries = {
  summary: (bookId: string, body: SummariesRequest = {}) =>
    queryOptions({
      queryKey: statisticsKeys.summary(bookId, body),
      queryFn: () => post<{ data: Summary }>(bookId, STATISTICS_PATHS.summaries, body).then((r) => r.data),
    }),
  rollup: (bookId: string, body: RollupGroupsRequest) =>
    queryOptions({
      queryKey: statisticsKeys.rollup(bookId, body),
      queryFn: () => post<RollupGroups>(bookId, STATISTICS_PATHS.rollupGroups, body),
    }),
  /** Groups a page at a time (keyset): pages follow `paging.next_cursor`. */
  groups: (bookId: string, body: GroupsRequest) =>
    infiniteQueryOptions({
      queryKey: statisticsKeys.groups(bookId, body),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        post<GroupsPage>(bookId, STATISTICS_PATHS.groups, { ...body, page: { ...body.page, ...(pageParam ? { cursor: pageParam } : {}) } }),
      getNextPageParam: (last) => last.paging.next_cursor ?? undefined,
    }),
  /** The flow a page at a time (keyset): pages follow `paging.next_cursor`. */
  flow: (bookId: string, body: TransactionsRequest) =>
    infiniteQueryOptions({
      queryKey: statisticsKeys.flow(bookId, body),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        post<FlowPage>(bookId, STATISTICS_PATHS.transactions, {
          ...body,
          page: { ...body.page, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      getNextPageParam: (last) => last.paging.next_cursor ?? undefined,
    }),
  tags: (bookId: string, body: SearchTagsRequest = {}) =>
    queryOptions({
      queryKey: statisticsKeys.tags(bookId, body),
      queryFn: () => post<{ data: SearchTag[] }>(bookId, STATISTICS_PATHS.searchTags, body).then((r) => r.data),
    }),
  acrossBooks: (keyword: string, top = 3) =>
    queryOptions({
      queryKey: statisticsKeys.acrossBooks(keyword),
      queryFn: () =>
        request<{ data: BookSearchResult[] }>(STATISTICS_PATHS.searchBooks, {
          method: 'POST',
          data: { keyword, top },
          loading: false,
          showError: false,
          tradingEntity: '',
        }).then((r) => r.data),
    }),
};

/** A metric's value from a metric list ("0.00" when absent). */
export function metric(list: Metric[] | undefined, key: MetricKey): string {
  return list?.find((m) => m.key === key)?.value ?? (key === 'COUNT' ? '0' : '0.00');
}

/** Drops every statistics answer of a book (pull to refresh). */
export function refetchStatistics(qc: QueryClient, bookId: string) {
  return qc.invalidateQueries({ queryKey: statisticsKeys.book(bookId) });
}
