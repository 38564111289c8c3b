import { civilToTimestamp } from '@cab/contracts';
import { sql, type RawBuilder } from 'kysely';
import { civilDate } from './report-time.ts';
import { lowerCase, searchTerms } from '../accounting/search-terms.ts';
import { localDay, type FlowFilter, type IdSet } from './flow-filter.ts';

/**
 * SQL fragments of the statistics queries: which transactions count (on `t`, the
 * transactions table, or `d`, the day totals) and what they add up to. Every condition
 * starts from the book, so every query reads indexes that lead with book_id.
 */

type Frag = RawBuilder<unknown>;
const ids = (v: string[]) => sql`${v}::bigint[]`;
const and = (parts: Frag[]) => sql.join(parts, sql` AND `);
const or = (parts: Frag[]) => sql`(${sql.join(parts, sql` OR `)})`;

/** A local civil time of the book's zone, as the instant it starts. */
export const instantOf = (f: FlowFilter, c: Parameters<typeof civilToTimestamp>[0]) =>
  sql`(${civilToTimestamp(c)}::timestamp AT TIME ZONE ${f.timeZone})`;

/** A first-level category stands for itself and its subcategories. */
const categoryIds = (bookId: string, v: string[]) =>
  sql`(SELECT c.id FROM book_categories c WHERE c.book_id = ${bookId} AND (c.id = ANY(${ids(v)}) OR c.parent_id = ANY(${ids(v)})))`;

function inSet(column: Frag, set: IdSet | undefined, expand?: (v: string[]) => Frag): Frag | undefined {
  if (!set) return undefined;
  const parts: Frag[] = [];
  if (set.ids.length) parts.push(expand ? sql`${column} IN ${expand(set.ids)}` : sql`${column} = ANY(${ids(set.ids)})`);
  if (set.none) parts.push(sql`${column} IS NULL`);
  return parts.length ? or(parts) : sql`false`;
}

/** A LIKE pattern for a keyword: lower case, its own % and _ taken literally. */
export const likePattern = (keyword: string) => `%${lowerCase(keyword).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions on the transactions table (alias t): live, not a template, and what the filter keeps. */
export function transactionConditions(f: FlowFilter): Frag {
  const c: Frag[] = [sql`t.book_id = ${f.bookId}`, sql`t.deleted_at IS NULL`, sql`t.business_type <> 'Template'`];
  if (f.from !== undefined) c.push(sql`t.transaction_time >= ${new Date(f.from)}`);
  if (f.to !== undefined) c.push(sql`t.transaction_time < ${new Date(f.to)}`);
  if (f.period) c.push(sql`t.transaction_time >= ${instantOf(f, f.period.start)}`, sql`t.transaction_time < ${instantOf(f, f.period.end)}`);
  if (f.types) c.push(sql`t.business_type = ANY(${f.types}::text[])`);
  if (f.accounts) c.push(or([sql`t.account_id = ANY(${ids(f.accounts)})`, sql`t.to_account_id = ANY(${ids(f.accounts)})`]));
  const cats = inSet(sql`t.category_id`, f.categories, (v) => categoryIds(f.bookId, v));
  for (const part of [
    cats,
    inSet(sql`t.member_id`, f.members),
    inSet(sql`t.merchant_id`, f.merchants),
    inSet(sql`t.project_id`, f.projects),
  ]) {
    if (part) c.push(part);
  }
  if (f.recorders) c.push(sql`t.recorder_id = ANY(${ids(f.recorders)})`);
  if (f.excludeNullCategory) c.push(sql`t.category_id IS NOT NULL`);
  if (f.keyword) c.push(keywordCondition(f));
  if (f.dimension) c.push(dimensionCondition(f));
  return and(c);
}

/**
 * A keyword's match: its remark or one of its names. The index of remark terms
 * (search_terms) finds candidates and LIKE confirms each; `scanning` rows already
 * read needs only the LIKE.
 */
export function keywordCondition(f: FlowFilter, scanning = false): Frag {
  const k = f.keyword!;
  const like = sql`lower(t.remark) LIKE ${likePattern(k.text)}`;
  const arms: Frag[] = [scanning ? like : sql`(t.search_terms @> ${searchTerms(f.bookId, k.text)}::text[] AND ${like})`];
  if (k.categories.length) arms.push(sql`t.category_id = ANY(${ids(k.categories)})`);
  if (k.accounts.length) arms.push(sql`t.account_id = ANY(${ids(k.accounts)})`, sql`t.to_account_id = ANY(${ids(k.accounts)})`);
  if (k.members.length) arms.push(sql`t.member_id = ANY(${ids(k.members)})`);
  if (k.merchants.length) arms.push(sql`t.merchant_id = ANY(${ids(k.merchants)})`);
  if (k.projects.length) arms.push(sql`t.project_id = ANY(${ids(k.projects)})`);
  return or(arms);
}

const DIMENSION_COLUMN = {
  CATEGORY_SECOND: sql`t.category_id`,
  MEMBER: sql`t.member_id`,
  MERCHANT: sql`t.merchant_id`,
  PROJECT: sql`t.project_id`,
  RECORDER: sql`t.recorder_id`,
} as const;

function dimensionCondition(f: FlowFilter): Frag {
  const { key, id } = f.dimension!;
  if (key === 'ACCOUNT') return or([sql`t.account_id = ${id}`, sql`t.to_account_id = ${id}`]);
  if (key === 'CATEGORY_FIRST') return id === '0' ? sql`t.category_id IS NULL` : sql`t.category_id IN ${categoryIds(f.bookId, [id])}`;
  const column = DIMENSION_COLUMN[key];
  return id === '0' ? sql`${column} IS NULL` : sql`${column} = ${id}`;
}

/** Conditions on the day totals (alias d): the same filter, for the filters day totals can answer. */
export function dayTotalsConditions(f: FlowFilter): Frag {
  const c: Frag[] = [sql`d.book_id = ${f.bookId}`, sql`d.count <> 0`];
  if (f.from !== undefined) c.push(sql`d.day >= ${civilDate(localDay(f, f.from))}::date`);
  if (f.to !== undefined) c.push(sql`d.day < ${civilDate(localDay(f, f.to))}::date`);
  if (f.period) c.push(sql`d.day >= ${civilDate(f.period.start)}::date`, sql`d.day < ${civilDate(f.period.end)}::date`);
  if (f.types) c.push(sql`d.business_type = ANY(${f.types}::text[])`);
  if (f.categories) {
    const parts: Frag[] = [];
    if (f.categories.ids.length) parts.push(sql`d.category_id IN ${categoryIds(f.bookId, f.categories.ids)}`);
    if (f.categories.none) parts.push(sql`d.category_id = 0`);
    c.push(parts.length ? or(parts) : sql`false`);
  }
  if (f.excludeNullCategory) c.push(sql`d.category_id <> 0`);
  if (f.dimension?.key === 'CATEGORY_SECOND') c.push(sql`d.category_id = ${f.dimension.id}`);
  if (f.dimension?.key === 'CATEGORY_FIRST') {
    c.push(f.dimension.id === '0' ? sql`d.category_id = 0` : sql`d.category_id IN ${categoryIds(f.bookId, [f.dimension.id])}`);
  }
  return and(c);
}

/**
 * What a set of transactions adds up to, as columns expense, income, transfer, inflow,
 * outflow, amount and n (minor units of the book's currency). A leg moves one account:
 * it counts towards INFLOW or OUTFLOW by the record's amount; with `legAccounts`, only
 * the legs of those accounts count.
 */
export function transactionMetrics(legAccounts: string[] | undefined, leg?: { delta: Frag }): Frag {
  const abs = sql`abs(t.book_amount_minor)`;
  const legFlows = (sign: '>' | '<') => {
    if (leg) return sql`CASE WHEN ${leg.delta} ${sql.raw(sign)} 0 THEN ${abs} ELSE 0 END`;
    const own = legAccounts ? sql` AND t.account_id = ANY(${ids(legAccounts)})` : sql``;
    const other = legAccounts ? sql` AND t.to_account_id = ANY(${ids(legAccounts)})` : sql``;
    return sql`CASE WHEN t.account_delta_minor ${sql.raw(sign)} 0${own} THEN ${abs} ELSE 0 END
      + CASE WHEN t.to_account_delta_minor ${sql.raw(sign)} 0${other} THEN ${abs} ELSE 0 END`;
  };
  return sql`coalesce(sum(t.book_amount_minor) FILTER (WHERE t.business_type = 'Expense'), 0) AS expense,
    coalesce(sum(t.book_amount_minor) FILTER (WHERE t.business_type = 'Income'), 0) AS income,
    coalesce(sum(t.book_amount_minor) FILTER (WHERE t.business_type = 'Transfer'), 0) AS transfer,
    coalesce(sum(${legFlows('>')}), 0) AS inflow,
    coalesce(sum(${legFlows('<')}), 0) AS outflow,
    coalesce(sum(${abs}), 0) AS amount,
    count(*) AS n`;
}

/** The same columns from the day totals. */
export const dayTotalsMetrics = sql`coalesce(sum(d.amount_minor) FILTER (WHERE d.business_type = 'Expense'), 0) AS expense,
  coalesce(sum(d.amount_minor) FILTER (WHERE d.business_type = 'Income'), 0) AS income,
  coalesce(sum(d.amount_minor) FILTER (WHERE d.business_type = 'Transfer'), 0) AS transfer,
  coalesce(sum(d.inflow_minor), 0) AS inflow,
  coalesce(sum(d.outflow_minor), 0) AS outflow,
  coalesce(sum(d.abs_minor), 0) AS amount,
  coalesce(sum(d.count), 0) AS n`;

/** The metric columns as text, so bigints never pass through a float. */
export const METRIC_COLUMNS = ['expense', 'income', 'transfer', 'inflow', 'outflow', 'amount', 'n'] as const;
export type MetricRow = Record<(typeof METRIC_COLUMNS)[number], string>;
export const metricsAsText = (alias: string) =>
  sql.join(METRIC_COLUMNS.map((c) => sql`coalesce(${sql.ref(`${alias}.${c}`)}, 0)::text AS ${sql.ref(c)}`));
