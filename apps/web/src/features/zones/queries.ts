import {
  OPEN_MIGRATION_STATUSES,
  ZONE_PATHS,
  bookPath,
  type BookZone,
  type Migration,
  type MigrationType,
  type ServerEnv,
} from '@cab/contracts/client';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

/**
 * The migration area's server state (docs/zones.md): where a book is and the private
 * server page's state (SPEC 4) with the caller's zone, a migration in flight, and the
 * environment of the server. A change asks the book's zone state again, which is what the
 * page draws from.
 */
export const zoneKeys = {
  all: ['zones'] as const,
  book: (bookId: string) => [...zoneKeys.all, 'book', bookId] as const,
  serverEnv: () => [...zoneKeys.all, 'server-env'] as const,
  migration: (bookId: string, type: MigrationType) => [...zoneKeys.book(bookId), 'migration', type] as const,
};

/** How often a migration in flight is asked how far it is (SPEC 4: every second). */
export const MIGRATION_POLL_MS = 1000;

export const isOpen = (m: Migration | null | undefined): boolean => Boolean(m && OPEN_MIGRATION_STATUSES.includes(m.status));

// A query's screen shows its own failure, so the wrapper neither toasts it nor shows a loading toast.
const read = <T>(url: string, bookId?: string) =>
  request<{ data: T }>(url, {
    method: 'GET',
    loading: false,
    showError: false,
    ...(bookId === undefined ? {} : { tradingEntity: bookId }),
  }).then((r) => r.data);

export const zoneQueries = {
  /** Where the book is, the caller's zone and review, the page state and the latest migration. */
  book: (bookId: string) =>
    queryOptions({ queryKey: zoneKeys.book(bookId), queryFn: () => read<BookZone>(ZONE_PATHS.bookZone, bookId), staleTime: 0 }),
  /** The environment of the server serving the current book (the environments page, the about page). */
  serverEnv: () =>
    queryOptions({ queryKey: zoneKeys.serverEnv(), queryFn: () => read<ServerEnv>(ZONE_PATHS.serverEnv), staleTime: 60_000 }),
  /**
   * The book's latest migration of a type, asked again every second while it is under way
   * and no longer once it has ended (done, cancelled or failed).
   */
  migration: (bookId: string, type: MigrationType) =>
    queryOptions({
      queryKey: zoneKeys.migration(bookId, type),
      queryFn: () => read<Migration | null>(bookPath(ZONE_PATHS.migrationStatus, { book_id: bookId, migration_type: type }), bookId),
      staleTime: 0,
      refetchInterval: (q) => (q.state.data === undefined || isOpen(q.state.data) ? MIGRATION_POLL_MS : false),
    }),
};
