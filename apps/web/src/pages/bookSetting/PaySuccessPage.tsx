import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { commerceQueries } from '../../features/commerce/api.ts';
import { PayRow } from '../../features/commerce/components/PayRow.tsx';
import { CommerceGlyph } from '../../features/commerce/components/glyphs.tsx';
import { flowOf } from '../../features/commerce/flow.ts';
import { shells } from '../../features/commerce/format.ts';
import { minorOf } from '../../features/commerce/money.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Navigate, useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { formatAmount } from '../../lib/format.ts';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const RECHARGE_NO = /^R[0-9]{8,30}$/;

/**
 * A payment that went through (SPEC 2, bookSetting/pages/paysuccess?order_no=R...): what
 * was recharged (with the first-recharge bonus) and what it bought, the balance after;
 * "done" goes back to where the payment started, and the trade records are a tap away.
 */
function PaySuccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = RECHARGE_NO.test(orderNo);
  const flow = flowOf(orderNo);
  const recharge = useQuery({ ...commerceQueries.recharge(orderNo), enabled: valid });
  const purchaseNo = recharge.data?.purchase_order_no ?? flow.purchase;
  const purchase = useQuery({ ...commerceQueries.purchase(purchaseNo ?? ''), enabled: Boolean(purchaseNo) });
  const wallet = useQuery(commerceQueries.wallet());

  if (!valid || (recharge.error instanceof ApiError && recharge.error.status === 404))
    return (
      <EmptyState
        kind="notFound"
        full
        testId="paysuccess-missing"
        title={t('commerce.processing.missing')}
        description={t('commerce.processing.missingHint')}
        action={
          <Button color="primary" onClick={() => navigate('/trade/pages/record', { replace: true })}>
            {t('commerce.processing.toRecords')}
          </Button>
        }
      />
    );
  // Opened before the payment settled (a link, the back button): the processing page waits for it.
  if (recharge.data && recharge.data.status !== 'paid')
    return <Navigate to={`/bookSetting/pages/processing?order_no=${orderNo}`} replace />;

  const body = () => {
    if (recharge.isError || purchase.isError) return <LoadFailed onRetry={() => Promise.all([recharge.refetch(), purchase.refetch()])} />;
    if (!recharge.data || (purchaseNo && !purchase.data))
      return (
        <div className="padded" data-testid="paysuccess-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    const r = recharge.data;
    const p = purchase.data;
    return (
      <>
        <div className="pay-result">
          <CommerceGlyph name="success" size={56} className="pay-result-icon ok" />
          <h2 className="pay-result-title" data-testid="paysuccess-title">
            {t('commerce.success.title')}
          </h2>
          <p className="pay-result-body" data-testid="paysuccess-item">
            {p?.status === 'paid'
              ? t('commerce.success.bought', { title: p.title })
              : t('commerce.success.recharged', { amount: formatAmount(r.amount) })}
          </p>
        </div>
        <div className="pay-rows">
          <PayRow label={t('commerce.result.amountCny')} value={t('commerce.yuan', { amount: formatAmount(r.amount_cny) })} />
          <PayRow
            label={t('commerce.result.kinds.recharge')}
            value={
              minorOf(r.bonus) > 0n
                ? `${shells(r.amount)} (${t('commerce.success.bonus', { amount: formatAmount(r.bonus) })})`
                : shells(r.amount)
            }
            testId="paysuccess-recharged"
          />
          {p && minorOf(p.coupon_reduction) > 0n && (
            <PayRow label={t('commerce.success.coupon')} value={`-${shells(p.coupon_reduction)}`} testId="paysuccess-coupon" />
          )}
          {p && <PayRow label={t('commerce.success.paid')} value={shells(p.price)} testId="paysuccess-paid" />}
          <PayRow
            label={t('commerce.success.balance')}
            value={wallet.data === undefined ? '…' : shells(wallet.data)}
            testId="paysuccess-balance"
          />
        </div>
      </>
    );
  };

  return (
    <div className="page" data-testid="page-paysuccess">
      <PageBar title={t('commerce.processing.title')} onBack={() => navigate(flow.from, { replace: true })} />
      <div className="section">{body()}</div>
      <div className="pay-actions">
        <Button block color="primary" data-testid="paysuccess-done" onClick={() => navigate(flow.from, { replace: true })}>
          {t('commerce.success.done')}
        </Button>
        <Button block data-testid="paysuccess-records" onClick={() => navigate('/trade/pages/record')}>
          {t('commerce.success.records')}
        </Button>
      </div>
    </div>
  );
}

export default function PaySuccessPage() {
  return (
    <RequireLogin>
      <PaySuccess />
    </RequireLogin>
  );
}
