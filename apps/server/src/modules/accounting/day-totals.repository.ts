import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

/** What a transaction adds to its day's totals (or takes away, with sign -1). */
export interface DayTotalsEntry {
  sign: 1 | -1;
  business_type: string;
  transaction_time: Date | string;
  category_id: string | null;
  book_amount_minor: bigint | string;
  account_delta_minor: bigint | string;
  to_account_delta_minor: bigint | string;
}

// A leg's movement into (or out of) its account, measured by the record's amount in the book's currency.
const INFLOW = sql`(CASE WHEN t.account_delta_minor > 0 THEN abs(t.book_amount_minor) ELSE 0 END
  + CASE WHEN t.to_account_delta_minor > 0 THEN abs(t.book_amount_minor) ELSE 0 END)`;
const OUTFLOW = sql`(CASE WHEN t.account_delta_minor < 0 THEN abs(t.book_amount_minor) ELSE 0 END
  + CASE WHEN t.to_account_delta_minor < 0 THEN abs(t.book_amount_minor) ELSE 0 END)`;

// Rows are written in key order, so concurrent writers lock them in one order.
const UPSERT = sql`ON CONFLICT (book_id, day, business_type, category_id) DO UPDATE SET
  amount_minor = d.amount_minor + excluded.amount_minor,
  abs_minor = d.abs_minor + excluded.abs_minor,
  inflow_minor = d.inflow_minor + excluded.inflow_minor,
  outflow_minor = d.outflow_minor + excluded.outflow_minor,
  count = d.count + excluded.count`;

/** The columns of a transaction its day's totals are made of. */
export const DAY_TOTALS_COLUMNS = [
  'business_type',
  'transaction_time',
  'category_id',
  'book_amount_minor',
  'account_delta_minor',
  'to_account_delta_minor',
] as const;

/** Entries as rows of `sign` and DAY_TOTALS_COLUMNS: one array per column (seven parameters, however many records). */
function entryRows(entries: DayTotalsEntry[]): RawBuilder<unknown> {
  // A VALUES list binds seven per record, and parsing and planning it cost more than the upsert.
  const column = <T>(f: (e: DayTotalsEntry) => T) => entries.map(f);
  return sql`(SELECT * FROM unnest(${column((e) => e.sign)}::int[], ${column((e) => e.business_type)}::text[],
                ${column((e) => new Date(e.transaction_time).toISOString())}::timestamptz[], ${column((e) => e.category_id)}::bigint[],
                ${column((e) => String(e.book_amount_minor))}::bigint[], ${column((e) => String(e.account_delta_minor))}::bigint[],
                ${column((e) => String(e.to_account_delta_minor))}::bigint[])
         AS e(sign, business_type, transaction_time, category_id, book_amount_minor, account_delta_minor, to_account_delta_minor))`;
}

/**
 * The statement that adds records to (or, with sign -1, takes them from) their days'
 * totals. `from` is the records: a relation with `sign` and DAY_TOTALS_COLUMNS (a create
 * reads the rows it inserts, inside its one write statement: TransactionsRepository.record),
 * where `after` is a condition that makes that statement's account changes come first.
 */
export function dayTotalsUpsert(bookId: string, from: RawBuilder<unknown>, after?: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    INSERT INTO transaction_day_totals AS d (book_id, day, business_type, category_id, amount_minor, abs_minor, inflow_minor, outflow_minor, count)
    SELECT ${bookId}::bigint, (t.transaction_time AT TIME ZONE b.time_zone)::date, t.business_type, coalesce(t.category_id, 0),
           sum(t.sign * t.book_amount_minor), sum(t.sign * abs(t.book_amount_minor)), sum(t.sign * ${INFLOW}), sum(t.sign * ${OUTFLOW}),
           sum(t.sign)
    FROM ${from} AS t
    JOIN books b ON b.id = ${bookId}
    ${after ? sql`WHERE ${after}` : sql``}
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ${UPSERT}`;
}

/**
 * SQL of transaction_day_totals: per book, local day, type and category, what the live
 * transactions add up to. Every write of transactions calls it in the same database
 * transaction, after the account balances (so writers lock accounts, then totals).
 */
export class DayTotalsRepository {
  /** Adds (or, with sign -1, takes away) records as they are or were. Templates count nowhere. */
  async apply(db: Database, bookId: string, entries: DayTotalsEntry[]): Promise<void> {
    const counted = entries.filter((e) => e.business_type !== 'Template');
    if (counted.length) await dayTotalsUpsert(bookId, entryRows(counted)).execute(db);
  }

  /**
   * Moves every transaction of some categories (a deleted category and its subcategories)
   * to another, and their totals with them, in one statement: the rows are locked before
   * the totals, as every other writer does.
   */
  async moveCategories(db: Database, bookId: string, from: string[], to: string): Promise<void> {
    await sql`
      WITH old AS (
        SELECT book_id, id, category_id AS old_category FROM transactions
        WHERE book_id = ${bookId} AND category_id = ANY(${from}::bigint[]) FOR UPDATE
      ), moved AS (
        UPDATE transactions t SET category_id = ${to}::bigint FROM old
        WHERE t.book_id = old.book_id AND t.id = old.id
        RETURNING t.book_id, t.business_type, t.transaction_time, t.book_amount_minor, t.account_delta_minor, t.to_account_delta_minor,
                  t.deleted_at, old.old_category
      ), live AS (
        SELECT * FROM moved WHERE deleted_at IS NULL AND business_type <> 'Template'
      ), changes AS (
        SELECT -1 AS sign, old_category AS category_id, book_id, business_type, transaction_time, book_amount_minor, account_delta_minor,
               to_account_delta_minor FROM live
        UNION ALL
        SELECT 1, ${to}::bigint, book_id, business_type, transaction_time, book_amount_minor, account_delta_minor, to_account_delta_minor
        FROM live
      )
      INSERT INTO transaction_day_totals AS d (book_id, day, business_type, category_id, amount_minor, abs_minor, inflow_minor, outflow_minor, count)
      SELECT t.book_id, (t.transaction_time AT TIME ZONE b.time_zone)::date, t.business_type, t.category_id,
             sum(t.sign * t.book_amount_minor), sum(t.sign * abs(t.book_amount_minor)), sum(t.sign * ${INFLOW}), sum(t.sign * ${OUTFLOW}),
             sum(t.sign)
      FROM changes t JOIN books b ON b.id = t.book_id
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ${UPSERT}`.execute(db);
  }

  /** Counts a book's totals afresh from its transactions (a new time zone, an import). */
  async rebuild(db: Database, bookId: string): Promise<void> {
    await sql`DELETE FROM transaction_day_totals WHERE book_id = ${bookId}`.execute(db);
    await sql`
      INSERT INTO transaction_day_totals (book_id, day, business_type, category_id, amount_minor, abs_minor, inflow_minor, outflow_minor, count)
      SELECT t.book_id, (t.transaction_time AT TIME ZONE b.time_zone)::date, t.business_type, coalesce(t.category_id, 0),
             sum(t.book_amount_minor), sum(abs(t.book_amount_minor)), sum(${INFLOW}), sum(${OUTFLOW}), count(*)
      FROM transactions t JOIN books b ON b.id = t.book_id
      WHERE t.book_id = ${bookId} AND t.deleted_at IS NULL AND t.business_type <> 'Template'
      GROUP BY 1, 2, 3, 4`.execute(db);
  }
}
