import type { Metric, StatisticsQuery, TransactionsRequest } from '@cab/contracts/client';
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { statisticsQueries } from './api.ts';
import { dayTotals, groupByDay, monthsOf, type FlowRow, type MonthSection } from './grouping.ts';
import { UNIT_KEY, type BookCalendar, type PeriodUnit } from './time.ts';

export interface FlowSpec {
  query: StatisticsQuery;
  /** One period (a month or a year) of the book. */
  period?: { unit: PeriodUnit; id: string } | undefined;
  extend?: TransactionsRequest['extend'];
  pageSize?: number;
}

/** The flow request of a spec: the query, the period as its group filter. */
export function flowRequest(spec: FlowSpec): TransactionsRequest {
  return {
    query: spec.query,
    ...(spec.period ? { group_filter: { group_key: UNIT_KEY[spec.period.unit], group_id: spec.period.id } } : {}),
    ...(spec.extend ? { extend: spec.extend } : {}),
    ...(spec.pageSize ? { page: { page_size: spec.pageSize } } : {}),
  };
}

/**
 * The day totals of one book month under a query: a TIME_DAY rollup whose group filter
 * is the month, so its groups are the month's days and its totals the month's. The
 * flow's own period (a month or a year) always holds the month, so it needs no filter.
 */
export function monthTotalsRequest(query: StatisticsQuery, month: string) {
  return { group: { group_by: 'TIME_DAY' as const }, query, group_filter: { group_key: 'TIME_MONTH' as const, group_id: month } };
}

export interface MonthTotals {
  days: Map<string, Metric[]>;
  month: Metric[] | undefined;
  pending: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * A flow a page at a time (keyset), grouped by the book's months and days, with each
 * loaded month's day and month totals from the server: a day that spans two pages
 * still shows its whole total.
 */
export function useFlow(bookId: string, cal: BookCalendar, spec: FlowSpec) {
  const flow = useInfiniteQuery({ ...statisticsQueries.flow(bookId, flowRequest(spec)), enabled: Boolean(bookId) });
  const rows = useMemo<FlowRow[]>(() => flow.data?.pages.flatMap((p) => p.data) ?? [], [flow.data]);
  const { timeZone } = cal;
  const { dateGap, dayGap } = cal.gaps;
  const sections: Array<MonthSection<FlowRow>> = useMemo(
    () => groupByDay(rows, timeZone, { dateGap, dayGap }),
    [rows, timeZone, dateGap, dayGap],
  );
  const months = useMemo(() => monthsOf(sections), [sections]);
  const totals = useQueries({
    queries: months.map((m) => statisticsQueries.rollup(bookId, monthTotalsRequest(spec.query, m))),
  });
  const byMonth = new Map<string, MonthTotals>(
    months.map((m, i) => {
      const q = totals[i];
      return [
        m,
        {
          days: dayTotals(q?.data?.data),
          month: q?.data?.metric_data,
          pending: !q || q.isPending,
          failed: Boolean(q?.isError),
          retry: () => void q?.refetch(),
        },
      ];
    }),
  );
  return { flow, rows, sections, totals: byMonth };
}
