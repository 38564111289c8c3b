import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { readDeclaredSchema, type ColumnShape } from '../../../test/schema-types.ts';
import type { DatabaseHandle } from './index.ts';

/**
 * How each column type of the migrations comes back from both drivers (db/index.ts keeps
 * int8 a decimal string), with a value to prove it: the first test selects each one.
 * A migration that brings a new type adds it here.
 */
const TYPES: Record<string, { kind: string; sample: string }> = {
  int8: { kind: 'string', sample: `1::int8` },
  int4: { kind: 'number', sample: `1::int4` },
  int2: { kind: 'number', sample: `1::int2` },
  numeric: { kind: 'string', sample: `1.5::numeric` },
  text: { kind: 'string', sample: `'a'::text` },
  varchar: { kind: 'string', sample: `'a'::varchar` },
  bool: { kind: 'boolean', sample: `true` },
  timestamptz: { kind: 'Date', sample: `now()` },
  date: { kind: 'Date', sample: `'2026-01-01'::date` },
  jsonb: { kind: 'json', sample: `'{"a":1}'::jsonb` },
  _text: { kind: 'string[]', sample: `ARRAY['a']::text[]` },
  _int8: { kind: 'string[]', sample: `ARRAY[1]::int8[]` },
};

/** What a value read from the database is, in the words of schema-types.ts. */
function kindOf(v: unknown): string {
  if (v instanceof Date) return 'Date';
  if (Array.isArray(v)) return `${kindOf(v[0])}[]`;
  if (typeof v === 'object') return 'json';
  return typeof v;
}

interface DbColumn {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/** Every way one column of the migrated database and its line in schema.ts disagree. */
function compare(name: string, db: DbColumn, ts: ColumnShape): string[] {
  const out: string[] = [];
  const type = TYPES[db.udt_name];
  if (!type) return [`${name}: the database's type ${db.udt_name} is not in schema.test.ts's TYPES; add how it comes back`];
  const declared = [...ts.select].sort().join(' | ') || 'nothing';
  // A JSON column holds whatever the code puts there; schema.ts gives its shape.
  if (type.kind !== 'json' && declared !== type.kind)
    out.push(`${name}: the database's ${db.udt_name} comes back as ${type.kind}; schema.ts selects ${declared}`);
  if (type.kind === 'json' && ts.select.size === 0) out.push(`${name}: schema.ts selects nothing for a ${db.udt_name} column`);
  const nullable = db.is_nullable === 'YES';
  if (ts.nullable !== undefined && nullable !== ts.nullable)
    out.push(`${name}: the database ${nullable ? 'takes' : 'refuses'} null; schema.ts ${ts.nullable ? 'allows' : 'does not allow'} null`);
  const generated = db.is_generated === 'ALWAYS';
  if (generated && !ts.insertNever)
    out.push(`${name}: the database computes it; schema.ts lets an insert write it (make its insert type never)`);
  if (!generated && ts.insertNever) out.push(`${name}: schema.ts forbids writing it; the database does not compute it`);
  const filled = nullable || db.column_default !== null || db.is_identity === 'YES' || generated;
  if (ts.insertOptional && !filled)
    out.push(`${name}: schema.ts lets an insert leave it out; the database has no default and refuses null`);
  return out;
}

let h: DatabaseHandle;
let columns: DbColumn[];
beforeAll(async () => {
  h = await freshDatabase();
  columns = (
    await sql<DbColumn>`
      SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`.execute(h.db)
  ).rows;
});
afterAll(() => h.close());

describe("schema.ts, the database's types written by hand", () => {
  it('maps each column type of the migrations as both drivers give it back', async () => {
    const used = [...new Set(columns.map((c) => c.udt_name))].sort();
    const unknown = used.filter((u) => !TYPES[u]);
    expect(unknown, 'column types of the migrations without a line in TYPES').toEqual([]);
    const samples = used.map((u) => sql`${sql.raw(TYPES[u]!.sample)} AS ${sql.ref(u)}`);
    const row = (await sql<Record<string, unknown>>`SELECT ${sql.join(samples)}`.execute(h.db)).rows[0]!;
    expect(Object.fromEntries(used.map((u) => [u, kindOf(row[u])]))).toEqual(Object.fromEntries(used.map((u) => [u, TYPES[u]!.kind])));
  });

  it('declares every table and column of the migrated database as it is', () => {
    const declared = readDeclaredSchema(path.join(import.meta.dirname, 'schema.ts'));
    const problems: string[] = [];
    const tables = new Map<string, DbColumn[]>();
    for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
    for (const [table, cols] of tables) {
      const ts = declared.get(table);
      if (!ts) {
        problems.push(`${table}: a table of the migrations that schema.ts's DB does not name`);
        continue;
      }
      for (const c of cols) {
        const name = `${table}.${c.column_name}`;
        const col = ts.get(c.column_name);
        if (col) problems.push(...compare(name, c, col));
        else problems.push(`${name}: a column of the migrations that schema.ts does not declare`);
      }
      for (const column of ts.keys())
        if (!cols.some((c) => c.column_name === column)) problems.push(`${table}.${column}: declared in schema.ts, not in the database`);
    }
    for (const table of declared.keys()) if (!tables.has(table)) problems.push(`${table}: named in schema.ts's DB, not in the database`);
    expect(problems, 'schema.ts and the migrated database differ (docs/decisions.md, "Database")').toEqual([]);
  });
});
