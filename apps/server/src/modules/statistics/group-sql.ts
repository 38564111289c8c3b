import { isTimeGroupKey, type GroupKey, type PeriodGaps, type TimeGroupKey } from '@cab/contracts';
import { sql, type RawBuilder } from 'kysely';

type Frag = RawBuilder<unknown>;

/**
 * The local start of the period of `key` that holds a local timestamp (SPEC 9: months
 * start on dateGap, weeks on dayGap). Periods are whole local days (or hours), so the
 * same expression groups transactions by their local time and day totals by their day.
 */
export function periodStart(key: TimeGroupKey, local: Frag, gaps: PeriodGaps): Frag {
  const shift = sql`make_interval(days => ${gaps.dateGap - 1})`;
  switch (key) {
    case 'TIME_HOUR':
      return sql`date_trunc('hour', ${local})`;
    case 'TIME_DAY':
      return sql`date_trunc('day', ${local})`;
    case 'TIME_WEEK':
      return sql`(date_trunc('day', ${local}) - make_interval(days => ((extract(isodow FROM ${local})::int - ${gaps.dayGap} + 7) % 7)))`;
    case 'TIME_MONTH':
      return sql`(date_trunc('month', ${local} - ${shift}) + ${shift})`;
    case 'TIME_QUARTER':
      return sql`(date_trunc('quarter', ${local} - ${shift}) + ${shift})`;
    case 'TIME_YEAR':
      return sql`(date_trunc('year', ${local} - ${shift}) + ${shift})`;
  }
}

/** How long a period is. */
export const PERIOD_STEP: Record<TimeGroupKey, string> = {
  TIME_HOUR: '1 hour',
  TIME_DAY: '1 day',
  TIME_WEEK: '7 days',
  TIME_MONTH: '1 month',
  TIME_QUARTER: '3 months',
  TIME_YEAR: '1 year',
};

/** Which side a group's rows come from: transactions one by one, or the day totals. */
export type Source = 'transactions' | 'day-totals';

/**
 * The grouped column (`gid`) of a group key, and the joins it needs. Time groups are the
 * period's local start (a timestamp), dimensions the item id (0: none). Accounts group
 * the legs: a transfer belongs to both its accounts.
 */
export function groupColumn(key: GroupKey, source: Source, timeZone: string, gaps: PeriodGaps): { gid: Frag; joins: Frag } {
  if (isTimeGroupKey(key)) {
    const local = source === 'transactions' ? sql`(t.transaction_time AT TIME ZONE ${timeZone})` : sql`d.day::timestamp`;
    return { gid: periodStart(key, local, gaps), joins: sql`` };
  }
  const cat = source === 'transactions' ? sql`t.category_id` : sql`nullif(d.category_id, 0)`;
  const on = source === 'transactions' ? sql`t.book_id` : sql`d.book_id`;
  switch (key) {
    case 'CATEGORY_SECOND':
      return { gid: sql`coalesce(${cat}, 0)`, joins: sql`` };
    case 'CATEGORY_FIRST':
      return {
        gid: sql`coalesce(gc.parent_id, gc.id, 0)`,
        joins: sql`LEFT JOIN book_categories gc ON gc.book_id = ${on} AND gc.id = ${cat}`,
      };
    case 'ACCOUNT':
      return {
        gid: sql`leg.account_id`,
        joins: sql`CROSS JOIN LATERAL (VALUES (t.account_id, t.account_delta_minor), (t.to_account_id, t.to_account_delta_minor)) AS leg(account_id, delta)`,
      };
    case 'MEMBER':
      return { gid: sql`coalesce(t.member_id, 0)`, joins: sql`` };
    case 'MERCHANT':
      return { gid: sql`coalesce(t.merchant_id, 0)`, joins: sql`` };
    case 'PROJECT':
      return { gid: sql`coalesce(t.project_id, 0)`, joins: sql`` };
    case 'RECORDER':
      return { gid: sql`t.recorder_id`, joins: sql`` };
  }
}

/** The SQL type of a group id. */
export const gidType = (key: GroupKey) => sql.raw(isTimeGroupKey(key) ? 'timestamp' : 'bigint');

/**
 * The items of a dimension that show_all lists (those not hidden), as a `gid` column.
 * Recorders are the book's users.
 */
export function dimensionItems(key: Exclude<GroupKey, TimeGroupKey>, bookId: string, types: string[] | undefined): Frag {
  const tradeTypes = types?.filter((t) => t === 'Expense' || t === 'Income');
  const byType = tradeTypes?.length ? sql` AND type = ANY(${tradeTypes}::text[])` : sql``;
  switch (key) {
    case 'CATEGORY_SECOND':
      return sql`SELECT id AS gid FROM book_categories WHERE book_id = ${bookId} AND NOT hidden AND parent_id IS NOT NULL${byType}`;
    case 'CATEGORY_FIRST':
      return sql`SELECT id AS gid FROM book_categories WHERE book_id = ${bookId} AND NOT hidden AND parent_id IS NULL${byType}`;
    case 'ACCOUNT':
      return sql`SELECT id AS gid FROM book_accounts WHERE book_id = ${bookId} AND NOT hidden`;
    case 'MEMBER':
    case 'MERCHANT':
    case 'PROJECT':
      return sql`SELECT id AS gid FROM book_labels WHERE book_id = ${bookId} AND kind = ${key.toLowerCase()} AND NOT hidden`;
    case 'RECORDER':
      return sql`SELECT user_id AS gid FROM book_users WHERE book_id = ${bookId}`;
  }
}

/** Columns naming each group: name, icon, parent, and for periods their instants. */
export function groupNames(key: GroupKey, bookId: string, timeZone: string): { columns: Frag; joins: Frag } {
  if (isTimeGroupKey(key)) {
    const step = sql`${PERIOD_STEP[key]}::interval`;
    return {
      columns: sql`NULL::text AS name, NULL::text AS icon, NULL::text AS parent_id, NULL::text AS parent_name,
        (extract(epoch FROM (g.gid AT TIME ZONE ${timeZone})) * 1000)::bigint::text AS start_at,
        (extract(epoch FROM ((g.gid + ${step}) AT TIME ZONE ${timeZone})) * 1000)::bigint::text AS end_at`,
      joins: sql``,
    };
  }
  const none = sql`NULL::text AS start_at, NULL::text AS end_at`;
  switch (key) {
    case 'CATEGORY_FIRST':
    case 'CATEGORY_SECOND':
      return {
        columns: sql`c.name, c.icon, c.parent_id::text AS parent_id, cp.name AS parent_name, ${none}`,
        joins: sql`LEFT JOIN book_categories c ON c.book_id = ${bookId} AND c.id = g.gid
          LEFT JOIN book_categories cp ON cp.book_id = ${bookId} AND cp.id = c.parent_id`,
      };
    case 'ACCOUNT':
      return {
        columns: sql`a.name, a.type AS icon, NULL::text AS parent_id, NULL::text AS parent_name, ${none}`,
        joins: sql`LEFT JOIN book_accounts a ON a.book_id = ${bookId} AND a.id = g.gid`,
      };
    case 'MEMBER':
    case 'MERCHANT':
    case 'PROJECT':
      return {
        columns: sql`l.name, NULL::text AS icon, NULL::text AS parent_id, NULL::text AS parent_name, ${none}`,
        joins: sql`LEFT JOIN book_labels l ON l.book_id = ${bookId} AND l.id = g.gid`,
      };
    case 'RECORDER':
      return {
        columns: sql`u.nickname AS name, NULL::text AS icon, NULL::text AS parent_id, NULL::text AS parent_name, ${none}`,
        joins: sql`LEFT JOIN users u ON u.id = g.gid`,
      };
  }
}
