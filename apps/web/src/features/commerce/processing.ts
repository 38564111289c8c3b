import type { PurchaseOrder, RechargeOrder } from '@cab/contracts/client';

/** How often the processing page asks for the order, and when it stops to say it is still confirming. */
export const POLL_INTERVAL_MS = 1_000;
export const PROCESSING_TIMEOUT_MS = 60_000;

/** Why a payment ended without success (the payfail page's `reason`). */
export const FAIL_REASONS = ['failed', 'cancelled', 'error', 'purchase'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];
export const failReasonOf = (v: string | null): FailReason => FAIL_REASONS.find((r) => r === v) ?? 'error';

/**
 * Where a payment stands on the processing page: waiting for the recharge to be paid
 * (`pay`), or, once it is, for the purchase it pays the shortfall of (`open`); done;
 * ended without success; still open after the time-out; or an order that is not there.
 */
export type Phase =
  | { kind: 'waiting'; step: 'pay' | 'open' }
  | { kind: 'paid' }
  | { kind: 'failed'; reason: FailReason }
  | { kind: 'timeout'; step: 'pay' | 'open' }
  | { kind: 'missing' };

export interface Observed {
  recharge: RechargeOrder | undefined;
  /** The purchase the recharge pays for, once asked (only after the recharge is paid). */
  purchase: PurchaseOrder | undefined;
  /** How long the page has been waiting since it opened or was refreshed. */
  elapsedMs: number;
  /** The order was not found (or is not the caller's). */
  missing?: boolean;
}

/**
 * The processing page's state machine (docs/commerce.md, "Recharge orders": created ->
 * paying -> paid | failed | cancelled). A paid recharge that pays a purchase's shortfall
 * ends once that purchase is paid (the server completes it in the same transaction; the
 * page may still see it a moment later) or cancelled (the shells were spent meanwhile).
 */
export function processingPhase({ recharge, purchase, elapsedMs, missing }: Observed): Phase {
  if (missing) return { kind: 'missing' };
  const wait = (step: 'pay' | 'open'): Phase =>
    elapsedMs >= PROCESSING_TIMEOUT_MS ? { kind: 'timeout', step } : { kind: 'waiting', step };
  if (!recharge) return wait('pay');
  switch (recharge.status) {
    case 'created':
    case 'paying':
      return wait('pay');
    case 'failed':
      return { kind: 'failed', reason: 'failed' };
    case 'cancelled':
      return { kind: 'failed', reason: 'cancelled' };
    case 'refunded':
      return { kind: 'failed', reason: 'cancelled' };
    case 'paid':
      if (!recharge.purchase_order_no) return { kind: 'paid' };
      if (!purchase || purchase.status === 'awaiting_recharge') return wait('open');
      return purchase.status === 'paid' ? { kind: 'paid' } : { kind: 'failed', reason: 'purchase' };
  }
}

/** Whether the page should ask again: while it waits, not after the time-out or an end. */
export const stillPolling = (phase: Phase): boolean => phase.kind === 'waiting';
