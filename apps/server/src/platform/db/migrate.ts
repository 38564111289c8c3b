import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './index.ts';
import { SERVER_ROOT } from '../../server-root.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'db/migrations');

/** The migration files the code knows, in the order they apply. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * One number for every CAB instance on a database: whoever holds it migrates, the others
 * wait. A transaction's lock (not a session's), so it holds through PgBouncer's
 * transaction pooling too.
 */
const MIGRATION_LOCK = 0x43414200;

/**
 * Applies the plain SQL files of db/migrations in name order, each in its own
 * transaction with its record, so a crash never leaves one half applied. Running it
 * again applies nothing. `upTo` stops after that file (a restore brings an empty
 * database to its backup's level, and later files then migrate the restored data).
 *
 * Instances started together (a redeploy) each run this: every file's transaction first
 * takes the migration lock and looks again, so each file is applied by one of them and
 * the others find it done instead of failing on what it already made.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, upTo?: string): Promise<string[]> {
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(tx);
  });
  const files = migrationNames(dir).filter((f) => upTo === undefined || f <= upTo);
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const ran = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const already = await tx.selectFrom('schema_migrations').select('name').where('name', '=', file).executeTakeFirst();
      if (already) return false;
      await sql.raw(text).execute(tx);
      await tx.insertInto('schema_migrations').values({ name: file }).execute();
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
