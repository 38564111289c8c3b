import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { TransactionsTable } from '../../platform/db/schema.ts';
import { DAY_TOTALS_COLUMNS, dayTotalsUpsert } from './day-totals.repository.ts';
import type { TransactionNames } from './refs.ts';
import { searchTerms } from './search-terms.ts';
import type { ResolvedRecord } from './transaction-rules.ts';

/** Every column but the keyword terms: only the index reads those, and parsing them back cost more than the rest of a row. */
export const TRANSACTION_COLUMNS = [
  'book_id',
  'id',
  'business_type',
  'amount_minor',
  'currency',
  'book_amount_minor',
  'account_id',
  'account_delta_minor',
  'to_account_id',
  'to_account_delta_minor',
  'rate',
  'category_id',
  'member_id',
  'merchant_id',
  'project_id',
  'remark',
  'transaction_time',
  'recorder_id',
  'created_at',
  'updated_at',
  'updated_by',
  'deleted_at',
  'deleted_by',
  'place_name',
  'place_address',
  'place_lat',
  'place_lng',
] as const satisfies ReadonlyArray<keyof TransactionsTable>;

/** A rate as the database gives it back (numeric(24, 10) as text: ten decimals), so a made record reads as a fetched one. */
function storedRate(rate: string | null): string | null {
  if (rate === null) return null;
  const [units, frac = ''] = rate.split('.');
  return `${units}.${frac.padEnd(10, '0')}`;
}

/** The same columns of `alias` in raw SQL. */
export const transactionColumns = (alias: string) => sql.join(TRANSACTION_COLUMNS.map((c) => sql.ref(`${alias}.${c}`)));

export type TransactionRow = Omit<Selectable<TransactionsTable>, 'search_terms'>;
export type NewTransaction = Insertable<TransactionsTable>;

/** New records and what they change (TransactionsRepository.record). */
export interface RecordWrite {
  bookId: string;
  recorderId: string;
  /** When they are made (created_at and updated_at of every one). */
  at: Date;
  records: ResolvedRecord[];
  /** What one record was made as (a batch is logged as its count and ids). */
  /** What the activity log says of the write; `none`: nothing (an import logs itself once, at its end). */
  activity: { after?: unknown; none?: boolean };
  /** Each account's movement. */
  balances: Array<[string, bigint]>;
}

/** A transaction with the names of what it points at, as the answers show it. */
export interface TransactionView extends TransactionRow, TransactionNames {}

/** SQL of transactions. Every query leads with book_id. */
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes new records and everything they change in one statement: the rows with their
   * keyword terms, the activity entry, the accounts' balances and the day totals (added up
   * from the rows as inserted). The rows shared by every writer of the book (an account's
   * balance, a day's totals) are changed last, accounts in id order and then totals in key
   * order, so concurrent writers hold those locks from there to the commit only and never
   * wait on each other in a cycle. Answers the records as written, in order, in the shape a
   * read gives (the names they point at still blank: BookRefs.name fills them in), so a
   * create's answer needs no read-back.
   */
  async record(db: Database, w: RecordWrite): Promise<TransactionView[]> {
    const { bookId, recorderId, records } = w;
    if (!records.length) return [];
    const at = w.at.toISOString();
    // One JSON parameter for all the rows (platform/db/bulk.ts says why), with short keys
    // and without what every row shares (book, recorder, time): the names were half of it.
    // Digits, not bigints, and times as text: JSON.stringify stays on its fast path.
    const rows = records.map((r) => ({
      t: r.business_type,
      a: String(r.amount_minor),
      c: r.currency,
      b: String(r.book_amount_minor),
      ac: r.account_id,
      ad: String(r.account_delta_minor),
      tc: r.to_account_id,
      td: String(r.to_account_delta_minor),
      r: r.rate,
      ca: r.category_id,
      me: r.member_id,
      mc: r.merchant_id,
      p: r.project_id,
      re: r.remark,
      s: searchTerms(bookId, r.remark),
      at: r.transaction_time.toISOString(),
      pn: r.place_name,
      pa: r.place_address,
      pla: r.place_lat,
      plg: r.place_lng,
    }));
    // One record is logged as what it was made as; a batch as how many and their ids.
    const after =
      w.activity.after === undefined
        ? sql`jsonb_build_object('count', count(*), 'ids', jsonb_agg(id::text ORDER BY id))`
        : sql`${JSON.stringify(w.activity.after)}::jsonb`;
    const moves = w.balances.filter(([, delta]) => delta !== 0n);
    // Each step waits for the one before through a condition on its rows, which PostgreSQL
    // evaluates first: without it the order of a WITH's writes is unspecified.
    const balances = moves.length
      ? sql`, locked AS (
          SELECT a.id, m.delta FROM book_accounts a
          JOIN unnest(${moves.map(([id]) => id)}::bigint[], ${moves.map(([, d]) => d.toString())}::bigint[]) AS m(id, delta) ON a.id = m.id
          WHERE a.book_id = ${bookId} AND (SELECT count(*) FROM act) > 0
          ORDER BY a.id FOR NO KEY UPDATE OF a
        ), moved AS (
          UPDATE book_accounts a SET balance_minor = a.balance_minor + l.delta FROM locked l
          WHERE a.book_id = ${bookId} AND a.id = l.id RETURNING a.id
        )`
      : sql``;
    const totals = dayTotalsUpsert(
      bookId,
      sql`(SELECT 1 AS sign, * FROM ins WHERE business_type <> 'Template')`,
      moves.length ? sql`(SELECT count(*) FROM moved) >= 0` : sql`(SELECT count(*) FROM act) > 0`,
    );
    const result = await sql<{ id: string }>`
      WITH ins AS (
        INSERT INTO transactions (book_id, business_type, amount_minor, currency, book_amount_minor, account_id, account_delta_minor,
          to_account_id, to_account_delta_minor, rate, category_id, member_id, merchant_id, project_id, remark, search_terms,
          transaction_time, recorder_id, created_at, updated_at, place_name, place_address, place_lat, place_lng)
        SELECT ${bookId}::bigint, r.t, r.a, r.c, r.b, r.ac, r.ad, r.tc, r.td, r.r, r.ca, r.me, r.mc, r.p, r.re, r.s, r.at,
          ${recorderId}::bigint, ${at}::timestamptz, ${at}::timestamptz, r.pn, r.pa, r.pla, r.plg
        FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (t text, a bigint, c text, b bigint, ac bigint, ad bigint,
          tc bigint, td bigint, r numeric, ca bigint, me bigint, mc bigint, p bigint, re text, s text[], at timestamptz,
          pn text, pa text, pla numeric, plg numeric)) WITH ORDINALITY
          AS r(t, a, c, b, ac, ad, tc, td, r, ca, me, mc, p, re, s, at, pn, pa, pla, plg, ord)
        ORDER BY r.ord
        RETURNING id, ${sql.join(DAY_TOTALS_COLUMNS.map((c) => sql.ref(c)))}
      ),
      act AS (${
        w.activity.none
          ? sql`SELECT 1 FROM ins LIMIT 1`
          : sql`INSERT INTO book_activities (book_id, user_id, action, entity, entity_id, after)
        SELECT ${bookId}::bigint, ${recorderId}::bigint, ${w.activity.after === undefined ? 'import' : 'create'}::text, 'transaction',
               min(id)::text, ${after}
        FROM ins RETURNING 1`
      })${balances}, totals AS (${totals})
      SELECT id FROM ins ORDER BY id`.execute(db);
    const createdAt = new Date(at);
    // Every name field is present from the start: filling them in then keeps the object's
    // shape, which adding twelve fields to it would not (a third of a batch's JavaScript).
    return rows.map((r, i) => ({
      book_id: bookId,
      id: result.rows[i]?.id ?? '',
      business_type: r.t,
      amount_minor: r.a,
      currency: r.c,
      book_amount_minor: r.b,
      account_id: r.ac,
      account_delta_minor: r.ad,
      to_account_id: r.tc,
      to_account_delta_minor: r.td,
      rate: storedRate(r.r),
      category_id: r.ca,
      member_id: r.me,
      merchant_id: r.mc,
      project_id: r.p,
      remark: r.re,
      transaction_time: records[i]!.transaction_time,
      recorder_id: recorderId,
      created_at: createdAt,
      updated_at: createdAt,
      updated_by: null,
      deleted_at: null,
      deleted_by: null,
      place_name: r.pn,
      place_address: r.pa,
      place_lat: r.pla,
      place_lng: r.plg,
      account_name: null,
      account_currency: null,
      to_account_name: null,
      to_account_currency: null,
      category_name: null,
      category_icon: null,
      category_type: null,
      category_parent_name: null,
      member_name: null,
      merchant_name: null,
      project_name: null,
      recorder_name: '',
    }));
  }

  /** The row itself, locked for a change when `forUpdate`. */
  row(db: Database, bookId: string, id: string, forUpdate = false): Promise<TransactionRow | undefined> {
    let q = db
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  rows(db: Database, bookId: string, ids: string[], forUpdate = false): Promise<TransactionRow[]> {
    let q = db
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('id');
    if (forUpdate) q = q.forUpdate();
    return q.execute();
  }

  /** A changed remark changes its keyword terms with it. */
  update(db: Database, bookId: string, id: string, patch: Partial<Omit<NewTransaction, 'search_terms'>>) {
    const terms = patch.remark === undefined ? {} : { search_terms: searchTerms(bookId, patch.remark) };
    return db
      .updateTable('transactions')
      .set({ ...patch, ...terms })
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .execute();
  }

  softDelete(db: Database, bookId: string, ids: string[], userId: string, at: Date) {
    return db
      .updateTable('transactions')
      .set({ deleted_at: at, deleted_by: userId, updated_at: at, updated_by: userId })
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Live transactions with the names of what they point at, in the order of `ids`. Two
   * plain statements (the rows, then every name they need in one UNION) instead of one
   * nine-way join: planning that join cost more than running it.
   */
  async views(db: Database, bookId: string, ids: string[]): Promise<TransactionView[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('transactions as t')
      .select(TRANSACTION_COLUMNS)
      .select((eb) => eb.cast<string | null>('t.rate', 'text').as('rate'))
      .where('t.book_id', '=', bookId)
      .where('t.id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .where('t.deleted_at', 'is', null)
      .execute();
    const byId = new Map((await this.named(db, bookId, rows)).map((v) => [v.id, v]));
    return ids.map((id) => byId.get(id)).filter((v): v is TransactionView => v !== undefined);
  }

  /** Rows read already (a flow's page) with the names of what they point at, in their order. */
  async named(db: Database, bookId: string, rows: TransactionRow[]): Promise<TransactionView[]> {
    if (!rows.length) return [];
    const pick = (f: (r: TransactionRow) => string | null) => [...new Set(rows.map(f).filter((v): v is string => v !== null))];
    const accounts = pick((r) => r.account_id).concat(pick((r) => r.to_account_id));
    const labels = [...pick((r) => r.member_id), ...pick((r) => r.merchant_id), ...pick((r) => r.project_id)];
    const names = await sql<{ kind: string; id: string; name: string; extra: string | null; type: string | null; parent: string | null }>`
      SELECT 'a' AS kind, id::text, name, currency AS extra, NULL AS type, NULL AS parent FROM book_accounts
        WHERE book_id = ${bookId} AND id = ANY(${accounts}::bigint[])
      UNION ALL
      SELECT 'c', c.id::text, c.name, c.icon, c.type, p.name FROM book_categories c
        LEFT JOIN book_categories p ON p.book_id = c.book_id AND p.id = c.parent_id
        WHERE c.book_id = ${bookId} AND c.id = ANY(${pick((r) => r.category_id)}::bigint[])
      UNION ALL
      SELECT 'l', id::text, name, NULL, NULL, NULL FROM book_labels WHERE book_id = ${bookId} AND id = ANY(${labels}::bigint[])
      UNION ALL
      SELECT 'u', id::text, nickname, NULL, NULL, NULL FROM users WHERE id = ANY(${pick((r) => r.recorder_id)}::bigint[])`.execute(db);
    const of = new Map(names.rows.map((n) => [`${n.kind}${n.id}`, n]));
    const name = (kind: string, id: string | null) => (id === null ? undefined : of.get(`${kind}${id}`));
    return rows.map((r) => {
      const a = name('a', r.account_id);
      const ta = name('a', r.to_account_id);
      const c = name('c', r.category_id);
      // The driver's fresh row takes the names (copying 25 fields a row costs more than the query).
      const view: TransactionView = Object.assign(r, {
        account_name: a?.name ?? null,
        account_currency: a?.extra ?? null,
        to_account_name: ta?.name ?? null,
        to_account_currency: ta?.extra ?? null,
        category_name: c?.name ?? null,
        category_icon: c?.extra ?? null,
        category_type: c?.type ?? null,
        category_parent_name: c?.parent ?? null,
        member_name: name('l', r.member_id)?.name ?? null,
        merchant_name: name('l', r.merchant_id)?.name ?? null,
        project_name: name('l', r.project_id)?.name ?? null,
        recorder_name: name('u', r.recorder_id)?.name ?? '',
      });
      return view;
    });
  }

  /** The saved templates to record from, newest first. */
  async templateIds(bookId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select('id')
      .where('book_id', '=', bookId)
      .where('business_type', '=', 'Template')
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Every live transaction's movement of each account: the brute-force balance, for checks. */
  async balanceSums(bookId: string): Promise<Map<string, bigint>> {
    const rows = await sql<{ id: string; total: string }>`
      SELECT id, sum(delta)::text AS total FROM (
        SELECT account_id AS id, account_delta_minor AS delta FROM transactions
          WHERE book_id = ${bookId} AND deleted_at IS NULL AND account_id IS NOT NULL
        UNION ALL
        SELECT to_account_id, to_account_delta_minor FROM transactions
          WHERE book_id = ${bookId} AND deleted_at IS NULL AND to_account_id IS NOT NULL
      ) d GROUP BY id`.execute(this.db);
    return new Map(rows.rows.map((r) => [String(r.id), BigInt(r.total)]));
  }
}
