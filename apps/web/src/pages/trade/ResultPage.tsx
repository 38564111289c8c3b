import type { PurchaseOrder, RechargeOrder, ServiceOrder } from '@cab/contracts/client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { commerceQueries } from '../../features/commerce/api.ts';
import { PayRow } from '../../features/commerce/components/PayRow.tsx';
import { CommerceGlyph, type CommerceGlyphName } from '../../features/commerce/components/glyphs.tsx';
import { cashier, currentPath, rememberFlow } from '../../features/commerce/flow.ts';
import { formatDay, formatMoment, shells, yuan } from '../../features/commerce/format.ts';
import { minorOf } from '../../features/commerce/money.ts';
import { useTranslation, type TKey } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const ORDER_NO = /^[RPS][0-9]{8,30}$/;
const OPEN_RECHARGE = new Set(['created', 'paying']);

interface Shown {
  kind: 'recharge' | 'purchase' | 'service';
  title: string;
  status: TKey;
  tone: 'ok' | 'bad' | 'wait';
  rows: Array<{ label: string; value: string; testId?: string }>;
  /** An open payment's cashier, for "pay". */
  cashierUrl: string | null;
  /** The recharge order the cashier pays (a purchase pays through its shortfall's). */
  rechargeNo?: string;
  /** A service in arrears: what to top up. */
  unpaid?: string;
}

const TONE: Record<string, Shown['tone']> = {
  paid: 'ok',
  running: 'ok',
  failed: 'bad',
  cancelled: 'bad',
  refunded: 'bad',
  ended: 'bad',
};
const ICON: Record<Shown['tone'], CommerceGlyphName> = { ok: 'success', bad: 'fail', wait: 'clock' };

function showRecharge(r: RechargeOrder, t: (k: TKey, v?: Record<string, string>) => string): Shown {
  return {
    kind: 'recharge',
    title: t('commerce.result.kinds.recharge'),
    status: `commerce.status.recharge.${r.status}` as TKey,
    tone: TONE[r.status] ?? 'wait',
    rows: [
      { label: t('commerce.result.amount'), value: shells(r.amount), testId: 'result-amount' },
      ...(minorOf(r.bonus) > 0n ? [{ label: t('commerce.result.bonus'), value: shells(r.bonus) }] : []),
      { label: t('commerce.result.amountCny'), value: yuan(r.amount_cny) },
      { label: t('commerce.result.orderNo'), value: r.order_no },
      { label: t('commerce.result.createdAt'), value: formatMoment(r.created_at) },
      ...(r.settled_at ? [{ label: t('commerce.result.paidAt'), value: formatMoment(r.settled_at) }] : []),
      ...(r.late_refund ? [{ label: t('commerce.result.refund'), value: t(`commerce.result.lateRefund.${r.late_refund}`) }] : []),
    ],
    cashierUrl: OPEN_RECHARGE.has(r.status) ? r.cashier_url : null,
    rechargeNo: r.order_no,
  };
}

function showPurchase(p: PurchaseOrder, t: (k: TKey, v?: Record<string, string>) => string): Shown {
  const open = p.status === 'awaiting_recharge' && p.recharge && OPEN_RECHARGE.has(p.recharge.status);
  return {
    kind: 'purchase',
    title: p.title,
    status: `commerce.status.purchase.${p.status}` as TKey,
    tone: TONE[p.status] ?? 'wait',
    rows: [
      { label: t('commerce.result.sellPrice'), value: shells(p.sell_price) },
      ...(minorOf(p.coupon_reduction) > 0n ? [{ label: t('commerce.result.coupon'), value: `-${shells(p.coupon_reduction)}` }] : []),
      { label: t('commerce.result.price'), value: shells(p.price), testId: 'result-amount' },
      ...(p.recharge ? [{ label: t('commerce.result.recharge'), value: p.recharge.order_no }] : []),
      { label: t('commerce.result.orderNo'), value: p.order_no },
      { label: t('commerce.result.createdAt'), value: formatMoment(p.created_at) },
      ...(p.paid_at ? [{ label: t('commerce.result.paidAt'), value: formatMoment(p.paid_at) }] : []),
    ],
    cashierUrl: open ? (p.recharge?.cashier_url ?? null) : null,
    ...(p.recharge ? { rechargeNo: p.recharge.order_no } : {}),
  };
}

function showService(s: ServiceOrder, t: (k: TKey, v?: Record<string, string>) => string): Shown {
  const unpaid = minorOf(s.unpaid) > 0n;
  return {
    kind: 'service',
    title: s.title,
    status: `commerce.status.serviceOrder.${s.status}` as TKey,
    tone: unpaid ? 'bad' : (TONE[s.status] ?? 'wait'),
    rows: [
      { label: t('commerce.result.billing'), value: t(`commerce.billing.${s.billing_type}`) },
      { label: t('commerce.result.price_service'), value: shells(s.price), testId: 'result-amount' },
      { label: t('commerce.result.startedOn'), value: formatDay(Date.parse(`${s.started_on}T12:00:00Z`)) },
      ...(s.last_bill_day ? [{ label: t('commerce.result.lastBill'), value: formatDay(Date.parse(`${s.last_bill_day}T12:00:00Z`)) }] : []),
      ...(unpaid ? [{ label: t('commerce.result.unpaid'), value: shells(s.unpaid), testId: 'result-unpaid' }] : []),
      { label: t('commerce.result.orderNo'), value: s.order_no },
    ],
    cashierUrl: null,
    ...(unpaid ? { unpaid: s.unpaid } : {}),
  };
}

/**
 * One order (SPEC 2, trade/pages/result?order_no=): a top-up (R...), a purchase (P...) or
 * a running service (S...), its status in words and its figures; "confirm" closes it, and
 * an order still open for payment offers "pay" (its cashier), a service in arrears a top-up.
 */
function Result() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const prefix = orderNo[0];
  const recharge = useQuery({ ...commerceQueries.recharge(orderNo), enabled: valid && prefix === 'R' });
  const purchase = useQuery({ ...commerceQueries.purchase(orderNo), enabled: valid && prefix === 'P' });
  const service = useQuery({ ...commerceQueries.service(orderNo), enabled: valid && prefix === 'S' });
  const q: UseQueryResult<unknown> = prefix === 'R' ? recharge : prefix === 'P' ? purchase : service;
  const tt = (k: TKey, v?: Record<string, string>) => t(k, v);
  const shown = recharge.data
    ? showRecharge(recharge.data, tt)
    : purchase.data
      ? showPurchase(purchase.data, tt)
      : service.data
        ? showService(service.data, tt)
        : undefined;
  const missing = !valid || (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400));

  const pay = (s: Shown) => {
    if (!s.cashierUrl || !s.rechargeNo) return;
    const here = currentPath();
    rememberFlow(s.rechargeNo, {
      kind: s.kind === 'purchase' ? 'package' : 'recharge',
      from: here,
      retry: here,
      ...(s.kind === 'purchase' ? { purchase: orderNo } : {}),
    });
    cashier.go(s.cashierUrl);
  };

  const body = () => {
    if (missing)
      return (
        <EmptyState
          kind="notFound"
          full
          testId="result-missing"
          title={t('commerce.result.missing')}
          description={t('commerce.result.missingHint')}
          action={
            <Button color="primary" onClick={() => navigate('/trade/pages/record', { replace: true })}>
              {t('commerce.processing.toRecords')}
            </Button>
          }
        />
      );
    if (q.isError) return <LoadFailed full onRetry={q.refetch} />;
    if (!shown)
      return (
        <div className="section padded" data-testid="result-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    return (
      <>
        <div className="section">
          <div className="pay-result">
            <CommerceGlyph
              name={ICON[shown.tone]}
              size={48}
              className={shown.tone === 'ok' ? 'pay-result-icon ok' : shown.tone === 'bad' ? 'pay-result-icon bad' : 'pay-result-icon'}
            />
            <h2 className="pay-result-title" data-testid="result-status">
              {t(shown.status)}
            </h2>
            <p className="pay-result-body" data-testid="result-title">
              {shown.title}
            </p>
          </div>
          <div className="pay-rows">
            {shown.rows.map((r, i) => (
              <PayRow key={`${r.label}-${i}`} label={r.label} value={r.value} testId={r.testId} />
            ))}
          </div>
        </div>
        <div className="pay-actions">
          {shown.cashierUrl && (
            <Button block color="primary" data-testid="result-pay" onClick={() => pay(shown)}>
              {t('commerce.result.pay')}
            </Button>
          )}
          {shown.unpaid && (
            <Button
              block
              color="primary"
              data-testid="result-top-up"
              onClick={() => navigate(`/bookSetting/pages/bananashell?shortfall=${encodeURIComponent(shown.unpaid ?? '')}`)}
            >
              {t('commerce.result.topUp')}
            </Button>
          )}
          <Button block data-testid="result-confirm" onClick={back}>
            {t('commerce.result.confirm')}
          </Button>
        </div>
      </>
    );
  };

  return (
    <div className="page" data-testid="page-trade-result">
      <PageBar title={t('commerce.result.title')} />
      {body()}
    </div>
  );
}

export default function ResultPage() {
  return (
    <RequireLogin>
      <Result />
    </RequireLogin>
  );
}
