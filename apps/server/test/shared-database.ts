import { sql } from 'kysely';
import { openDatabase, type Database, type DatabaseHandle } from '../src/platform/db/index.ts';

/**
 * One PGlite instance per test worker, handed to one test file at a time and put back as
 * the run's migrated, seeded database before each. Starting an instance from the dump
 * costs one to two seconds of a core; putting the rows back costs a tenth of that, and a
 * worker runs some thirty files.
 *
 * What "put back" covers: every table's rows (emptied, then the seeded rows copied back
 * from a schema of their own) and every sequence's position. Files never change the
 * schema itself (a file that would opens its own instance with `freshDatabase({ own })`).
 */
const SEED = 'cab_test_seed';

interface Shared {
  handle: DatabaseHandle;
  leased: boolean;
  restore: string;
}

let shared: Promise<Shared> | undefined;

export async function leaseSharedDatabase(dump: () => Blob): Promise<DatabaseHandle> {
  shared ??= openShared(dump());
  const s = await shared;
  // A file that asks for a second database while holding the first gets one of its own.
  if (s.leased) return openDatabase({ loadDataDir: dump() });
  s.leased = true;
  await sql.raw(s.restore).execute(s.handle.db);
  return {
    db: s.handle.db,
    kind: s.handle.kind,
    // The instance outlives the file: closing gives it back for the next file.
    close: async () => {
      s.leased = false;
    },
  };
}

async function openShared(dump: Blob): Promise<Shared> {
  const handle = await openDatabase({ loadDataDir: dump });
  return { handle, leased: false, restore: await snapshot(handle.db) };
}

/** Copies the seeded rows aside and returns the SQL that brings the database back to them. */
async function snapshot(db: Database): Promise<string> {
  const tables = (
    await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`.execute(db)
  ).rows.map((r) => r.name);
  await sql.raw(`CREATE SCHEMA ${SEED}`).execute(db);
  const steps = [
    // Foreign keys and triggers wait: the seeded rows go back in any order.
    'SET session_replication_role = replica',
    `TRUNCATE ${tables.map(quote).join(', ')}`,
  ];
  for (const table of tables) {
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    if (count.rows[0]?.n === '0') continue;
    await sql.raw(`CREATE TABLE ${SEED}.${quote(table)} AS TABLE public.${quote(table)}`).execute(db);
    // Columns the database computes (GENERATED ... STORED) are computed again on the way back.
    const columns = (
      await sql<{ name: string }>`
        SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${`public.${quote(table)}`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`.execute(db)
    ).rows.map((r) => quote(r.name));
    steps.push(
      `INSERT INTO public.${quote(table)} (${columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${columns.join(', ')} FROM ${SEED}.${quote(table)}`,
    );
  }
  const sequences = (
    await sql<{ name: string; last: string | null }>`
      SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`.execute(db)
  ).rows;
  for (const s of sequences) {
    steps.push(
      s.last === null
        ? `ALTER SEQUENCE public.${quote(s.name)} RESTART`
        : `SELECT setval('public.${quote(s.name)}', ${Number(s.last)}, true)`,
    );
  }
  steps.push('SET session_replication_role = DEFAULT');
  return steps.join(';\n') + ';';
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
