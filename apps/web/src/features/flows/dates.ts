import { periodBounds, type Civil, type PeriodGaps } from '@cab/contracts/client';
import { i18n } from '../../i18n/index.ts';
import { addDays, UNIT_KEY, weekday, type PeriodUnit } from './time.ts';
import '../../i18n/flow.ts';

/**
 * Dates as the flow screens write them, in the user's language: "8 月 15 日 周六" and
 * "2026 年 8 月" in Chinese (docs/ui.md), "Sat, Aug 15" and "August 2026" in English.
 * Civil dates are formatted as UTC dates, so the phone's zone never shifts them.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${i18n.language}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}
const utc = (c: Civil) => Date.UTC(c.y, c.m - 1, c.d);
const zh = () => i18n.language !== 'en';

export function weekdayName(c: Civil): string {
  return zh() ? i18n.t(`flow.weekdays.d${weekday(c) as 0 | 1 | 2 | 3 | 4 | 5 | 6}`) : fmt({ weekday: 'short' }).format(utc(c));
}

/** A day: "8 月 15 日" / "Aug 15", with the year when it is not `thisYear`. */
export function dayName(c: Civil, thisYear: number): string {
  if (zh()) return c.y === thisYear ? i18n.t('flow.dayName', { m: c.m, d: c.d }) : i18n.t('flow.dayNameYear', { y: c.y, m: c.m, d: c.d });
  return fmt(c.y === thisYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' }).format(utc(c));
}

/** A day header's date: 今天 / 昨天, or the date, with the weekday. */
export function dayTitle(c: Civil, today: Civil): string {
  const name = dayName(c, today.y);
  const yesterday = addDays(today, -1);
  const same = (a: Civil, b: Civil) => a.y === b.y && a.m === b.m && a.d === b.d;
  const rel = same(c, today) ? i18n.t('flow.today') : same(c, yesterday) ? i18n.t('flow.yesterday') : weekdayName(c);
  return zh() ? `${name} ${rel}` : `${rel}, ${name}`;
}

/** A calendar month: "2026 年 8 月" / "August 2026". */
export function calendarMonth(y: number, m: number): string {
  return zh() ? i18n.t('flow.monthName', { y, m }) : fmt({ year: 'numeric', month: 'long' }).format(Date.UTC(y, m - 1, 1));
}

/** A period's name: the month or year it starts in (a book month is named after the month it starts in). */
export function periodName(unit: PeriodUnit, id: string): string {
  if (unit === 'year') return zh() ? i18n.t('flow.yearName', { y: Number(id) }) : id;
  return calendarMonth(Number(id.slice(0, 4)), Number(id.slice(4, 6)));
}

/**
 * The days a period covers when the book's month does not start on the 1st
 * ("8 月 5 日 - 9 月 4 日"); undefined when the name says it all.
 */
export function periodRange(unit: PeriodUnit, id: string, gaps: PeriodGaps): string | undefined {
  if (gaps.dateGap === 1) return undefined;
  const b = periodBounds(UNIT_KEY[unit], id, gaps);
  if (!b) return undefined;
  const last = addDays(b.end, -1);
  return `${dayName(b.start, unit === 'year' ? -1 : b.start.y)} - ${dayName(last, unit === 'year' ? -1 : b.start.y)}`;
}

/** The time of day, HH:mm. */
export const clock = (h: number, min: number): string => `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;

/** A bar's label: the day of the month, or the month ("8 月" / "Aug"). */
export function barTick(key: 'TIME_DAY' | 'TIME_MONTH', id: string): string {
  if (key === 'TIME_DAY') return String(Number(id.slice(6, 8)));
  const m = Number(id.slice(4, 6));
  return zh() ? i18n.t('flow.charts.monthTick', { m }) : fmt({ month: 'short' }).format(Date.UTC(2000, m - 1, 1));
}

/** A bar's name in words, for the chart's text alternative: "8 月 15 日" / "Aug 15", or the month. */
export function barName(key: 'TIME_DAY' | 'TIME_MONTH', id: string): string {
  if (key === 'TIME_DAY')
    return dayName({ y: Number(id.slice(0, 4)), m: Number(id.slice(4, 6)), d: Number(id.slice(6, 8)), h: 0 }, Number(id.slice(0, 4)));
  return calendarMonth(Number(id.slice(0, 4)), Number(id.slice(4, 6)));
}
