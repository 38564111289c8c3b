import { sql, type RawBuilder } from 'kysely';
import { BackupRepository } from '../../platform/backup/backup.repository.ts';
import type { TableInfo } from '../../platform/backup/format.ts';
import { restoreOrder } from '../../platform/backup/order.ts';
import type { Database } from '../../platform/db/index.ts';

/**
 * What a book is made of, table by table (docs/zones.md, "What moves"): every table with a
 * `book_id` column moves with the book, except these, which stay in the zone where they
 * were made: money (orders, bills, draws and rented space stay with the wallet) and the
 * user's inbox (the message center is read where the user signs in: the public zone).
 */
export const STAYING_TABLES: ReadonlySet<string> = new Set([
  'purchasing_orders',
  'service_orders',
  'service_bills',
  'activity_draws',
  'book_space_grants',
  'book_space_shares',
  'messages',
  'message_counters',
  // Behaviour events are the collector's, not the book's (docs/host.md).
  'tracking_events',
  // The move's own bookkeeping.
  'book_zones',
  'book_migrations',
  // An import under way is the zone's where its file was uploaded; its trade ids (book_import_refs) move.
  'book_imports',
  'book_import_rows',
]);

/** The pointer a side keeps of a book that lives in another zone: the home lists show it from these. */
export const POINTER_TABLES: ReadonlySet<string> = new Set(['books', 'book_roles', 'book_users']);

/** The users whose public profile (id, nickname, avatar) goes with the book: everyone its rows name. */
export const USERS = 'users';
/** How many rows one chunk carries. */
export const CHUNK_ROWS = 5000;

/** One table of a book: how its rows are found, in key order. */
export interface BookTable {
  info: TableInfo;
  /** The columns of its key, with their types, for keyset paging. */
  key: Array<{ name: string; type: string }>;
}

/** A chunk of rows read: their row text, and the key of the last one (null: none left). */
export interface Chunk {
  rows: string[];
  last: string[] | null;
}

export interface Checksum {
  count: number;
  sum: string;
}

/**
 * The SQL of moving a book's rows (docs/zones.md): read in key order by chunks, written
 * back by row text (the backup's form, so no value passes through JavaScript), counted and
 * checksummed in the database, removed. The tables come from the catalogue, so a new
 * table with a `book_id` moves without touching this file (or is named in STAYING_TABLES).
 */
export class BookRows {
  private tables?: Promise<{ ordered: BookTable[]; userRefs: Array<{ table: string; column: string }> }>;

  constructor(private readonly db: Database) {}

  /**
   * The book's tables in foreign key order (books first), and the columns that name users.
   * Read once, through `db`: inside a transaction that is its handle (embedded PGlite has
   * one connection, so a read through another would wait for the transaction forever).
   */
  catalogue(db: Database = this.db): Promise<{ ordered: BookTable[]; userRefs: Array<{ table: string; column: string }> }> {
    this.tables ??= this.readCatalogue(db).catch((err: unknown) => {
      this.tables = undefined;
      throw err;
    });
    return this.tables;
  }

  private async readCatalogue(db: Database) {
    const repo = new BackupRepository(db);
    const all = await repo.tables();
    const moving = all.filter((t) => t.name === 'books' || (t.columns.some((c) => c.name === 'book_id') && !STAYING_TABLES.has(t.name)));
    const names = new Set(moving.map((t) => t.name));
    const keys = (await repo.foreignKeys()).filter((k) => names.has(k.child) && names.has(k.parent));
    const order = restoreOrder([...names], keys).tables;
    const byName = new Map(moving.map((t) => [t.name, t]));
    const ordered = order.map((name) => {
      const info = byName.get(name)!;
      const key = info.primary_key.map((k) => ({ name: k, type: info.columns.find((c) => c.name === k)!.type }));
      if (!key.length) throw new Error(`table ${name} has no primary key: it cannot move by chunks`);
      return { info, key };
    });
    const refs = await sql<{ table: string; column: string }>`
      SELECT c.relname AS table, a.attname AS column
      FROM pg_constraint f
      JOIN pg_class c ON c.oid = f.conrelid
      JOIN pg_class p ON p.oid = f.confrelid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = f.conkey[1]
      WHERE f.contype = 'f' AND p.relname = 'users' AND cardinality(f.conkey) = 1
        AND f.connamespace = current_schema()::regnamespace
      ORDER BY 1, 2`.execute(db);
    return { ordered, userRefs: refs.rows.filter((r) => names.has(r.table)) };
  }

  /** The rows of the book in `table`: the book's own row for books, `book_id` for the rest. */
  private filter(table: string, bookId: string): RawBuilder<unknown> {
    return table === 'books' ? sql`id = ${bookId}::bigint` : sql`book_id = ${bookId}::bigint`;
  }

  /** `column` IN the ids of every user the book's rows name. */
  private async usersFilter(bookId: string, db: Database, column: RawBuilder<unknown> = sql.ref('id')): Promise<RawBuilder<unknown>> {
    const { userRefs } = await this.catalogue(db);
    const parts = userRefs.map(
      (r) =>
        sql`SELECT ${sql.id(r.column)} FROM ${sql.id(r.table)} WHERE ${this.filter(r.table, bookId)} AND ${sql.id(r.column)} IS NOT NULL`,
    );
    return sql`${column} IN (${sql.join(parts, sql` UNION `)})`;
  }

  /** The text forms both sides read and write in, whatever each server's settings (the backup's). */
  async fixTextForms(db: Database): Promise<void> {
    await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(db);
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(db);
    await sql`SET LOCAL extra_float_digits = 3`.execute(db);
    await sql`SET LOCAL bytea_output = 'hex'`.execute(db);
    await sql`SET LOCAL IntervalStyle = 'postgres'`.execute(db);
  }

  /** Up to `limit` rows after `after` (a key's text), in key order; users as JSON of their public profile. */
  async readChunk(bookId: string, table: string, after: string[] | null, limit = CHUNK_ROWS): Promise<Chunk> {
    return this.db.transaction().execute(async (tx) => {
      await this.fixTextForms(tx);
      if (table === USERS) {
        const res = await sql<{ row: string; id: string }>`
          SELECT json_build_object('id', u.id::text, 'nickname', u.nickname, 'avatar_url', u.avatar_url)::text AS row, u.id::text AS id
          FROM users u WHERE ${await this.usersFilter(bookId, tx, sql.ref('u.id'))} ${after ? sql`AND u.id > ${after[0]}::bigint` : sql``}
          ORDER BY u.id LIMIT ${limit}`.execute(tx);
        const lastRow = res.rows.at(-1);
        return { rows: res.rows.map((r) => r.row), last: lastRow ? [lastRow.id] : null };
      }
      const t = await this.table(table, tx);
      // Qualified: an answer column ("row", "key") must not stand for a table's column of that name (preferences.key).
      const keyCols = sql.join(t.key.map((k) => sql`t.${sql.id(k.name)}`));
      const keyText = sql.join(t.key.map((k) => sql`t.${sql.id(k.name)}::text`));
      const res = await sql<{ row: string; key: string[] }>`
        SELECT t::text AS row, ARRAY[${keyText}] AS key FROM ${sql.id(table)} t
        WHERE ${this.filter(table, bookId)} ${after ? sql`AND (${keyCols}) > (${this.keyValues(t, after)})` : sql``}
        ORDER BY ${keyCols} LIMIT ${limit}`.execute(tx);
      return { rows: res.rows.map((r) => r.row), last: res.rows.at(-1)?.key ?? null };
    });
  }

  private keyValues(t: BookTable, values: readonly string[]): RawBuilder<unknown> {
    if (values.length !== t.key.length) throw new Error(`a key of ${t.info.name} has ${t.key.length} columns`);
    return sql.join(t.key.map((k, i) => sql`CAST(${values[i]} AS ${sql.raw(k.type)})`));
  }

  async table(name: string, db: Database = this.db): Promise<BookTable> {
    const t = (await this.catalogue(db)).ordered.find((x) => x.info.name === name);
    if (!t) throw new Error(`${name} is not one of a book's tables`);
    return t;
  }

  /** Whether a name is one of the tables a book moves with (users included). */
  async moves(name: string, db: Database = this.db): Promise<boolean> {
    return name === USERS || (await this.catalogue(db)).ordered.some((t) => t.info.name === name);
  }

  /**
   * Writes a chunk into this side's copy, within `tx`: a row already here (sent again after
   * a restart, or this side's pointer) takes the sent values. Rows must be the book's: a
   * row of another book is refused (false) and nothing is written. Users are added when
   * missing; a known user keeps this side's profile.
   */
  async writeChunk(tx: Database, bookId: string, table: string, rows: readonly string[], migrationId: string): Promise<boolean> {
    await this.fixTextForms(tx);
    const json = JSON.stringify(rows);
    if (table === USERS) {
      await sql`INSERT INTO users (id, nickname, avatar_url) OVERRIDING SYSTEM VALUE
        SELECT (x->>'id')::bigint, x->>'nickname', coalesce(x->>'avatar_url', '')
        FROM json_array_elements_text(${json}::json) r CROSS JOIN LATERAL (SELECT r::json AS x) j
        ON CONFLICT (id) DO NOTHING`.execute(tx);
      return true;
    }
    const t = await this.table(table, tx);
    const bookCol = table === 'books' ? 'id' : 'book_id';
    const foreign = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM json_array_elements_text(${json}::json) x
      WHERE (CAST(x AS ${sql.id(table)})).${sql.id(bookCol)} IS DISTINCT FROM ${bookId}::bigint`.execute(tx);
    if ((foreign.rows[0]?.n ?? 0) > 0) return false;
    const names = t.info.columns.filter((c) => !c.generated).map((c) => c.name);
    const keyNames = new Set(t.key.map((k) => k.name));
    const list = sql.join(names.map((c) => sql.id(c)));
    const values = sql.join(names.map((c) => sql`(r).${sql.id(c)}`));
    const updates = names.filter((c) => !keyNames.has(c)).map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`);
    const conflict = updates.length ? sql`DO UPDATE SET ${sql.join(updates)}` : sql`DO NOTHING`;
    await sql`INSERT INTO ${sql.id(table)} (${list}) OVERRIDING SYSTEM VALUE
      SELECT ${values} FROM (SELECT CAST(x AS ${sql.id(table)}) AS r FROM json_array_elements_text(${json}::json) x) s
      ON CONFLICT (${sql.join(t.key.map((k) => sql.id(k.name)))}) ${conflict}`.execute(tx);
    // Only a pointer's tables can hold rows of the book before a move brings it (the
    // receiving side is read-only or has nothing else): only their keys are kept, for prune.
    if (!POINTER_TABLES.has(table)) return true;
    const keyText = sql.join(
      t.key.map((k) => sql`(r).${sql.id(k.name)}::text`),
      sql` || ',' || `,
    );
    await sql`INSERT INTO book_migration_keys (migration_id, table_name, key)
      SELECT ${migrationId}::bigint, ${table}, ${keyText}
      FROM (SELECT CAST(x AS ${sql.id(table)}) AS r FROM json_array_elements_text(${json}::json) x) s
      ON CONFLICT DO NOTHING`.execute(tx);
    return true;
  }

  /** Removes the book's rows in `table` that this move did not send (this side's stale pointer rows). */
  async prune(tx: Database, bookId: string, table: string, migrationId: string): Promise<number> {
    if (!POINTER_TABLES.has(table)) return 0;
    const t = await this.table(table, tx);
    const keyText = sql.join(
      t.key.map((k) => sql`${sql.id(k.name)}::text`),
      sql` || ',' || `,
    );
    const res = await sql`DELETE FROM ${sql.id(table)} WHERE ${this.filter(table, bookId)} AND NOT EXISTS (
      SELECT 1 FROM book_migration_keys k WHERE k.migration_id = ${migrationId}::bigint AND k.table_name = ${table} AND k.key = ${keyText})`.execute(
      tx,
    );
    return Number(res.numAffectedRows ?? 0);
  }

  /** The count and checksum of the book's rows in `table`: md5 of their row text in key order (users: their ids). */
  async checksum(bookId: string, table: string): Promise<Checksum> {
    return this.db.transaction().execute(async (tx) => {
      await this.fixTextForms(tx);
      if (table === USERS) {
        const res = await sql<Checksum>`
          SELECT count(*)::int AS count, coalesce(md5(string_agg(id::text, ',' ORDER BY id)), '') AS sum
          FROM users WHERE ${await this.usersFilter(bookId, tx)}`.execute(tx);
        return res.rows[0]!;
      }
      const t = await this.table(table, tx);
      const res = await sql<Checksum>`
        SELECT count(*)::int AS count, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY ${sql.join(t.key.map((k) => sql.id(k.name)))})), '') AS sum
        FROM ${sql.id(table)} t WHERE ${this.filter(table, bookId)}`.execute(tx);
      return res.rows[0]!;
    });
  }

  /** How many rows the book has in every table (the progress bar's total). */
  async count(bookId: string): Promise<number> {
    const { ordered } = await this.catalogue();
    let n = 0;
    for (const t of ordered) {
      const res = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.id(t.info.name)} WHERE ${this.filter(t.info.name, bookId)}`.execute(this.db);
      n += res.rows[0]?.n ?? 0;
    }
    return n;
  }

  /**
   * Removes the book's rows within `tx`, children first. `keepPointer`: the books row, its
   * roles and members stay (the pointer of a book that lives in another zone). Users stay.
   */
  async deleteBook(tx: Database, bookId: string, keepPointer: boolean): Promise<void> {
    const { ordered } = await this.catalogue(tx);
    for (const t of [...ordered].reverse()) {
      if (keepPointer && POINTER_TABLES.has(t.info.name)) continue;
      await sql`DELETE FROM ${sql.id(t.info.name)} WHERE ${this.filter(t.info.name, bookId)}`.execute(tx);
    }
  }

  /** The book's image files: each key, in id order, from `after`. */
  async imageKeys(bookId: string, after: string | null, limit: number): Promise<Array<{ id: string; key: string }>> {
    const res = await sql<{ id: string; key: string }>`
      SELECT i.id::text AS id, i.storage_key AS key FROM book_images i
      WHERE i.book_id = ${bookId}::bigint ${after ? sql`AND i.id > ${after}::bigint` : sql``}
      ORDER BY i.id LIMIT ${limit}`.execute(this.db);
    return res.rows;
  }

  /** Every file key of the book (removed after its rows: the keys are read first). */
  async allImageKeys(bookId: string): Promise<string[]> {
    const keys: string[] = [];
    for (let after: string | null = null; ;) {
      const page = await this.imageKeys(bookId, after, 500);
      keys.push(...page.map((p) => p.key));
      if (page.length < 500) return keys;
      after = page.at(-1)!.id;
    }
  }

  async imageCount(bookId: string): Promise<number> {
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM book_images WHERE book_id = ${bookId}::bigint`.execute(this.db);
    return res.rows[0]?.n ?? 0;
  }

  /** Fresh planner statistics for the book's tables once a move brought many rows (a zone's first book). */
  async analyze(): Promise<void> {
    const { ordered } = await this.catalogue();
    await sql`ANALYZE ${sql.join(ordered.map((t) => sql.id(t.info.name)))}`.execute(this.db);
  }

  async dropKeys(db: Database, migrationId: string): Promise<void> {
    await db.deleteFrom('book_migration_keys').where('migration_id', '=', migrationId).execute();
  }
}
