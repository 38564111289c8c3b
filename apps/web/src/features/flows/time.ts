import { DEFAULT_GAPS, periodBounds, periodId, type Civil, type PeriodGaps, type TimeGroupKey } from '@cab/contracts/client';
import { deviceZone, wallClock } from '../../lib/book-clock.ts';

/**
 * Local dates and periods of a book. The server groups days and months in the book's
 * time zone (docs/statistics.md), so the web groups the rows it shows in that zone too:
 * a record at 23:30 in Shanghai belongs to that day whatever the phone's zone.
 */

/** A local date and time of the book's zone, to the minute. */
export interface CivilTime extends Civil {
  min: number;
}

/** The periods the flow screens switch between. */
export type PeriodUnit = 'month' | 'year';
export const UNIT_KEY: Record<PeriodUnit, Extract<TimeGroupKey, 'TIME_MONTH' | 'TIME_YEAR'>> = {
  month: 'TIME_MONTH',
  year: 'TIME_YEAR',
};

export interface BookCalendar {
  timeZone: string;
  gaps: PeriodGaps;
}
/** The calendar of a book as the server answers it (time_zone, date_gap, day_gap). */
export function calendarOf(book: { time_zone: string; date_gap: number; day_gap: number } | undefined): BookCalendar {
  if (!book) return { timeZone: deviceZone(), gaps: DEFAULT_GAPS };
  return { timeZone: book.time_zone, gaps: { dateGap: book.date_gap, dayGap: book.day_gap } };
}

/** The wall clock of a zone at an instant (one clock per book: lib/book-clock.ts). */
export const civilAt = (timeZone: string, ms: number): CivilTime => wallClock(timeZone, ms);

const DAY_MS = 86_400_000;
export function addDays(c: Civil, n: number): Civil {
  const t = new Date(Date.UTC(c.y, c.m - 1, c.d) + n * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: 0 };
}
/** 0 Sunday ... 6 Saturday, as Date.getDay. */
export const weekday = (c: Civil): number => new Date(Date.UTC(c.y, c.m - 1, c.d)).getUTCDay();

export const dayId = (c: Civil): string => periodId('TIME_DAY', c);
export const monthId = (c: Civil, gaps: PeriodGaps): string => periodId('TIME_MONTH', c, gaps);

/** The civil date a TIME_DAY id names (20260815). */
export function dayOf(id: string): Civil {
  return { y: Number(id.slice(0, 4)), m: Number(id.slice(4, 6)), d: Number(id.slice(6, 8)), h: 0 };
}

/** The period of a unit that holds the instant `now` in the book's zone. */
export function currentPeriod(unit: PeriodUnit, cal: BookCalendar, now: number): string {
  return periodId(UNIT_KEY[unit], civilAt(cal.timeZone, now), cal.gaps);
}

/** The period `delta` periods after (or before) `id`; undefined past the calendar's ends or for an id that names no period. */
export function shiftPeriod(unit: PeriodUnit, id: string, delta: number, gaps: PeriodGaps): string | undefined {
  const key = UNIT_KEY[unit];
  let cur = id;
  for (let i = 0; i < Math.abs(delta); i++) {
    const b = periodBounds(key, cur, gaps);
    if (!b) return undefined;
    cur = periodId(key, delta > 0 ? b.end : addDays(b.start, -1), gaps);
  }
  return periodBounds(key, cur, gaps) ? cur : undefined;
}

/** A period id of a unit from a URL parameter, or undefined when it names none. */
export function parsePeriod(unit: PeriodUnit, id: string | null, gaps: PeriodGaps): string | undefined {
  return id && periodBounds(UNIT_KEY[unit], id, gaps) ? id : undefined;
}

/** The first and last local day of a period (the end of periodBounds is the next period's start). */
export function periodDays(unit: PeriodUnit, id: string, gaps: PeriodGaps): { first: Civil; last: Civil } | undefined {
  const b = periodBounds(UNIT_KEY[unit], id, gaps);
  return b && { first: b.start, last: addDays(b.end, -1) };
}

/**
 * The period of another unit a switch lands on: the year a month is in, or, from a year,
 * the current month when it is in that year and the year's last month otherwise.
 */
export function switchUnit(to: PeriodUnit, from: PeriodUnit, id: string, currentMonth: string, gaps: PeriodGaps): string | undefined {
  if (to === from) return id;
  const b = periodBounds(UNIT_KEY[from], id, gaps);
  if (!b) return undefined;
  if (to === 'year') return periodId('TIME_YEAR', b.start, gaps);
  const last = periodId('TIME_MONTH', addDays(b.end, -1), gaps);
  return currentMonth >= periodId('TIME_MONTH', b.start, gaps) && currentMonth <= last ? currentMonth : last;
}
