import type { Book, FlowTransaction } from '@cab/contracts/client';
import { DIMENSION_NAMES } from '@cab/contracts/client';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { ZoneNote } from '../../../app/ZoneNote.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import { statisticsQueries } from '../../flows/api.ts';
import { FlowSkeleton } from '../../flows/components/FlowSkeleton.tsx';
import { MoreRows } from '../../flows/components/MoreRows.tsx';
import { TransactionRow } from '../../flows/components/TransactionRow.tsx';
import { FlowBookContext } from '../../flows/context.ts';
import { useOpenTransaction } from '../hooks.ts';
import { flowBody, summaryBody, type BookSearch } from '../query.ts';
import { SummaryCard } from './SummaryCard.tsx';
import { retryYears, YearChips } from './YearChips.tsx';

/**
 * A search's results in one book: the year chips, what the matches add up to, and the
 * matches newest first, a page at a time (keyset). Each row opens its record to edit;
 * the accounting calls refetch all of it when a record changes.
 */
export function SearchResults({
  bookId,
  book,
  search,
  onYear,
}: {
  bookId: string;
  book: Book | undefined;
  search: BookSearch;
  onYear: (year: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const masked = useSettingsStore((s) => s.amountHidden);
  const open = useOpenTransaction();
  const qc = useQueryClient();
  const summary = useQuery({ ...statisticsQueries.summary(bookId, summaryBody(search)), enabled: Boolean(bookId) });
  const flow = useInfiniteQuery({ ...statisticsQueries.flow(bookId, flowBody(search)), enabled: Boolean(bookId) });
  const rows = useMemo(() => {
    // A record that a refetch moved onto another page would otherwise show twice.
    const seen = new Set<string>();
    return (flow.data?.pages.flatMap((p) => p.data) ?? []).filter((r: FlowTransaction) => !seen.has(r.id) && seen.add(r.id));
  }, [flow.data]);
  const context = useMemo(() => ({ timeZone: book?.time_zone, currency: book?.currency }), [book?.time_zone, book?.currency]);
  const keyword = search.keyword.trim();
  const what = keyword || search.tag?.label || '';
  const failed = summary.isError || (flow.isError && !rows.length);

  return (
    <div className="search-results" data-testid="search-results">
      {search.tag && (
        <div className="search-criteria" data-testid="search-criteria">
          {t('flowSearch.tagIn', { group: DIMENSION_NAMES[search.tag.groupKey].heading[i18n.language], label: search.tag.label })}
        </div>
      )}
      <YearChips bookId={bookId} value={search.year} onChange={onYear} />
      {failed ? (
        // One failure state for the page, retrying whatever failed.
        <LoadFailed
          onRetry={() => {
            if (summary.isError) void summary.refetch();
            if (flow.isError) void flow.refetch();
            retryYears(qc, bookId);
          }}
        />
      ) : (
        <>
          <SummaryCard data={summary.data?.metric_data} masked={masked} />
          {flow.isPending ? (
            <FlowSkeleton />
          ) : !rows.length ? (
            <EmptyState
              kind="noResults"
              testId="search-no-results"
              title={what ? t('flowSearch.noMatch', { keyword: what }) : t('flowSearch.noMatchAll')}
              description={t('flowSearch.noMatchHint')}
            />
          ) : (
            <FlowBookContext.Provider value={context}>
              <ZoneNote timeZone={book?.time_zone} />
              <div className="search-rows" data-testid="search-rows">
                {rows.map((r) => (
                  <TransactionRow key={r.id} transaction={r} masked={masked} showDate onOpen={() => open(bookId, r.id)} />
                ))}
              </div>
              <MoreRows next={() => flow.fetchNextPage()} hasMore={flow.hasNextPage} testId="search-more" />
            </FlowBookContext.Provider>
          )}
        </>
      )}
    </div>
  );
}
