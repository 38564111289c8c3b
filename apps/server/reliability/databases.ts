/**
 * Databases for the reliability suite. Every part runs on embedded PGlite (a data
 * directory of its own) and, where PostgreSQL answers, on a PostgreSQL database of its
 * own made from `DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped afterwards. `.ci/run` sets CAB_REQUIRE_POSTGRES=1, so CI fails instead of
 * skipping the PostgreSQL runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Whether PostgreSQL answers; throws when CAB_REQUIRE_POSTGRES is set and it does not. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin((c) => c.query('SELECT 1'));
    return true;
  } catch (err) {
    if (process.env.CAB_REQUIRE_POSTGRES) throw new Error(`PostgreSQL is required but does not answer at ${PG_ADMIN_URL}: ${String(err)}`);
    console.warn(`PostgreSQL does not answer at ${PG_ADMIN_URL}: its runs are skipped`);
    return false;
  }
}

export interface ScratchDatabase {
  /** The environment a server process needs: CAB_DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  dataDir: string;
  url: string | undefined;
  drop(): Promise<void>;
}

/** An empty database (the server migrates it when it starts) and a data directory for files. */
export async function scratchDatabase(kind: 'pglite' | 'postgres', label: string): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cab-${label}-`));
  if (kind === 'pglite') {
    // An empty DATABASE_URL: the server process must not inherit the suite's PostgreSQL.
    return {
      env: { CAB_DATA_DIR: dataDir, DATABASE_URL: '' },
      kind,
      dataDir,
      url: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cab_r_${label.replace(/\W/g, '_')}_${crypto.randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { CAB_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    kind,
    dataDir,
    url: url.toString(),
    drop: async () => {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
