import { sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { SequenceValue, TableInfo } from './format.ts';

/** A foreign key between two tables of the schema (child points to parent). */
export interface ForeignKey {
  child: string;
  parent: string;
}

/**
 * The SQL of backup and restore: the catalogue (tables, columns, keys, sequences), the
 * rows read through a cursor and written back in chunks. It works on whatever tables the
 * migrations made, so a new table is backed up without touching this file.
 */
export class BackupRepository {
  constructor(private readonly db: Database) {}

  /** The schema's tables (partitions are read through their parent), by name. */
  async tables(): Promise<TableInfo[]> {
    const cols = await sql<{ table: string; name: string; type: string; generated: boolean }>`
      SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated <> '' AS generated
      FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const keys = await sql<{ table: string; name: string }>`
      SELECT c.relname AS table, a.attname AS name
      FROM pg_class c
      JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
      CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, pos)
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname, k.pos`.execute(this.db);
    const byName = new Map<string, TableInfo>();
    for (const c of cols.rows) {
      const t = byName.get(c.table) ?? { name: c.table, columns: [], primary_key: [] };
      t.columns.push({ name: c.name, type: c.type, generated: c.generated });
      byName.set(c.table, t);
    }
    for (const k of keys.rows) byName.get(k.table)?.primary_key.push(k.name);
    return [...byName.values()];
  }

  async foreignKeys(): Promise<ForeignKey[]> {
    const res = await sql<ForeignKey>`
      SELECT DISTINCT child.relname AS child, parent.relname AS parent
      FROM pg_constraint f
      JOIN pg_class child ON child.oid = f.conrelid
      JOIN pg_class parent ON parent.oid = f.confrelid
      WHERE f.contype = 'f' AND f.connamespace = current_schema()::regnamespace`.execute(this.db);
    return res.rows;
  }

  async sequenceNames(): Promise<string[]> {
    const res = await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace ORDER BY relname`.execute(
      this.db,
    );
    return res.rows.map((r) => r.name);
  }

  /** Where a sequence stands; read outside the snapshot (sequences are not transactional), so never behind the rows. */
  async sequenceValue(name: string): Promise<SequenceValue> {
    const res = await sql<{ last_value: string; is_called: boolean }>`
      SELECT last_value::text AS last_value, is_called FROM ${sql.id(name)}`.execute(this.db);
    const row = res.rows[0]!;
    return { name, last_value: row.last_value, is_called: row.is_called };
  }

  async setSequence(v: SequenceValue): Promise<void> {
    await sql`SELECT setval(quote_ident(${v.name})::regclass, ${v.last_value}::bigint, ${v.is_called})`.execute(this.db);
  }

  async migrationNames(): Promise<string[] | undefined> {
    const exists = await sql<{ found: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`.execute(this.db);
    if (!exists.rows[0]?.found) return undefined;
    const res = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(this.db);
    return res.rows.map((r) => r.name);
  }

  /**
   * Makes this transaction one consistent, read-only snapshot of the whole database,
   * whatever a running server writes meanwhile; and fixes the text forms of values,
   * whatever the server's settings: floats in full, unambiguous dates, so every value
   * reads back exactly and two backups of the same data are the same.
   */
  async beginSnapshot(): Promise<void> {
    await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(this.db);
    await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(this.db);
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(this.db);
    await sql`SET LOCAL extra_float_digits = 3`.execute(this.db);
    await sql`SET LOCAL bytea_output = 'hex'`.execute(this.db);
    await sql`SET LOCAL IntervalStyle = 'postgres'`.execute(this.db);
  }

  /**
   * Streams a table's rows as row text (see format.ts) in primary key order (by the text itself for a
   * table without one, so two backups of the same data are the same file), through a
   * cursor of the snapshot: never the whole table in memory, and unlike keyset paging no
   * key value has to make a round trip through JavaScript.
   */
  async *rows(table: TableInfo, batch = 500): AsyncGenerator<string> {
    const order = table.primary_key.length ? sql.join(table.primary_key.map((c) => sql.id(c))) : sql`1`;
    await sql`DECLARE cab_backup NO SCROLL CURSOR FOR
      SELECT t::text AS row FROM ${sql.id(table.name)} t ORDER BY ${order}`.execute(this.db);
    for (;;) {
      const res = await sql<{ row: string }>`FETCH FORWARD ${sql.lit(batch)} FROM cab_backup`.execute(this.db);
      for (const r of res.rows) yield r.row;
      if (res.rows.length < batch) break;
    }
    // Closed only when read through: after an error the transaction ends, and the cursor with it.
    await sql`CLOSE cab_backup`.execute(this.db);
  }

  /** Which of these tables hold a row. */
  async nonEmpty(tables: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const t of tables) {
      const res = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.id(t)}) AS found`.execute(this.db);
      if (res.rows[0]?.found) found.push(t);
    }
    return found;
  }

  /** Keeps every other session out of these tables until the restore commits or rolls back. */
  async lockAll(tables: readonly string[]): Promise<void> {
    await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.id(t)))} IN ACCESS EXCLUSIVE MODE`.execute(this.db);
  }

  /** Empties the tables a fresh database already fills (migration records, reference data), all at once so no key is in the way. */
  async truncateAll(tables: readonly string[]): Promise<void> {
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.id(t)))}`.execute(this.db);
  }

  /**
   * Inserts a chunk of rows from their row text, read back by the table's own row type;
   * ids as they were (OVERRIDING SYSTEM VALUE: identity columns take the backed-up
   * value), generated columns computed again, `zeroed` columns 0 (a trigger rebuilds them
   * from the rows restored after: restore.ts, KEPT_BY_TRIGGERS).
   */
  async insertRows(table: TableInfo, rows: readonly string[], into?: string, zeroed: ReadonlySet<string> = new Set()): Promise<void> {
    const names = table.columns.filter((c) => !c.generated).map((c) => c.name);
    const list = sql.join(names.map((c) => sql.id(c)));
    const values = sql.join(names.map((c) => (zeroed.has(c) ? sql`0` : sql`(r).${sql.id(c)}`)));
    await sql`INSERT INTO ${sql.id(into ?? table.name)} (${list}) OVERRIDING SYSTEM VALUE
      SELECT ${values} FROM (SELECT CAST(x AS ${sql.id(table.name)}) AS r FROM json_array_elements_text(${JSON.stringify(rows)}::json) x) s`.execute(
      this.db,
    );
  }

  /**
   * A table that points to itself (a tree): its chunks wait in a temporary copy and go in
   * with one statement, whose foreign key checks run at its end, when every parent is in.
   */
  async createStage(table: TableInfo): Promise<string> {
    const stage = `cab_restore_${table.name}`;
    await sql`CREATE TEMPORARY TABLE ${sql.id(stage)} (LIKE ${sql.id(table.name)}) ON COMMIT DROP`.execute(this.db);
    return stage;
  }

  async flushStage(table: TableInfo, stage: string): Promise<void> {
    const list = sql.join(table.columns.filter((c) => !c.generated).map((c) => sql.id(c.name)));
    await sql`INSERT INTO ${sql.id(table.name)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${sql.id(stage)}`.execute(this.db);
    await sql`DROP TABLE ${sql.id(stage)}`.execute(this.db);
  }
}
