import { IMPORT_PATHS, bookPath, type ImportRowKind, type ImportRowView, type ImportStatus, type ImportView } from '@cab/contracts/client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

/**
 * The import area's server state (issue 31). Every key names its book: an import is the
 * book's (its calls carry the book as Trading-Entity), and one book's imports never
 * stand in for another's.
 */
export const importKeys = {
  all: ['imports'] as const,
  book: (bookId: string) => [...importKeys.all, bookId] as const,
  list: (bookId: string) => [...importKeys.book(bookId), 'list'] as const,
  item: (bookId: string, id: string) => [...importKeys.book(bookId), 'item', id] as const,
  rows: (bookId: string, id: string, kind: ImportRowKind, limit: number) => [...importKeys.item(bookId, id), 'rows', kind, limit] as const,
};

/** How often an import that reads or records is asked how far it is. */
export const IMPORT_POLL_MS = 700;
/** The statuses in which the server works on its own, so the page asks again. */
const WORKING: ReadonlySet<ImportStatus> = new Set(['reading', 'committing']);
export const isWorking = (v: ImportView | undefined): boolean => Boolean(v && WORKING.has(v.status));

/** A page of the rows lists (the server takes up to 200). */
export const ROWS_PAGE = 50;

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const read = <T>(bookId: string, url: string, data?: Record<string, unknown>) =>
  request<T>(url, { method: 'GET', loading: false, showError: false, tradingEntity: bookId, ...(data ? { data } : {}) });

export const importQueries = {
  /** The book's latest 20 imports, newest first. */
  list: (bookId: string) =>
    queryOptions({
      queryKey: importKeys.list(bookId),
      queryFn: () => read<{ data: ImportView[] }>(bookId, IMPORT_PATHS.imports).then((r) => r.data),
      staleTime: 0,
    }),
  /**
   * One import, asked again every 700 ms while the server reads its file or records it:
   * the page is addressed by the import's id, so a reload finds it and goes on polling.
   */
  item: (bookId: string, id: string) =>
    queryOptions({
      queryKey: importKeys.item(bookId, id),
      queryFn: () => read<{ data: ImportView }>(bookId, bookPath(IMPORT_PATHS.item, { id })).then((r) => r.data),
      staleTime: 0,
      refetchInterval: (q) => (isWorking(q.state.data) ? IMPORT_POLL_MS : false),
    }),
  /** The first rows of a kind (the preview). */
  firstRows: (bookId: string, id: string, kind: ImportRowKind, limit: number) =>
    queryOptions({
      queryKey: importKeys.rows(bookId, id, kind, limit),
      queryFn: () =>
        read<{ data: ImportRowView[]; next: number | null }>(bookId, bookPath(IMPORT_PATHS.rows, { id }), { kind, after: 0, limit }).then(
          (r) => r.data,
        ),
    }),
  /** Rows of a kind, a page at a time: keyset paging by line (`next` is the last line of a page). */
  rows: (bookId: string, id: string, kind: ImportRowKind) =>
    infiniteQueryOptions({
      queryKey: [...importKeys.rows(bookId, id, kind, ROWS_PAGE), 'pages'] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam }) =>
        read<{ data: ImportRowView[]; next: number | null }>(bookId, bookPath(IMPORT_PATHS.rows, { id }), {
          kind,
          after: pageParam,
          limit: ROWS_PAGE,
        }),
      getNextPageParam: (last) => last.next ?? undefined,
    }),
};
