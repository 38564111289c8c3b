import type { Civil, FlowTransaction, GroupItem, Metric, PeriodGaps, Transaction } from '@cab/contracts/client';
import { civilAt, dayId, monthId } from './time.ts';

export interface DaySection<T> {
  /** TIME_DAY id of the book's zone (20260815). */
  id: string;
  date: Civil;
  rows: T[];
}
export interface MonthSection<T> {
  /** TIME_MONTH id: the book's month, which starts on its month start (date_gap). */
  id: string;
  days: Array<DaySection<T>>;
}

/**
 * Rows (newest first, as the flow is sorted) grouped by the book's months and local
 * days, in the order they came. Only the grouping happens here: the totals of a day or
 * a month come from the server, because the loaded rows may hold only part of one.
 */
export function groupByDay<T extends Pick<Transaction, 'id' | 'transaction_time'>>(
  rows: readonly T[],
  timeZone: string,
  gaps: PeriodGaps,
): Array<MonthSection<T>> {
  const months: Array<MonthSection<T>> = [];
  const seen = new Set<string>();
  for (const row of rows) {
    // A row that a refetch moved onto another page would otherwise show twice.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const c = civilAt(timeZone, row.transaction_time);
    const m = monthId(c, gaps);
    const d = dayId(c);
    let month = months.at(-1);
    if (month?.id !== m) {
      month = { id: m, days: [] };
      months.push(month);
    }
    let day = month.days.at(-1);
    if (day?.id !== d) {
      day = { id: d, date: { y: c.y, m: c.m, d: c.d, h: 0 }, rows: [] };
      month.days.push(day);
    }
    day.rows.push(row);
  }
  return months;
}

/** The months the rows fall in, once each, in order. */
export const monthsOf = <T>(sections: Array<MonthSection<T>>): string[] => [...new Set(sections.map((s) => s.id))];

/** A TIME_DAY rollup's groups by day id. */
export function dayTotals(groups: GroupItem[] | undefined): Map<string, Metric[]> {
  return new Map((groups ?? []).map((g) => [g.group_info.group_id, g.metric_data]));
}

export type FlowRow = Transaction | FlowTransaction;
