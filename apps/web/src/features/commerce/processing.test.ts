import type { PurchaseOrder, RechargeOrder } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { PROCESSING_TIMEOUT_MS, failReasonOf, processingPhase, stillPolling } from './processing.ts';

const recharge = (status: RechargeOrder['status'], purchase: string | null = null): RechargeOrder => ({
  order_no: 'R2026112600000001',
  status,
  amount: '6.00',
  bonus: '1.00',
  amount_cny: '6.00',
  channel: 'sandbox',
  cashier_url: status === 'paying' ? '/sandbox-pay/cashier/sp_1' : null,
  purchase_order_no: purchase,
  late_refund: null,
  created_at: 0,
  settled_at: null,
});
const purchase = (status: PurchaseOrder['status']) => ({ status }) as PurchaseOrder;
const at = (elapsedMs: number) => ({ purchase: undefined, elapsedMs });

describe('the processing page’s state machine', () => {
  it('waits for the payment while the order is open, and says it is still confirming after a minute', () => {
    expect(processingPhase({ ...at(0), recharge: undefined })).toEqual({ kind: 'waiting', step: 'pay' });
    expect(processingPhase({ ...at(0), recharge: recharge('created') })).toEqual({ kind: 'waiting', step: 'pay' });
    expect(processingPhase({ ...at(59_999), recharge: recharge('paying') })).toEqual({ kind: 'waiting', step: 'pay' });
    const late = processingPhase({ ...at(PROCESSING_TIMEOUT_MS), recharge: recharge('paying') });
    expect(late).toEqual({ kind: 'timeout', step: 'pay' });
    expect(stillPolling(late)).toBe(false);
    expect(stillPolling({ kind: 'waiting', step: 'pay' })).toBe(true);
  });

  it('ends paid, failed or cancelled with the recharge', () => {
    expect(processingPhase({ ...at(0), recharge: recharge('paid') })).toEqual({ kind: 'paid' });
    expect(processingPhase({ ...at(0), recharge: recharge('failed') })).toEqual({ kind: 'failed', reason: 'failed' });
    expect(processingPhase({ ...at(0), recharge: recharge('cancelled') })).toEqual({ kind: 'failed', reason: 'cancelled' });
    // An end is an end, however long it took.
    expect(processingPhase({ ...at(PROCESSING_TIMEOUT_MS * 2), recharge: recharge('paid') })).toEqual({ kind: 'paid' });
  });

  it('waits, once a shortfall’s recharge is paid, for the purchase it pays', () => {
    const paid = recharge('paid', 'P2026112600000001');
    expect(processingPhase({ recharge: paid, purchase: undefined, elapsedMs: 0 })).toEqual({ kind: 'waiting', step: 'open' });
    expect(processingPhase({ recharge: paid, purchase: purchase('awaiting_recharge'), elapsedMs: 0 })).toEqual({
      kind: 'waiting',
      step: 'open',
    });
    expect(processingPhase({ recharge: paid, purchase: purchase('awaiting_recharge'), elapsedMs: PROCESSING_TIMEOUT_MS })).toEqual({
      kind: 'timeout',
      step: 'open',
    });
    expect(processingPhase({ recharge: paid, purchase: purchase('paid'), elapsedMs: 0 })).toEqual({ kind: 'paid' });
    // The shells were spent elsewhere meanwhile: the purchase was given up.
    expect(processingPhase({ recharge: paid, purchase: purchase('cancelled'), elapsedMs: 0 })).toEqual({
      kind: 'failed',
      reason: 'purchase',
    });
  });

  it('says so when the order is not there', () => {
    expect(processingPhase({ ...at(0), recharge: undefined, missing: true })).toEqual({ kind: 'missing' });
  });

  it('reads the payfail page’s reason, SPEC 8’s payment service error when unknown', () => {
    expect(failReasonOf('cancelled')).toBe('cancelled');
    expect(failReasonOf('purchase')).toBe('purchase');
    expect(failReasonOf('whatever')).toBe('error');
    expect(failReasonOf(null)).toBe('error');
  });
});
