/**
 * Every column type a migration may use goes through the backup's row text and back
 * unchanged: bytea, numeric beyond a double, bigint extremes, floats, arrays, jsonb and
 * json, timestamps to the microsecond, intervals, a generated column and a table that
 * points to itself. It runs the repository's own read and write paths (the ones
 * `npm run cab -- backup` and `npm run cab -- restore` use) between two tables of one database.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { BackupRepository } from '../src/platform/backup/backup.repository.ts';
import { postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';

const table = (name: string) =>
  sql.raw(`CREATE TABLE ${name} (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    parent  bigint REFERENCES ${name} (id),
    b       bytea,
    n       numeric,
    n2      numeric(30, 10),
    big     bigint,
    f       double precision,
    r       real,
    ids     bigint[],
    words   text[],
    grid    integer[][],
    j       jsonb,
    js      json,
    ts      timestamptz,
    d       date,
    iv      interval,
    u       uuid,
    flag    boolean,
    txt     text,
    twice   bigint GENERATED ALWAYS AS (big / 2) STORED
  )`);

const ROWS = sql.raw(`INSERT INTO source (b, n, n2, big, f, r, ids, words, grid, j, js, ts, d, iv, u, flag, txt) VALUES
  ('\\x00ff10', 12345678901234567890.123456789012345678901234567890, 0.0000000001, 9223372036854775807, 0.1, 3.4e38,
   '{9223372036854775807,-9223372036854775808,NULL}', '{"a,b","quote\\"d","",NULL,"NULL"}', '{{1,2},{3,4}}',
   '{"big": 123456789012345678901234567890, "x": [1.0, 1e-7, "s", null, {"k": true}]}', '{"a": 1,  "a": 2.50}',
   '2025-06-01 04:05:06.789012+00', 'infinity', '1 year 2 mons 3 days 04:05:06.789', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', true,
   E'早餐 "quoted" \\\\ \\n\\t ✓ 🏠'),
  ('', 'NaN', -1.5, -9223372036854775808, 'NaN', '-Infinity', '{}', '{}', '{}', '[]', 'null',
   '1970-01-01 00:00:00+00', '2000-02-29', '-1 days +00:00:01', NULL, false, ''),
  (NULL, 0, NULL, 0, '-0', 1.17549435e-38, '{NULL}', '{NULL,""}', NULL, 'null', NULL, NULL, NULL, NULL, NULL, NULL, NULL)`);

async function roundTrip(h: DatabaseHandle): Promise<void> {
  await table('source').execute(h.db);
  await table('target').execute(h.db);
  await ROWS.execute(h.db);
  // The first row points to the last: in key order a child comes before its parent.
  await sql`UPDATE source SET parent = 3 WHERE id = 1`.execute(h.db);
  const read = async (name: string) =>
    (await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.id(name)} t ORDER BY id`.execute(h.db)).rows.map((r) => r.row);

  await h.db.transaction().execute(async (tx) => {
    const repo = new BackupRepository(tx);
    const tables = await repo.tables();
    const source = tables.find((t) => t.name === 'source')!;
    const target = tables.find((t) => t.name === 'target')!;
    expect(source.primary_key).toEqual(['id']);
    expect(source.columns.find((c) => c.name === 'twice')?.generated).toBe(true);
    const rows: string[] = [];
    for await (const row of repo.rows(source, 2)) rows.push(row);
    expect(rows).toHaveLength(3);
    // As the restore does: the table points to itself, so its chunks wait in a stage.
    const stage = await repo.createStage(target);
    await repo.insertRows(target, rows.slice(0, 2), stage);
    await repo.insertRows(target, rows.slice(2), stage);
    await repo.flushStage(target, stage);
  });
  expect(await read('target')).toEqual(await read('source'));
  const same = await sql<{ differing: string }>`
    SELECT count(*)::text AS differing FROM source s FULL JOIN target t ON t.id = s.id
    WHERE (s.b, s.n, s.n2, s.big, s.f, s.r, s.ids, s.words, s.grid, s.j, s.js::text, s.ts, s.d, s.iv, s.u, s.flag, s.txt, s.twice, s.parent)
      IS DISTINCT FROM (t.b, t.n, t.n2, t.big, t.f, t.r, t.ids, t.words, t.grid, t.j, t.js::text, t.ts, t.d, t.iv, t.u, t.flag, t.txt, t.twice, t.parent)
       OR scale(s.n2) IS DISTINCT FROM scale(t.n2)`.execute(h.db);
  expect(same.rows[0]!.differing).toBe('0');
}

describe('column types through the backup row text', () => {
  const dbs: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('round-trip exactly on PGlite', { timeout: 60_000 }, async () => {
    const h = await openDatabase({});
    try {
      await roundTrip(h);
    } finally {
      await h.close();
    }
  });

  it('round-trip exactly on PostgreSQL', { timeout: 60_000 }, async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const db = await scratchDatabase('postgres', 'backup-types');
    dbs.push(db);
    const h = await openDatabase({ databaseUrl: db.url });
    try {
      await roundTrip(h);
    } finally {
      await h.close();
    }
  });
});
