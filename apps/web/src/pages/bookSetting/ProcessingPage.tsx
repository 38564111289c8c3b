import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { Spinner } from '../../app/Spinner.tsx';
import { commerceQueries, useCancelRecharge, walletChanged } from '../../features/commerce/api.ts';
import { CommerceGlyph } from '../../features/commerce/components/glyphs.tsx';
import { flowOf } from '../../features/commerce/flow.ts';
import { POLL_INTERVAL_MS, processingPhase, stillPolling, type Phase } from '../../features/commerce/processing.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const RECHARGE_NO = /^R[0-9]{8,30}$/;
const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** The payment's steps: paid at the cashier, the shells in the wallet, and (a purchase) the service opened. */
function Steps({ step, buying }: { step: 'pay' | 'open'; buying: boolean }) {
  const { t } = useTranslation();
  const steps = buying ? (['pay', 'credit', 'open'] as const) : (['pay', 'credit'] as const);
  const now = step === 'pay' ? 0 : 2;
  return (
    <ol className="pay-steps" data-testid="processing-steps">
      {steps.map((s, i) => (
        <li key={s} className={i < now ? 'done' : i === now ? 'now' : ''} aria-current={i === now ? 'step' : undefined}>
          {i < now && <CommerceGlyph name="success" />}
          {t(`commerce.processing.steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/**
 * Where the provider's cashier sends the payer back (SPEC 2, bookSetting/pages/processing
 * ?order_no=R...&result=success|fail|abandon): the recharge order is asked every second
 * until it leaves 'paying' (and, when it pays a purchase's shortfall, until the purchase
 * is paid), then the page goes on to paysuccess or payfail. A payer who abandoned the
 * cashier has the order cancelled. After a minute still open, it says it is still
 * confirming, with a refresh and the order.
 */
function Processing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = RECHARGE_NO.test(orderNo);
  const abandoned = params.get('result') === 'abandon';
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const cancel = useCancelRecharge();
  const cancelAsked = useRef(false);
  // The payer left the cashier: the open order is cancelled (a payment made meanwhile stays paid).
  useEffect(() => {
    if (!valid || !abandoned || cancelAsked.current) return;
    cancelAsked.current = true;
    cancel.mutate(orderNo);
  }, [valid, abandoned, orderNo, cancel]);
  const cancelling = abandoned && (cancel.isIdle || cancel.isPending);

  const [polling, setPolling] = useState(true);
  const recharge = useQuery({
    ...commerceQueries.recharge(orderNo),
    enabled: valid && !cancelling,
    refetchInterval: polling ? POLL_INTERVAL_MS : false,
  });
  const purchaseNo = recharge.data?.status === 'paid' ? recharge.data.purchase_order_no : null;
  const purchase = useQuery({
    ...commerceQueries.purchase(purchaseNo ?? ''),
    enabled: Boolean(purchaseNo),
    refetchInterval: polling ? POLL_INTERVAL_MS : false,
  });
  const phase: Phase = processingPhase({
    recharge: recharge.data,
    purchase: purchase.data,
    elapsedMs: now - startedAt,
    missing: !valid || (isMissing(recharge.error) && !recharge.data),
  });
  const waiting = stillPolling(phase);
  if (waiting !== polling) setPolling(waiting);

  // The clock of the time-out, while it waits.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // The end: on to the result page, in place of this one.
  const reason = phase.kind === 'failed' ? phase.reason : '';
  useEffect(() => {
    if (phase.kind === 'paid') {
      void walletChanged(qc);
      // A flow with a result page of its own (cloud space) ends there.
      navigate(flowOf(orderNo).result ?? `/bookSetting/pages/paysuccess?order_no=${orderNo}`, { replace: true });
    } else if (phase.kind === 'failed') {
      void walletChanged(qc);
      navigate(`/bookSetting/pages/payfail?order_no=${orderNo}&reason=${reason}`, { replace: true });
    }
  }, [phase.kind, reason, orderNo, navigate, qc]);

  const buying = Boolean(recharge.data?.purchase_order_no) || (valid && flowOf(orderNo).kind !== 'recharge');
  const refresh = () => {
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
    setPolling(true);
    void recharge.refetch();
  };

  const body = () => {
    if (phase.kind === 'missing')
      return (
        <EmptyState
          kind="notFound"
          full
          testId="processing-missing"
          title={t('commerce.processing.missing')}
          description={t('commerce.processing.missingHint')}
          action={
            <Button color="primary" onClick={() => navigate('/trade/pages/record', { replace: true })}>
              {t('commerce.processing.toRecords')}
            </Button>
          }
        />
      );
    if (phase.kind === 'timeout')
      return (
        <>
          <div className="pay-result" data-testid="processing-timeout" role="status">
            <CommerceGlyph name="clock" size={56} className="pay-result-icon" />
            <h2 className="pay-result-title">{t('commerce.processing.timeout')}</h2>
            <p className="pay-result-body">{t('commerce.processing.timeoutHint')}</p>
            <Steps step={phase.step} buying={buying} />
          </div>
          <div className="pay-actions">
            <Button block color="primary" data-testid="processing-refresh" onClick={refresh}>
              {t('commerce.processing.refresh')}
            </Button>
            <Button block data-testid="processing-see-order" onClick={() => navigate(`/trade/pages/result?order_no=${orderNo}`)}>
              {t('commerce.processing.seeOrder')}
            </Button>
          </div>
        </>
      );
    const step = phase.kind === 'waiting' ? phase.step : 'open';
    return (
      <div className="pay-result" data-testid="processing-waiting" role="status" aria-live="polite">
        <Spinner label={t('commerce.processing.waiting')} />
        <h2 className="pay-result-title">{t('commerce.processing.waiting')}</h2>
        <p className="pay-result-body">{t('commerce.processing.waitingHint')}</p>
        <Steps step={step} buying={buying} />
      </div>
    );
  };

  return (
    <div className="page" data-testid="page-processing">
      {/* Back leaves the payment for where it started, not for the provider's cashier behind this page. */}
      <PageBar
        title={t('commerce.processing.title')}
        onBack={() => navigate(valid ? flowOf(orderNo).from : '/pages/mine/index', { replace: true })}
      />
      {phase.kind === 'missing' ? body() : <div className="section">{body()}</div>}
    </div>
  );
}

export default function ProcessingPage() {
  return (
    <RequireLogin>
      <Processing />
    </RequireLogin>
  );
}
