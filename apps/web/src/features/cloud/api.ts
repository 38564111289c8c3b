import {
  CLOUD_PATHS,
  FUNCTION_APPLIES,
  bookPath,
  type CloudPackage,
  type FunctionApply,
  type FunctionCode,
  type Gather,
  type ShareApply,
  type ShareBooks,
  type ShareRelation,
  type ShareStateInfo,
  type SpaceGrant,
} from '@cab/contracts/client';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { transactionKeys } from '../accounting/queries.ts';

/**
 * The cloud area's server state (docs/cloud.md): the packages on sale, and per book its
 * space, its grants and its place in sharing; the caller's function applies. A change of
 * sharing moves the space of both books, so every mutation asks each book's again.
 */
export const cloudKeys = {
  all: ['cloud'] as const,
  latest: () => [...cloudKeys.all, 'latest'] as const,
  book: (bookId: string) => [...cloudKeys.all, 'book', bookId] as const,
  gather: (bookId: string) => [...cloudKeys.book(bookId), 'gather'] as const,
  inEffect: (bookId: string) => [...cloudKeys.book(bookId), 'in-effect'] as const,
  shareState: (bookId: string) => [...cloudKeys.book(bookId), 'share-state'] as const,
  shareBooks: (bookId: string) => [...cloudKeys.book(bookId), 'share-books'] as const,
  shareRelation: (bookId: string) => [...cloudKeys.book(bookId), 'share-relation'] as const,
  functionApply: (code: FunctionCode) => [...cloudKeys.all, 'function', code] as const,
};

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const read = <T>(url: string, bookId?: string) =>
  request<{ data: T }>(url, {
    method: 'GET',
    loading: false,
    showError: false,
    ...(bookId === undefined ? {} : { tradingEntity: bookId }),
  }).then((r) => r.data);

export const cloudQueries = {
  /** The space packages on sale now (any signed-in user). */
  latest: () => queryOptions({ queryKey: cloudKeys.latest(), queryFn: () => read<CloudPackage[]>(CLOUD_PATHS.latest), staleTime: 60_000 }),
  /** The book's own rented space in effect, summed, and each book's free space. */
  gather: (bookId: string) =>
    queryOptions({ queryKey: cloudKeys.gather(bookId), queryFn: () => read<Gather>(CLOUD_PATHS.gather, bookId), staleTime: 0 }),
  /** The grants counting for the book now: its own and its sharing relation's. */
  inEffect: (bookId: string) =>
    queryOptions({ queryKey: cloudKeys.inEffect(bookId), queryFn: () => read<SpaceGrant[]>(CLOUD_PATHS.inEffect, bookId), staleTime: 0 }),
  shareState: (bookId: string) =>
    queryOptions({
      queryKey: cloudKeys.shareState(bookId),
      queryFn: () => read<ShareStateInfo>(CLOUD_PATHS.shareState, bookId),
      staleTime: 0,
    }),
  shareBooks: (bookId: string) =>
    queryOptions({ queryKey: cloudKeys.shareBooks(bookId), queryFn: () => read<ShareBooks>(CLOUD_PATHS.shareBooks, bookId), staleTime: 0 }),
  /** The relation the book is in, with the pooled space; null when it is on its own. */
  shareRelation: (bookId: string) =>
    queryOptions({
      queryKey: cloudKeys.shareRelation(bookId),
      queryFn: () => read<ShareRelation | null>(CLOUD_PATHS.shareRelation, bookId),
      staleTime: 0,
    }),
  /** The caller's application for a function (status null: never applied). */
  functionApply: (code: FunctionCode) =>
    queryOptions({
      queryKey: cloudKeys.functionApply(code),
      queryFn: () => read<FunctionApply>(bookPath(CLOUD_PATHS.functionApplyStatus, { biz_type: FUNCTION_APPLIES[code], biz_code: code })),
      staleTime: 0,
    }),
};

/** After sharing or space changed: each named book's cloud state and capacity are asked again. */
export function spaceChanged(qc: QueryClient, bookIds: ReadonlyArray<string | undefined>): Promise<unknown> {
  const ids = [...new Set(bookIds.filter((id): id is string => Boolean(id)))];
  return Promise.all(
    ids.flatMap((id) => [
      qc.invalidateQueries({ queryKey: cloudKeys.book(id) }),
      qc.invalidateQueries({ queryKey: transactionKeys.capacity(id) }),
    ]),
  );
}

// Mutations: the request wrapper toasts a refusal in the user's language (a 403 says who may); the screen says what went well.
const send = <T>(bookId: string | undefined, url: string, method: 'POST' | 'PUT', data: Record<string, unknown>) =>
  request<{ data: T }>(url, { method, data, ...(bookId === undefined ? {} : { tradingEntity: bookId }) }).then((r) => r.data);

/** PUT main-book/apply from the applying book: it asks to share `mainBookId`'s space. */
export function useApplyShare(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mainBookId: string) => send<ShareApply>(bookId, CLOUD_PATHS.applyMainBook, 'PUT', { main_book_id: mainBookId }),
    onSuccess: (a) => spaceChanged(qc, [bookId, a.main_book.id]),
  });
}

/** Agree to or reject an application, from the main book (Trading-Entity: the main book). */
export function useDecideShare(mainBookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agree }: { id: string; agree: boolean }) =>
      send<ShareApply>(mainBookId, bookPath(agree ? CLOUD_PATHS.shareAgree : CLOUD_PATHS.shareReject, { id }), 'POST', {}),
    onSuccess: (a) => spaceChanged(qc, [mainBookId, a.book.id]),
  });
}

/**
 * Untie: from a sharing (or applying) book with no book named, which ends its relation or
 * withdraws its application; from the main book naming the book it lets go.
 */
export function useUntie(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sharingBookId?: string) =>
      send<ShareApply>(bookId, CLOUD_PATHS.untie, 'POST', sharingBookId ? { book_id: sharingBookId } : {}),
    onSuccess: (a) => spaceChanged(qc, [bookId, a.book.id, a.main_book.id]),
  });
}

/** The caller applies for a function (private storage). */
export function useFunctionApply(code: FunctionCode) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      send<FunctionApply>(undefined, CLOUD_PATHS.functionApply, 'POST', { biz_type: FUNCTION_APPLIES[code], biz_code: code }),
    onSuccess: (a) => qc.setQueryData(cloudKeys.functionApply(code), a),
  });
}
