import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { accountingQueries, flatAccounts, useAccounts } from '../../features/accounting/queries.ts';
import { refetchStatistics } from '../../features/flows/api.ts';
import { BookState } from '../../features/flows/components/BookState.tsx';
import { FlowEntries } from '../../features/flows/components/FlowEntries.tsx';
import { FlowList } from '../../features/flows/components/FlowList.tsx';
import { FlowBookContext } from '../../features/flows/context.ts';
import { FlowSkeleton } from '../../features/flows/components/FlowSkeleton.tsx';
import { FlowGlyph } from '../../features/flows/components/glyphs.tsx';
import { MaskToggle } from '../../features/flows/components/MaskToggle.tsx';
import { PullRefresh } from '../../features/flows/components/PullRefresh.tsx';
import { TypeChips } from '../../features/flows/components/TypeChips.tsx';
import { chipsOf, parseChip, useExclusiveView, type ChipType, type ExclusiveView } from '../../features/flows/exclusive.ts';
import { chipMetrics, flowIndexSpec, pruneView, viewNamesItems } from '../../features/flows/flow-index.ts';
import { ExportButton } from '../../features/exports/ExportButton.tsx';
import { useFlowBookPage } from '../../features/flows/useFlowBook.ts';
import { RECORD_PATH, useOpenInBook } from '../../features/flows/useOpenInBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../../features/flows/flows.css';
import '../../i18n/flow.ts';

// Offline recording's parts (docs/offline.md) come after the page: rarely shown, and kept by the service worker for offline starts.
const OfflineBanner = lazy(() => import('../../features/offline/components/OfflineBanner.tsx').then((m) => ({ default: m.OfflineBanner })));
const WaitingList = lazy(() => import('../../features/flows/components/WaitingList.tsx').then((m) => ({ default: m.WaitingList })));

// The accounts sheet (a popup) loads when it is first opened.
const AccountsSheet = lazy(() => import('../../features/flows/components/AccountsSheet.tsx'));

/**
 * The user's view as the flow applies it: checked against the book's accounts and
 * members when it names some (lists loaded only then); undefined while that happens.
 */
function useAppliedView(bookId: string, view: ExclusiveView | undefined) {
  const named = viewNamesItems(view);
  const accounts = useAccounts(named ? bookId : '', 'Common');
  const members = useQuery({ ...accountingQueries.labels(bookId, 'members', 'Common'), enabled: named });
  return useMemo(() => {
    if (!view || !named) return { ready: true, failed: false, view };
    if (accounts.isError || members.isError) return { ready: false, failed: true, view: undefined };
    if (!accounts.data || !members.data) return { ready: false, failed: false, view: undefined };
    const ids = new Set(flatAccounts(accounts.data).map((a) => a.id));
    return { ready: true, failed: false, view: pruneView(view, ids, new Set(members.data.map((m) => m.id))) };
  }, [view, named, accounts.data, accounts.isError, members.data, members.isError]);
}

/** A book's flow by day, newest first, with the user's view and a type filter (SPEC 2: flow/index). */
function Flow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { bookId, book, calendar } = useFlowBookPage();
  const masked = useSettingsStore((s) => s.amountHidden);
  const openInBook = useOpenInBook(bookId);
  const { view: viewQuery, save } = useExclusiveView(bookId);
  const saved = viewQuery.data ?? undefined;
  const applied = useAppliedView(bookId, saved);
  // The chip is kept in the URL, so coming back from editing a record finds the same list.
  const [params, setParams] = useSearchParams();
  const chip = parseChip(params.get('type'));
  const setChip = (c: ChipType) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (c === 'all') next.delete('type');
        else next.set('type', c);
        return next;
      },
      { replace: true },
    );
  const [sheet, setSheet] = useState<'closed' | 'open' | 'shut'>('closed');
  const chips = chipsOf(applied.view);
  const activeChip = chips.includes(chip) ? chip : 'all';
  const spec = useMemo(() => flowIndexSpec(applied.view, activeChip), [applied.view, activeChip]);
  // From the flow, an export may take what the flow shows now: the chip within the user's view.
  const shownFilter = activeChip !== 'all' || Boolean(applied.view) ? { query: spec.query } : undefined;

  const bar = (
    <PageBar
      title={t('flow.title')}
      right={
        <>
          <ExportButton bookId={bookId} filter={applied.ready ? shownFilter : undefined} className="flow-icon-button" />
          <button
            type="button"
            className="flow-icon-button"
            aria-label={t('flow.search')}
            data-testid="flow-search"
            onClick={() => navigate(`/flow/pages/search-flow-guide?bookId=${encodeURIComponent(bookId)}`)}
            disabled={!bookId}
          >
            <Icon name="search" size={22} />
          </button>
          <MaskToggle />
        </>
      }
    />
  );
  if (!book.data)
    return (
      <div className="page" data-testid="page-flow">
        {bar}
        <Suspense fallback={null}>
          <OfflineBanner bookId={bookId} />
          <WaitingList bookId={bookId} masked={masked} />
        </Suspense>
        <BookState bookId={bookId} book={book} />
      </div>
    );
  const failed = viewQuery.isError || applied.failed;
  const retry = () => void (viewQuery.isError ? viewQuery.refetch() : qc.invalidateQueries({ queryKey: ['dimensions', bookId] }));
  const filtered = activeChip !== 'all' || Boolean(applied.view);
  const clearView = () => save.mutate(undefined, { onSuccess: () => showToast(t('flow.view.cleared')) });

  return (
    <div className="page flow-page" data-testid="page-flow">
      {bar}
      <Suspense fallback={null}>
        <OfflineBanner bookId={bookId} />
      </Suspense>
      <PullRefresh onRefresh={() => refetchStatistics(qc, bookId)}>
        <FlowEntries bookId={bookId} onAccounts={() => setSheet('open')} />
        {failed ? (
          <LoadFailed onRetry={retry} />
        ) : viewQuery.isPending || !applied.ready ? (
          <FlowSkeleton />
        ) : (
          <>
            <TypeChips value={activeChip} options={chips} onChange={setChip} />
            {applied.view && (
              <div className="notice-card flow-view-notice" data-testid="flow-view-applied">
                <FlowGlyph name="adjust" />
                <span className="flow-view-text">{t('flow.view.applied')}</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => navigate(`/flow/pages/edit-exclusive?bookId=${encodeURIComponent(bookId)}`)}
                >
                  {t('flow.view.edit')}
                </button>
                <button type="button" className="link-button" data-testid="flow-view-clear" onClick={clearView}>
                  {t('flow.view.clear')}
                </button>
              </div>
            )}
            <FlowBookContext.Provider value={{ timeZone: book.data.time_zone, currency: book.data.currency }}>
              <Suspense fallback={null}>
                <WaitingList bookId={bookId} masked={masked} />
              </Suspense>
            </FlowBookContext.Provider>
            <FlowList
              bookId={bookId}
              calendar={calendar}
              currency={book.data.currency}
              spec={spec}
              metrics={chipMetrics(activeChip)}
              masked={masked}
              monthHeaders
              empty={
                filtered ? (
                  <EmptyState kind="noResults" title={t('flow.noMatch')} description={t('flow.noMatchHint')} />
                ) : (
                  <EmptyState
                    kind="empty"
                    title={t('flow.empty')}
                    description={t('flow.emptyHint')}
                    action={
                      <Button color="primary" onClick={() => (openInBook ? openInBook(RECORD_PATH) : navigate(RECORD_PATH))}>
                        {t('flow.record')}
                      </Button>
                    }
                  />
                )
              }
            />
          </>
        )}
      </PullRefresh>
      {sheet !== 'closed' && (
        <Suspense fallback={null}>
          <AccountsSheet bookId={bookId} visible={sheet === 'open'} masked={masked} onClose={() => setSheet('shut')} />
        </Suspense>
      )}
    </div>
  );
}

export default function FlowPage() {
  return (
    <RequireLogin>
      <Flow />
    </RequireLogin>
  );
}
