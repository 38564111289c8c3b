import { CLOUD_PATHS, type CloudPackage } from '@cab/contracts/client';
import { useQueryClient } from '@tanstack/react-query';
import { Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { FieldError } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { BuyActions, BuySummary } from '../../commerce/components/BuySummary.tsx';
import { minorOf, shortfallOf } from '../../commerce/money.ts';
import { usePackagePayment } from '../../commerce/usePackagePayment.ts';
import { spaceChanged } from '../api.ts';
import { spacePaths } from '../paths.ts';
import '../../commerce/commerce.css';
import '../../../i18n/commerce.ts';
import '../../../i18n/cloud.ts';

/**
 * The pay dialog of cloud/index: the package chosen, its price, the wallet's balance and
 * what it lacks, and the agreement to check before paying (unchecked, "pay" says so under
 * the box and sends nothing). Paying goes through commerce's purchase: from the wallet at
 * once (then the result page), or the shortfall's recharge at the provider's cashier, which
 * comes back through the processing page to the same result page. A member whose role may
 * not rent space (13) is told so and has no pay button; the server's 403 is toasted as said.
 */
export function PayDialog({
  bookId,
  bookName,
  pkg,
  mayBuy,
  visible,
  onClose,
}: {
  bookId: string;
  bookName: string;
  pkg: CloudPackage | undefined;
  mayBuy: boolean;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  useCloseOnLeave(visible, onClose);
  const payment = usePackagePayment({ bookId, path: CLOUD_PATHS.purchase, enabled: visible });
  const { wallet, options, channel } = payment;
  const [agreed, setAgreed] = useState(false);
  const [refused, setRefused] = useState(false);
  const paths = spacePaths(bookId);

  const price = pkg?.sell_price ?? '0.00';
  const shortfall = wallet.data === undefined ? '0.00' : shortfallOf(price, wallet.data);
  const noChannel = minorOf(shortfall) > 0n && !channel;

  const pay = () => {
    if (!pkg || !mayBuy) return;
    if (!agreed) {
      setRefused(true);
      return;
    }
    payment.pay(
      { combo_id: pkg.combo_id },
      {
        flow: (order) => ({ kind: 'space', from: paths.index, retry: paths.retry(pkg.combo_id), result: paths.result(order.order_no) }),
        onPaid: (order) => {
          showToast(t('cloud.pay.paid'));
          void spaceChanged(qc, [bookId]);
          onClose();
          navigate(paths.result(order.order_no));
        },
      },
    );
  };

  const failed = [wallet, options].filter((q) => q.isError);
  const body = () => {
    if (failed.length) return <LoadFailed onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!pkg || wallet.data === undefined || !options.data)
      return (
        <div data-testid="cloud-pay-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    return (
      <>
        <div className="cloud-pay-package" data-testid="cloud-pay-package">
          <span className="cloud-pay-name">{pkg.name}</span>
        </div>
        <p className="buy-note">{t('cloud.pay.starts', { days: pkg.days })}</p>
        <BuySummary testId="cloud-pay" price={price} balance={wallet.data} shortfall={shortfall} noChannel={noChannel} />
        {mayBuy ? (
          <>
            <div className="cloud-agree">
              <label className="cloud-agree-label">
                <input
                  type="checkbox"
                  data-testid="cloud-pay-agree"
                  checked={agreed}
                  onChange={(e) => {
                    setAgreed(e.target.checked);
                    if (e.target.checked) setRefused(false);
                  }}
                />
                <span>{t('cloud.pay.agree')}</span>
              </label>
              <button
                type="button"
                className="shell-link cloud-agree-link"
                data-testid="cloud-pay-agreement"
                onClick={() => navigate('/cloud/pages/agreement')}
              >
                {t('cloud.pay.agreement')}
              </button>
            </div>
            <FieldError error={refused && !agreed ? t('cloud.pay.mustAgree') : undefined} testId="cloud-pay-must-agree" />
          </>
        ) : (
          <p className="buy-note" data-testid="cloud-pay-not-allowed">
            {t('cloud.pay.notAllowed')}
          </p>
        )}
        <BuyActions
          price={price}
          shortfall={shortfall}
          mayBuy={mayBuy}
          disabled={noChannel}
          busy={payment.busy}
          payTestId="cloud-pay-submit"
          cancelTestId="cloud-pay-cancel"
          onPay={pay}
          onCancel={onClose}
        />
      </>
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="buy-sheet" data-testid="cloud-pay" role="dialog" aria-labelledby="cloud-pay-title">
        <h2 className="buy-sheet-title" id="cloud-pay-title">
          {t('cloud.pay.title')}
        </h2>
        <p className="cloud-pay-book">{t('cloud.pay.forBook', { name: bookName })}</p>
        {body()}
      </div>
    </Popup>
  );
}
