import { EXTEND_FACTORS, type Civil, type RecurrenceType, type SubjectBudgets } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { addDays, civilAt } from '../flows/time.ts';
import '../../i18n/budgets.ts';

/**
 * A budget period's name in the user's language, from its bounds in the book's time
 * zone: "2026年11月" / "November 2026", "2026年第47周" / "Week 47, 2026", "2026年第4季度"
 * / "Q4 2026", "2026年", a day, or 全部 / "All time". A week always shows its days, and
 * so does a month, quarter or year when the book's month does not start on the 1st.
 */
export type Period = SubjectBudgets['period'];

const zh = () => i18n.language !== 'en';
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}
const utc = (c: Civil) => Date.UTC(c.y, c.m - 1, c.d);

function dayOfYear(c: Civil): number {
  return Math.round((utc(c) - Date.UTC(c.y, 0, 1)) / 86_400_000) + 1;
}

/**
 * The week's number in its year, as ISO 8601 counts it for weeks starting on Monday and
 * in the same way for any first weekday: a week belongs to the year its fourth day is in.
 */
export function weekNumber(start: Civil): { y: number; w: number } {
  const fourth = addDays(start, 3);
  return { y: fourth.y, w: Math.floor((dayOfYear(fourth) - 1) / 7) + 1 };
}

function shortDate(c: Civil): string {
  return zh() ? i18n.t('budgets.period.date', { m: c.m, d: c.d }) : fmt({ month: 'short', day: 'numeric' }).format(utc(c));
}

export function periodName(p: Period, timeZone: string): string {
  if (p.recurrence_type === 'ALL') return i18n.t('budgets.period.all');
  const c = civilAt(timeZone, p.start_time);
  switch (p.recurrence_type) {
    case 'Day':
      return zh()
        ? i18n.t('budgets.period.day', { y: c.y, m: c.m, d: c.d })
        : i18n.t('budgets.period.day', { date: fmt({ year: 'numeric', month: 'short', day: 'numeric' }).format(utc(c)) });
    case 'Week':
      return i18n.t('budgets.period.week', weekNumber(c));
    case 'Month':
      return zh()
        ? i18n.t('budgets.period.month', { y: c.y, m: c.m })
        : i18n.t('budgets.period.month', { month: fmt({ year: 'numeric', month: 'long' }).format(utc(c)) });
    case 'Season':
      return i18n.t('budgets.period.season', { y: c.y, q: Math.floor((c.m - 1) / 3) + 1 });
    case 'Year':
      return i18n.t('budgets.period.year', { y: c.y });
  }
}

/** The days a period covers, where its name does not say them ("11月16日 - 11月22日"). */
export function periodRange(p: Period, timeZone: string, dateGap: number): string | undefined {
  if (p.recurrence_type === 'ALL' || p.recurrence_type === 'Day' || p.end_time === null) return undefined;
  if (p.recurrence_type !== 'Week' && dateGap === 1) return undefined;
  const from = civilAt(timeZone, p.start_time);
  // The last instant inside the period, whether the end is its last moment or the next one's start.
  const to = civilAt(timeZone, p.end_time - 1);
  return i18n.t('budgets.period.range', { from: shortDate(from), to: shortDate(to) });
}

/** An instant inside the period before, and after, the one shown (none for ALL). */
export function neighbours(p: Period): { prev?: number; next?: number } {
  if (p.recurrence_type === 'ALL') return {};
  return { prev: p.start_time - 1, ...(p.end_time === null ? {} : { next: p.end_time + 1 }) };
}

/** The longer recurrences a recurrence's budgets extend to, with how many times it fits each. */
export const extendTargets = (from: RecurrenceType): Array<{ to: RecurrenceType; factor: number }> =>
  Object.entries(EXTEND_FACTORS[from] ?? {}).map(([to, factor]) => ({ to: to as RecurrenceType, factor: factor ?? 1 }));
