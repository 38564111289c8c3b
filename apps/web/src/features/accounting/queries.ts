import {
  ACCOUNTING_PATHS,
  dimensionPaths,
  type AccountGroup,
  type AccountItem,
  type CapacityInfo,
  type CategoryItem,
  type LabelItem,
  type LabelKind,
  type MonthSummary,
  type TradeType,
  type Transaction,
} from '@cab/contracts/client';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { effectiveBookId, useBookStore } from '../../stores/book.ts';

/**
 * The accounting area's server state. Every key names its book: the lists and totals
 * of one book never stand in for another's. Transactions and what they move (totals,
 * templates) live under 'transactions', which opening a book drops (SPEC 4).
 */
export const dimensionKeys = {
  all: ['dimensions'] as const,
  book: (bookId: string) => [...dimensionKeys.all, bookId] as const,
  kind: (bookId: string, kind: string) => [...dimensionKeys.book(bookId), kind] as const,
  list: (bookId: string, kind: string, o: { scene: Scene; type?: TradeType }) =>
    [...dimensionKeys.kind(bookId, kind), 'list', o.scene, o.type ?? ''] as const,
  recent: (bookId: string, kind: string, type?: TradeType) => [...dimensionKeys.kind(bookId, kind), 'recent', type ?? ''] as const,
};
export const transactionKeys = {
  all: ['transactions'] as const,
  book: (bookId: string) => [...transactionKeys.all, bookId] as const,
  one: (bookId: string, id: string) => [...transactionKeys.book(bookId), 'one', id] as const,
  templates: (bookId: string) => [...transactionKeys.book(bookId), 'templates'] as const,
  month: (bookId: string, month: string) => [...transactionKeys.book(bookId), 'month', month] as const,
  currentMonth: (bookId: string) => [...transactionKeys.book(bookId), 'month', 'current'] as const,
  capacity: (bookId: string) => [...transactionKeys.book(bookId), 'capacity'] as const,
  rate: (from: string, to: string) => [...transactionKeys.all, 'rate', from, to] as const,
};

/** Accounting: what a picker offers (hidden items left out); Common: everything, for managing. */
export type Scene = 'Accounting' | 'Common';
export type RecentItem<K> = K extends 'categories' ? CategoryItem : K extends 'accounts' ? AccountItem : LabelItem;

/** The current book: the one every accounting call is about. */
export const currentBookId = (): string => effectiveBookId(useBookStore.getState().bookId);
export const useCurrentBookId = (): string => effectiveBookId(useBookStore((s) => s.bookId));

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const quiet = (bookId: string) => ({ method: 'GET', loading: false, showError: false, tradingEntity: bookId }) as const;
const get = <T>(bookId: string, url: string, data?: Record<string, unknown>) =>
  request<{ data: T }>(url, { ...quiet(bookId), data }).then((r) => r.data);

export const accountingQueries = {
  categories: (bookId: string, type: TradeType, scene: Scene = 'Accounting') =>
    queryOptions({
      queryKey: dimensionKeys.list(bookId, 'categories', { scene, type }),
      queryFn: () =>
        get<CategoryItem[]>(
          bookId,
          ACCOUNTING_PATHS.categories,
          scene === 'Accounting' ? { trade_type: type, scene, operation_codes: 'C' } : { trade_type: type },
        ),
    }),
  accounts: (bookId: string, scene: Scene = 'Accounting') =>
    queryOptions({
      queryKey: dimensionKeys.list(bookId, 'accounts', { scene }),
      queryFn: () => get<AccountGroup[]>(bookId, ACCOUNTING_PATHS.accounts, scene === 'Accounting' ? { scene } : {}),
    }),
  labels: (bookId: string, kind: LabelKind, scene: Scene = 'Accounting') =>
    queryOptions({
      queryKey: dimensionKeys.list(bookId, kind, { scene }),
      queryFn: () => get<LabelItem[]>(bookId, ACCOUNTING_PATHS[kind], scene === 'Accounting' ? { scene } : {}),
    }),
  recent: <K extends 'categories' | 'accounts' | LabelKind>(bookId: string, kind: K, type?: TradeType) =>
    queryOptions({
      queryKey: dimensionKeys.recent(bookId, kind, type),
      queryFn: () => get<Array<RecentItem<K>>>(bookId, dimensionPaths(kind).recent, type ? { trade_type: type } : {}),
    }),
  transaction: (bookId: string, id: string) =>
    queryOptions({
      queryKey: transactionKeys.one(bookId, id),
      queryFn: () => get<Transaction>(bookId, ACCOUNTING_PATHS.get.replace(':id', encodeURIComponent(id))),
    }),
  templates: (bookId: string) =>
    queryOptions({ queryKey: transactionKeys.templates(bookId), queryFn: () => get<Transaction[]>(bookId, ACCOUNTING_PATHS.templates) }),
  /** A month of the book; without one, the book's current month (in its time zone, from its month start). */
  month: (bookId: string, month?: string) =>
    queryOptions({
      queryKey: month ? transactionKeys.month(bookId, month) : transactionKeys.currentMonth(bookId),
      queryFn: () => get<MonthSummary>(bookId, ACCOUNTING_PATHS.monthSummary, month ? { month } : {}),
    }),
  /** Always asked afresh before images are chosen: the space may have filled meanwhile. */
  capacity: (bookId: string) =>
    queryOptions({
      queryKey: transactionKeys.capacity(bookId),
      staleTime: 0,
      queryFn: () => get<CapacityInfo>(bookId, ACCOUNTING_PATHS.capacity),
    }),
  /** What one unit of `from` is in `to`, for the estimate of a transfer between currencies. */
  rate: (bookId: string, from: string, to: string) =>
    queryOptions({
      queryKey: transactionKeys.rate(from, to),
      staleTime: 10 * 60_000,
      queryFn: () => get<{ rate: string }>(bookId, ACCOUNTING_PATHS.convert, { from, to, amount: '1.00' }).then((d) => d.rate),
    }),
};

/** Every account of the groups, in order (the pickers' flat list). */
export const flatAccounts = (groups: AccountGroup[] | undefined): AccountItem[] => groups?.flatMap((g) => g.accounts) ?? [];

/**
 * What the accounting page asks for first, started while its code downloads
 * (direct opens) or when the dashboard is idle (the next tap is likely 记一笔).
 */
export function prefetchRecording(qc: QueryClient, bookId = currentBookId()): void {
  if (!bookId) return;
  void qc.prefetchQuery(accountingQueries.categories(bookId, 'Expense'));
  void qc.prefetchQuery(accountingQueries.recent(bookId, 'categories', 'Expense'));
  void qc.prefetchQuery(accountingQueries.accounts(bookId));
  void qc.prefetchQuery(accountingQueries.recent(bookId, 'accounts', 'Expense'));
  for (const kind of ['members', 'merchants', 'projects'] as const) {
    void qc.prefetchQuery(accountingQueries.labels(bookId, kind));
    void qc.prefetchQuery(accountingQueries.recent(bookId, kind, 'Expense'));
  }
}

export function useAccounts(bookId: string, scene: Scene = 'Accounting') {
  return useQuery({ ...accountingQueries.accounts(bookId, scene), enabled: Boolean(bookId) });
}

export function useMonthSummary(bookId: string, month?: string) {
  return useQuery({ ...accountingQueries.month(bookId, month), enabled: Boolean(bookId) });
}
