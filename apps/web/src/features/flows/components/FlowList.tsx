import type { MetricKey } from '@cab/contracts/client';
import { useMemo, type ReactNode } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { ZoneNote } from '../../../app/ZoneNote.tsx';
import { FlowBookContext } from '../context.ts';
import { dayTitle, periodName, periodRange } from '../dates.ts';
import { civilAt, type BookCalendar } from '../time.ts';
import { useFlow, type FlowSpec } from '../useFlow.ts';
import { editPath, useOpenInBook } from '../useOpenInBook.ts';
import { MoreRows } from './MoreRows.tsx';
import { FlowSkeleton } from './FlowSkeleton.tsx';
import { Totals } from './Totals.tsx';
import { TransactionRow } from './TransactionRow.tsx';
import '../flows.css';
import '../../../i18n/flow.ts';

export interface FlowListProps {
  bookId: string;
  calendar: BookCalendar;
  /** The book's currency: amounts in another one name theirs. */
  currency?: string | undefined;
  /** The currency of the filtered account, when rows show its flow_amount. */
  flowCurrency?: string | undefined;
  spec: FlowSpec;
  /** The totals each day and month header shows (EXPENSE and INCOME; INFLOW and OUTFLOW for an account). */
  metrics: readonly MetricKey[];
  masked: boolean;
  /** Rows show what the filtered account moved (an account's flow). */
  flowAmount?: boolean;
  /** A header with the month's totals at the start of each month (off where the page shows one month). */
  monthHeaders?: boolean;
  /** What an empty flow shows (an EmptyState). */
  empty: ReactNode;
}

/**
 * A flow grouped by day, newest first: a header per day (date, weekday, the day's
 * totals) and, where asked, per month; more pages load as the list nears its end.
 * Totals come from the server for whole days and months, never from the loaded rows.
 */
export function FlowList({
  bookId,
  calendar,
  currency,
  flowCurrency,
  spec,
  metrics,
  masked,
  flowAmount,
  monthHeaders,
  empty,
}: FlowListProps) {
  const { flow, rows, sections, totals } = useFlow(bookId, calendar, spec);
  const openInBook = useOpenInBook(bookId);
  const today = civilAt(calendar.timeZone, Date.now());
  const book = useMemo(() => ({ timeZone: calendar.timeZone, currency, flowCurrency }), [calendar.timeZone, currency, flowCurrency]);

  if (flow.isPending) return <FlowSkeleton />;
  if (flow.isError && !rows.length) return <LoadFailed onRetry={flow.refetch} />;
  if (!rows.length) return empty;

  return (
    <FlowBookContext.Provider value={book}>
      <div className="flow-list" data-testid="flow-list">
        <ZoneNote timeZone={calendar.timeZone} />
        {sections.map((month, mi) => {
          const mt = totals.get(month.id);
          return (
            <section key={`${month.id}-${mi}`} className="flow-month" data-testid={`flow-month-${month.id}`}>
              {monthHeaders && (
                <h2 className="flow-month-header">
                  <span className="flow-month-name">
                    {periodName('month', month.id)}
                    <span className="flow-month-range">{periodRange('month', month.id, calendar.gaps)}</span>
                  </span>
                  <Totals
                    metrics={metrics}
                    data={mt?.month}
                    masked={masked}
                    pending={mt?.pending}
                    failed={mt?.failed}
                    onRetry={mt?.retry}
                  />
                </h2>
              )}
              {month.days.map((day) => (
                <div key={day.id} className="flow-day" data-testid={`flow-day-${day.id}`}>
                  <h3 className="flow-day-header">
                    <span className="flow-day-name">{dayTitle(day.date, today)}</span>
                    <Totals
                      hideZero
                      metrics={metrics}
                      data={mt?.days.get(day.id)}
                      masked={masked}
                      pending={mt?.pending}
                      failed={mt?.failed}
                      onRetry={mt?.retry}
                    />
                  </h3>
                  {day.rows.map((r) => (
                    <TransactionRow
                      key={r.id}
                      transaction={r}
                      masked={masked}
                      flowAmount={flowAmount}
                      onOpen={openInBook && (() => openInBook(editPath(r.id)))}
                    />
                  ))}
                </div>
              ))}
            </section>
          );
        })}
        <MoreRows next={() => flow.fetchNextPage()} hasMore={flow.hasNextPage} testId="flow-more" />
      </div>
    </FlowBookContext.Provider>
  );
}
