import { minorToMoney } from '@cab/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotificationRejected, type PaymentNotification, type PaymentProviders } from '../../platform/payments/provider.ts';
import { LedgerError, moveBetween, type LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { RechargeRepository, RechargeRow } from './recharge.repository.ts';

/** An operator's refund the order's state or the wallet refuses. */
export class RefundRefused extends Error {}

/** What other parts do when a recharge settles, in its transaction: a waiting purchase completes, unpaid bills are paid. */
export interface SettlementHooks {
  paid: ((tx: Database, order: RechargeRow) => Promise<void>)[];
  /** The recharge failed or was cancelled: a purchase waiting for it is closed. */
  closed: ((tx: Database, order: RechargeRow) => Promise<void>)[];
}

export type SettleOutcome = 'paid' | 'failed' | 'late' | 'refunded' | 'duplicate' | 'unchanged';

/**
 * How a recharge order settles (docs/commerce.md, "Payments"): from a provider's
 * notification, or from asking the provider when none came. Each settlement is one
 * transaction: the event recorded once, the order's transition (conditional on its state),
 * its ledger entries (keyed by the order) and what waits on it. A notification seen twice,
 * or arriving after the order moved on, changes nothing.
 */
export class Settlement {
  readonly hooks: SettlementHooks = { paid: [], closed: [] };
  /**
   * Told, once a settlement committed, of each book a waiting purchase opened something in
   * (a feature, a role): kept answers and memberships are forgotten and its clients refetch,
   * as after a write through a route.
   */
  bookChanged: (bookId: string) => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: RechargeRepository,
    private readonly ledger: LedgerService,
    private readonly providers: PaymentProviders,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A provider's notification, as it arrived: refused (400) unless its signature and body hold. */
  async notification(
    channel: string,
    headers: Readonly<Record<string, string | string[] | undefined>>,
    rawBody: string,
  ): Promise<SettleOutcome> {
    const provider = this.providers.get(channel);
    if (!provider) throw new AppError('commerce.notificationRejected');
    let n: PaymentNotification;
    try {
      n = provider.parseNotification(headers, rawBody, this.clock.now());
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      this.log.warn({ channel, reason: err.message }, 'payment notification refused');
      throw new AppError('commerce.notificationRejected');
    }
    return this.apply(channel, n);
  }

  /** Applies what the provider says happened; a late payment is refunded once the transaction commits. */
  async apply(channel: string, n: PaymentNotification): Promise<SettleOutcome> {
    const { outcome, order } = await this.db.transaction().execute(async (tx) => {
      const at = new Date(this.clock.now());
      if (!(await this.repo.firstSight(tx, { channel, eventId: n.eventId, orderNo: n.orderNo, kind: n.kind, at })))
        return { outcome: 'duplicate' as const, order: undefined };
      const order = await this.repo.lock(tx, n.orderNo);
      // Signed by the provider yet about no order of ours, or not this payment: refused, and
      // not recorded (the transaction rolls back), so the provider keeps telling us.
      if (
        !order ||
        order.channel !== channel ||
        BigInt(order.amount_cny) !== n.amountCny ||
        (order.payment_id && order.payment_id !== n.paymentId)
      ) {
        this.log.error({ channel, event: n.eventId, order: n.orderNo }, 'payment notification does not match its order');
        throw new AppError('commerce.notificationRejected');
      }
      return { outcome: await this.transition(tx, order, n, at), order };
    });
    if (outcome === 'late' && order) await this.refundLate(order.order_no);
    if (outcome === 'paid' && order?.purchase_order_no) {
      const bookId = await this.repo.purchaseBook(this.db, order.purchase_order_no);
      if (bookId) this.bookChanged(bookId);
    }
    return outcome;
  }

  private async transition(tx: Database, order: RechargeRow, n: PaymentNotification, at: Date): Promise<SettleOutcome> {
    const open = ['created', 'paying'] as const;
    if (n.kind === 'payment.succeeded') {
      const paid = await this.repo.move(tx, order.order_no, open, { status: 'paid', payment_id: n.paymentId, settled_at: at }, at);
      if (paid) {
        await this.credit(tx, paid);
        return 'paid';
      }
      // Paid after the payer gave up (or the order failed): the money goes back, no shells are made.
      if ((order.status === 'cancelled' || order.status === 'failed') && order.late_refund === null) {
        await this.repo.move(tx, order.order_no, [order.status], { late_refund: 'pending', payment_id: n.paymentId }, at);
        return 'late';
      }
      return 'unchanged';
    }
    if (n.kind === 'payment.failed') {
      const failed = await this.repo.move(tx, order.order_no, open, { status: 'failed', failure: 'payer', settled_at: at }, at);
      if (!failed) return 'unchanged';
      for (const hook of this.hooks.closed) await hook(tx, failed);
      await this.notifier.notify(tx, [
        { userId: failed.user_id, bookId: null, kind: 'payment.failed', params: { orderNo: failed.order_no }, link: 'trade/pages/record' },
      ]);
      return 'failed';
    }
    // refund.succeeded: a late payment's refund, or the operator's refund of a paid order, confirmed.
    if (order.late_refund === 'pending') {
      await this.repo.move(tx, order.order_no, [order.status], { late_refund: 'refunded' }, at);
      await this.notifier.notify(tx, [
        {
          userId: order.user_id,
          bookId: null,
          kind: 'payment.refunded',
          params: { orderNo: order.order_no, amountCny: minorToMoney(order.amount_cny) },
          link: 'trade/pages/record',
        },
      ]);
      return 'refunded';
    }
    return 'unchanged';
  }

  /** The paid order's shells into the wallet, its first-recharge bonus (once per user), and what waited on it. */
  private async credit(tx: Database, order: RechargeRow): Promise<void> {
    const wallet = await this.ledger.wallet(tx, order.user_id);
    const clearing = await this.ledger.platformAccount(tx, 'clearing');
    await this.ledger.post(tx, {
      key: `recharge:${order.order_no}:paid`,
      kind: 'recharge',
      orderNo: order.order_no,
      postings: moveBetween(clearing, wallet, BigInt(order.amount)),
    });
    let bonus = BigInt(order.bonus);
    if (bonus > 0n && !(await this.giveBonus(tx, order, wallet, bonus))) {
      bonus = 0n;
      await this.repo.move(tx, order.order_no, ['paid'], { bonus: '0' }, new Date(this.clock.now()));
    }
    // Told first: what the shells then paid for (a purchase, owed bills) is told after it.
    await this.notifier.notify(tx, [
      {
        userId: order.user_id,
        bookId: null,
        kind: 'payment.succeeded',
        params: { amount: minorToMoney(BigInt(order.amount) + bonus) },
        link: 'trade/pages/record',
      },
    ]);
    for (const hook of this.hooks.paid) await hook(tx, order);
  }

  /** The first-recharge bonus is one entry per user (its key): a second first recharge gets none. */
  private async giveBonus(tx: Database, order: RechargeRow, wallet: string, bonus: bigint): Promise<boolean> {
    const key = `first-recharge:${order.user_id}`;
    const earlier = await this.ledger.entry(tx, key);
    if (earlier && earlier.order_no !== order.order_no) return false;
    try {
      const promotion = await this.ledger.platformAccount(tx, 'promotion');
      await this.ledger.post(tx, { key, kind: 'bonus', orderNo: order.order_no, postings: moveBetween(promotion, wallet, bonus) });
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'conflict') return false;
      throw err;
    }
    return (await this.ledger.entry(tx, key))?.order_no === order.order_no;
  }

  /**
   * The operator's refund of a paid recharge (`cab commerce refund`): its shells, and the
   * first-recharge bonus it brought, leave the wallet by reversing entries (refused if the
   * wallet has spent them), the order becomes refunded, and the provider is asked to give
   * the money back (the payments job asks again until the provider confirms).
   */
  async refundPaid(orderNo: string): Promise<RechargeRow> {
    const order = await this.db.transaction().execute(async (tx) => {
      const o = await this.repo.lock(tx, orderNo);
      if (!o) throw new RefundRefused(`no recharge order ${orderNo}`);
      if (o.status !== 'paid' || !o.payment_id) throw new RefundRefused(`order ${orderNo} is ${o.status}: only a paid order is refunded`);
      for (const key of [`recharge:${orderNo}:paid`, `first-recharge:${o.user_id}`]) {
        const entry = await this.ledger.entry(tx, key);
        if (!entry || entry.order_no !== orderNo) continue;
        try {
          await this.ledger.reverse(tx, entry.id, `${key}:refund`, 'refund', `operator refund of ${orderNo}`);
        } catch (err) {
          if (err instanceof LedgerError && err.reason === 'insufficient')
            throw new RefundRefused(
              `the wallet has spent the shells of ${orderNo} (${minorToMoney(err.shortfall ?? 0n)} short): nothing was changed`,
            );
          throw err;
        }
      }
      const at = new Date(this.clock.now());
      const refunded = await this.repo.move(tx, orderNo, ['paid'], { status: 'refunded', late_refund: 'pending' }, at);
      if (!refunded) throw new RefundRefused(`order ${orderNo} moved on meanwhile`);
      return refunded;
    });
    await this.refundLate(order.order_no);
    return order;
  }

  /** Asks the provider to give a late payment back; the payments job asks again until it is confirmed. */
  async refundLate(orderNo: string): Promise<void> {
    const order = await this.repo.byNo(this.db, orderNo);
    if (!order || order.late_refund !== 'pending' || !order.payment_id) return;
    const provider = this.providers.get(order.channel);
    try {
      await provider?.refund(order.payment_id, BigInt(order.amount_cny));
    } catch (err) {
      this.log.warn({ order: orderNo, err: (err as Error).message }, 'refund of a late payment not taken yet; the payments job retries');
    }
  }
}
