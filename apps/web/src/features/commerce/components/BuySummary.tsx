import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { shells } from '../format.ts';
import { minorOf, rechargeFor } from '../money.ts';
import { PayRow } from './PayRow.tsx';
import '../../../i18n/commerce.ts';

/**
 * A shortfall this device has no way to pay (no pay channel offered): said so, with the
 * way to the recharge guide.
 */
export function NoPayNote({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <p className="buy-note" data-testid={testId}>
      {t('commerce.recharge.noPay')}{' '}
      <button type="button" className="shell-link" onClick={() => navigate('/trade/pages/recharge-guide')}>
        {t('commerce.recharge.guide')}
      </button>
    </p>
  );
}

/**
 * What buying a package costs, in a buy sheet (premium features, cloud space): the price,
 * the wallet's balance, what it lacks and, when that cannot be paid here, the guide. The
 * test ids are `<testId>-price`, `-balance`, `-shortfall` and `-no-pay`.
 */
export function BuySummary({
  testId,
  price,
  balance,
  shortfall,
  noChannel,
}: {
  testId: string;
  price: string;
  balance: string;
  shortfall: string;
  noChannel: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="buy-summary">
        <PayRow label={t('commerce.purchase.price')} value={shells(price)} testId={`${testId}-price`} className="buy-price" />
        <PayRow label={t('commerce.purchase.balance')} value={shells(balance)} testId={`${testId}-balance`} />
      </div>
      {minorOf(shortfall) > 0n && (
        <p className="buy-shortfall" data-testid={`${testId}-shortfall`}>
          {t('commerce.purchase.shortfall', { amount: formatAmount(shortfall) })}
        </p>
      )}
      {noChannel && <NoPayNote testId={`${testId}-no-pay`} />}
    </>
  );
}

/**
 * A buy sheet's buttons: cancel, and (for whoever may buy) pay the price from the wallet or
 * recharge what it lacks; disabled when that recharge cannot be paid here.
 */
export function BuyActions({
  price,
  shortfall,
  mayBuy,
  disabled,
  busy,
  payTestId,
  cancelTestId,
  onPay,
  onCancel,
}: {
  price: string;
  shortfall: string;
  mayBuy: boolean;
  disabled: boolean;
  busy: boolean;
  payTestId: string;
  cancelTestId?: string;
  onPay: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="buy-actions">
      <Button block onClick={onCancel} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      {mayBuy && (
        <Button block color="primary" data-testid={payTestId} disabled={disabled} loading={busy} onClick={onPay}>
          {minorOf(shortfall) > 0n
            ? t('commerce.purchase.payRecharge', { amount: formatAmount(rechargeFor(shortfall)) })
            : t('commerce.purchase.pay', { amount: formatAmount(price) })}
        </Button>
      )}
    </div>
  );
}
