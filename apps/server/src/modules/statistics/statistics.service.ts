import {
  DIMENSION_NAMES,
  STATISTICS_LIMITS,
  civilToTimestamp,
  flowCursor,
  groupCursor,
  isTimeGroupKey,
  minorToMoney,
  periodBounds,
  periodId,
  periodLabel,
  periodsBetween,
  type Civil,
  type FlowPage,
  type GroupFilter,
  type GroupItem,
  type GroupKey,
  type GroupSortKey,
  type GroupsPage,
  type Locale,
  type Metric,
  type Order,
  type RollupGroups,
  type Summary,
  type TimeGroupKey,
} from '@cab/contracts';
import type { z } from 'zod';
import type { GroupsRequest, RollupGroupsRequest, StatisticsQuery, TransactionsRequest } from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { presentTransaction } from '../accounting/present-transaction.ts';
import { positionOf } from '../../http/cursor.ts';
import type { MetricRow } from './filter-sql.ts';
import { dayTotalsCanAnswer, flowFilter, type BookReport, type FlowFilter } from './flow-filter.ts';
import type { DimensionTable, FlowsRepository } from './flows.repository.ts';
import { civilAt, parseTimestamp } from './report-time.ts';
import type { GroupRow, StatisticsRepository, TotalsRow } from './statistics.repository.ts';

type Query = z.output<typeof StatisticsQuery>;
type Rollup = z.output<typeof RollupGroupsRequest>;
type Groups = z.output<typeof GroupsRequest>;
type Flows = z.output<typeof TransactionsRequest>;

/** The metrics of WIRE.md A from the database's sums (minor units). */
export function presentMetrics(r: MetricRow): Metric[] {
  const income = BigInt(r.income);
  const expense = BigInt(r.expense);
  return [
    { key: 'EXPENSE', value: minorToMoney(expense) },
    { key: 'INCOME', value: minorToMoney(income) },
    { key: 'BALANCE', value: minorToMoney(income - expense) },
    { key: 'TRANSFER', value: minorToMoney(r.transfer) },
    { key: 'INFLOW', value: minorToMoney(r.inflow) },
    { key: 'OUTFLOW', value: minorToMoney(r.outflow) },
    { key: 'AMOUNT', value: minorToMoney(r.amount) },
    { key: 'COUNT', value: String(BigInt(r.n)) },
  ];
}

const GROUP_FILTER_TABLE: Partial<Record<GroupKey, DimensionTable>> = {
  CATEGORY_FIRST: 'categories',
  CATEGORY_SECOND: 'categories',
  ACCOUNT: 'accounts',
  MEMBER: 'members',
  MERCHANT: 'merchants',
  PROJECT: 'projects',
};
const UNKNOWN_KEY = {
  categories: 'dimension.categoryUnknown',
  accounts: 'dimension.accountUnknown',
  members: 'dimension.memberUnknown',
  merchants: 'dimension.merchantUnknown',
  projects: 'dimension.projectUnknown',
} as const;

const laterCivil = (a: Civil, b: Civil) => (civilToTimestamp(a) >= civilToTimestamp(b) ? a : b);
const earlierCivil = (a: Civil, b: Civil) => (civilToTimestamp(a) <= civilToTimestamp(b) ? a : b);
/** The last hour inside a range that ends (excluded) at a local time. */
function hourBefore(c: Civil): Civil {
  if (c.h > 0) return { ...c, h: c.h - 1 };
  const t = new Date(Date.UTC(c.y, c.m - 1, c.d - 1));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: 23 };
}

/** The metrics of groups added up. */
function sumOf(rows: MetricRow[]): MetricRow {
  const sum = (k: keyof MetricRow) => rows.reduce((a, r) => a + BigInt(r[k]), 0n).toString();
  return {
    expense: sum('expense'),
    income: sum('income'),
    transfer: sum('transfer'),
    inflow: sum('inflow'),
    outflow: sum('outflow'),
    amount: sum('amount'),
    n: sum('n'),
  };
}

/** The instants a filter spans (both included; null where it is open): its range cut to its period. */
function rangeOf(f: FlowFilter, t: TotalsRow): { start: number | null; end: number | null } {
  let start = f.from ?? null;
  let end = f.to ?? null;
  if (t.period_start !== null && t.period_end !== null) {
    start = Math.max(start ?? -Infinity, Number(t.period_start));
    end = Math.min(end ?? Infinity, Number(t.period_end));
  }
  return { start, end: end === null ? null : end - 1 };
}

/** A book's report settings, as the book-scope step read them with the caller's role. */
export const reportOf = (book: BookContext): BookReport => ({
  bookId: book.bookId,
  timeZone: book.settings.timeZone,
  gaps: { dateGap: book.settings.dateGap, dayGap: book.settings.dayGap },
});

/**
 * The statistics calls (SPEC 7, WIRE.md A): totals, groups and flows of a book's
 * transactions, in the book's time zone and periods. Ids in a filter must be the book's;
 * a keyword matches remarks and the names of the book's items.
 */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly flows: FlowsRepository,
    private readonly clock: Clock,
  ) {}

  /** A request's filter: its ids checked against the book, its keyword's name matches found. */
  async filter(report: BookReport, query: Query | undefined, groupFilter: GroupFilter | undefined): Promise<FlowFilter> {
    const f = flowFilter(report, query, groupFilter);
    const checks: Array<[DimensionTable, string[]]> = [
      ['accounts', f.accounts ?? []],
      ['categories', f.categories?.ids ?? []],
      ['members', f.members?.ids ?? []],
      ['merchants', f.merchants?.ids ?? []],
      ['projects', f.projects?.ids ?? []],
    ];
    const table = f.dimension && f.dimension.id !== '0' ? GROUP_FILTER_TABLE[f.dimension.key] : undefined;
    if (table && f.dimension) checks.push([table, [f.dimension.id]]);
    const unknown = await this.flows.firstUnknown(report.bookId, checks);
    if (unknown) throw new AppError(UNKNOWN_KEY[unknown]);
    if (query?.keyword) f.keyword = await this.flows.keywordMatch(report.bookId, query.keyword);
    return f;
  }

  private source(f: FlowFilter, groupBy?: GroupKey) {
    return dayTotalsCanAnswer(f, groupBy) ? ('day-totals' as const) : ('transactions' as const);
  }

  async summaries(book: BookContext, query: Query | undefined, groupFilter: GroupFilter | undefined): Promise<Summary> {
    const report = reportOf(book);
    const f = await this.filter(report, query, groupFilter);
    const totals = await this.repo.totals(f, this.source(f));
    const range = rangeOf(f, totals);
    return { metric_data: presentMetrics(totals), start_time: range.start, end_time: range.end };
  }

  async rollup(book: BookContext, req: Rollup, locale: Locale): Promise<RollupGroups> {
    const report = reportOf(book);
    const f = await this.filter(report, req.query, req.group_filter);
    const key = req.group.group_by;
    const source = this.source(f, key);
    const { sortBy, order } = this.groupSort(key, req.sort);
    const rows = await this.repo.groups(f, { key, source, showAll: this.showAll(f, req.group), sortBy, order });
    // Every record is in exactly one group, but for accounts (a transfer is in two): the totals add up the groups.
    const totals = key === 'ACCOUNT' ? await this.repo.totals(f, this.source(f)) : sumOf(rows);
    return { data: rows.map((r) => this.groupItem(key, f, r, locale)), metric_data: presentMetrics(totals) };
  }

  async groups(book: BookContext, req: Groups, locale: Locale): Promise<GroupsPage> {
    const report = reportOf(book);
    const f = await this.filter(report, req.query, req.group_filter);
    const key = req.group.group_by;
    const { sortBy, order } = this.groupSort(key, req.sort);
    const cursor = groupCursor(key, sortBy, order);
    const after = req.page?.cursor ? positionOf(cursor, req.page.cursor) : undefined;
    const size = req.page?.page_size ?? STATISTICS_LIMITS.pageSizeDefault;
    const rows = await this.repo.groups(f, {
      key,
      source: this.source(f, key),
      showAll: this.showAll(f, req.group),
      sortBy,
      order,
      after: after ? { sortv: after[0], gid: after[1] } : undefined,
      limit: size + 1,
      offset: after ? undefined : req.page?.page_offset,
    });
    const page = rows.slice(0, size);
    const last = page.at(-1);
    const more = rows.length > size;
    return {
      data: page.map((r) => this.groupItem(key, f, r, locale)),
      paging: { has_more: more, next_cursor: more && last ? cursor.encode([last.sortv, last.gid]) : null },
    };
  }

  async transactions(book: BookContext, req: Flows): Promise<FlowPage> {
    const report = reportOf(book);
    const f = await this.filter(report, req.query, req.group_filter);
    const sortBy = req.sort?.sort_by ?? 'ACCOUNT_TIME';
    const order: Order = req.sort?.order_by ?? 'DESC';
    const cursor = flowCursor(sortBy, order);
    const position = req.page?.cursor ? positionOf(cursor, req.page.cursor) : undefined;
    const after = position ? { sortv: position[0], id: position[1] } : undefined;
    const size = req.page?.page_size ?? STATISTICS_LIMITS.pageSizeDefault;
    const flowAccount = req.extend?.scene === 'Account' && f.legAccounts?.length === 1 ? f.legAccounts[0] : undefined;
    const rows = await this.flows.page(f, {
      sortBy,
      order,
      after,
      offset: after ? undefined : req.page?.page_offset,
      limit: size + 1,
      flowAccount,
    });
    const page = rows.slice(0, size);
    const more = rows.length > size;
    const last = page.at(-1);
    return {
      data: page.map((r) =>
        Object.assign(presentTransaction(r, r.images), { flow_amount: r.flow_amount === null ? null : minorToMoney(r.flow_amount) }),
      ),
      paging: { has_more: more, next_cursor: more && last ? cursor.encode([last.sortv, last.id]) : null },
    };
  }

  /** A month's income, expense and count (the dashboard); the book's current month by default. */
  async month(book: BookContext, month: string | undefined) {
    const report = reportOf(book);
    const id = month ?? periodId('TIME_MONTH', civilAt(report.timeZone, this.clock.now()), report.gaps);
    const f = flowFilter(report, undefined, { group_key: 'TIME_MONTH', group_id: id });
    const t = await this.repo.totals(f, this.source(f));
    const range = rangeOf(f, t);
    const income = BigInt(t.income);
    const expense = BigInt(t.expense);
    return {
      month: id,
      income: minorToMoney(income),
      expense: minorToMoney(expense),
      balance: minorToMoney(income - expense),
      count: Number(t.n),
      start_time: range.start ?? 0,
      end_time: range.end ?? 0,
    };
  }

  private groupSort(key: GroupKey, sort: Rollup['sort']): { sortBy: GroupSortKey; order: Order } {
    const sortBy = sort?.sort_by ?? (isTimeGroupKey(key) ? 'GROUP_ID' : 'AMOUNT');
    return { sortBy, order: sort?.order_by ?? (sortBy === 'GROUP_ID' ? 'ASC' : 'DESC') };
  }

  /** show_all: the periods of the filter's range, or every item of the dimension. */
  private showAll(f: FlowFilter, group: Rollup['group']): { periods?: string[] } | undefined {
    if (!group.show_all) return undefined;
    const key = group.group_by;
    if (!isTimeGroupKey(key)) return {};
    let first = f.from !== undefined ? civilAt(f.timeZone, f.from) : undefined;
    let last = f.to !== undefined ? civilAt(f.timeZone, f.to - 1) : undefined;
    if (f.period) {
      first = first ? laterCivil(first, f.period.start) : f.period.start;
      const periodLast = hourBefore(f.period.end);
      last = last ? earlierCivil(last, periodLast) : periodLast;
    }
    if (!first || !last) throw new AppError('statistics.showAllNeedsRange');
    if (civilToTimestamp(first) > civilToTimestamp(last)) return { periods: [] };
    const max = STATISTICS_LIMITS.showAllPeriodsMax;
    const ids = periodsBetween(key, first, last, f.gaps, max);
    if (!ids) throw new AppError('statistics.tooManyPeriods', { max });
    return { periods: ids.map((id) => civilToTimestamp(periodBounds(key, id, f.gaps)!.start)) };
  }

  private groupItem(key: GroupKey, f: FlowFilter, r: GroupRow, locale: Locale): GroupItem {
    const metric_data = presentMetrics(r);
    if (isTimeGroupKey(key)) {
      const id = periodId(key as TimeGroupKey, parseTimestamp(r.gid), f.gaps);
      return {
        group_info: {
          group_key: key,
          group_id: id,
          group_name: periodLabel(key as TimeGroupKey, id),
          start_time: Number(r.start_at),
          end_time: Number(r.end_at),
        },
        metric_data,
      };
    }
    const none = r.gid === '0';
    const names = DIMENSION_NAMES[key];
    return {
      group_info: {
        group_key: key,
        group_id: r.gid,
        group_name: none ? names.none[locale] : (r.name ?? ''),
        ...(r.icon !== null ? { icon: r.icon } : {}),
        ...(key === 'CATEGORY_FIRST' || key === 'CATEGORY_SECOND' ? { parent_id: r.parent_id, parent_name: r.parent_name } : {}),
      },
      metric_data,
    };
  }
}
