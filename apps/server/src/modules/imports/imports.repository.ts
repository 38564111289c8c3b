import type { ImportRowKind } from '@cab/contracts';
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookImportRowsTable, BookImportsTable } from '../../platform/db/schema.ts';

export type ImportRow = Selectable<BookImportsTable>;
export type ImportPatch = Updateable<BookImportsTable>;
export type StagedRow = Selectable<BookImportRowsTable>;

/** A row read from the file, as staged: its outcome and the figures the duplicate check compares. */
export interface Staging {
  line: number;
  kind: 'row' | 'skip' | 'problem';
  data: unknown;
  /** The file's time: wall time (read in the book's zone) or with its offset. */
  time: string | null;
  amountMinor: string | null;
  externalId: string | null;
}

/** How many rows of each kind an import staged. */
export interface StagedCounts {
  read: number;
  skipped: number;
  problem: number;
  duplicate: number;
}

const OPEN = ['reading', 'committing'] as const;

/** The imports' SQL (migration 0030): the imports, their staged rows and the trade ids recorded. */
export class ImportsRepository {
  async insert(
    db: Database,
    v: Pick<ImportRow, 'book_id' | 'user_id' | 'source' | 'file_name' | 'file_key' | 'file_size' | 'status' | 'protected'> & {
      options: unknown;
      at: Date;
    },
  ): Promise<ImportRow> {
    const { at, options, ...rest } = v;
    return db
      .insertInto('book_imports')
      .values({ ...rest, options: JSON.stringify(options), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  get(db: Database, bookId: string, id: string): Promise<ImportRow | undefined> {
    return db.selectFrom('book_imports').selectAll().where('book_id', '=', bookId).where('id', '=', id).executeTakeFirst();
  }

  byId(db: Database, id: string): Promise<ImportRow | undefined> {
    return db.selectFrom('book_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(db: Database, bookId: string, limit: number): Promise<ImportRow[]> {
    return db.selectFrom('book_imports').selectAll().where('book_id', '=', bookId).orderBy('id', 'desc').limit(limit).execute();
  }

  patch(db: Database, id: string, p: ImportPatch): Promise<ImportRow | undefined> {
    return db.updateTable('book_imports').set(p).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Moves an import from one status to another; undefined when it was not in `from` (someone else moved it). */
  move(db: Database, id: string, from: readonly ImportRow['status'][], p: ImportPatch): Promise<ImportRow | undefined> {
    return db
      .updateTable('book_imports')
      .set(p)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst();
  }

  /** Takes the lease of an import that reads or records, unless another instance holds it. */
  claim(db: Database, id: string, owner: string, now: Date, until: Date): Promise<ImportRow | undefined> {
    return db
      .updateTable('book_imports')
      .set({ lease_owner: owner, lease_until: until })
      .where('id', '=', id)
      .where('status', 'in', [...OPEN])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** Imports that read or record with nobody driving them (their instance died). */
  pending(db: Database, now: Date): Promise<ImportRow[]> {
    return db
      .selectFrom('book_imports')
      .selectAll()
      .where('status', 'in', [...OPEN])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('id')
      .limit(20)
      .execute();
  }

  /** Imports left waiting for the user (columns or choices) since before `before`. */
  stale(db: Database, before: Date): Promise<ImportRow[]> {
    return db
      .selectFrom('book_imports')
      .selectAll()
      .where('status', 'in', ['columns', 'ready'])
      .where('updated_at', '<', before)
      .orderBy('id')
      .limit(50)
      .execute();
  }

  /** An import refused at its upload: it never was one. */
  remove(db: Database, bookId: string, id: string) {
    return db.deleteFrom('book_imports').where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  /** Locks the import for its recording: a second driver waits here, then finds it done. */
  lock(tx: Database, id: string): Promise<ImportRow | undefined> {
    return tx.selectFrom('book_imports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async bookZone(db: Database, bookId: string): Promise<string> {
    const r = await db.selectFrom('books').select('time_zone').where('id', '=', bookId).executeTakeFirstOrThrow();
    return r.time_zone;
  }

  clearRows(db: Database, bookId: string, importId: string) {
    return db.deleteFrom('book_import_rows').where('book_id', '=', bookId).where('import_id', '=', importId).execute();
  }

  /** Stages rows in one statement; wall times are read in the book's zone. */
  async stage(db: Database, bookId: string, importId: string, timeZone: string, rows: readonly Staging[]): Promise<void> {
    if (!rows.length) return;
    const json = JSON.stringify(rows.map((r) => ({ l: r.line, k: r.kind, d: r.data, t: r.time, a: r.amountMinor, e: r.externalId })));
    await sql`
      INSERT INTO book_import_rows (book_id, import_id, line, kind, data, transaction_time, amount_minor, external_id)
      SELECT ${bookId}::bigint, ${importId}::bigint, r.l, r.k, r.d,
        CASE WHEN r.t IS NULL THEN NULL
             WHEN r.t ~ '[+-][0-9]{2}:[0-9]{2}$' THEN r.t::timestamptz
             ELSE r.t::timestamp AT TIME ZONE ${timeZone} END,
        r.a, r.e
      FROM jsonb_to_recordset(${json}::jsonb) AS r(l integer, k text, d jsonb, t text, a bigint, e text)`.execute(db);
  }

  /**
   * Marks the rows that repeat a record (docs/imports.md, "Duplicates"): a trade id the
   * book recorded before, an earlier row of the file with the same id, or a record of the
   * same minute, amount and type whose merchant or remark names the counterparty (or that
   * names none). Each probe leads with the book and walks an index.
   */
  async markDuplicates(db: Database, bookId: string, importId: string, source: string): Promise<void> {
    // Fresh rows have no statistics: without them the planner walks them once a row.
    await sql`ANALYZE book_import_rows`.execute(db);
    await sql`
      UPDATE book_import_rows r SET duplicate = 'ref', duplicate_of = f.transaction_id
      FROM book_import_refs f
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.kind = 'row'
        AND f.book_id = ${bookId} AND f.source = ${source} AND f.external_id = r.external_id`.execute(db);
    // Set-based (one sort of the file's ids), not a probe a row: a file of 100,000 rows is read in a second.
    await sql`
      UPDATE book_import_rows r SET duplicate = 'file'
      FROM (
        SELECT line, row_number() OVER (PARTITION BY external_id ORDER BY line) AS n
        FROM book_import_rows
        WHERE book_id = ${bookId} AND import_id = ${importId} AND kind = 'row' AND external_id IS NOT NULL
      ) d
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.line = d.line AND d.n > 1 AND r.duplicate IS NULL`.execute(db);
    await sql`
      WITH m AS (
        SELECT r.line, (
          SELECT t.id FROM transactions t
          LEFT JOIN book_labels ml ON ml.book_id = t.book_id AND ml.id = t.merchant_id
          WHERE t.book_id = ${bookId} AND t.deleted_at IS NULL
            AND t.transaction_time >= date_trunc('minute', r.transaction_time)
            AND t.transaction_time < date_trunc('minute', r.transaction_time) + interval '1 minute'
            AND t.amount_minor = r.amount_minor
            AND t.business_type = r.data->>'type'
            AND (r.data->>'counterparty' IS NULL OR t.merchant_id IS NULL OR ml.name = r.data->>'counterparty'
                 OR strpos(t.remark, r.data->>'counterparty') > 0)
          ORDER BY t.id LIMIT 1
        ) AS tid
        FROM book_import_rows r
        WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.kind = 'row' AND r.duplicate IS NULL
      )
      UPDATE book_import_rows r SET duplicate = 'match', duplicate_of = m.tid
      FROM m
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.line = m.line AND m.tid IS NOT NULL`.execute(db);
  }

  /**
   * A refund of a trade in the same file (named by the trade's id, or, in WeChat's bills,
   * by the merchant's order number they share) is recorded against that trade's category and
   * account (a refund returns money the way it went); the file's own words for a refund
   * (交易分类 '退款') say less.
   */
  async refundsFollowTrades(db: Database, bookId: string, importId: string): Promise<void> {
    await sql`
      UPDATE book_import_rows r
      SET data = r.data || jsonb_strip_nulls(jsonb_build_object('category', o.data->>'category', 'account', o.data->>'account'))
      FROM book_import_rows o
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.kind = 'row' AND r.data->>'type' = 'Refund'
        AND o.book_id = ${bookId} AND o.import_id = ${importId} AND o.kind = 'row' AND o.data->>'type' = 'Expense'
        AND (o.external_id = r.data->>'refundOf'
             OR (r.data->>'refundOf' IS NULL AND o.data->>'merchantOrderId' = r.data->>'merchantOrderId'))`.execute(db);
  }

  async counts(db: Database, bookId: string, importId: string): Promise<StagedCounts> {
    const r = await db
      .selectFrom('book_import_rows')
      .select([
        sql<string>`count(*) FILTER (WHERE kind = 'row')`.as('read'),
        sql<string>`count(*) FILTER (WHERE kind = 'skip')`.as('skipped'),
        sql<string>`count(*) FILTER (WHERE kind = 'problem')`.as('problem'),
        sql<string>`count(*) FILTER (WHERE duplicate IS NOT NULL)`.as('duplicate'),
      ])
      .where('book_id', '=', bookId)
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    return { read: Number(r.read), skipped: Number(r.skipped), problem: Number(r.problem), duplicate: Number(r.duplicate) };
  }

  /**
   * The file's names of each kind with how many rows use them: categories with their
   * tree (a refund's is the expense tree), both accounts of a transfer.
   */
  names(db: Database, bookId: string, importId: string) {
    return sql<{ kind: string; name: string; trade: 'Expense' | 'Income' | null; rows: string }>`
      SELECT n.kind, n.name, n.trade, count(*)::text AS rows
      FROM book_import_rows r
      CROSS JOIN LATERAL (VALUES
        ('category', r.data->>'category', CASE WHEN r.data->>'type' = 'Income' THEN 'Income' ELSE 'Expense' END),
        ('account', r.data->>'account', NULL),
        ('account', r.data->>'toAccount', NULL),
        ('member', r.data->>'member', NULL),
        ('merchant', r.data->>'merchant', NULL),
        ('project', r.data->>'project', NULL)
      ) AS n(kind, name, trade)
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.kind = 'row' AND n.name IS NOT NULL AND n.name <> ''
        AND NOT (n.kind = 'category' AND r.data->>'type' = 'Transfer')
      GROUP BY n.kind, n.name, n.trade
      ORDER BY n.kind, count(*) DESC, n.name
      LIMIT 20000`
      .execute(db)
      .then((r) => r.rows);
  }

  /** Whether any record row lacks a value of this field (so a default is needed). */
  async lacks(db: Database, bookId: string, importId: string, field: 'account' | 'category', type?: string): Promise<boolean> {
    const r = await sql<{ n: number }>`
      SELECT 1 AS n FROM book_import_rows r
      WHERE r.book_id = ${bookId} AND r.import_id = ${importId} AND r.kind = 'row'
        AND coalesce(r.data->>${field}, '') = ''
        AND (${type ?? null}::text IS NULL OR r.data->>'type' = ${type ?? null})
      LIMIT 1`.execute(db);
    return r.rows.length > 0;
  }

  /** A page of staged rows of one kind, by line ('duplicate': record rows that repeat one). */
  page(db: Database, bookId: string, importId: string, kind: ImportRowKind, after: number, limit: number): Promise<StagedRow[]> {
    let q = db
      .selectFrom('book_import_rows')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('import_id', '=', importId)
      .where('line', '>', after);
    q = kind === 'duplicate' ? q.where('kind', '=', 'row').where('duplicate', 'is not', null) : q.where('kind', '=', kind);
    return q.orderBy('line').limit(limit).execute();
  }

  /** The next record rows to record, by line: those that repeat nothing, and the repeats the user keeps. */
  toRecord(db: Database, bookId: string, importId: string, after: number, limit: number, keep: readonly number[]): Promise<StagedRow[]> {
    return db
      .selectFrom('book_import_rows')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('import_id', '=', importId)
      .where('kind', '=', 'row')
      .where('line', '>', after)
      .where((eb) => (keep.length ? eb.or([eb('duplicate', 'is', null), eb('line', 'in', [...keep])]) : eb('duplicate', 'is', null)))
      .orderBy('line')
      .limit(limit)
      .execute();
  }

  /** The records a provider's trade ids made in the book (a refund's trade). */
  async refs(db: Database, bookId: string, source: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('book_import_refs')
      .select(['external_id', 'transaction_id'])
      .where('book_id', '=', bookId)
      .where('source', '=', source)
      .where('external_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.external_id, r.transaction_id]));
  }

  async categoryOf(db: Database, bookId: string, transactionId: string): Promise<string | null> {
    const r = await db
      .selectFrom('transactions')
      .select('category_id')
      .where('book_id', '=', bookId)
      .where('id', '=', transactionId)
      .executeTakeFirst();
    return r?.category_id ?? null;
  }

  /** Records the trade ids a commit recorded; a conflict (the same bill committed meanwhile) fails the whole commit. */
  async addRefs(db: Database, bookId: string, source: string, refs: ReadonlyArray<[string, string]>): Promise<void> {
    if (!refs.length) return;
    await sql`
      INSERT INTO book_import_refs (book_id, source, external_id, transaction_id)
      SELECT ${bookId}::bigint, ${source}, e, t::bigint
      FROM unnest(${refs.map(([e]) => e)}::text[], ${refs.map(([, t]) => t)}::text[]) AS x(e, t)`.execute(db);
  }
}
