import type { QueryClient } from '@tanstack/react-query';
import { bookQueries } from '../books/queries.ts';
import { useUserStore } from '../../stores/user.ts';
import { statisticsQueries } from './api.ts';
import { exclusiveQuery } from './exclusive.ts';
import { flowIndexSpec, viewNamesItems } from './flow-index.ts';
import { groupByDay, monthsOf } from './grouping.ts';
import { calendarOf } from './time.ts';
import { flowRequest, monthTotalsRequest } from './useFlow.ts';

/**
 * What the flow page asks for first, started while its code downloads (and by the
 * dashboard when idle): the book (its zone and month start), the user's view, the first
 * page of the flow, and the totals of the months that page holds.
 */
export function prefetchFlow(qc: QueryClient, bookId: string): void {
  const userId = useUserStore.getState().user?.userid;
  if (!userId || !bookId) return;
  // The book (its zone and month start) is needed only for the totals: the first page does not wait for it.
  const book = qc.fetchQuery(bookQueries.one(bookId));
  book.catch(() => undefined);
  qc.fetchQuery(exclusiveQuery(userId, bookId))
    .then(async (view) => {
      // A view naming accounts or members is checked against the book's lists by the page first.
      if (viewNamesItems(view ?? undefined)) return;
      const spec = flowIndexSpec(view ?? undefined, 'all');
      const flow = statisticsQueries.flow(bookId, flowRequest(spec));
      await qc.prefetchInfiniteQuery(flow);
      const rows = qc.getQueryData(flow.queryKey)?.pages.flatMap((p) => p.data) ?? [];
      const cal = calendarOf(await book);
      for (const m of monthsOf(groupByDay(rows, cal.timeZone, cal.gaps))) {
        void qc.prefetchQuery(statisticsQueries.rollup(bookId, monthTotalsRequest(spec.query, m)));
      }
    })
    .catch(() => undefined);
}
