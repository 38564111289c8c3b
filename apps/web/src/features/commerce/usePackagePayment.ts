import { COMMERCE_PATHS, type PurchaseOrder } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSubmitGuard } from '../../app/form.tsx';
import { useNavigate } from '../../lib/hash-router.tsx';
import { commerceQueries, idempotencyKeys, usePurchase } from './api.ts';
import { cashier, devicePayType, rememberFlow, type PaymentFlow } from './flow.ts';

/** What a package's payment is asked with: the package, and the coupon taken off its price. */
export interface PackagePick {
  combo_id: string;
  coupon_id?: string;
}

/**
 * Paying for a package of the catalogue (a premium feature's in the purchase sheet, cloud
 * space on its own page): the wallet, the device's pay channels, and `pay`, which posts the
 * purchasing order to `path` once per attempt (an Idempotency-Key per request). Paid from
 * the wallet at once, `onPaid` has the order; otherwise the shortfall's recharge leaves for
 * the provider's cashier, its flow remembered (`flow`: where it started, how to buy again,
 * and where a paid payment ends).
 */
export function usePackagePayment({
  bookId,
  path = COMMERCE_PATHS.purchase,
  enabled,
}: {
  bookId: string;
  path?: string;
  enabled: boolean;
}) {
  const navigate = useNavigate();
  const payType = devicePayType();
  const wallet = useQuery({ ...commerceQueries.wallet(), enabled });
  const options = useQuery({ ...commerceQueries.payOptions(payType), enabled });
  const purchase = usePurchase(bookId, path);
  const keys = useRef(idempotencyKeys());
  const guard = useSubmitGuard();
  const [leaving, setLeaving] = useState(false);
  const channel = options.data?.find((o) => o.recommended)?.channel ?? options.data?.[0]?.channel;

  const pay = (
    pick: PackagePick,
    o: { flow: (order: PurchaseOrder) => Omit<PaymentFlow, 'purchase' | 'bookId'>; onPaid: (order: PurchaseOrder) => void },
  ) => {
    const input = { ...pick, pay_type: payType, ...(channel ? { channel } : {}) };
    guard(async () => {
      const order = await purchase.mutateAsync({ input, key: keys.current.keyFor(input) });
      keys.current.done();
      if (order.status === 'paid') return o.onPaid(order);
      const r = order.recharge;
      if (!r?.cashier_url) {
        navigate(`/bookSetting/pages/payfail?order_no=${r?.order_no ?? order.order_no}&reason=error`);
        return;
      }
      rememberFlow(r.order_no, { ...o.flow(order), purchase: order.order_no, bookId });
      setLeaving(true);
      cashier.go(r.cashier_url);
    });
  };

  return { payType, wallet, options, channel, pay, busy: purchase.isPending || leaving };
}
