import { minorToMoney, type RechargeOrder } from '@cab/contracts';
import type { RechargeRow } from './recharge.repository.ts';

const OPEN = new Set(['created', 'paying']);

/** A recharge order on the wire: shells and yuan as decimal strings, times in epoch ms. */
export function presentRecharge(o: RechargeRow): RechargeOrder {
  return {
    order_no: o.order_no,
    status: o.status,
    amount: minorToMoney(o.amount),
    bonus: minorToMoney(o.bonus),
    amount_cny: minorToMoney(o.amount_cny),
    channel: o.channel,
    cashier_url: OPEN.has(o.status) ? o.cashier_url : null,
    purchase_order_no: o.purchase_order_no,
    late_refund: o.late_refund,
    created_at: o.created_at.getTime(),
    settled_at: o.settled_at ? o.settled_at.getTime() : null,
  };
}
