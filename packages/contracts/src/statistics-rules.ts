/**
 * Rules of the statistics calls that both sides use, zod-free for the web's first load:
 * the group keys and metrics of WIRE.md part A, the limits of a query, and the calendar
 * of report periods (SPEC 9: the month starts on dateGap, the week on dayGap).
 *
 * Periods are civil: they are computed on local dates and times of the book's time
 * zone, never on instants. The server turns a period's local start into an instant in
 * the book's zone.
 */
import { TIME_RANGE_YEARS } from './time-range.ts';

/** Group keys of WIRE.md part A (SPEC 9: time, category first and second, account, project, member, merchant, recorder). */
export const TIME_GROUP_KEYS = ['TIME_YEAR', 'TIME_QUARTER', 'TIME_MONTH', 'TIME_WEEK', 'TIME_DAY', 'TIME_HOUR'] as const;
export type TimeGroupKey = (typeof TIME_GROUP_KEYS)[number];
export const DIMENSION_GROUP_KEYS = ['CATEGORY_FIRST', 'CATEGORY_SECOND', 'ACCOUNT', 'PROJECT', 'MEMBER', 'MERCHANT', 'RECORDER'] as const;
export type DimensionGroupKey = (typeof DIMENSION_GROUP_KEYS)[number];
export const GROUP_KEYS = [...TIME_GROUP_KEYS, ...DIMENSION_GROUP_KEYS] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export const isTimeGroupKey = (k: string): k is TimeGroupKey => (TIME_GROUP_KEYS as readonly string[]).includes(k);

/**
 * Metrics of every group and total, all decimal strings (COUNT an integer string):
 * EXPENSE and INCOME add Expense and Income records; BALANCE is INCOME minus EXPENSE;
 * TRANSFER adds transfers (counted neither as expense nor income); INFLOW and OUTFLOW add
 * what went into and out of accounts (a transfer is both); AMOUNT adds every record's
 * amount whatever its type; COUNT counts records. All in the book's currency.
 */
export const METRIC_KEYS = ['EXPENSE', 'INCOME', 'BALANCE', 'TRANSFER', 'INFLOW', 'OUTFLOW', 'AMOUNT', 'COUNT'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** How groups are ordered: by their id (time ids sort in time order) or by a metric. */
export const GROUP_SORT_KEYS = ['GROUP_ID', ...METRIC_KEYS] as const;
export type GroupSortKey = (typeof GROUP_SORT_KEYS)[number];
/** How a flow is ordered: by the transaction time (ACCOUNT_TIME) or by the amount. */
export const FLOW_SORT_KEYS = ['ACCOUNT_TIME', 'AMOUNT'] as const;
export type FlowSortKey = (typeof FLOW_SORT_KEYS)[number];
export const ORDERS = ['ASC', 'DESC'] as const;
export type Order = (typeof ORDERS)[number];

/** Limits of a query (docs/statistics.md). */
export const STATISTICS_LIMITS = {
  /** Transactions or groups per page. */
  pageSizeMax: 200,
  pageSizeDefault: 50,
  /** page_offset is kept for older clients; deeper pages go by the cursor (keyset). */
  pageOffsetMax: 10_000,
  /** Ids per filter list. */
  filterIdsMax: 200,
  keywordMax: 50,
  /** Periods a time group with show_all may list. */
  showAllPeriodsMax: 1_000,
  /** Tags per dimension that search/tags answers. */
  tagsPerGroupMax: 50,
  tagsPerGroupDefault: 12,
  /** Matches per book that the search across my books answers. */
  booksSearchTopMax: 10,
} as const;

/** The search's year filter: -1 means every year (SPEC 9). */
export const SEARCH_ALL_YEARS = -1;
/** Keywords the search remembers (kept on the device). */
export const SEARCH_HISTORY_MAX = 10;

/** A book's report settings (SPEC 9): its time zone, the day its month starts (dateGap) and its week starts (dayGap). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DATE_GAP_MIN = 1;
/** Every month has a 28th, so a month start up to 28 never falls outside its month. */
export const DATE_GAP_MAX = 28;
/** Week starts: 1 Monday ... 7 Sunday (ISO weekday numbers). */
export const DAY_GAP_MIN = 1;
export const DAY_GAP_MAX = 7;
export const DEFAULT_DATE_GAP = 1;
export const DEFAULT_DAY_GAP = 1;

export interface PeriodGaps {
  /** The day of the month a month starts (1-28). */
  dateGap: number;
  /** The weekday a week starts, 1 Monday ... 7 Sunday. */
  dayGap: number;
}
export const DEFAULT_GAPS: PeriodGaps = { dateGap: DEFAULT_DATE_GAP, dayGap: DEFAULT_DAY_GAP };

/** A local date and hour (month 1-12), as a wall clock in the book's time zone reads it. */
export interface Civil {
  y: number;
  m: number;
  d: number;
  h: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const toDays = (c: { y: number; m: number; d: number }) => Math.floor(Date.UTC(c.y, c.m - 1, c.d) / DAY_MS);
function fromDays(days: number, h = 0): Civil {
  const t = new Date(days * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h };
}
const addDays = (c: Civil, n: number): Civil => fromDays(toDays(c) + n);
/** ISO weekday: 1 Monday ... 7 Sunday. */
const isoWeekday = (c: { y: number; m: number; d: number }) => ((((toDays(c) + 3) % 7) + 7) % 7) + 1;

/** The first day of the week that holds a date, for weeks starting on dayGap. */
export function weekStart(c: Civil, dayGap: number): Civil {
  return addDays(c, -((isoWeekday(c) - dayGap + 7) % 7));
}

/**
 * Week numbers generalise ISO 8601 to any week start: a week belongs to the year that
 * holds its fourth day, and week 1 is the first such week. With weeks starting on
 * Monday these are exactly the ISO weeks.
 */
function weekOf(start: Civil): { year: number; week: number } {
  const anchor = addDays(start, 3);
  const doy = toDays(anchor) - toDays({ y: anchor.y, m: 1, d: 1 });
  return { year: anchor.y, week: Math.floor(doy / 7) + 1 };
}
function firstWeekStart(year: number, dayGap: number): Civil {
  // Week 1 is the week holding the 4th of January: it starts between 29 December and
  // 4 January, so its fourth day is always in the year.
  const jan4 = { y: year, m: 1, d: 4, h: 0 };
  return weekStart(jan4, dayGap);
}

/** The start of the financial month (or quarter, or year) a date falls in: months begin on dateGap. */
function shiftedForMonth(c: Civil, dateGap: number): Civil {
  return addDays(c, -(dateGap - 1));
}

/** The id of the period of `key` that holds a local date and hour (WIRE.md A: 2026, 2026Q3, 202608, 2026W33, 20260815, 2026081514). */
export function periodId(key: TimeGroupKey, c: Civil, gaps: PeriodGaps = DEFAULT_GAPS): string {
  switch (key) {
    case 'TIME_HOUR':
      return `${pad(c.y, 4)}${pad(c.m)}${pad(c.d)}${pad(c.h)}`;
    case 'TIME_DAY':
      return `${pad(c.y, 4)}${pad(c.m)}${pad(c.d)}`;
    case 'TIME_WEEK': {
      const w = weekOf(weekStart(c, gaps.dayGap));
      return `${pad(w.year, 4)}W${pad(w.week)}`;
    }
    case 'TIME_MONTH': {
      const s = shiftedForMonth(c, gaps.dateGap);
      return `${pad(s.y, 4)}${pad(s.m)}`;
    }
    case 'TIME_QUARTER': {
      const s = shiftedForMonth(c, gaps.dateGap);
      return `${pad(s.y, 4)}Q${Math.ceil(s.m / 3)}`;
    }
    case 'TIME_YEAR':
      return pad(shiftedForMonth(c, gaps.dateGap).y, 4);
  }
}

const ID_PATTERNS: Record<TimeGroupKey, RegExp> = {
  TIME_YEAR: /^(\d{4})$/,
  TIME_QUARTER: /^(\d{4})Q([1-4])$/,
  TIME_MONTH: /^(\d{4})(0[1-9]|1[0-2])$/,
  TIME_WEEK: /^(\d{4})W(0[1-9]|[1-4]\d|5[0-3])$/,
  TIME_DAY: /^(\d{4})(\d{2})(\d{2})$/,
  TIME_HOUR: /^(\d{4})(\d{2})(\d{2})([01]\d|2[0-3])$/,
};
/**
 * Years a period may name: those of the time range a client may send, and one either side
 * (the range's first and last instants fall in those years in some time zones).
 */
export const PERIOD_YEAR_MIN = TIME_RANGE_YEARS.first - 1;
export const PERIOD_YEAR_MAX = TIME_RANGE_YEARS.last + 1;

const validDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/**
 * The local start of the period a time group id names, and the local start of the next
 * one; undefined for an id that names no period (a 13th month, a week 53 in a year of 52).
 */
export function periodBounds(key: TimeGroupKey, id: string, gaps: PeriodGaps = DEFAULT_GAPS): { start: Civil; end: Civil } | undefined {
  const m = ID_PATTERNS[key].exec(id);
  if (!m) return undefined;
  const y = Number(m[1]);
  if (y < PERIOD_YEAR_MIN || y > PERIOD_YEAR_MAX) return undefined;
  const n2 = Number(m[2]);
  const monthStart = (year: number, month: number): Civil => {
    const carry = Math.floor((month - 1) / 12);
    return { y: year + carry, m: ((month - 1) % 12) + 1, d: gaps.dateGap, h: 0 };
  };
  switch (key) {
    case 'TIME_YEAR':
      return { start: monthStart(y, 1), end: monthStart(y + 1, 1) };
    case 'TIME_QUARTER':
      return { start: monthStart(y, 3 * (n2 - 1) + 1), end: monthStart(y, 3 * n2 + 1) };
    case 'TIME_MONTH':
      return { start: monthStart(y, n2), end: monthStart(y, n2 + 1) };
    case 'TIME_WEEK': {
      const start = addDays(firstWeekStart(y, gaps.dayGap), 7 * (n2 - 1));
      if (weekOf(start).year !== y) return undefined;
      return { start, end: addDays(start, 7) };
    }
    case 'TIME_DAY': {
      const d = Number(m[3]);
      if (!validDate(y, n2, d)) return undefined;
      const start = { y, m: n2, d, h: 0 };
      return { start, end: addDays(start, 1) };
    }
    case 'TIME_HOUR': {
      const d = Number(m[3]);
      const h = Number(m[4]);
      if (!validDate(y, n2, d)) return undefined;
      return { start: { y, m: n2, d, h }, end: h === 23 ? addDays({ y, m: n2, d, h: 0 }, 1) : { y, m: n2, d, h: h + 1 } };
    }
  }
}

/** The ids of every period of `key` from the one holding `from` to the one holding `to`, in order; at most `max` (undefined beyond). */
export function periodsBetween(key: TimeGroupKey, from: Civil, to: Civil, gaps: PeriodGaps, max: number): string[] | undefined {
  const out: string[] = [];
  let id = periodId(key, from, gaps);
  const last = periodId(key, to, gaps);
  for (;;) {
    out.push(id);
    if (id >= last) return out;
    if (out.length >= max) return undefined;
    const b = periodBounds(key, id, gaps);
    if (!b) return out;
    id = periodId(key, b.end, gaps);
  }
}

/** A civil time as `YYYY-MM-DD HH:00:00`, the form PostgreSQL reads as a timestamp. */
export function civilToTimestamp(c: Civil): string {
  return `${pad(c.y, 4)}-${pad(c.m)}-${pad(c.d)} ${pad(c.h)}:00:00`;
}

/** A short, language-neutral label of a period: 2026, 2026-Q3, 2026-08, 2026-W33, 2026-08-15, 2026-08-15 14:00. */
export function periodLabel(key: TimeGroupKey, id: string): string {
  switch (key) {
    case 'TIME_YEAR':
      return id;
    case 'TIME_QUARTER':
      return `${id.slice(0, 4)}-${id.slice(4)}`;
    case 'TIME_MONTH':
      return `${id.slice(0, 4)}-${id.slice(4, 6)}`;
    case 'TIME_WEEK':
      return `${id.slice(0, 4)}-${id.slice(4)}`;
    case 'TIME_DAY':
      return `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}`;
    case 'TIME_HOUR':
      return `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)} ${id.slice(8, 10)}:00`;
  }
}

/** The group id of "none" (no category, member, merchant or project). */
export const NONE_GROUP_ID = '0';

type Text2 = { readonly 'zh-CN': string; readonly en: string };
/** What a dimension's groups are called, as headings (search tags) and for the "none" group (SPEC 5: 无成员, 无商家, 无项目). */
export const DIMENSION_NAMES: Readonly<Record<DimensionGroupKey, { heading: Text2; none: Text2 }>> = {
  CATEGORY_FIRST: { heading: { 'zh-CN': '一级分类', en: 'Category' }, none: { 'zh-CN': '无分类', en: 'No category' } },
  CATEGORY_SECOND: { heading: { 'zh-CN': '分类', en: 'Category' }, none: { 'zh-CN': '无分类', en: 'No category' } },
  ACCOUNT: { heading: { 'zh-CN': '账户', en: 'Account' }, none: { 'zh-CN': '无账户', en: 'No account' } },
  PROJECT: { heading: { 'zh-CN': '项目', en: 'Project' }, none: { 'zh-CN': '无项目', en: 'No project' } },
  MEMBER: { heading: { 'zh-CN': '成员', en: 'Member' }, none: { 'zh-CN': '无成员', en: 'No member' } },
  MERCHANT: { heading: { 'zh-CN': '商家', en: 'Merchant' }, none: { 'zh-CN': '无商家', en: 'No merchant' } },
  RECORDER: { heading: { 'zh-CN': '记账人', en: 'Recorder' }, none: { 'zh-CN': '无记账人', en: 'No recorder' } },
};
/** The dimensions search/tags offers, in the order they are listed. */
export const TAG_GROUP_KEYS = [
  'CATEGORY_SECOND',
  'ACCOUNT',
  'MEMBER',
  'MERCHANT',
  'PROJECT',
] as const satisfies readonly DimensionGroupKey[];
