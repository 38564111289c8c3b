import { useQuery } from '@tanstack/react-query';
import { Button, Popup, Skeleton } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useSubmitGuard } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { commerceQueries, idempotencyKeys, usePayForAssign } from '../api.ts';
import { cashier, currentPath, devicePayType, rememberFlow } from '../flow.ts';
import { shells } from '../format.ts';
import { minorOf, rechargeFor, shortfallOf } from '../money.ts';
import { NoPayNote } from './BuySummary.tsx';
import { PayRow } from './PayRow.tsx';
import '../commerce.css';
import '../../../i18n/commerce.ts';

/**
 * Giving a member a paid role (SPEC 3: a price per day, per person per day, or once):
 * the quote (consumption-trial: its price, billing, daily expense, what it costs now and
 * the wallet), then "支付并分配": paid from the wallet and assigned at once, or the
 * recharge of the shortfall at its cashier, the role assigned once that is paid.
 */
export function RoleQuoteSheet({
  bookId,
  userId,
  memberName,
  roleId,
  roleName,
  visible,
  onClose,
  onAssigned,
}: {
  bookId: string;
  userId: string;
  memberName: string;
  roleId: string;
  roleName: string;
  visible: boolean;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useCloseOnLeave(visible, onClose);
  const payType = devicePayType();
  const quote = useQuery({ ...commerceQueries.roleTrial(bookId, userId, roleId), enabled: visible });
  const options = useQuery({ ...commerceQueries.payOptions(payType), enabled: visible });
  const payForAssign = usePayForAssign(bookId);
  const keys = useRef(idempotencyKeys());
  const guard = useSubmitGuard();
  const [leaving, setLeaving] = useState(false);
  const channel = options.data?.find((o) => o.recommended)?.channel ?? options.data?.[0]?.channel;

  const pay = () =>
    guard(async () => {
      const request = { roleId, userIds: [userId], payType, ...(channel ? { channel } : {}) };
      const order = await payForAssign.mutateAsync({ ...request, key: keys.current.keyFor(request) });
      keys.current.done();
      if (order.status === 'paid') {
        showToast(t('commerce.role.assigned'));
        onAssigned();
        onClose();
        return;
      }
      const r = order.recharge;
      if (!r?.cashier_url) {
        navigate(`/bookSetting/pages/payfail?order_no=${r?.order_no ?? order.order_no}&reason=error`);
        return;
      }
      const here = currentPath();
      rememberFlow(r.order_no, { kind: 'role', from: here, retry: here, purchase: order.order_no, bookId });
      setLeaving(true);
      cashier.go(r.cashier_url);
    });

  const body = () => {
    if (quote.isError || options.isError) return <LoadFailed onRetry={() => Promise.all([quote.refetch(), options.refetch()])} />;
    if (!quote.data || !options.data)
      return (
        <div data-testid="role-quote-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    const q = quote.data;
    const shortfall = shortfallOf(q.trial_price, q.balance);
    const short = minorOf(shortfall) > 0n;
    const noChannel = short && !channel;
    return (
      <>
        <p className="buy-note" data-testid="role-quote-lead">
          {t('commerce.role.lead', { role: roleName, name: memberName })}
        </p>
        <div className="buy-summary">
          <PayRow label={t('commerce.role.price')} value={shells(q.price)} testId="role-quote-price" />
          <PayRow label={t('commerce.role.billing')} value={t(`commerce.billing.${q.billing_type}`)} testId="role-quote-billing" />
          {q.billing_type !== 'OneOff' && (
            <PayRow
              label={t('commerce.role.persons')}
              value={t('commerce.role.personsValue', { count: q.persons })}
              testId="role-quote-persons"
            />
          )}
          {q.billing_type !== 'OneOff' && (
            <PayRow label={t('commerce.role.daily')} value={shells(q.daily_expense)} testId="role-quote-daily" />
          )}
          <PayRow label={t('commerce.role.now')} value={shells(q.trial_price)} testId="role-quote-now" />
          <PayRow label={t('commerce.role.balance')} value={shells(q.balance)} testId="role-quote-balance" />
        </div>
        {short && (
          <p className="buy-shortfall" data-testid="role-quote-shortfall">
            {t('commerce.role.shortfall', { amount: formatAmount(shortfall) })}
          </p>
        )}
        {noChannel && <NoPayNote testId="role-quote-no-pay" />}
        {q.billing_type !== 'OneOff' && <p className="buy-note">{t('commerce.role.dailyHint')}</p>}
        <div className="buy-actions">
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            data-testid="role-quote-pay"
            disabled={noChannel}
            loading={payForAssign.isPending || leaving}
            onClick={pay}
          >
            {short ? t('commerce.role.payRecharge', { amount: formatAmount(rechargeFor(shortfall)) }) : t('commerce.role.pay')}
          </Button>
        </div>
      </>
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="buy-sheet" data-testid="role-quote" role="dialog" aria-labelledby="role-quote-title">
        <h2 className="buy-sheet-title" id="role-quote-title">
          {t('commerce.role.title')}
        </h2>
        {body()}
      </div>
    </Popup>
  );
}
