import crypto from 'node:crypto';
import type { Database } from '../../platform/db/index.ts';
import { once } from '../accounting/idempotency.ts';

/**
 * An order number: its kind's letter (R recharge, P purchase, S service), the time to the
 * second in UTC, and eight random digits. Readable to support, sorted by time, and not
 * something a caller can guess for another user (every read checks the owner anyway).
 */
export function newOrderNo(kind: 'R' | 'P' | 'S', nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const random = crypto.randomInt(0, 100_000_000).toString().padStart(8, '0');
  return `${kind}${stamp}${random}`;
}

/**
 * A create that runs once per Idempotency-Key, always in one transaction (accounting's
 * `once` runs a call without a key on the bare handle; an order's writes touch several rows).
 */
export function onceInTransaction<T>(
  db: Database,
  o: { userId: string; key: string | undefined; hash: () => string },
  run: (tx: Database) => Promise<T>,
): Promise<T> {
  return o.key ? once(db, o, run) : db.transaction().execute(run);
}
