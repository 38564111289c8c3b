import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedPool, StatementNames } from './prepared-pool.ts';

describe('statement names (prepared-pool.ts)', () => {
  it('names a statement by its text, the same text always alike, two texts never alike', () => {
    const names = new StatementNames();
    const a = names.nameOf('SELECT $1::int', 1);
    expect(a).toMatch(/^cab_[\w-]+$/);
    expect(names.nameOf('SELECT $1::int', 1)).toBe(a);
    expect(names.nameOf('SELECT $1::bigint', 1)).not.toBe(a);
    // An upsert on a whole unique index is prepared; one on a partial index (below) is not.
    expect(names.nameOf('INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET b = $2', 2)).toBeDefined();
  });

  it('leaves unnamed what has no parameters, transaction control, and every text past its bound', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('SELECT 1', 0)).toBeUndefined();
    expect(names.nameOf('begin', 1)).toBeUndefined();
    expect(names.nameOf('INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) WHERE b IN ($2) DO NOTHING', 2)).toBeUndefined();
    expect(names.nameOf('insert into "t" ("a") values ($1) on conflict ("a", "c") where "b" in ($2) do nothing', 2)).toBeUndefined();
    expect(names.nameOf('SELECT $1::int', 1)).toBeDefined();
    expect(names.nameOf('UPDATE t SET a = $1', 1)).toBeDefined();
    expect(names.nameOf('DELETE FROM t WHERE a = $1', 1)).toBeUndefined();
    expect(names.size).toBe(2);
    // A text named before the bound was reached keeps its name.
    expect(names.nameOf('SELECT $1::int', 1)).toBeDefined();
  });
});

// On PostgreSQL (CI's run of the suite), a statement run twice is parsed once, on the server.
describe.runIf(process.env.CAB_TEST_DB === 'postgres')('prepared statements on PostgreSQL', () => {
  it('runs a statement as a prepared one the connection keeps, with the same answers', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', max: 1 });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: preparedPool(pool) }) });
    try {
      const twice = async () => (await sql<{ n: number }>`SELECT ${41}::int + 1 AS n`.execute(db)).rows[0]?.n;
      expect(await twice()).toBe(42);
      expect(await twice()).toBe(42);
      const kept = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(db);
      expect(kept.rows.map((r) => r.statement)).toContain('SELECT $1::int + 1 AS n');
      expect(kept.rows.every((r) => r.name.startsWith('cab_'))).toBe(true);

      // An upsert whose conflict target is a partial index named with parameters works past
      // the fifth run (a generic plan could not match the index).
      await sql`CREATE TEMP TABLE asks (book_id int, user_id int, status text)`.execute(db);
      await sql`CREATE UNIQUE INDEX ON asks (book_id, user_id) WHERE status IN ('open', 'waiting')`.execute(db);
      const ask = (user: number) =>
        sql<{ user_id: number }>`INSERT INTO asks VALUES (1, ${user}, 'open')
          ON CONFLICT (book_id, user_id) WHERE status IN (${'open'}, ${'waiting'}) DO NOTHING RETURNING user_id`.execute(db);
      for (let user = 1; user <= 8; user++) expect((await ask(user)).rows).toEqual([{ user_id: user }]);
      expect((await ask(8)).rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
