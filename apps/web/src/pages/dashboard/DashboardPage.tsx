import { DEFAULT_SHARE_IMAGE } from '@cab/contracts';
import { Button, ErrorBlock, Image, Popup, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBar } from '../../app/PageBar.tsx';
import { useBook } from '../../features/books/queries.ts';
import { formatAmount } from '../../lib/format.ts';
import { useBookStore } from '../../stores/book.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { LoadFailed } from '../../app/LoadFailed.tsx';

const QUICK = [
  { key: 'flows', to: '/flow/index', icon: '🧾' },
  { key: 'budget', to: '/budget/index', icon: '🎯' },
  { key: 'members', to: '/roleSetting/index', icon: '👥' },
  { key: 'settings', to: '/bookSetting/index', icon: '⚙️' },
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
        right={<a data-testid="dashboard-share" onClick={() => setSharing(true)}>{t('dashboard.share')}</a>} />
      {book.isError && <LoadFailed onRetry={book.refetch} />}
      <div className="dash-header">
        <div style={{ fontSize: 13 }}>{t('dashboard.month', { m: month })} · {book.data ? t('books.members', { n: book.data.member_count }) : <Skeleton.Title animated />}</div>
        <div className="stat-grid" data-testid="dashboard-totals">
          {(['income', 'expense', 'balance'] as const).map((k) => (
            <div key={k}><div style={{ fontSize: 13 }}>{t(`dashboard.${k}`)}</div><div className="stat-value">{formatAmount(totals[k], masked)}</div></div>
          ))}
        </div>
      </div>
      <div className="section quick-grid">
        {QUICK.map((q) => (
          <div key={q.key} data-testid={`dashboard-${q.key}`} onClick={() => navigate(q.key === 'settings' ? `${q.to}?bookId=${bookId}` : q.to)}>
            <div style={{ fontSize: 24 }}>{q.icon}</div><div className="muted">{t(`dashboard.${q.key}`)}</div>
          </div>
        ))}
      </div>
      <div className="section"><ErrorBlock status="empty" title={t('dashboard.noRecords')} description="" /></div>
      <div className="fab"><Button color="primary" shape="rounded" size="large" data-testid="dashboard-record" onClick={() => navigate('/subPackages/accounting/index')}>＋ {t('dashboard.record')}</Button></div>
      <Popup visible={sharing} onMaskClick={() => setSharing(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}>
        <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('dashboard.shareTitle')}</div>
        <Image src={book.data?.images_url[0]?.file_url ?? DEFAULT_SHARE_IMAGE} style={{ borderRadius: 8 }} />
        <p className="muted">{t('dashboard.shareHint')}</p>
        <Button block color="primary" onClick={() => void navigator.clipboard?.writeText(shareLink).then(() => Toast.show({ content: '✓' }), () => Toast.show({ content: shareLink }))}>
          {t('dashboard.share')}
        </Button>
      </Popup>
    </div>
  );
}
