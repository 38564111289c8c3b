import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

/** A column of a moving table that names a row of another (or the same) table by its generated id. */
export interface IdRef {
  table: string;
  column: string;
  /** The table whose id it holds ('users' for people). */
  target: string;
  /** A foreign key guards it: a value the archive does not map is a damaged archive. */
  hard: boolean;
}

/**
 * Ids with no foreign key behind them (docs/archive.md, "Soft references"): rewritten like
 * the foreign keys. A value the archive does not hold is left as 0 when it was 0 (the
 * schema's "none"), else null.
 */
export const SOFT_REFS: ReadonlyArray<Omit<IdRef, 'hard'>> = [
  { table: 'book_categories', column: 'parent_id', target: 'book_categories' },
  { table: 'book_images', column: 'transaction_id', target: 'transactions' },
  { table: 'book_member_requests', column: 'invitation_id', target: 'book_invitations' },
  { table: 'book_member_requests', column: 'role_id', target: 'book_roles' },
  { table: 'book_member_requests', column: 'granted_role_id', target: 'book_roles' },
  { table: 'community_comments', column: 'parent_id', target: 'community_comments' },
  { table: 'community_comments', column: 'reply_to_id', target: 'community_comments' },
  { table: 'community_events', column: 'comment_id', target: 'community_comments' },
  { table: 'transaction_day_totals', column: 'category_id', target: 'book_categories' },
];

/**
 * Columns holding ids that are left as they were, on purpose: the activity log's
 * `entity_id` and its before/after snapshots are history, written as text when it
 * happened; `book_import_refs.external_id` is the bank's trade id. `book_budgets.subject_id`
 * and `book_invitations.role_ids` are rewritten by the import itself (the first's target
 * depends on the row, the second is an array). The archive test checks that
 * every `*_id` column of a moving table is one of these or a reference above.
 */
export const SPECIAL_ID_COLUMNS: ReadonlySet<string> = new Set([
  'book_activities.entity_id',
  'book_budgets.subject_id',
  'book_invitations.role_ids',
  'book_import_refs.external_id',
  // A budget period's name ("202403"), not a row.
  'budget_alerts.period_id',
  // Reference data seeded on every server: found again by its code (the manifest's template_code).
  'books.book_template_id',
]);

/** The SQL of archives: what the catalogue does not say (identity columns, id references), and the import's staging. */
export class ArchiveRepository {
  constructor(private readonly db: Database) {}

  /** The tables among `tables` whose key holds a generated identity `id`. */
  async identityTables(db: Database, tables: readonly string[]): Promise<Set<string>> {
    const res = await sql<{ table: string }>`
      SELECT c.relname AS table FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = current_schema()::regnamespace AND a.attname = 'id' AND a.attidentity <> ''
        AND c.relname IN (${sql.join(tables)})`.execute(db);
    return new Set(res.rows.map((r) => r.table));
  }

  /**
   * Every foreign key column of `tables` that holds a generated id of one of `targets`
   * (composite keys like (book_id, account_id) → book_accounts(book_id, id) included:
   * their book_id is the book's, the other column the id).
   */
  async foreignIdRefs(db: Database, tables: readonly string[], targets: readonly string[]): Promise<IdRef[]> {
    const res = await sql<{ table: string; column: string; target: string }>`
      SELECT DISTINCT c.relname AS table, a.attname AS column, p.relname AS target
      FROM pg_constraint f
      JOIN pg_class c ON c.oid = f.conrelid
      JOIN pg_class p ON p.oid = f.confrelid
      CROSS JOIN LATERAL unnest(f.conkey, f.confkey) AS k(child, parent)
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.child
      JOIN pg_attribute pa ON pa.attrelid = p.oid AND pa.attnum = k.parent
      WHERE f.contype = 'f' AND f.connamespace = current_schema()::regnamespace
        AND pa.attname = 'id' AND c.relname IN (${sql.join(tables)}) AND p.relname IN (${sql.join(targets)})
      ORDER BY 1, 2`.execute(db);
    return res.rows.map((r) => ({ ...r, hard: true }));
  }

  /** Whether `userId` is the book's member in its owner role (the import's last check). */
  async ownsBook(db: Database, bookId: string, userId: string): Promise<boolean> {
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM book_users u
      JOIN book_roles r ON r.book_id = u.book_id AND r.id = u.role_id
      WHERE u.book_id = ${bookId}::bigint AND u.user_id = ${userId}::bigint AND r.kind = 'owner'`.execute(db);
    return (res.rows[0]?.n ?? 0) > 0;
  }

  /** A new id from a table's own sequence. */
  async nextId(db: Database, table: string): Promise<string> {
    const res = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id`.execute(db);
    return res.rows[0]!.id;
  }

  async templateCode(bookId: string): Promise<{ name: string; template_code: string | null }> {
    const row = await sql<{ name: string; template_code: string | null }>`
      SELECT b.name, t.code AS template_code FROM books b LEFT JOIN book_templates t ON t.id = b.book_template_id
      WHERE b.id = ${bookId}::bigint`.execute(this.db);
    return row.rows[0]!;
  }

  async templateId(db: Database, code: string | null): Promise<string | null> {
    if (code === null) return null;
    const row = await sql<{ id: string }>`SELECT id::text AS id FROM book_templates WHERE code = ${code}`.execute(db);
    return row.rows[0]?.id ?? null;
  }

  /** The raw lines of every table entry wait here until the manifest says what they should be. */
  async createLines(db: Database): Promise<void> {
    await sql`CREATE TEMPORARY TABLE cab_archive_lines (tbl text NOT NULL, n int NOT NULL, line text NOT NULL) ON COMMIT DROP`.execute(db);
  }

  async addLines(db: Database, table: string, first: number, lines: readonly string[]): Promise<void> {
    await sql`INSERT INTO cab_archive_lines (tbl, n, line)
      SELECT ${table}, ${first}::int + o::int - 1, x FROM json_array_elements_text(${JSON.stringify(lines)}::json) WITH ORDINALITY AS j(x, o)`.execute(
      db,
    );
  }

  /** A typed copy of a table's archived rows, of the archive's columns with this server's types. */
  async stage(db: Database, stage: string, table: string, columns: ReadonlyArray<{ name: string; type: string }>): Promise<void> {
    const defs = sql.join(columns.map((c) => sql`${sql.id(c.name)} ${sql.raw(c.type)}`));
    await sql`CREATE TEMPORARY TABLE ${sql.id(stage)} (${defs}) ON COMMIT DROP`.execute(db);
    await sql`INSERT INTO ${sql.id(stage)} SELECT (CAST(line AS ${sql.id(stage)})).* FROM cab_archive_lines WHERE tbl = ${table} ORDER BY n`.execute(
      db,
    );
  }

  /** The count and checksum of a table's lines read back through their type: BookRows.checksum's form. */
  async stagedChecksum(db: Database, stage: string, table: string): Promise<{ count: number; sum: string }> {
    const res = await sql<{ count: number; sum: string }>`
      SELECT count(*)::int AS count, coalesce(md5(string_agg(CAST(line AS ${sql.id(stage)})::text, E'\\n' ORDER BY n)), '') AS sum
      FROM cab_archive_lines WHERE tbl = ${table}`.execute(db);
    return res.rows[0]!;
  }

  /** How many staged rows have `column` other than `value` (a book id): rows of another book. */
  async countOther(db: Database, stage: string, column: string, value: string): Promise<number> {
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(stage)}
      WHERE ${sql.id(column)} IS DISTINCT FROM ${value}::bigint`.execute(db);
    return res.rows[0]?.n ?? 0;
  }

  /**
   * A map of a table's archived ids to new ones, drawn from the table's own sequence in the
   * old ids' order (sorted in a subquery: a volatile call in the select list runs before
   * an outer ORDER BY), so the rows keep their order.
   */
  async mapIds(db: Database, map: string, stage: string, table: string): Promise<void> {
    await sql`CREATE TEMPORARY TABLE ${sql.id(map)} (old bigint PRIMARY KEY, new bigint NOT NULL) ON COMMIT DROP`.execute(db);
    await sql`INSERT INTO ${sql.id(map)} (old, new)
      SELECT id, nextval(pg_get_serial_sequence(${table}, 'id')) FROM (SELECT id FROM ${sql.id(stage)} ORDER BY id OFFSET 0) o`.execute(db);
  }

  async createMap(db: Database, map: string, keyType: 'bigint' | 'text'): Promise<void> {
    await sql`CREATE TEMPORARY TABLE ${sql.id(map)} (old ${sql.raw(keyType)} PRIMARY KEY, new ${sql.raw(keyType)} NOT NULL) ON COMMIT DROP`.execute(
      db,
    );
  }

  async fillMap(db: Database, map: string, pairs: ReadonlyArray<[string, string]>): Promise<void> {
    if (!pairs.length) return;
    const type = sql.raw((await this.mapType(db, map)) === 'text' ? 'text' : 'bigint');
    await sql`INSERT INTO ${sql.id(map)} (old, new)
      SELECT (p->>0)::${type}, (p->>1)::${type} FROM json_array_elements(${JSON.stringify(pairs)}::json) p`.execute(db);
  }

  private async mapType(db: Database, map: string): Promise<string> {
    const res = await sql<{ t: string }>`SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute
      WHERE attrelid = to_regclass(${map}) AND attname = 'old'`.execute(db);
    return res.rows[0]?.t ?? 'bigint';
  }

  /** Placeholder people (docs/archive.md): a name and an avatar, no phone, email or password: nobody signs in as them. */
  async addPlaceholders(db: Database, users: ReadonlyArray<{ nickname: string; avatar_url: string }>): Promise<string[]> {
    if (!users.length) return [];
    const res = await sql<{ id: string }>`INSERT INTO users (nickname, avatar_url)
      SELECT u->>'nickname', u->>'avatar_url' FROM json_array_elements(${JSON.stringify(users)}::json) WITH ORDINALITY AS j(u, o) ORDER BY o
      RETURNING id::text AS id`.execute(db);
    return res.rows.map((r) => r.id);
  }

  /** Staged values of `column` the map does not hold (not null, not 0). */
  async unmapped(db: Database, stage: string, column: string, map: string): Promise<number> {
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(stage)} s
      WHERE s.${sql.id(column)} IS NOT NULL AND s.${sql.id(column)} <> 0
        AND NOT EXISTS (SELECT 1 FROM ${sql.id(map)} m WHERE m.old = s.${sql.id(column)})`.execute(db);
    return res.rows[0]?.n ?? 0;
  }

  /** Copies the staged rows in, each column through its expression; answers how many went in. */
  async insert(
    db: Database,
    table: string,
    stage: string,
    columns: ReadonlyArray<{ name: string; value: RawBuilder<unknown> }>,
    where: RawBuilder<unknown>,
  ): Promise<number> {
    const res = await sql`INSERT INTO ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c.name)))}) OVERRIDING SYSTEM VALUE
      SELECT ${sql.join(columns.map((c) => c.value))} FROM ${sql.id(stage)} s WHERE ${where}`.execute(db);
    return Number(res.numAffectedRows ?? 0);
  }
}

/** `s.column` through `map`: the new id, or (soft) 0 kept and anything else unknown as null. */
export function mapped(column: string, map: string, hard: boolean): RawBuilder<unknown> {
  const col = sql`s.${sql.id(column)}`;
  const look = sql`(SELECT m.new FROM ${sql.id(map)} m WHERE m.old = ${col})`;
  return hard ? look : sql`coalesce(${look}, CASE WHEN ${col} = 0 THEN 0 END)`;
}

/** Each id of an array column through `map`, in order; ids it does not hold are dropped. */
export function mappedArray(column: string, map: string): RawBuilder<unknown> {
  return sql`ARRAY(SELECT m.new FROM unnest(s.${sql.id(column)}) WITH ORDINALITY AS u(v, o) JOIN ${sql.id(map)} m ON m.old = u.v ORDER BY u.o)`;
}

/** A fresh invitation code (base64url of 18 random bytes, as invitations are made): the archived one still names the old book. */
export const freshInvitationCode: RawBuilder<unknown> = sql`rtrim(translate(encode(substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, 18), 'base64'), '+/', '-_'), '=')`;
