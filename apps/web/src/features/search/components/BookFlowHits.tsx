import type { Book, BookSearchResult } from '@cab/contracts/client';
import { SEARCH_ALL_YEARS } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { ZoneNote } from '../../../app/ZoneNote.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useSettingsStore } from '../../../stores/settings.ts';
import { useBooks } from '../../books/queries.ts';
import { metric, statisticsQueries } from '../../flows/api.ts';
import { FlowSkeleton } from '../../flows/components/FlowSkeleton.tsx';
import { TransactionRow } from '../../flows/components/TransactionRow.tsx';
import { FlowBookContext } from '../../flows/context.ts';
import { useOpenTransaction } from '../hooks.ts';
import { searchDetailPath } from '../query.ts';

/**
 * A keyword over the flows of all my books (our own search/books): per book with
 * matches, how many and what they add up to, and the latest few. The book's part opens
 * its full results (search-flow-detail); a record opens in its book's form.
 */
export function BookFlowHits({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const found = useQuery({ ...statisticsQueries.acrossBooks(keyword), enabled: Boolean(keyword.trim()) });
  const books = useBooks();
  const byId = useMemo(() => new Map((books.data ?? []).map((b) => [b.id, b])), [books.data]);
  return (
    <section className="search-section" data-testid="search-flow-hits" aria-labelledby="search-flows-title">
      <div className="search-block-head">
        <h2 id="search-flows-title">{t('flowSearch.flows')}</h2>
      </div>
      {found.isPending ? (
        <div className="search-card">
          <FlowSkeleton rows={3} />
        </div>
      ) : found.isError ? (
        <LoadFailed onRetry={found.refetch} />
      ) : !found.data.length ? (
        <EmptyState kind="noResults" testId="search-no-flows" title={t('flowSearch.noMatch', { keyword: keyword.trim() })} />
      ) : (
        found.data.map((r) => <BookMatches key={r.book_id} result={r} book={byId.get(r.book_id)} keyword={keyword.trim()} />)
      )}
    </section>
  );
}

function BookMatches({ result: r, book, keyword }: { result: BookSearchResult; book: Book | undefined; keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const masked = useSettingsStore((s) => s.amountHidden);
  const open = useOpenTransaction();
  const context = useMemo(() => ({ timeZone: book?.time_zone, currency: book?.currency }), [book?.time_zone, book?.currency]);
  const all = () => navigate(searchDetailPath(r.book_id, { keyword, year: SEARCH_ALL_YEARS }));
  return (
    <div className="search-card search-book-flows" data-testid={`search-flows-${r.book_id}`}>
      <button type="button" className="search-book-flows-head" data-testid={`search-flows-open-${r.book_id}`} onClick={all}>
        <span className="search-book-flows-title">
          <span className="search-book-name">{r.book_name}</span>
          <span className="search-book-flows-all">{t('flowSearch.seeAll')}</span>
        </span>
        <span className="search-book-flows-totals">
          <span>{t('flowSearch.matches', { count: r.count })}</span>
          <span>
            {t('flowSearch.expense')} <span className={masked ? '' : 'out'}>{formatAmount(metric(r.metric_data, 'EXPENSE'), masked)}</span>
          </span>
          <span>
            {t('flowSearch.income')} <span className={masked ? '' : 'in'}>{formatAmount(metric(r.metric_data, 'INCOME'), masked)}</span>
          </span>
        </span>
      </button>
      <ZoneNote timeZone={book?.time_zone} testId={`search-zone-${r.book_id}`} />
      <FlowBookContext.Provider value={context}>
        {r.transactions.map((x) => (
          <TransactionRow key={x.id} transaction={x} masked={masked} showDate onOpen={() => open(r.book_id, x.id)} />
        ))}
      </FlowBookContext.Provider>
    </div>
  );
}
