import { BUDGET_ADVANCED_ACT, type ActivityCombo, type Coupon, type PremiumFeature } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation, type TKey } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { commerceQueries } from '../api.ts';
import { currentPath, withQuery, withoutQuery } from '../flow.ts';
import { formatDay, shells } from '../format.ts';
import { bestCoupon, couponFits, minorOf, priceAfterCoupon, shortfallOf } from '../money.ts';
import { usePackagePayment } from '../usePackagePayment.ts';
import { BuyActions, BuySummary } from './BuySummary.tsx';
import { CommerceGlyph } from './glyphs.tsx';
import '../commerce.css';
import '../../../i18n/commerce.ts';

/**
 * What each premium feature is sold through: the activity whose packages it lists, and its
 * name. (Keyed by the codes as written: the budgets' paths module stays with their screens.)
 */
const SALES: Record<PremiumFeature, { actCode: string; name: TKey }> = {
  budget_advanced: { actCode: BUDGET_ADVANCED_ACT, name: 'commerce.features.budget_advanced' },
};

/** The coupon in use: the one picked, none (null), or (undefined) the best that fits, preselected. */
export function chosenCoupon(coupons: readonly Coupon[], comboId: string, picked: string | null | undefined): Coupon | undefined {
  const fitting = coupons.filter((c) => couponFits(c, comboId));
  if (picked === null) return undefined;
  return (picked && fitting.find((c) => c.coupon_id === picked)) || bestCoupon(fitting, comboId);
}

function Combos({ combos, chosen, onChoose }: { combos: ActivityCombo[]; chosen: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="buy-sheet-label" id="buy-packages">
        {t('commerce.purchase.packages')}
      </div>
      <div className="buy-choices" role="radiogroup" aria-labelledby="buy-packages">
        {combos.map((c) => (
          <button
            key={c.comboId}
            type="button"
            role="radio"
            aria-checked={c.comboId === chosen}
            className="buy-choice"
            data-testid={`purchase-combo-${c.comboId}`}
            onClick={() => onChoose(c.comboId)}
          >
            <span className="buy-choice-main">
              <span className="buy-choice-name">{c.comboName}</span>
              <span className="buy-choice-sub">{t('commerce.purchase.days', { days: c.days })}</span>
            </span>
            <span className="buy-choice-price">
              {shells(c.sellPrice)}
              {minorOf(c.originalPrice) > minorOf(c.sellPrice) && (
                <span className="buy-choice-original">{t('commerce.purchase.original', { amount: formatAmount(c.originalPrice) })}</span>
              )}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}

function Coupons({ coupons, chosen, onChoose }: { coupons: Coupon[]; chosen: string | undefined; onChoose: (id: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="buy-sheet-label" id="buy-coupons">
        {t('commerce.purchase.coupon')}
      </div>
      <div className="buy-choices" role="radiogroup" aria-labelledby="buy-coupons">
        {coupons.map((c) => (
          <button
            key={c.coupon_id}
            type="button"
            role="radio"
            aria-checked={c.coupon_id === chosen}
            className="buy-choice"
            data-testid={`purchase-coupon-${c.coupon_id}`}
            onClick={() => onChoose(c.coupon_id)}
          >
            <span className="buy-choice-main">
              <span className="buy-choice-name">
                <CommerceGlyph name="coupon" /> {c.name}
              </span>
              <span className="buy-choice-sub">{t('commerce.purchase.couponUntil', { date: formatDay(c.validUntil) })}</span>
            </span>
            <span className="buy-choice-price">{t('commerce.purchase.couponReduce', { amount: formatAmount(c.reduceAmount) })}</span>
          </button>
        ))}
        <button
          type="button"
          role="radio"
          aria-checked={chosen === undefined}
          className="buy-choice"
          data-testid="purchase-coupon-none"
          onClick={() => onChoose(null)}
        >
          {t('commerce.purchase.noCoupon')}
        </button>
      </div>
    </>
  );
}

/**
 * Buying a premium feature for a book (the budget center's "开通"): the activity's
 * packages, the caller's best coupon preselected (SPEC 9, sortType 2), the price after it
 * (SPEC 4), the wallet's balance and what it lacks. "支付" pays from the wallet, or creates
 * the recharge of the shortfall and leaves for its cashier; the purchase completes when
 * that recharge is paid. Only the book's owner and admins may buy (05: `mayBuy`).
 */
export function PurchaseSheet({
  bookId,
  feature,
  mayBuy,
  visible,
  onClose,
  onPaid,
}: {
  bookId: string;
  /** The premium feature bought; a retry after a failed payment opens the sheet again with `?buy=<feature>`. */
  feature: PremiumFeature;
  /** Whether the caller runs the book (05: its owner and admins), who alone may buy for it. */
  mayBuy: boolean;
  visible: boolean;
  onClose: () => void;
  /** Paid at once from the wallet: the screen shows what it opened. */
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  useCloseOnLeave(visible, onClose);
  const { actCode, name } = SALES[feature];
  const combos = useQuery({ ...commerceQueries.combos(actCode), enabled: visible });
  const comboIds = combos.data?.map((c) => c.comboId) ?? [];
  const coupons = useQuery({ ...commerceQueries.coupons(actCode, bookId, comboIds), enabled: visible && comboIds.length > 0 });
  const payment = usePackagePayment({ bookId, enabled: visible });
  const { wallet, options, channel } = payment;
  const [comboId, setComboId] = useState<string>();
  const [couponId, setCouponId] = useState<string | null>();

  const combo = combos.data?.find((c) => c.comboId === comboId) ?? combos.data?.[0];
  const fitting = combo ? (coupons.data ?? []).filter((c) => couponFits(c, combo.comboId)) : [];
  const coupon = combo ? chosenCoupon(fitting, combo.comboId, couponId) : undefined;
  const price = combo ? priceAfterCoupon(combo, coupon) : '0.00';
  const shortfall = wallet.data === undefined ? '0.00' : shortfallOf(price, wallet.data);

  const pay = () => {
    if (!combo || !mayBuy) return;
    payment.pay(
      { combo_id: combo.comboId, ...(coupon ? { coupon_id: coupon.coupon_id } : {}) },
      {
        flow: () => {
          const from = withoutQuery(currentPath(), 'buy');
          return { kind: 'package', from, retry: withQuery(from, 'buy', feature) };
        },
        onPaid: () => {
          showToast(t('commerce.purchase.paid'));
          onPaid();
          onClose();
        },
      },
    );
  };

  const failed = [combos, coupons, wallet, options].filter((q) => q.isError);
  const body = () => {
    if (failed.length) return <LoadFailed onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!combos.data || (comboIds.length > 0 && !coupons.data) || wallet.data === undefined || !options.data)
      return (
        <div data-testid="purchase-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    if (!combo) return <p className="buy-note">{t('commerce.purchase.nothing')}</p>;
    const noChannel = minorOf(shortfall) > 0n && !channel;
    return (
      <>
        <Combos combos={combos.data} chosen={combo.comboId} onChoose={setComboId} />
        {fitting.length > 0 && <Coupons coupons={fitting} chosen={coupon?.coupon_id} onChoose={setCouponId} />}
        <BuySummary testId="purchase" price={price} balance={wallet.data} shortfall={shortfall} noChannel={noChannel} />
        {!mayBuy && (
          <p className="buy-note" data-testid="purchase-not-allowed">
            {t('commerce.purchase.notAllowed')}
          </p>
        )}
        <BuyActions
          price={price}
          shortfall={shortfall}
          mayBuy={mayBuy}
          disabled={noChannel}
          busy={payment.busy}
          payTestId="purchase-pay"
          onPay={pay}
          onCancel={onClose}
        />
      </>
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="buy-sheet" data-testid="purchase-sheet" role="dialog" aria-labelledby="buy-sheet-title">
        <h2 className="buy-sheet-title" id="buy-sheet-title">
          {t('commerce.purchase.title', { name: t(name) })}
        </h2>
        {body()}
      </div>
    </Popup>
  );
}
