import { buildApp, type BuiltApp } from '../app.ts';
import { systemClock } from '../platform/clock.ts';
import type { Database } from '../platform/db/index.ts';
import { MemoryStore } from '../platform/kv.ts';
import { createStorage } from '../platform/storage-create.ts';
import { withDatabase, type CliContext } from './kit.ts';

/**
 * Runs `fn` with the server put together on its database and settings, not listening:
 * for operator work that goes through the server's own services (a job's run, a refund
 * through the payment provider). Its log is dropped; the command prints what it did.
 */
export function withBuiltApp<T>(ctx: CliContext, fn: (built: BuiltApp, db: Database) => Promise<T>): Promise<T> {
  return withDatabase(ctx, async ({ db }) => {
    const storage = await createStorage(ctx.config);
    const built = await buildApp({
      config: ctx.config,
      db,
      clock: systemClock,
      kv: new MemoryStore(systemClock),
      storage,
      logSink: { write: () => undefined },
    });
    try {
      return await fn(built, db);
    } finally {
      await built.app.close();
      storage.close();
    }
  });
}
