import {
  Id,
  isTimeGroupKey,
  periodBounds,
  type Civil,
  type DimensionGroupKey,
  type GroupFilter,
  type GroupKey,
  type PeriodGaps,
  type StatisticsQuery,
  type TimeGroupKey,
} from '@cab/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { civilAt, isLocalMidnight } from './report-time.ts';

type Query = z.output<typeof StatisticsQuery>;

/** Ids of one dimension to keep, and whether records without it ("0": none) count too. */
export interface IdSet {
  ids: string[];
  none: boolean;
}

/** What a keyword matches besides remarks: the items whose names hold it. */
export interface KeywordMatch {
  text: string;
  categories: string[];
  accounts: string[];
  members: string[];
  merchants: string[];
  projects: string[];
}

/** A statistics request, resolved: which live transactions of one book count. */
export interface FlowFilter {
  bookId: string;
  timeZone: string;
  gaps: PeriodGaps;
  /** Instants, epoch ms: from included, to excluded. */
  from?: number;
  to?: number;
  /** A period of the group filter, in local time of the book's zone (turned into instants by the database). */
  period?: { key: TimeGroupKey; start: Civil; end: Civil };
  types?: string[];
  accounts?: string[];
  /** Accounts whose movements count for INFLOW and OUTFLOW (all when absent). */
  legAccounts?: string[];
  categories?: IdSet;
  members?: IdSet;
  merchants?: IdSet;
  projects?: IdSet;
  recorders?: string[];
  excludeNullCategory?: boolean;
  keyword?: KeywordMatch;
  /** A dimension group filter: one item ("0": none). */
  dimension?: { key: DimensionGroupKey; id: string };
}

export interface BookReport {
  bookId: string;
  timeZone: string;
  gaps: PeriodGaps;
}

const idSet = (ids: string[] | undefined): IdSet | undefined =>
  ids?.length ? { ids: [...new Set(ids.filter((i) => i !== '0'))], none: ids.includes('0') } : undefined;

/**
 * The filter of a request. An empty id list filters nothing; "Balance" means the
 * balance entries, stored as Balance_Changed. The keyword's name matches come later
 * (they need the book's names).
 */
export function flowFilter(report: BookReport, query: Query | undefined, groupFilter: GroupFilter | undefined): FlowFilter {
  const q = query ?? ({} as Query);
  const f: FlowFilter = { bookId: report.bookId, timeZone: report.timeZone, gaps: report.gaps };
  if (q.start_time !== undefined) f.from = q.start_time;
  // end_time is included: the range ends a millisecond after it.
  if (q.end_time !== undefined) f.to = q.end_time + 1;
  if (q.category_types?.length) f.types = [...new Set(q.category_types.map((t) => (t === 'Balance' ? 'Balance_Changed' : t)))];
  if (q.account_ids?.length) f.accounts = [...new Set(q.account_ids)];
  const sets = { categories: q.category_ids, members: q.member_ids, merchants: q.merchant_ids, projects: q.project_ids } as const;
  for (const [k, v] of Object.entries(sets) as Array<[keyof typeof sets, string[] | undefined]>) {
    const s = idSet(v);
    if (s) f[k] = s;
  }
  if (q.recorder_ids?.length) f.recorders = [...new Set(q.recorder_ids)];
  if (q.exclude_null_category) f.excludeNullCategory = true;
  if (f.accounts) f.legAccounts = f.accounts;
  if (groupFilter) applyGroupFilter(f, groupFilter);
  return f;
}

function applyGroupFilter(f: FlowFilter, g: GroupFilter): void {
  const key = g.group_key as GroupKey;
  if (isTimeGroupKey(key)) {
    const b = periodBounds(key, g.group_id, f.gaps);
    if (!b) throw new AppError('statistics.groupIdInvalid', { id: g.group_id });
    f.period = { key, start: b.start, end: b.end };
    return;
  }
  const none = g.group_id === '0';
  if (!(none || Id.safeParse(g.group_id).success) || (none && (key === 'ACCOUNT' || key === 'RECORDER'))) {
    throw new AppError('statistics.groupIdInvalid', { id: g.group_id });
  }
  f.dimension = { key, id: g.group_id };
  if (key === 'ACCOUNT') f.legAccounts = f.legAccounts ? f.legAccounts.filter((a) => a === g.group_id) : [g.group_id];
}

/**
 * Whether the day totals can answer: only time, type and category count, every time
 * bound is a local midnight, and no hour is asked for.
 */
export function dayTotalsCanAnswer(f: FlowFilter, groupBy?: GroupKey): boolean {
  if (
    groupBy &&
    !['TIME_YEAR', 'TIME_QUARTER', 'TIME_MONTH', 'TIME_WEEK', 'TIME_DAY', 'CATEGORY_FIRST', 'CATEGORY_SECOND'].includes(groupBy)
  ) {
    return false;
  }
  if (f.accounts || f.legAccounts || f.members || f.merchants || f.projects || f.recorders || f.keyword) return false;
  if (f.dimension && f.dimension.key !== 'CATEGORY_FIRST' && f.dimension.key !== 'CATEGORY_SECOND') return false;
  if (f.period?.key === 'TIME_HOUR') return false;
  if (f.from !== undefined && !isLocalMidnight(f.timeZone, f.from)) return false;
  if (f.to !== undefined && !isLocalMidnight(f.timeZone, f.to)) return false;
  return true;
}

/** The local dates the instants of a day-aligned filter begin and end on. */
export const localDay = (f: FlowFilter, ms: number): Civil => civilAt(f.timeZone, ms);
