import {
  ACCOUNTING_PATHS,
  dimensionPaths,
  type CreateAccountRequest,
  type CreateCategoryRequest,
  type DimensionKind,
  type Transaction,
  type BudgetAlert,
} from '@cab/contracts/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { randomString } from '../../api/sign.ts';
import { track } from '../../lib/tracking.ts';
import { dimensionKeys, transactionKeys } from './queries.ts';

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

export interface SaveInput {
  bookId: string;
  /** The create path of the tab, or the edited transaction's id. */
  path?: string;
  editId?: string;
  body: Record<string, unknown>;
  key: string;
}

export function useSaveTransaction() {
  const qc = useQueryClient();
  return useMutation({
    // The answer is the record and the expense budgets it leaves overspent (budget_alerts).
    mutationFn: ({ bookId, path, editId, body, key }: SaveInput) =>
      request<{ data: Transaction; budget_alerts?: BudgetAlert[] }>(
        editId ? ACCOUNTING_PATHS.update.replace(':id', encodeURIComponent(editId)) : (path ?? ''),
        {
          method: editId ? 'PATCH' : 'POST',
          data: body,
          tradingEntity: bookId,
          headers: { 'Idempotency-Key': key },
        },
      ),
    onSuccess: ({ data: t }, { bookId, editId }) => {
      track(editId ? 'record.edited' : 'record.saved', { book_id: bookId });
      qc.setQueryData(transactionKeys.one(bookId, t.id), t);
      afterRecording(qc, bookId);
      // A record may have moved a budget: the budget screens ask again.
      void qc.invalidateQueries({ queryKey: ['budgets', bookId] });
    },
  });
}

export function useDeleteTransactions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, ids }: { bookId: string; ids: string[] }) =>
      request(ACCOUNTING_PATHS.remove, { method: 'DELETE', data: { ids }, asBody: true, tradingEntity: bookId }),
    onSuccess: (_r, { bookId, ids }) => {
      for (const id of ids) qc.removeQueries({ queryKey: transactionKeys.one(bookId, id) });
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
