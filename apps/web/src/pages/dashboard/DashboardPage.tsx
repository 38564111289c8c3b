import { Button, Skeleton } from 'antd-mobile';
import { AddOutline, PieOutline, SetOutline, TeamOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { ErrorBlock } from '../../app/ErrorBlock.tsx';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBar } from '../../app/PageBar.tsx';
import { useBook } from '../../features/books/queries.ts';
import { formatAmount } from '../../lib/format.ts';
import { useBookStore } from '../../stores/book.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { LoadFailed } from '../../app/LoadFailed.tsx';

// The share view (a popup with its animation code) loads when it is first opened.
const SharePopup = lazy(() => import('./SharePopup.tsx'));

const QUICK = [
  { key: 'flows', to: '/flow/index', icon: <UnorderedListOutline /> },
  { key: 'budget', to: '/budget/index', icon: <PieOutline /> },
  { key: 'members', to: '/roleSetting/index', icon: <TeamOutline /> },
  { key: 'settings', to: '/bookSetting/index', icon: <SetOutline /> },
] as const;

/**
 * The book home. Query parameters (SPEC 2): TradingEntity, bookName, memberCount,
 * fromMyBook (back returns to my books); without TradingEntity the current book is
 * shown. userNumber, Authorization and collect belong to the host-app share view.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = useBookStore((s) => s.bookId);
  const bookId = params.get('TradingEntity') || current;
  const book = useBook(bookId);
  const masked = useSettingsStore((s) => s.amountHidden);
  const [sharing, setSharing] = useState(false);
  const [shareOpened, setShareOpened] = useState(false);
  const share = () => {
    setShareOpened(true);
    setSharing(true);
  };
  const month = new Date().getMonth() + 1;
  const title = book.data?.name ?? params.get('bookName') ?? t('dashboard.title');

  if (!bookId) {
    return (
      <div className="page" data-testid="page-dashboard">
        <PageBar title={t('dashboard.title')} />
        <ErrorBlock status="empty" title={t('dashboard.noBook')} description={<Button size="small" color="primary" onClick={() => navigate('/pages/book/index')}>{t('dashboard.pick')}</Button>} />
      </div>
    );
  }
  // Transactions arrive with the accounting area; until then this month is truly empty.
  const totals = { income: '0', expense: '0', balance: '0' };
  const shareLink = `${window.location.origin}/#/dashboard/index?TradingEntity=${bookId}&bookName=${encodeURIComponent(title)}&memberCount=${book.data?.member_count ?? params.get('memberCount') ?? ''}`;
  return (
    <div className="page" data-testid="page-dashboard">
      <PageBar
        title={<span data-testid="dashboard-title">{title}</span>}
        onBack={params.get('fromMyBook') === '1' ? () => navigate('/pages/book/index', { replace: true }) : undefined}
        right={<a data-testid="dashboard-share" onClick={share}>{t('dashboard.share')}</a>} />
      {book.isError && <LoadFailed onRetry={book.refetch} />}
      <div className="dash-header">
        <div style={{ fontSize: 13 }}>{t('dashboard.month', { m: month })} · {book.data ? t('books.members', { count: book.data.member_count }) : <Skeleton.Title animated />}</div>
        <div className="stat-grid" data-testid="dashboard-totals">
          {(['income', 'expense', 'balance'] as const).map((k) => (
            <div key={k}><div style={{ fontSize: 13 }}>{t(`dashboard.${k}`)}</div><div className="stat-value">{formatAmount(totals[k], masked)}</div></div>
          ))}
        </div>
      </div>
      <div className="section quick-grid">
        {QUICK.map((q) => (
          <div key={q.key} data-testid={`dashboard-${q.key}`} onClick={() => navigate(q.key === 'settings' ? `${q.to}?bookId=${bookId}` : q.to)}>
            <div className="quick-icon">{q.icon}</div><div className="muted">{t(`dashboard.${q.key}`)}</div>
          </div>
        ))}
      </div>
      <div className="section"><ErrorBlock status="empty" title={t('dashboard.noRecords')} description="" /></div>
      <div className="fab"><Button color="primary" shape="rounded" size="large" data-testid="dashboard-record" onClick={() => navigate('/subPackages/accounting/index')}><AddOutline /> {t('dashboard.record')}</Button></div>
      {shareOpened && (
        <Suspense fallback={null}>
          <SharePopup visible={sharing} onClose={() => setSharing(false)} image={book.data?.images_url[0]?.file_url} link={shareLink} />
        </Suspense>
      )}
    </div>
  );
}
