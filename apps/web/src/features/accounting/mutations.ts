import {
  ACCOUNTING_PATHS,
  dimensionPaths,
  type CreateAccountRequest,
  type CreateCategoryRequest,
  type DimensionKind,
  type Transaction,
} from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { randomString } from '../../api/sign.ts';
import { track } from '../../lib/tracking.ts';
import type { SaveInput } from './offline-save.ts';
import { dimensionKeys, transactionKeys } from './queries.ts';

/**
 * A record made offline is known in the app by a local id until the server gives it its
 * own (features/offline/outbox.ts, which names the same prefix: no IndexedDB code here).
 */
export const isLocalId = (id: string): boolean => id.startsWith('local-');

/** After a record changes: totals, balances and recently used items of the book are refetched. */
function afterRecording(qc: QueryClient, bookId: string) {
  void qc.invalidateQueries({ queryKey: transactionKeys.book(bookId) });
  void qc.invalidateQueries({ queryKey: dimensionKeys.book(bookId) });
}

/**
 * One Idempotency-Key per save attempt: the same body saved again (a retry after a
 * failure) reuses its key, so the server records it once; a changed body gets a new one.
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | undefined;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: `web-${Date.now()}-${randomString(20)}` };
      return last.key;
    },
    done() {
      last = undefined;
    },
  };
}

export type { SaveAnswer, SaveInput } from './offline-save.ts';

export function useSaveTransaction() {
  const qc = useQueryClient();
  return useMutation({
    // The answer is the record and the expense budgets it leaves overspent (budget_alerts).
    // Through offline-save.ts: without a network the write waits on the phone (docs/offline.md).
    // Its code is fetched with the form's popups (usePrefetchRecordPopups), not with the screen.
    mutationFn: (input: SaveInput) => import('./offline-save.ts').then((m) => m.saveOrQueue(input)),
    // Run offline too (react-query would hold it until online): there it goes to the outbox.
    networkMode: 'always',
    onSuccess: ({ data: t, queued }, { bookId, editId }) => {
      if (!queued) track(editId ? 'record.edited' : 'record.saved', { book_id: bookId });
      qc.setQueryData(transactionKeys.one(bookId, t.id), t);
      if (queued) return void sendSoon(qc);
      afterRecording(qc, bookId);
      // A record may have moved a budget: the budget screens ask again.
      void qc.invalidateQueries({ queryKey: ['budgets', bookId] });
    },
  });
}

/** Queued behind waiting writes while online: they are sent now, in order. */
export function sendSoon(qc: QueryClient) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  void import('../offline/send.ts').then((m) => m.sendWaiting(qc)).catch(() => undefined);
}

export function useDeleteTransactions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookId: string; ids: string[] }) => import('./offline-save.ts').then((m) => m.deleteOrQueue(input)),
    networkMode: 'always',
    onSuccess: ({ queued }, { bookId, ids }) => {
      for (const id of ids) qc.removeQueries({ queryKey: transactionKeys.one(bookId, id) });
      if (queued) return void sendSoon(qc);
      afterRecording(qc, bookId);
    },
  });
}

/** Saves the form as a template (the template jump): a batch of one Template record. */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, body, key }: { bookId: string; body: Record<string, unknown>; key: string }) =>
      request<{ data: Transaction[] }>(ACCOUNTING_PATHS.batch, {
        data: { transaction_vo_list: [body] },
        tradingEntity: bookId,
        headers: { 'Idempotency-Key': key },
      }).then((r) => r.data[0]),
    onSuccess: (_t, { bookId }) => void qc.invalidateQueries({ queryKey: transactionKeys.templates(bookId) }),
  });
}

// ---------- dimensions ----------

export type CreateDimensionBody = CreateCategoryRequest | CreateAccountRequest | { name: string };
export interface DimensionItem {
  id: string;
  name: string;
}

const itemPath = (kind: DimensionKind, id: string) => dimensionPaths(kind).item.replace(':id', encodeURIComponent(id));

/** Adds a category, account, member, merchant or project; its lists are refetched. */
export function useCreateDimension(kind: DimensionKind, bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDimensionBody) =>
      request<{ data: DimensionItem }>(dimensionPaths(kind).list, { data: body, tradingEntity: bookId }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: dimensionKeys.kind(bookId, kind) }),
  });
}

export function useUpdateDimension(kind: DimensionKind, bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) =>
      request(itemPath(kind, id), { method: 'PATCH', data: patch, tradingEntity: bookId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dimensionKeys.kind(bookId, kind) }),
  });
}

/** The new order of one level: every sibling, in order. */
export function useSortDimension(kind: DimensionKind, bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => request(dimensionPaths(kind).order, { method: 'PUT', data: { ids }, tradingEntity: bookId }),
    onSettled: () => qc.invalidateQueries({ queryKey: dimensionKeys.kind(bookId, kind) }),
  });
}

/**
 * Deletes an item. While transactions use it the server answers 409 (code 1072) and
 * the caller asks where they go, then calls again with `moveTo`; that answer is not
 * toasted here, the caller shows it.
 */
export function useDeleteDimension(kind: DimensionKind, bookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
      request(itemPath(kind, id), {
        method: 'DELETE',
        data: moveTo ? { move_to: moveTo } : undefined,
        tradingEntity: bookId,
        showError: false,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dimensionKeys.kind(bookId, kind) });
      // Transactions moved elsewhere: balances and totals may have changed.
      void qc.invalidateQueries({ queryKey: dimensionKeys.kind(bookId, 'accounts') });
      void qc.invalidateQueries({ queryKey: transactionKeys.book(bookId) });
    },
  });
}
