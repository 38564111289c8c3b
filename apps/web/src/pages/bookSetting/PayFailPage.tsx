import { Button } from 'antd-mobile';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { CommerceGlyph } from '../../features/commerce/components/glyphs.tsx';
import { flowOf } from '../../features/commerce/flow.ts';
import { failReasonOf } from '../../features/commerce/processing.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const ORDER_NO = /^[RP][0-9]{8,30}$/;

/**
 * A payment that did not go through (SPEC 2, bookSetting/pages/payfail?order_no=&reason=):
 * why (failed at the provider, cancelled by the payer, SPEC 8's 'payment service error',
 * or a purchase left undone), a retry that starts the same recharge or purchase again,
 * and the trade records.
 */
function PayFail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const known = ORDER_NO.test(orderNo);
  const reason = failReasonOf(params.get('reason'));
  const flow = flowOf(known ? orderNo : '');
  return (
    <div className="page" data-testid="page-payfail">
      <PageBar title={t('commerce.processing.title')} onBack={() => navigate(flow.from, { replace: true })} />
      <div className="section">
        <div className="pay-result" data-testid="payfail-reason" data-reason={reason}>
          <CommerceGlyph name="fail" size={56} className="pay-result-icon bad" />
          <h2 className="pay-result-title" data-testid="payfail-title">
            {t(`commerce.fail.title.${reason}`)}
          </h2>
          <p className="pay-result-body">{t(`commerce.fail.body.${reason}`)}</p>
          {known && (
            <p className="muted" data-testid="payfail-order">
              {t('commerce.fail.orderNo', { no: orderNo })}
            </p>
          )}
        </div>
      </div>
      <div className="pay-actions">
        <Button block color="primary" data-testid="payfail-retry" onClick={() => navigate(flow.retry, { replace: true })}>
          {t('commerce.fail.retry')}
        </Button>
        <Button block data-testid="payfail-records" onClick={() => navigate('/trade/pages/record')}>
          {t('commerce.fail.records')}
        </Button>
      </div>
    </div>
  );
}

export default function PayFailPage() {
  return (
    <RequireLogin>
      <PayFail />
    </RequireLogin>
  );
}
