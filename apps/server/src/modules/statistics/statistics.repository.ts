import { civilToTimestamp, isTimeGroupKey, type Civil, type GroupKey, type GroupSortKey, type Order } from '@cab/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import { rowCount } from '../../platform/db/row-count.ts';
import {
  dayTotalsConditions,
  dayTotalsMetrics,
  metricsAsText,
  transactionConditions,
  transactionMetrics,
  type MetricRow,
} from './filter-sql.ts';
import type { FlowFilter } from './flow-filter.ts';
import { dimensionItems, gidType, groupColumn, groupNames, type Source } from './group-sql.ts';

type Frag = RawBuilder<unknown>;

/** A group as the database answers it: its id as text, its metrics, its names. */
export interface GroupRow extends MetricRow {
  gid: string;
  sortv: string;
  name: string | null;
  icon: string | null;
  parent_id: string | null;
  parent_name: string | null;
  start_at: string | null;
  end_at: string | null;
}

export interface GroupQuery {
  key: GroupKey;
  source: Source;
  /** show_all: every period (their local starts) or every item of the dimension. */
  showAll?: { periods?: string[] } | undefined;
  sortBy: GroupSortKey;
  order: Order;
  /** Groups after this one (keyset), and how many. */
  after?: { sortv: string; gid: string } | undefined;
  limit?: number | undefined;
  /** page_offset of older clients, when no cursor is sent. */
  offset?: number | undefined;
}

const SORT_COLUMN: Record<GroupSortKey, Frag> = {
  GROUP_ID: sql`g.gid`,
  EXPENSE: sql`coalesce(g.expense, 0)`,
  INCOME: sql`coalesce(g.income, 0)`,
  BALANCE: sql`(coalesce(g.income, 0) - coalesce(g.expense, 0))`,
  TRANSFER: sql`coalesce(g.transfer, 0)`,
  INFLOW: sql`coalesce(g.inflow, 0)`,
  OUTFLOW: sql`coalesce(g.outflow, 0)`,
  AMOUNT: sql`coalesce(g.amount, 0)`,
  COUNT: sql`coalesce(g.n, 0)`,
};

/**
 * SQL of the statistics calls: totals and groups of a book's transactions, read from
 * the transactions themselves or, where they can answer, from the day totals. Every
 * query starts from the book (book_id leads every index it reads).
 */
export class StatisticsRepository {
  constructor(private readonly db: Database) {}

  /** What the filtered records add up to (and where the filter's period starts and ends). */
  async totals(f: FlowFilter, source: Source): Promise<TotalsRow> {
    return (await totalsQuery(f, source).execute(this.db)).rows[0] as TotalsRow;
  }

  /** The groups of the filtered records, sorted, from a keyset position, at most `limit`. */
  async groups(f: FlowFilter, q: GroupQuery): Promise<GroupRow[]> {
    return (await groupsQuery(f, q).execute(this.db)).rows;
  }
}

/** Totals, and the instants the filter's period starts and ends (epoch ms) when it has one. */
export interface TotalsRow extends MetricRow {
  period_start: string | null;
  period_end: string | null;
}

/** The SQL of totals (kept apart, as the next one, so the plan tests can explain it). */
export function totalsQuery(f: FlowFilter, source: Source) {
  const inner =
    source === 'day-totals'
      ? sql`SELECT ${dayTotalsMetrics} FROM transaction_day_totals d WHERE ${dayTotalsConditions(f)}`
      : sql`SELECT ${transactionMetrics(f.legAccounts)} FROM transactions t WHERE ${transactionConditions(f)}`;
  const at = (c: Civil) => sql`(extract(epoch FROM (${civilToTimestamp(c)}::timestamp AT TIME ZONE ${f.timeZone})) * 1000)::bigint::text`;
  const period = f.period
    ? sql`${at(f.period.start)} AS period_start, ${at(f.period.end)} AS period_end`
    : sql`NULL AS period_start, NULL AS period_end`;
  return sql<TotalsRow>`SELECT ${metricsAsText('s')}, ${period} FROM (${inner}) s`;
}

/** The SQL of groups. */
export function groupsQuery(f: FlowFilter, q: GroupQuery) {
  const { gid, joins } = groupColumn(q.key, q.source, f.timeZone, f.gaps);
  let grouped: Frag;
  if (q.source === 'day-totals') {
    grouped = sql`SELECT ${gid} AS gid, ${dayTotalsMetrics} FROM transaction_day_totals d ${joins} WHERE ${dayTotalsConditions(f)} GROUP BY 1`;
  } else if (q.key === 'ACCOUNT') {
    const legs = f.legAccounts ? sql` AND leg.account_id = ANY(${f.legAccounts}::bigint[])` : sql``;
    grouped = sql`SELECT ${gid} AS gid, ${transactionMetrics(undefined, { delta: sql`leg.delta` })}
      FROM transactions t ${joins} WHERE ${transactionConditions(f)} AND leg.account_id IS NOT NULL${legs} GROUP BY 1`;
  } else {
    grouped = sql`SELECT ${gid} AS gid, ${transactionMetrics(f.legAccounts)} FROM transactions t ${joins} WHERE ${transactionConditions(f)} GROUP BY 1`;
  }
  if (q.showAll) {
    const items = isTimeGroupKey(q.key)
      ? sql`SELECT unnest(${q.showAll.periods ?? []}::timestamp[]) AS gid`
      : dimensionItems(q.key, f.bookId, f.types);
    grouped = sql`SELECT coalesce(g0.gid, a.gid) AS gid, g0.expense, g0.income, g0.transfer, g0.inflow, g0.outflow, g0.amount, g0.n
      FROM (${grouped}) g0 FULL JOIN (${items}) a ON a.gid = g0.gid`;
  }
  const names = groupNames(q.key, f.bookId, f.timeZone);
  const dir = sql.raw(q.order === 'ASC' ? 'ASC' : 'DESC');
  const sortv = SORT_COLUMN[q.sortBy];
  const typed = gidType(q.key);
  const after = q.after
    ? // A metric's sort value is a sum (numeric): it may pass what a bigint holds.
      sql`WHERE (s.sortv, s.gid) ${sql.raw(q.order === 'ASC' ? '>' : '<')} (${q.after.sortv}::${q.sortBy === 'GROUP_ID' ? typed : sql.raw('numeric')}, ${q.after.gid}::${typed})`
    : sql``;
  const limit = q.limit !== undefined ? sql`LIMIT ${rowCount(q.limit)}` : sql``;
  const offset = q.offset ? sql` OFFSET ${q.offset}` : sql``;
  return sql<GroupRow>`
    WITH g AS (${grouped}),
    s AS (SELECT g.gid, ${sortv} AS sortv, ${metricsAsText('g')}, ${names.columns} FROM g ${names.joins})
    SELECT s.gid::text AS gid, s.sortv::text AS sortv, s.expense, s.income, s.transfer, s.inflow, s.outflow, s.amount, s.n,
           s.name, s.icon, s.parent_id, s.parent_name, s.start_at, s.end_at
    FROM s ${after} ORDER BY s.sortv ${dir}, s.gid ${dir} ${limit}${offset}`;
}
