import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../api/request.ts';
import { flush, outboxItems, type OutboxItem, type SendResult } from './outbox.ts';

/**
 * A failure that says nothing about the write itself: no network, a time-out (the
 * server may have it: the same key sent again records it once), the server busy or
 * down (5xx, 429), or the session lost (401: sent after signing in again). Anything
 * else is the server refusing this write.
 */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return err instanceof TypeError;
  return (
    err.code === NETWORK_ERROR || err.code === TIMEOUT || err.status === 0 || err.status >= 500 || err.status === 429 || err.status === 401
  );
}

/** Whether a write that failed so should wait in the outbox instead of showing the failure. */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === NETWORK_ERROR || err.code === TIMEOUT;
  return err instanceof TypeError;
}

/** One outbox write, sent as the form would have sent it, with its Idempotency-Key. */
export async function sendItem(item: OutboxItem): Promise<SendResult> {
  try {
    await request(item.path, {
      method: item.method,
      data: item.body,
      asBody: item.method === 'DELETE',
      tradingEntity: item.bookId,
      headers: { 'Idempotency-Key': item.id },
      showError: false,
      loading: false,
    });
    return { ok: true };
  } catch (err) {
    if (isUnreachable(err)) return { ok: false, unreachable: true };
    return { ok: false, refused: err instanceof Error ? err.message : String(err) };
  }
}

const RETRY_MS = 30_000;
let timer: ReturnType<typeof setInterval> | undefined;

/** Sends what waits; after each write the book's flow, totals and lists are asked again. */
export async function sendWaiting(qc: QueryClient): Promise<void> {
  await flush(sendItem, (item) => {
    void qc.invalidateQueries({ queryKey: ['transactions', item.bookId] });
    void qc.invalidateQueries({ queryKey: ['dimensions', item.bookId] });
    void qc.invalidateQueries({ queryKey: ['budgets', item.bookId] });
  });
  const left = (await outboxItems()).some((i) => i.state === 'waiting');
  // Tried again every 30 s while writes wait (a network that came back without an 'online' event).
  if (left && !timer) timer = setInterval(() => void sendWaiting(qc).catch(() => undefined), RETRY_MS);
  if (!left && timer) {
    clearInterval(timer);
    timer = undefined;
  }
}

let started = false;
/** At app start, when the network returns and every 30 s while writes wait. */
export function startOutbox(qc: QueryClient): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void sendWaiting(qc).catch(() => undefined));
  void sendWaiting(qc).catch(() => undefined);
}
