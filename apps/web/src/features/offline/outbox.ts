import type { Transaction } from '@cab/contracts/client';
import { randomString } from '../../api/sign.ts';
import { idb } from './idb.ts';

/**
 * The outbox: record writes made without a network, kept on the phone (IndexedDB) and
 * sent later, one at a time, in the order they were made (docs/offline.md). Each item's
 * id is its Idempotency-Key: a send whose answer was lost is sent again with the same
 * key and the server records it once.
 */
export type OutboxKind = 'create' | 'update' | 'delete';
export type OutboxState = 'waiting' | 'sending' | 'failed';
export interface OutboxItem {
  id: string;
  bookId: string;
  kind: OutboxKind;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body: Record<string, unknown>;
  /** The record as it will look, for the flow and for editing a waiting record. */
  preview?: Transaction;
  /** The stored record an update or a delete is about. */
  recordId?: string;
  createdAt: number;
  seq: number;
  state: OutboxState;
  /** Sends begun: once one has, the server may hold the write, so its body no longer changes. */
  tries: number;
  error?: string;
}

/** A waiting create's id in the app until the server gives it its own (mutations.ts's isLocalId names it too). */
export const LOCAL_PREFIX = 'local-';
export const isLocalId = (id: string): boolean => id.startsWith(LOCAL_PREFIX);
export const localIdOf = (item: Pick<OutboxItem, 'id'>): string => `${LOCAL_PREFIX}${item.id}`;

/** A waiting record already on its way: it cannot be changed locally any more. */
export class OutboxBusyError extends Error {}

let lastSeq = 0;
const listeners = new Set<() => void>();
/** Anyone showing the outbox (the flow, the banner) hears of each change. */
export function onOutboxChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const changed = () => listeners.forEach((fn) => fn());

export async function outboxItems(bookId?: string): Promise<OutboxItem[]> {
  const all = await idb.all<OutboxItem>();
  return all.filter((i) => !bookId || i.bookId === bookId).sort((a, b) => a.seq - b.seq);
}

const newKey = () => `off-${Date.now()}-${randomString(20)}`;

async function add(item: Omit<OutboxItem, 'id' | 'createdAt' | 'seq' | 'state' | 'tries'>, id = newKey()): Promise<OutboxItem> {
  const existing = await idb.all<OutboxItem>();
  const now = Date.now();
  // Ordered by seq, not by the clock alone: two writes in one millisecond, or a clock set back, keep their order.
  lastSeq = Math.max(lastSeq + 1, now, ...existing.map((i) => i.seq + 1));
  const full: OutboxItem = { ...item, id, createdAt: now, seq: lastSeq, state: 'waiting', tries: 0 };
  await idb.put(full);
  changed();
  return full;
}

/** Whether new writes of the book must queue behind waiting ones (so they stay in order). */
export async function hasWaiting(bookId: string): Promise<boolean> {
  return (await outboxItems(bookId)).some((i) => i.state !== 'failed');
}

export async function queueCreate(bookId: string, path: string, body: Record<string, unknown>, preview?: Transaction): Promise<OutboxItem> {
  const id = newKey();
  return add({ bookId, kind: 'create', method: 'POST', path, body, preview: preview && { ...preview, id: `${LOCAL_PREFIX}${id}` } }, id);
}

async function waitingCreate(localId: string): Promise<OutboxItem | undefined> {
  const id = localId.slice(LOCAL_PREFIX.length);
  return (await idb.all<OutboxItem>()).find((i) => i.id === id && i.kind === 'create');
}

/**
 * An edit. Of a waiting record (a local id): its queued create takes the new body and
 * is sent once, as edited (a failed one waits again). Of a stored record: an update is
 * queued behind what waits.
 */
export async function queueUpdate(
  bookId: string,
  recordId: string,
  /** The edit's path (the outbox names no API path: its callers do). */
  path: string,
  body: Record<string, unknown>,
  o: { createBody?: Record<string, unknown>; createPath?: string; preview?: Transaction } = {},
): Promise<OutboxItem> {
  if (isLocalId(recordId)) {
    const item = await waitingCreate(recordId);
    if (!item) throw new OutboxBusyError('gone');
    // A refused write was not kept by the server (its key neither): it may change. One tried
    // without an answer may be stored already: it is sent as it was.
    if (item.state === 'sending' || (item.state === 'waiting' && item.tries > 0)) throw new OutboxBusyError('sending');
    const next: OutboxItem = {
      ...item,
      body: o.createBody ?? item.body,
      path: o.createPath ?? item.path,
      preview: o.preview ?? item.preview,
      state: 'waiting',
      error: undefined,
    };
    await idb.put(next);
    changed();
    return next;
  }
  return add({
    bookId,
    kind: 'update',
    method: 'PATCH',
    path,
    body,
    recordId,
    preview: o.preview,
  });
}

/** A delete: waiting records are taken out of the outbox (never sent), stored ones queued for deletion. */
export async function queueDelete(bookId: string, ids: string[], path: string): Promise<void> {
  const stored = ids.filter((id) => !isLocalId(id));
  for (const id of ids.filter(isLocalId)) {
    const item = await waitingCreate(id);
    if (item && (item.state === 'sending' || (item.state === 'waiting' && item.tries > 0))) throw new OutboxBusyError('sending');
    if (item) await idb.remove(item.id);
  }
  if (stored.length) await add({ bookId, kind: 'delete', method: 'DELETE', path, body: { ids: stored } });
  changed();
}

/** A failed write the user gave up on. */
export async function discard(id: string): Promise<void> {
  await idb.remove(id);
  changed();
}

/** A failed write the user wants sent again (after fixing what was refused, or as it is). */
export async function retry(id: string): Promise<void> {
  const item = (await idb.all<OutboxItem>()).find((i) => i.id === id);
  if (!item) return;
  await idb.put({ ...item, state: 'waiting', error: undefined });
  changed();
}

/** What one send came to: done, refused by the server (with its reason), or not reached. */
export type SendResult = { ok: true } | { ok: false; refused: string } | { ok: false; unreachable: true };

let flushing: Promise<number> | undefined;

/**
 * Sends what waits, oldest first, one at a time. Stops at the first send that does not
 * reach the server (the order is kept: the rest goes next time); a refusal marks that
 * write failed with the server's reason and goes on with the next. Calls made while a
 * flush runs join it. Resolves with the number of writes done.
 */
export function flush(send: (item: OutboxItem) => Promise<SendResult>, onSent?: (item: OutboxItem) => void): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const item of await outboxItems()) {
        // 'sending' is left by a page closed mid-send: sent again with its key, recorded once.
        if (item.state === 'failed') continue;
        const sending: OutboxItem = { ...item, state: 'sending', tries: item.tries + 1 };
        await idb.put(sending);
        changed();
        const result = await send(sending).catch((): SendResult => ({ ok: false, unreachable: true }));
        if (result.ok) {
          await idb.remove(item.id);
          sent += 1;
          changed();
          onSent?.(sending);
          continue;
        }
        await idb.put({
          ...sending,
          state: 'unreachable' in result ? 'waiting' : 'failed',
          error: 'refused' in result ? result.refused : undefined,
        });
        changed();
        if ('unreachable' in result) break;
      }
    } finally {
      flushing = undefined;
    }
    return sent;
  })();
  return flushing;
}

/** A waiting record, for the form that opens it again; refused when it is no longer waiting. */
export async function waitingRecord(localId: string): Promise<Transaction> {
  const item = await waitingCreate(localId);
  if (!item?.preview) throw new Error('record not waiting');
  return { ...item.preview, id: localId };
}
