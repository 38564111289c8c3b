import crypto from 'node:crypto';
import type { PaymentState } from '../provider.ts';

/** A payment as the sandbox provider keeps it. */
export interface SandboxPayment {
  id: string;
  orderNo: string;
  amountCny: bigint;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  state: PaymentState;
  createdAtMs: number;
  /** The notifications sent about it, oldest first (the operator may send the last again). */
  events: SandboxEvent[];
}

export interface SandboxEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded';
  createdS: number;
  /** How many deliveries were tried, and whether one was taken (a 2xx answer). */
  attempts: number;
  delivered: boolean;
}

/**
 * The sandbox provider's own books: payments in memory, as a provider's database would
 * hold them (a restart of the sandbox forgets them; CAB then sees its open orders fail
 * on the next status query). One payment per merchant order, as real providers do.
 */
export class SandboxStore {
  private readonly byId = new Map<string, SandboxPayment>();
  private readonly byOrder = new Map<string, string>();

  /** The order's payment: made the first time, the same one after. */
  open(p: Omit<SandboxPayment, 'id' | 'state' | 'events'>): SandboxPayment {
    const known = this.byOrder.get(p.orderNo);
    if (known) return this.byId.get(known)!;
    const payment: SandboxPayment = { ...p, id: `sp_${crypto.randomBytes(12).toString('hex')}`, state: 'pending', events: [] };
    this.byId.set(payment.id, payment);
    this.byOrder.set(p.orderNo, payment.id);
    return payment;
  }

  get(id: string): SandboxPayment | undefined {
    return this.byId.get(id);
  }

  /** Moves a payment on, when its state allows: answers the event to send, or undefined when nothing changed. */
  move(id: string, to: 'succeeded' | 'failed' | 'refunded', nowS: number): SandboxEvent | undefined {
    const p = this.byId.get(id);
    if (!p) return undefined;
    const allowed = to === 'refunded' ? p.state === 'succeeded' : p.state === 'pending';
    if (!allowed) return undefined;
    p.state = to;
    const type = to === 'succeeded' ? 'payment.succeeded' : to === 'failed' ? 'payment.failed' : 'refund.succeeded';
    const event: SandboxEvent = {
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      type,
      createdS: nowS,
      attempts: 0,
      delivered: false,
    };
    p.events.push(event);
    return event;
  }
}
