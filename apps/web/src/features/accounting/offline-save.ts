import { ACCOUNTING_PATHS, ErrorCode, type BudgetAlert, type Transaction } from '@cab/contracts/client';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { showToast } from '../../app/toast.ts';
import i18n from '../../i18n/index.ts';
import type { FormValues } from './form.ts';
import { OutboxBusyError, hasWaiting, isLocalId, localIdOf, queueCreate, queueDelete, queueUpdate } from '../offline/outbox.ts';
import { previewOf } from './offline-preview.ts';
import { isNetworkFailure } from '../offline/send.ts';
import '../../i18n/offline.ts';

/**
 * Saving a record, online or not (docs/offline.md): sent as always when the network is
 * there and nothing of the book waits; kept in the outbox when the phone is offline,
 * when the book's earlier writes still wait (so the server gets them in order), or when
 * the send fails for want of a network. A server's refusal is shown as before.
 */
export interface SaveInput {
  bookId: string;
  /** The create path of the tab, or the edited transaction's id. */
  path?: string;
  editId?: string;
  body: Record<string, unknown>;
  key: string;
  /**
   * For keeping the write when there is no network (features/offline): the record as it
   * will look, and, for an edit of a waiting record, the create it becomes.
   */
  offline?: { values: FormValues; createBody?: Record<string, unknown>; createPath?: string };
}

/** What a save answers: the record and overspent budgets, or `queued` when it waits for the network. */
export interface SaveAnswer {
  data: Transaction;
  budget_alerts?: BudgetAlert[];
  queued?: boolean;
}

/**
 * A refusal toasted as the request wrapper would have (sent with showError false so that a
 * missing network is not): a lost session and a silent book server are said by it already.
 */
function said(err: unknown): unknown {
  if (err instanceof ApiError && err.status !== 401 && err.code !== ErrorCode.BOOK_OFFLINE)
    showToast(err.message || i18n.t('common.noNetwork'));
  return err;
}

async function mustQueue(bookId: string): Promise<boolean> {
  return navigator.onLine === false || (await hasWaiting(bookId));
}

async function queueSave({ bookId, path, editId, body, offline }: SaveInput): Promise<SaveAnswer> {
  if (!offline) throw new Error('nothing to keep offline');
  const preview = previewOf(offline.values, body, bookId, editId ?? '');
  try {
    if (editId) {
      // A waiting record changed: its create is sent as edited (once); a stored one: an edit queued.
      const path = ACCOUNTING_PATHS.update.replace(':id', encodeURIComponent(editId));
      await queueUpdate(bookId, editId, path, body, { createBody: offline.createBody, createPath: offline.createPath, preview });
      return { data: preview, queued: true };
    }
    const item = await queueCreate(bookId, path ?? '', body, preview);
    return { data: { ...preview, id: localIdOf(item) }, queued: true };
  } catch (err) {
    // The form's guard swallows failures (the request wrapper usually says why): this one is said here.
    if (err instanceof OutboxBusyError) showToast(i18n.t('offline.busy'));
    throw err;
  }
}

export async function saveOrQueue(input: SaveInput): Promise<SaveAnswer> {
  const { bookId, path, editId, body, key } = input;
  // A waiting record is changed where it waits: it never reaches the server twice.
  if ((editId && isLocalId(editId)) || (input.offline && (await mustQueue(bookId)))) return queueSave(input);
  try {
    return await request<SaveAnswer>(editId ? ACCOUNTING_PATHS.update.replace(':id', encodeURIComponent(editId)) : (path ?? ''), {
      method: editId ? 'PATCH' : 'POST',
      data: body,
      tradingEntity: bookId,
      headers: { 'Idempotency-Key': key },
      // Said here instead: a failure to reach the server is not one (the write waits).
      showError: !input.offline,
    });
  } catch (err) {
    if (!input.offline) throw err;
    if (!isNetworkFailure(err)) throw said(err);
    return queueSave(input);
  }
}

/** Deleting records: a waiting one leaves the outbox (never sent); stored ones are queued offline. */
export async function deleteOrQueue({ bookId, ids }: { bookId: string; ids: string[] }): Promise<{ queued?: boolean }> {
  const queue = async () => {
    try {
      await queueDelete(bookId, ids, ACCOUNTING_PATHS.remove);
    } catch (err) {
      if (err instanceof OutboxBusyError) showToast(i18n.t('offline.busy'));
      throw err;
    }
    return { queued: true };
  };
  if (ids.some(isLocalId) || (await mustQueue(bookId))) return queue();
  try {
    await request(ACCOUNTING_PATHS.remove, { method: 'DELETE', data: { ids }, asBody: true, tradingEntity: bookId, showError: false });
    return {};
  } catch (err) {
    if (!isNetworkFailure(err)) throw said(err);
    return queue();
  }
}
