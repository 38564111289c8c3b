import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogConfig } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparedPool } from './prepared-pool.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
}

// int8 (20) comes back as a decimal string on both drivers, so ids and money never
// pass through a float and the same code runs on either.
const INT8 = 20;
pg.types.setTypeParser(INT8, (v) => v);

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; omitted means in memory. */
  dataDir?: string | undefined;
  /** A dumped PGlite data directory to start from (tests). */
  loadDataDir?: Blob | undefined;
  /** Sees every statement with its time (the benchmarks compare calls with their SQL). */
  log?: LogConfig | undefined;
  /**
   * PostgreSQL: run statements as named (prepared) ones, planned once per connection
   * (prepared-pool.ts); on unless CAB_PG_PREPARE=off (a pooler in transaction mode that
   * cannot keep them).
   */
  prepare?: boolean | undefined;
  /** PostgreSQL: the pool's most connections (10). */
  poolMax?: number | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    const dialect = new PostgresDialect({ pool: opts.prepare === false ? pool : preparedPool(pool) });
    const db = new Kysely<DB>({ dialect, ...(opts.log ? { log: opts.log } : {}) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  const pglite = new PGlite({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers: { [INT8]: (v: string) => v },
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...(opts.log ? { log: opts.log } : {}) });
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}
