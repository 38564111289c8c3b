import { Button } from 'antd-mobile';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Figure } from '../../app/Figure.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { usePreloadNext } from '../../app/preload.ts';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { isBookGone, useBook } from '../../features/books/queries.ts';
import { useRecordAccess } from '../../features/members/useMayRecord.ts';
import { i18n, useTranslation } from '../../i18n/index.ts';
import { prefetchRecording, useMonthSummary } from '../../features/accounting/queries.ts';
import { wallClock, zoneOr } from '../../lib/book-clock.ts';
import { formatAmount } from '../../lib/format.ts';
import { whenSettled } from '../../lib/idle.ts';
import { useBookStore } from '../../stores/book.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { useTransparentBar } from '../../host/useTransparentBar.ts';
import { AccountsSection } from './AccountsSection.tsx';
import '../../i18n/record.ts';

// The share view (a popup with its animation code) loads when it is first opened.
const SharePopup = lazy(() => import('./SharePopup.tsx'));
// Offline recording's state (docs/offline.md) comes after the page: rarely shown, kept by the service worker for offline starts.
const OfflineBanner = lazy(() => import('../../features/offline/components/OfflineBanner.tsx').then((m) => ({ default: m.OfflineBanner })));

const QUICK = [
  { key: 'flows', to: '/flow/index', icon: <Icon name="list" /> },
  { key: 'budget', to: '/budget/index', icon: <Icon name="pie" /> },
  { key: 'members', to: '/roleSetting/index', icon: <Icon name="team" /> },
  { key: 'settings', to: '/bookSetting/index', icon: <Icon name="gear" /> },
] as const;

/** "November" in English, "11 月" in Chinese: the book's month (yyyymm) once known, else the calendar month on the book's clock. */
function monthName(month: string | undefined, now: number, timeZone: string | undefined): string {
  const m = month ? Number(month.slice(4, 6)) : wallClock(zoneOr(timeZone), now).m;
  return i18n.language === 'en'
    ? new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m - 1, 1)))
    : i18n.t('dashboard.monthNumber', { m });
}

/**
 * The book home. Query parameters (SPEC 2): TradingEntity, bookName, memberCount,
 * fromMyBook (back returns to my books); without TradingEntity the current book is
 * shown. userNumber, Authorization and collect belong to the host-app share view.
 */
function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = useBookStore((s) => s.bookId);
  const bookId = params.get('TradingEntity') || current;
  const book = useBook(bookId);
  const masked = useSettingsStore((s) => s.amountHidden);
  // A role that may only view is not offered 记一笔 (SPEC 6), and is told why.
  const recordAccess = useRecordAccess(bookId, false);
  const qc = useQueryClient();
  const [now] = useState(() => Date.now());
  // The book's current month, as its time zone and month start make it (the server decides).
  const month = useMonthSummary(bookId);
  // The next tap is likely 记一笔 or 流水: once the dashboard is drawn and the user starts doing something
  // (or a quiet while later), the accounting and flow pages' code and first data are fetched (SPEC 2: dashboard preloads accounting and flow).
  const drawn = Boolean(book.data);
  const preloadNext = usePreloadNext();
  useTransparentBar();
  useEffect(() => {
    if (!drawn) return;
    whenSettled(() => {
      preloadNext();
      if (bookId === current) prefetchRecording(qc, bookId);
      void import('../../features/flows/prefetch.ts').then((m) => m.prefetchFlow(qc, bookId)).catch(() => undefined);
    });
  }, [drawn, bookId, current, qc, preloadNext]);
  const [sharing, setSharing] = useState(false);
  const [shareOpened, setShareOpened] = useState(false);
  const title = book.data?.name ?? params.get('bookName') ?? t('dashboard.title');
  const back = params.get('fromMyBook') === '1' ? () => navigate('/pages/book/index', { replace: true }) : undefined;

  if (!bookId || (book.isError && isBookGone(book.error))) {
    return (
      <div className="page" data-testid="page-dashboard">
        <PageBar title={t('dashboard.title')} onBack={back} />
        {bookId ? (
          <BookGone bookId={bookId} />
        ) : (
          <EmptyState
            kind="empty"
            full
            title={t('dashboard.noBook')}
            action={
              <Button color="primary" onClick={() => navigate('/pages/book/index')}>
                {t('dashboard.pick')}
              </Button>
            }
          />
        )}
      </div>
    );
  }
  if (book.isError) {
    return (
      <div className="page" data-testid="page-dashboard">
        <PageBar title={title} onBack={back} />
        <LoadFailed full onRetry={book.refetch} />
      </div>
    );
  }
  const totals = month.data;
  const shareLink = `${window.location.origin}/#/dashboard/index?TradingEntity=${bookId}&bookName=${encodeURIComponent(title)}&memberCount=${book.data?.member_count ?? params.get('memberCount') ?? ''}`;
  return (
    <div className="page" data-testid="page-dashboard">
      <PageBar
        title={<span data-testid="dashboard-title">{title}</span>}
        onBack={back}
        right={
          <span className="dash-bar-actions">
            <a
              className="dash-search"
              role="button"
              aria-label={t('dashboard.search')}
              data-testid="dashboard-search"
              onClick={() => navigate(`/search/pages/book-search?bookId=${bookId}`)}
            >
              <Icon name="search" />
            </a>
            <a
              className="link"
              data-testid="dashboard-share"
              role="button"
              onClick={() => {
                setShareOpened(true);
                setSharing(true);
              }}
            >
              {t('dashboard.share')}
            </a>
          </span>
        }
      />
      <Suspense fallback={null}>
        <OfflineBanner bookId={bookId} />
      </Suspense>
      <div className="dash-header">
        <div style={{ fontSize: 13 }}>
          <span data-testid="dashboard-month">{monthName(month.data?.month, now, book.data?.time_zone)}</span> ·{' '}
          {book.data ? (
            t('books.members', { count: book.data.member_count })
          ) : (
            <span className="inline-skeleton" style={{ width: '4em' }} />
          )}
        </div>
        <div className="stat-grid" data-testid="dashboard-totals">
          {(['income', 'expense', 'balance'] as const).map((k) => (
            <div key={k}>
              <div style={{ fontSize: 13 }}>{t(`dashboard.${k}`)}</div>
              <div className="stat-value" data-testid={`dashboard-${k}`}>
                {totals ? (
                  <Figure text={formatAmount(totals[k], masked)} />
                ) : month.isError ? (
                  '--'
                ) : (
                  <span className="inline-skeleton stat-skeleton" />
                )}
              </div>
            </div>
          ))}
        </div>
        {recordAccess === 'refused' ? (
          <div className="dash-read-only" role="status" data-testid="dashboard-read-only">
            <Icon name="eye" /> {t('record.recordReadOnly')}
          </div>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            className="dash-record"
            data-testid="dashboard-record"
            // The form records into this dashboard's book, which may not be the current one.
            onClick={() => navigate(`/subPackages/accounting/index?bookId=${encodeURIComponent(bookId)}`)}
          >
            <Icon name="add" /> {t('dashboard.record')}
          </Button>
        )}
      </div>
      <div className="section quick-grid">
        {QUICK.map((q) => (
          <div
            key={q.key}
            role="button"
            data-testid={`dashboard-${q.key}`}
            onClick={() => navigate(q.key === 'settings' || q.key === 'flows' ? `${q.to}?bookId=${bookId}` : q.to)}
          >
            <div className="quick-icon" aria-hidden="true">
              {q.icon}
            </div>
            <div className="quick-label">{t(`dashboard.${q.key}`)}</div>
          </div>
        ))}
      </div>
      {month.isError ? (
        <div className="section">
          <LoadFailed onRetry={month.refetch} />
        </div>
      ) : (
        // One line of the same height while loading, with the count, or with nothing recorded:
        // the accounts below do not move when the month arrives (docs/performance.md, layout shifts).
        <div
          className={totals && !totals.count ? 'section padded dash-month dash-month-empty' : 'section padded muted dash-month'}
          data-testid={totals ? (totals.count ? 'dashboard-count' : 'dashboard-no-records') : 'dashboard-count-loading'}
        >
          {!totals ? (
            <span className="inline-skeleton" style={{ width: '9em' }} />
          ) : totals.count ? (
            t('dashboard.count', { count: totals.count })
          ) : (
            <>
              <Icon name="list" />
              <span className="dash-month-text">
                <strong>{t('dashboard.noRecords')}</strong> {t('dashboard.noRecordsHint')}
              </span>
            </>
          )}
          {/* History kept in other apps comes in by import: only a link, its code loads with its pages. */}
          {totals && recordAccess === 'allowed' && (
            <a
              className="link dash-import"
              role="button"
              data-testid="dashboard-import"
              onClick={() => navigate(`/import/index?bookId=${encodeURIComponent(bookId)}`)}
            >
              {t('common.importBills')}
            </a>
          )}
        </div>
      )}
      <AccountsSection bookId={bookId} masked={masked} />
      {shareOpened && (
        <Suspense fallback={null}>
          <SharePopup
            visible={sharing}
            onClose={() => setSharing(false)}
            image={book.data?.images_url[0]?.file_url}
            link={shareLink}
            bookName={title}
          />
        </Suspense>
      )}
    </div>
  );
}

export default function DashboardPage() {
  return (
    <RequireLogin>
      <Dashboard />
    </RequireLogin>
  );
}
