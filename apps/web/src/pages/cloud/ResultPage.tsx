import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { Spinner } from '../../app/Spinner.tsx';
import { accountingQueries } from '../../features/accounting/queries.ts';
import { useBook } from '../../features/books/queries.ts';
import { cloudQueries } from '../../features/cloud/api.ts';
import { CloudGlyph } from '../../features/cloud/components/glyphs.tsx';
import { spacePaths } from '../../features/cloud/paths.ts';
import { lastDay, size } from '../../features/cloud/format.ts';
import { commerceQueries } from '../../features/commerce/api.ts';
import { PayRow } from '../../features/commerce/components/PayRow.tsx';
import { shells } from '../../features/commerce/format.ts';
import { useTranslation } from '../../i18n/index.ts';
import { zoneOr } from '../../lib/book-clock.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/cloud/cloud.css';
import '../../features/commerce/commerce.css';
import '../../i18n/cloud.ts';
import '../../i18n/commerce.ts';

const PURCHASE_NO = /^P[0-9]{8,30}$/;
/** How often an order still waiting for its payment is asked again. */
const POLL_MS = 1500;

/**
 * After buying space (SPEC 2, cloud/pages/result?order_no=P...&bookId=): the purchasing
 * order as commerce answers it. Paid: the space bought, the book's total now and when the
 * new space ends; still waiting for its payment: the processing state, asked again every
 * moment; cancelled: nothing was charged, with the way to buy again.
 */
function CloudResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = PURCHASE_NO.test(orderNo);
  const purchase = useQuery({
    ...commerceQueries.purchase(orderNo),
    enabled: valid,
    refetchInterval: (q) => (q.state.data?.status === 'awaiting_recharge' ? POLL_MS : false),
  });
  const order = purchase.data;
  const bookId = params.get('bookId') || order?.book_id || '';
  const paid = order?.status === 'paid';
  const book = useBook(paid ? bookId : '');
  const capacity = useQuery({ ...accountingQueries.capacity(bookId), enabled: paid && Boolean(bookId) });
  const grants = useQuery({ ...cloudQueries.inEffect(bookId), enabled: paid && Boolean(bookId) });
  const paths = spacePaths(bookId);
  const toOrder = () => navigate(`/trade/pages/result?order_no=${orderNo}`);

  const missing = !valid || (purchase.error instanceof ApiError && (purchase.error.status === 404 || purchase.error.status === 400));
  const body = () => {
    if (missing)
      return (
        <EmptyState
          kind="notFound"
          full
          testId="cloud-result-missing"
          title={t('cloud.result.missing')}
          description={t('cloud.result.missingHint')}
          action={
            <Button color="primary" onClick={() => navigate('/trade/pages/record', { replace: true })}>
              {t('commerce.processing.toRecords')}
            </Button>
          }
        />
      );
    if (purchase.isError) return <LoadFailed full onRetry={purchase.refetch} />;
    if (!order)
      return (
        <div className="section padded" data-testid="cloud-result-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    if (order.status === 'awaiting_recharge')
      return (
        <>
          <div className="section">
            <div className="pay-result" data-testid="cloud-result-waiting" role="status" aria-live="polite">
              <Spinner label={t('cloud.result.waiting')} />
              <h2 className="pay-result-title">{t('cloud.result.waiting')}</h2>
              <p className="pay-result-body">{t('cloud.result.waitingBody')}</p>
            </div>
          </div>
          <div className="pay-actions">
            <Button block data-testid="cloud-result-order" onClick={toOrder}>
              {t('cloud.result.order')}
            </Button>
          </div>
        </>
      );
    if (order.status !== 'paid') {
      const refunded = order.status === 'refunded';
      return (
        <>
          <div className="section">
            <div className="pay-result" data-testid="cloud-result-failed" data-status={order.status}>
              <CloudGlyph name="fail" size={56} className="pay-result-icon bad" />
              <h2 className="pay-result-title" data-testid="cloud-result-title">
                {refunded ? t('cloud.result.refunded') : t('cloud.result.failed')}
              </h2>
              <p className="pay-result-body">{refunded ? t('cloud.result.refundedBody') : t('cloud.result.failedBody')}</p>
            </div>
          </div>
          <div className="pay-actions">
            <Button
              block
              color="primary"
              data-testid="cloud-result-retry"
              onClick={() => navigate(order.combo_id ? paths.retry(order.combo_id) : paths.index, { replace: true })}
            >
              {t('cloud.result.retry')}
            </Button>
            <Button block data-testid="cloud-result-order" onClick={toOrder}>
              {t('cloud.result.order')}
            </Button>
          </div>
        </>
      );
    }
    const grant = grants.data?.find((g) => g.order_no === order.order_no);
    const zone = zoneOr(book.data?.time_zone);
    return (
      <>
        <div className="section">
          <div className="pay-result">
            <CloudGlyph name="success" size={56} className="pay-result-icon ok" />
            <h2 className="pay-result-title" data-testid="cloud-result-title">
              {t('cloud.result.paid')}
            </h2>
            <p className="pay-result-body" data-testid="cloud-result-item">
              {t('cloud.result.paidBody', { name: grant?.name ?? order.title })}
            </p>
          </div>
          <div className="pay-rows">
            <PayRow
              label={t('cloud.result.total')}
              value={capacity.data ? size(capacity.data.total) : capacity.isError ? '-' : '…'}
              testId="cloud-result-total"
            />
            {grant && <PayRow label={t('cloud.result.until')} value={lastDay(grant.ends_at, zone)} testId="cloud-result-until" />}
            <PayRow label={t('commerce.result.price')} value={shells(order.price)} testId="cloud-result-price" />
          </div>
        </div>
        <div className="pay-actions">
          <Button block color="primary" data-testid="cloud-result-done" onClick={() => navigate(paths.index, { replace: true })}>
            {t('cloud.result.toSpace')}
          </Button>
          <Button block data-testid="cloud-result-order" onClick={toOrder}>
            {t('cloud.result.order')}
          </Button>
        </div>
      </>
    );
  };

  return (
    <div className="page" data-testid="page-cloud-result">
      {/* Back goes to the space, not to the cashier or the processing page behind this one. */}
      <PageBar title={t('cloud.result.title')} onBack={() => navigate(bookId ? paths.index : '/cloud/index', { replace: true })} />
      {body()}
    </div>
  );
}

export default function CloudResultPage() {
  return (
    <RequireLogin>
      <CloudResult />
    </RequireLogin>
  );
}
