import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';

const KEY = /^[\x21-\x7e]{1,128}$/;

/** The Idempotency-Key header (WIRE B.5), or undefined when the client sent none. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined) return undefined;
  if (!KEY.test(v)) throw new AppError('transaction.idempotencyKeyInvalid');
  return v;
}

/** What a retried request must match: the call, the book and the body as sent. */
export function requestHash(req: FastifyRequest, bookId: string): string {
  return crypto
    .createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url ?? req.url}\n${bookId}\n${req.rawBody ?? ''}`)
    .digest('hex');
}

/**
 * Runs `fn` in a database transaction: the caller's when `db` is one already, else a new
 * one. A write that is one statement needs none (a statement is atomic by itself), and
 * BEGIN and COMMIT are two round trips more than its own.
 */
export function atomically<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Runs a write once per key: the key row is written in the same database transaction
 * as the write, so a retry either finds the committed answer or (if the first attempt
 * failed and rolled back) runs again. A concurrent retry waits on the key's row. Without
 * a key `run` gets `db` itself and makes its writes atomic (`atomically`).
 */
export async function once<T>(
  db: Database,
  o: { userId: string; key: string | undefined; hash: () => string },
  run: (db: Database) => Promise<T>,
): Promise<T> {
  if (!o.key) return run(db);
  return db.transaction().execute(async (tx) => {
    if (!o.key) return run(tx);
    // Hashed only when a key asks for it: the body of an import is 150 KB.
    const hash = o.hash();
    const claimed = await tx
      .insertInto('idempotency_keys')
      .values({ user_id: o.userId, key: o.key, request_hash: hash })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response'])
        .where('user_id', '=', o.userId)
        .where('key', '=', o.key)
        .executeTakeFirstOrThrow();
      if (first.request_hash !== hash) throw new AppError('transaction.idempotencyReused');
      return first.response as T;
    }
    const result = await run(tx);
    await tx
      .updateTable('idempotency_keys')
      .set({ status: 1, response: JSON.stringify(result ?? null) })
      .where('user_id', '=', o.userId)
      .where('key', '=', o.key)
      .execute();
    return result;
  });
}

/** Keys are kept a day: long enough for any client's retries. */
export async function purgeIdempotencyKeys(db: Database, now: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - 86_400_000))
    .execute();
}
