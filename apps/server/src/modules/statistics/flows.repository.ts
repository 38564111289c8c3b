import type { FlowSortKey, Order } from '@cab/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import { rowCount } from '../../platform/db/row-count.ts';
import { withNames, type Named } from '../accounting/named-rows-sql.ts';
import { transactionColumns, type TransactionRow } from '../accounting/transactions.repository.ts';
import { keywordCondition, likePattern, transactionConditions } from './filter-sql.ts';
import type { FlowFilter, KeywordMatch } from './flow-filter.ts';

/** A record of a flow's page, whole (so it is presented without reading it again), with its keyset position. */
export interface FlowRow extends TransactionRow {
  /** The sort value as text: the time in microseconds since the epoch, or the amount in minor units. */
  sortv: string;
  flow_amount: string | null;
}

export interface FlowPageQuery {
  sortBy: FlowSortKey;
  order: Order;
  after?: { sortv: string; id: string } | undefined;
  offset?: number | undefined;
  limit: number;
  /** The account whose movement each row reports (scene Account). */
  flowAccount?: string | undefined;
}

export type DimensionTable = 'categories' | 'accounts' | 'members' | 'merchants' | 'projects';
const LABEL_KIND = { members: 'member', merchants: 'merchant', projects: 'project' } as const;

/**
 * How many of the latest records a keyword's page is first looked for in. A common word
 * is found there at once, through the time index; only a rarer one needs the keyword
 * index, which must read every match before it can sort them.
 */
export const KEYWORD_SCAN = 2_000;

/**
 * The SQL of a page of a flow (kept apart so the plan tests can explain it); with
 * `scan`, the page is looked for among the next `scan` records of the order only.
 */
export function pageQuery(f: FlowFilter, q: FlowPageQuery, scan?: number) {
  const byTime = q.sortBy === 'ACCOUNT_TIME';
  const col = byTime ? sql`t.transaction_time` : sql`t.book_amount_minor`;
  const sortv = byTime ? sql`(extract(epoch FROM t.transaction_time) * 1000000)::bigint::text` : sql`t.book_amount_minor::text`;
  const dir = sql.raw(q.order === 'ASC' ? 'ASC' : 'DESC');
  // A keyset position: time is kept to the microsecond, so no two rows are taken for one.
  const position = q.after
    ? byTime
      ? sql`(timestamptz 'epoch' + ${q.after.sortv}::bigint * interval '1 microsecond')`
      : sql`${q.after.sortv}::bigint`
    : undefined;
  const after = position ? sql` AND (${col}, t.id) ${sql.raw(q.order === 'ASC' ? '>' : '<')} (${position}, ${q.after!.id}::bigint)` : sql``;
  const flow = q.flowAccount
    ? sql`(CASE WHEN t.account_id = ${q.flowAccount} THEN t.account_delta_minor WHEN t.to_account_id = ${q.flowAccount} THEN t.to_account_delta_minor END)::text`
    : sql`NULL::text`;
  const offset = q.offset ? sql` OFFSET ${q.offset}` : sql``;
  if (scan && f.keyword) {
    return sql<FlowRow>`
      WITH recent AS MATERIALIZED (
        SELECT ${transactionColumns('t')} FROM transactions t WHERE ${transactionConditions({ ...f, keyword: undefined })}${after}
        ORDER BY ${col} ${dir}, t.id ${dir} LIMIT ${rowCount(scan)}
      )
      SELECT t.*, t.rate::text AS rate, ${sortv} AS sortv, ${flow} AS flow_amount
      FROM recent t WHERE ${keywordCondition(f, true)}
      ORDER BY ${col} ${dir}, t.id ${dir}
      LIMIT ${rowCount(q.limit)}`;
  }
  return sql<FlowRow>`
    SELECT ${transactionColumns('t')}, t.rate::text AS rate, ${sortv} AS sortv, ${flow} AS flow_amount
    FROM transactions t
    WHERE ${transactionConditions(f)}${after}
    ORDER BY ${col} ${dir}, t.id ${dir}
    LIMIT ${rowCount(q.limit)}${offset}`;
}

/** SQL of flows: a book's transactions in time or amount order, a page at a time by keyset; and the names a keyword matches. */
export class FlowsRepository {
  constructor(private readonly db: Database) {}

  /** A page with the names its records point at and their images, in one statement (accounting/named-rows-sql.ts). */
  async page(f: FlowFilter, q: FlowPageQuery): Promise<Array<Named<FlowRow>>> {
    const dir = sql.raw(q.order === 'ASC' ? 'ASC' : 'DESC');
    const order = q.sortBy === 'ACCOUNT_TIME' ? sql`p.transaction_time ${dir}, p.id ${dir}` : sql`p.book_amount_minor ${dir}, p.id ${dir}`;
    // A full page among the latest records is the page: they are read in the flow's own order.
    if (f.keyword && !q.offset) {
      const quick = (await withNames(pageQuery(f, q, KEYWORD_SCAN), order).execute(this.db)).rows;
      if (quick.length >= q.limit) return quick;
    }
    return (await withNames(pageQuery(f, q), order).execute(this.db)).rows;
  }

  /**
   * How often each category, account, member, merchant and project is used in the
   * latest `sample` records of the filter (read through the time index): the search's tags.
   */
  async tagCounts(f: FlowFilter, sample: number): Promise<Array<{ key: string; id: string; name: string; n: number }>> {
    const r = await sql<{ key: string; id: string; name: string; n: number }>`
      WITH s AS (
        SELECT t.category_id, t.account_id, t.to_account_id, t.member_id, t.merchant_id, t.project_id FROM transactions t
        WHERE ${transactionConditions(f)} ORDER BY t.transaction_time DESC, t.id DESC LIMIT ${rowCount(sample)}
      ), used AS (
        SELECT 'CATEGORY_SECOND' AS key, category_id AS id FROM s WHERE category_id IS NOT NULL
        UNION ALL SELECT 'ACCOUNT', account_id FROM s WHERE account_id IS NOT NULL
        UNION ALL SELECT 'ACCOUNT', to_account_id FROM s WHERE to_account_id IS NOT NULL
        UNION ALL SELECT 'MEMBER', member_id FROM s WHERE member_id IS NOT NULL
        UNION ALL SELECT 'MERCHANT', merchant_id FROM s WHERE merchant_id IS NOT NULL
        UNION ALL SELECT 'PROJECT', project_id FROM s WHERE project_id IS NOT NULL
      ), counted AS (SELECT key, id, count(*)::int AS n FROM used GROUP BY key, id)
      SELECT c.key, c.id::text AS id, coalesce(cat.name, a.name, l.name, '') AS name, c.n
      FROM counted c
      LEFT JOIN book_categories cat ON c.key = 'CATEGORY_SECOND' AND cat.book_id = ${f.bookId} AND cat.id = c.id
      LEFT JOIN book_accounts a ON c.key = 'ACCOUNT' AND a.book_id = ${f.bookId} AND a.id = c.id
      LEFT JOIN book_labels l ON c.key IN ('MEMBER', 'MERCHANT', 'PROJECT') AND l.book_id = ${f.bookId} AND l.id = c.id
      ORDER BY c.key, c.n DESC, c.id`.execute(this.db);
    return r.rows.map((x) => ({ ...x, n: Number(x.n) }));
  }

  /** Items whose names hold the keyword; a first-level category brings its subcategories. */
  async keywordMatch(bookId: string, text: string): Promise<KeywordMatch> {
    const p = likePattern(text);
    const r = await sql<{ kind: string; id: string }>`
      SELECT 'categories' AS kind, c.id::text AS id FROM book_categories c
        WHERE c.book_id = ${bookId} AND (lower(c.name) LIKE ${p}
          OR c.parent_id IN (SELECT id FROM book_categories WHERE book_id = ${bookId} AND lower(name) LIKE ${p}))
      UNION ALL
      SELECT 'accounts', a.id::text FROM book_accounts a WHERE a.book_id = ${bookId} AND lower(a.name) LIKE ${p}
      UNION ALL
      SELECT l.kind || 's', l.id::text FROM book_labels l WHERE l.book_id = ${bookId} AND lower(l.name) LIKE ${p}`.execute(this.db);
    const of = (kind: string) => r.rows.filter((x) => x.kind === kind).map((x) => x.id);
    return {
      text,
      categories: of('categories'),
      accounts: of('accounts'),
      members: of('members'),
      merchants: of('merchants'),
      projects: of('projects'),
    };
  }

  /** The first kind of which some ids are not items of the book, checked in one statement; undefined when all are. */
  async firstUnknown(bookId: string, checks: Array<[DimensionTable, string[]]>): Promise<DimensionTable | undefined> {
    const wanted = checks.filter(([, ids]) => ids.length).map(([kind, ids]) => [kind, [...new Set(ids)]] as const);
    if (!wanted.length) return undefined;
    const counts = wanted.map(([kind, ids], i) => {
      const table =
        kind === 'categories'
          ? sql`book_categories WHERE book_id = ${bookId}`
          : kind === 'accounts'
            ? sql`book_accounts WHERE book_id = ${bookId}`
            : sql`book_labels WHERE book_id = ${bookId} AND kind = ${LABEL_KIND[kind]}`;
      return sql`SELECT ${i}::int AS i, count(*)::int AS n FROM ${table} AND id = ANY(${ids}::bigint[])`;
    });
    const r = await sql<{ i: number; n: number }>`${sql.join(counts, sql` UNION ALL `)}`.execute(this.db);
    const found = new Map(r.rows.map((x) => [Number(x.i), Number(x.n)]));
    return wanted.find(([, ids], i) => (found.get(i) ?? 0) < ids.length)?.[0];
  }
}
