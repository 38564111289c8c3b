import {
  CLOUD_PATHS,
  FUNCTION_APPLIES,
  ZONE_PATHS,
  bookPath,
  type BookZone,
  type FunctionApply,
  type Migration,
  type MigrationType,
  type PrivateZone,
} from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { cloudKeys } from '../cloud/api.ts';
import { zoneKeys } from './queries.ts';

const PRIVATE_STORAGE = 'book_private_storage';

// Mutations: the request wrapper toasts a refusal in the user's language; the screen says what went well.
const send = <T>(url: string, o: { method?: 'POST' | 'PATCH'; data?: Record<string, unknown>; bookId?: string; quiet?: boolean }) =>
  request<{ data: T }>(url, {
    method: o.method ?? 'POST',
    ...(o.data === undefined ? {} : { data: o.data }),
    ...(o.bookId === undefined ? {} : { tradingEntity: o.bookId }),
    // The status popup and the off-line page show their own outcome, the server's message included.
    ...(o.quiet ? { showError: false, loading: false } : {}),
  }).then((r) => r.data);

/**
 * Applies for private storage (the cloud area's function apply): the status popup says how
 * it went, so the wrapper does not toast a refusal as well. The cloud page's status and the
 * zone page both follow.
 */
export function useApplyPrivate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      send<FunctionApply>(CLOUD_PATHS.functionApply, {
        data: { biz_type: FUNCTION_APPLIES[PRIVATE_STORAGE], biz_code: PRIVATE_STORAGE },
        quiet: true,
      }),
    onSuccess: (a) => {
      qc.setQueryData(cloudKeys.functionApply(PRIVATE_STORAGE), a);
      return qc.invalidateQueries({ queryKey: zoneKeys.all });
    },
  });
}

export interface RegisteredZone {
  zone: PrivateZone;
  /** Shown this once: the server keeps only its hash. */
  secret: string;
  env: Record<string, string>;
}

/** POST user-private-zones: the register form popup. */
export function useRegisterZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; base_url: string }) => send<RegisteredZone>(ZONE_PATHS.zones, { data: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: zoneKeys.all }),
  });
}

/** After a move began or ended: the migration is known at once, and the book's place is asked again. */
function moved(qc: QueryClient, bookId: string, m: Migration) {
  qc.setQueryData(zoneKeys.migration(bookId, m.migration_type), m);
  return qc.invalidateQueries({ queryKey: zoneKeys.book(bookId), exact: true });
}

/** Moves the book to the named zone of the caller (v2; the book's owner only). */
export function useMoveToPrivate(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (zoneId: string) => send<Migration>(ZONE_PATHS.publicToPrivateV2, { data: { book_id: bookId, zone_id: zoneId }, bookId }),
    onSuccess: (m) => moved(qc, bookId, m),
  });
}

/** Moves the book back from its zone to the public cloud (Trading-Entity: the book; no body). */
export function useMoveToPublic(bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => send<Migration>(ZONE_PATHS.privateToPublic, { bookId }),
    onSuccess: (m) => moved(qc, bookId, m),
  });
}

/** Cancels a move before its cut-over: the book stays where it was. */
export function useCancelMigration(bookId: string, type: MigrationType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      send<Migration>(bookPath(ZONE_PATHS.migrationCancel, { book_id: bookId, migration_type: type }), { method: 'PATCH', bookId }),
    onSuccess: (m) => moved(qc, bookId, m),
  });
}

/**
 * Asks the book's zone again (the off-line page's retry): the page shows a refusal under
 * its buttons, and the request layer does not open the page again while it is shown.
 */
export const syncZone = (bookId: string) =>
  send<{ book_id: string; zone_state: BookZone['zone_state']; online: boolean }>(ZONE_PATHS.zoneSync, {
    data: { book_id: bookId },
    bookId,
    quiet: true,
  });
