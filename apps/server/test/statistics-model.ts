/**
 * A brute-force model of the statistics calls, for the property tests: it reads a book's
 * rows whole and counts in JavaScript what the server counts in SQL (docs/statistics.md).
 * Independent of the server's SQL: periods come from the contracts' calendar applied to
 * each record's local time (Intl), filters are checked record by record.
 */
import {
  isTimeGroupKey,
  periodId,
  type Civil,
  type GroupKey,
  type MetricKey,
  type PeriodGaps,
  type StatisticsQuery,
  type TimeGroupKey,
} from '@cab/contracts';
import { sql } from 'kysely';
import type { Database } from '../src/platform/db/index.ts';

export interface ModelRow {
  id: string;
  type: string;
  time: number;
  amount: bigint;
  accountId: string | null;
  accountDelta: bigint;
  toAccountId: string | null;
  toAccountDelta: bigint;
  categoryId: string | null;
  parentId: string | null;
  memberId: string | null;
  merchantId: string | null;
  projectId: string | null;
  recorderId: string;
  remark: string;
  /** Lower-case names the keyword may match: category (and its parent), accounts, labels. */
  names: string[];
}

export interface ModelBook {
  bookId: string;
  timeZone: string;
  gaps: PeriodGaps;
  rows: ModelRow[];
}

/** Reads a book's live rows (not templates) with the names a keyword may match. */
export async function loadModel(db: Database, bookId: string): Promise<ModelBook> {
  const book = await db.selectFrom('books').select(['time_zone', 'date_gap', 'day_gap']).where('id', '=', bookId).executeTakeFirstOrThrow();
  const r = await sql<Record<string, string | null>>`
    SELECT t.id::text, t.business_type, (extract(epoch FROM t.transaction_time) * 1000)::bigint::text AS time,
      t.book_amount_minor::text AS amount, t.account_id::text, t.account_delta_minor::text AS account_delta,
      t.to_account_id::text, t.to_account_delta_minor::text AS to_account_delta, t.category_id::text, c.parent_id::text AS parent_id,
      t.member_id::text, t.merchant_id::text, t.project_id::text, t.recorder_id::text, t.remark,
      lower(concat_ws(chr(1), c.name, cp.name, a.name, ta.name, m.name, mc.name, p.name)) AS names
    FROM transactions t
    LEFT JOIN book_categories c ON c.book_id = t.book_id AND c.id = t.category_id
    LEFT JOIN book_categories cp ON cp.book_id = t.book_id AND cp.id = c.parent_id
    LEFT JOIN book_accounts a ON a.book_id = t.book_id AND a.id = t.account_id
    LEFT JOIN book_accounts ta ON ta.book_id = t.book_id AND ta.id = t.to_account_id
    LEFT JOIN book_labels m ON m.book_id = t.book_id AND m.id = t.member_id
    LEFT JOIN book_labels mc ON mc.book_id = t.book_id AND mc.id = t.merchant_id
    LEFT JOIN book_labels p ON p.book_id = t.book_id AND p.id = t.project_id
    WHERE t.book_id = ${bookId} AND t.deleted_at IS NULL AND t.business_type <> 'Template'`.execute(db);
  return {
    bookId,
    timeZone: book.time_zone,
    gaps: { dateGap: Number(book.date_gap), dayGap: Number(book.day_gap) },
    rows: r.rows.map((x) => ({
      id: x.id!,
      type: x.business_type!,
      time: Number(x.time),
      amount: BigInt(x.amount!),
      accountId: x.account_id ?? null,
      accountDelta: BigInt(x.account_delta!),
      toAccountId: x.to_account_id ?? null,
      toAccountDelta: BigInt(x.to_account_delta!),
      categoryId: x.category_id ?? null,
      parentId: x.parent_id ?? null,
      memberId: x.member_id ?? null,
      merchantId: x.merchant_id ?? null,
      projectId: x.project_id ?? null,
      recorderId: x.recorder_id!,
      remark: x.remark ?? '',
      names: (x.names ?? '').split('\u0001'),
    })),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The local date and hour of an instant in a zone, as a wall clock reads it. */
export function localCivil(timeZone: string, ms: number): Civil {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour! };
}

export type Query = Omit<StatisticsQuery, 'category_types'> & { category_types?: string[] };
export interface Filter {
  query?: Query | undefined;
  group_filter?: { group_key: GroupKey; group_id: string } | undefined;
}

const inSet = (value: string | null, ids: string[] | undefined) =>
  !ids?.length || (value === null ? ids.includes('0') : ids.includes(value));

/** Whether a record passes the filter, checked the slow way. */
export function matches(book: ModelBook, r: ModelRow, f: Filter): boolean {
  const q = f.query ?? {};
  if (q.start_time !== undefined && r.time < q.start_time) return false;
  if (q.end_time !== undefined && r.time > q.end_time) return false;
  if (q.category_types?.length && !q.category_types.map((t) => (t === 'Balance' ? 'Balance_Changed' : t)).includes(r.type)) return false;
  if (q.account_ids?.length && !q.account_ids.some((a) => a === r.accountId || a === r.toAccountId)) return false;
  if (q.category_ids?.length) {
    const hit = r.categoryId === null ? q.category_ids.includes('0') : q.category_ids.some((c) => c === r.categoryId || c === r.parentId);
    if (!hit) return false;
  }
  if (!inSet(r.memberId, q.member_ids) || !inSet(r.merchantId, q.merchant_ids) || !inSet(r.projectId, q.project_ids)) return false;
  if (q.recorder_ids?.length && !q.recorder_ids.includes(r.recorderId)) return false;
  if (q.exclude_null_category && r.categoryId === null) return false;
  if (q.keyword) {
    const k = q.keyword.toLowerCase();
    if (!r.remark.toLowerCase().includes(k) && !r.names.some((n) => n.includes(k))) return false;
  }
  const g = f.group_filter;
  if (g && !groupIdsOf(book, r, g.group_key).includes(g.group_id)) return false;
  return true;
}

/** The groups a record belongs to under a key (a transfer is in both its accounts' groups). */
export function groupIdsOf(book: ModelBook, r: ModelRow, key: GroupKey): string[] {
  if (isTimeGroupKey(key)) return [periodId(key as TimeGroupKey, localCivil(book.timeZone, r.time), book.gaps)];
  switch (key) {
    case 'CATEGORY_SECOND':
      return [r.categoryId ?? '0'];
    case 'CATEGORY_FIRST':
      return [r.parentId ?? r.categoryId ?? '0'];
    case 'ACCOUNT':
      return [r.accountId, r.toAccountId].filter((a): a is string => a !== null);
    case 'MEMBER':
      return [r.memberId ?? '0'];
    case 'MERCHANT':
      return [r.merchantId ?? '0'];
    case 'PROJECT':
      return [r.projectId ?? '0'];
    case 'RECORDER':
      return [r.recorderId];
  }
  return [];
}

export type Metrics = Record<MetricKey, bigint>;
const zero = (): Metrics => ({ EXPENSE: 0n, INCOME: 0n, BALANCE: 0n, TRANSFER: 0n, INFLOW: 0n, OUTFLOW: 0n, AMOUNT: 0n, COUNT: 0n });
const abs = (v: bigint) => (v < 0n ? -v : v);

/** Adds a record; `legs` limits INFLOW and OUTFLOW to some accounts' legs (undefined: all). */
function add(m: Metrics, r: ModelRow, legs: string[] | undefined): void {
  if (r.type === 'Expense') m.EXPENSE += r.amount;
  if (r.type === 'Income') m.INCOME += r.amount;
  if (r.type === 'Transfer') m.TRANSFER += r.amount;
  m.BALANCE = m.INCOME - m.EXPENSE;
  m.AMOUNT += abs(r.amount);
  m.COUNT += 1n;
  for (const [acc, delta] of [
    [r.accountId, r.accountDelta],
    [r.toAccountId, r.toAccountDelta],
  ] as const) {
    if (acc === null || (legs && !legs.includes(acc))) continue;
    if (delta > 0n) m.INFLOW += abs(r.amount);
    if (delta < 0n) m.OUTFLOW += abs(r.amount);
  }
}

/** The accounts whose legs count: the account filter, narrowed by an ACCOUNT group filter. */
export function legAccounts(f: Filter): string[] | undefined {
  let legs = f.query?.account_ids?.length ? f.query.account_ids : undefined;
  if (f.group_filter?.group_key === 'ACCOUNT') legs = legs ? legs.filter((a) => a === f.group_filter!.group_id) : [f.group_filter.group_id];
  return legs;
}

export function totals(book: ModelBook, f: Filter): Metrics {
  const m = zero();
  const legs = legAccounts(f);
  for (const r of book.rows) if (matches(book, r, f)) add(m, r, legs);
  return m;
}

/** Every group of a key with its metrics (an ACCOUNT group counts only its own leg of a transfer). */
export function groups(book: ModelBook, f: Filter, key: GroupKey): Map<string, Metrics> {
  const out = new Map<string, Metrics>();
  const legs = legAccounts(f);
  for (const r of book.rows) {
    if (!matches(book, r, f)) continue;
    for (const id of groupIdsOf(book, r, key)) {
      if (key === 'ACCOUNT' && legs && !legs.includes(id)) continue;
      const m = out.get(id) ?? zero();
      add(m, r, key === 'ACCOUNT' ? [id] : legs);
      out.set(id, m);
    }
  }
  return out;
}

/** The records of a filter in flow order: by time (or amount), then id, newest first by default. */
export function flow(book: ModelBook, f: Filter, sortBy: 'ACCOUNT_TIME' | 'AMOUNT', order: 'ASC' | 'DESC'): string[] {
  const rows = book.rows.filter((r) => matches(book, r, f));
  const key = (r: ModelRow) => (sortBy === 'AMOUNT' ? r.amount : BigInt(r.time));
  rows.sort((a, b) => {
    const d = key(a) === key(b) ? BigInt(a.id) - BigInt(b.id) : key(a) - key(b);
    return (d < 0n ? -1 : d > 0n ? 1 : 0) * (order === 'ASC' ? 1 : -1);
  });
  return rows.map((r) => r.id);
}

/** Metrics as the wire writes them. */
export function wireMetrics(m: Metrics): Record<MetricKey, string> {
  const money = (v: bigint) => {
    const neg = v < 0n;
    const a = neg ? -v : v;
    return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
  };
  return {
    EXPENSE: money(m.EXPENSE),
    INCOME: money(m.INCOME),
    BALANCE: money(m.BALANCE),
    TRANSFER: money(m.TRANSFER),
    INFLOW: money(m.INFLOW),
    OUTFLOW: money(m.OUTFLOW),
    AMOUNT: money(m.AMOUNT),
    COUNT: String(m.COUNT),
  };
}
