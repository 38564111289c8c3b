import { ORDER_TYPES, type OrderType, type TradeRecord } from '@cab/contracts/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { MoreRows } from '../../app/MoreRows.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { commerceQueries } from '../../features/commerce/api.ts';
import { CommerceGlyph, type CommerceGlyphName } from '../../features/commerce/components/glyphs.tsx';
import { formatMoment } from '../../features/commerce/format.ts';
import { signedAmount, tradeFlow } from '../../features/commerce/money.ts';
import { useTranslation, type TKey } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { formatAmount } from '../../lib/format.ts';
import '../../features/commerce/commerce.css';
import '../../i18n/commerce.ts';

const ICONS: Record<TradeRecord['type'], CommerceGlyphName> = { recharge: 'wallet', purchase: 'coupon', service: 'clock' };
/** A status worth noticing: a charge not paid, a payment still open. */
const WARN = new Set(['unpaid', 'awaiting_recharge', 'paying', 'created']);

/** A trade's status in words; one the texts do not know shows as sent. */
export function tradeStatusKey(r: Pick<TradeRecord, 'type' | 'status'>): TKey | undefined {
  const known: Record<TradeRecord['type'], readonly string[]> = {
    recharge: ['created', 'paying', 'paid', 'failed', 'cancelled', 'refunded'],
    purchase: ['awaiting_recharge', 'paid', 'cancelled', 'refunded'],
    service: ['paid', 'unpaid'],
  };
  return known[r.type].includes(r.status) ? (`commerce.status.${r.type}.${r.status}` as TKey) : undefined;
}

function TradeRow({ r, onOpen }: { r: TradeRecord; onOpen: () => void }) {
  const { t } = useTranslation();
  const key = tradeStatusKey(r);
  const flow = tradeFlow(r);
  return (
    <button type="button" className="trade-row" data-testid={`trade-row-${r.order_no}`} data-type={r.type} onClick={onOpen}>
      <span className="trade-row-icon" aria-hidden="true">
        <CommerceGlyph name={ICONS[r.type]} size={20} />
      </span>
      <span className="trade-row-main">
        <span className="trade-row-title" data-testid="trade-row-title">
          {r.title}
        </span>
        <span className="trade-row-sub">{formatMoment(r.created_at)}</span>
      </span>
      <span className="trade-row-side">
        <span className={flow === 'out' ? 'trade-row-amount' : `trade-row-amount ${flow}`} data-testid="trade-row-amount">
          {flow === 'void' ? formatAmount(r.amount) : signedAmount(r.amount)}
        </span>
        <span className={WARN.has(r.status) ? 'trade-row-status warn' : 'trade-row-status'} data-testid="trade-row-status">
          {key ? t(key) : r.status}
        </span>
      </span>
    </button>
  );
}

function List({ type }: { type: OrderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useInfiniteQuery(commerceQueries.orders(type));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isPending)
    return (
      <div className="section padded" data-testid="trade-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (q.isError) return <LoadFailed full onRetry={q.refetch} />;
  if (rows.length === 0)
    return (
      <EmptyState
        kind="empty"
        full
        testId="trade-empty"
        title={t('commerce.records.empty')}
        description={t('commerce.records.emptyHint')}
        action={
          <Button color="primary" onClick={() => navigate('/bookSetting/pages/bananashell')}>
            {t('commerce.records.toRecharge')}
          </Button>
        }
      />
    );
  return (
    <>
      <div className="section" data-testid="trade-list" role="tabpanel" aria-labelledby={`trade-tab-${type}`}>
        {rows.map((r, i) => (
          <TradeRow
            key={`${r.type}:${r.order_no}:${r.created_at}:${i}`}
            r={r}
            onOpen={() => navigate(`/trade/pages/result?order_no=${encodeURIComponent(r.order_no)}`)}
          />
        ))}
      </div>
      <MoreRows
        next={() => q.fetchNextPage()}
        hasMore={q.hasNextPage}
        testId="trade-more"
        className="trade-more"
        texts={{ failed: t('commerce.retryLoad'), loading: t('commerce.records.loadingMore'), end: t('commerce.records.noMore') }}
      />
    </>
  );
}

/**
 * The caller's trade records (SPEC 2, trade/pages/record?type=): tabs of all, top-ups,
 * purchases and the daily charges of paid services, each with its count; newest first,
 * the next page loading as the end scrolls into view; a tap opens the order.
 */
function Records() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = ORDER_TYPES.find((o) => o === params.get('type')) ?? 'all';
  const counts = useQuery(commerceQueries.ordersNum());
  return (
    <div className="page" data-testid="page-trade-record">
      <PageBar title={t('commerce.records.title')} />
      <div className="trade-tabs" role="tablist" aria-label={t('commerce.records.tabsLabel')}>
        {ORDER_TYPES.map((o) => (
          <button
            key={o}
            id={`trade-tab-${o}`}
            type="button"
            role="tab"
            aria-selected={o === type}
            className={o === type ? 'trade-tab active' : 'trade-tab'}
            data-testid={`trade-tab-${o}`}
            onClick={() => o !== type && setParams({ type: o }, { replace: true })}
          >
            {t(`commerce.records.tabs.${o}`)}
            {counts.data && (
              <span className="trade-count" data-testid={`trade-count-${o}`}>
                {counts.data[o]}
              </span>
            )}
          </button>
        ))}
      </div>
      <List key={type} type={type} />
    </div>
  );
}

export default function RecordPage() {
  return (
    <RequireLogin>
      <Records />
    </RequireLogin>
  );
}
