import {
  COMMERCE_PATHS,
  RECHARGE_CORNER_CODE,
  RECHARGE_MAX_MINOR,
  RECHARGE_MIN_MINOR,
  RECHARGE_NOTICE_CODE,
  minorToMoney,
  type Locale,
  type PayOption,
  type RechargeActInfo,
  type RechargeOrder,
} from '@cab/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { ProviderUnavailable, type PaymentProviders } from '../../platform/payments/provider.ts';
import { newOrderNo, onceInTransaction } from './order-no.ts';
import { presentRecharge } from './present.ts';
import type { RechargeRepository, RechargeRow } from './recharge.repository.ts';
import type { Settlement } from './settlement.ts';

export interface RechargeSettings {
  /** Where providers post notifications (CAB's address as they reach it). */
  notifyBase: string;
  /** Where browsers reach CAB ('' for the same origin as the cashier). */
  publicUrl: string;
}

const NOTICE = {
  'zh-CN': '香蕉贝可用于购买账本的高级功能、付费角色和私有云空间，充值后不可提现。',
  en: 'Banana shells buy premium features, paid roles and private cloud space for your books; they cannot be cashed out.',
} as const;
/** Asked of the provider when a payment has been open this long without a notification. */
const QUERY_AFTER_MS = 5_000;

/**
 * Recharge orders (docs/commerce.md, "Recharge orders"): what the recharge page offers,
 * creating an order and its payment, the payer's cancel, and reading an order (which asks
 * the provider when a payment is open and no notification came).
 */
export class RechargeService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: RechargeRepository,
    private readonly providers: PaymentProviders,
    private readonly settlement: Settlement,
    private readonly settings: RechargeSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  payOptions(payType: number, locale: Locale): PayOption[] {
    return this.providers.forPayType(payType).map((p, i) => ({ channel: p.channel, name: p.name(locale), recommended: i === 0 }));
  }

  /** The least a payer may recharge to cover a shortfall: the shortfall itself, at least the smallest recharge. */
  needMin(shortfall: bigint): { shortfall: string; min_recharge: string } {
    const min = shortfall < BigInt(RECHARGE_MIN_MINOR) ? BigInt(RECHARGE_MIN_MINOR) : shortfall;
    return { shortfall: minorToMoney(shortfall), min_recharge: minorToMoney(min) };
  }

  async firstRecharge(userId: string): Promise<boolean> {
    return !(await this.repo.hasPaidRecharge(this.db, userId));
  }

  async actInfo(userId: string, locale: Locale): Promise<RechargeActInfo> {
    const first = await this.firstRecharge(userId);
    const stairs = await this.repo.stairs(this.db);
    return {
      act_code: 'recharge',
      first_recharge: first,
      corner_code: RECHARGE_CORNER_CODE,
      stairs: stairs.map((s) => ({
        amount: minorToMoney(s.amount),
        amount_cny: minorToMoney(s.amount),
        bonus: minorToMoney(first ? s.first_bonus : '0'),
        corner: first ? (locale === 'en' ? s.corner_en : s.corner) : '',
      })),
      notice: { code: RECHARGE_NOTICE_CODE, text: NOTICE[locale] },
    };
  }

  /**
   * Writes a recharge order in `tx` (the caller's transaction: a purchase writes the
   * recharge of its shortfall with itself). Its payment is asked for once it commits (`pay`).
   */
  async insert(
    tx: Database,
    userId: string,
    o: { amount: bigint; payType: number; channel: string; purchaseOrderNo?: string },
  ): Promise<RechargeRow> {
    if (o.amount < BigInt(RECHARGE_MIN_MINOR) || o.amount > BigInt(RECHARGE_MAX_MINOR))
      throw new AppError('commerce.rechargeRange', { min: minorToMoney(RECHARGE_MIN_MINOR), max: minorToMoney(RECHARGE_MAX_MINOR) });
    const provider = this.providers.get(o.channel);
    if (!provider?.serves(o.payType)) throw new AppError('commerce.channelUnavailable');
    const first = !(await this.repo.hasPaidRecharge(tx, userId));
    const bonus = first ? await this.repo.stairBonus(tx, o.amount) : 0n;
    const now = this.clock.now();
    return this.repo.insert(tx, {
      order_no: newOrderNo('R', now),
      user_id: userId,
      amount: o.amount.toString(),
      bonus: bonus.toString(),
      // One banana shell is one yuan.
      amount_cny: o.amount.toString(),
      pay_type: o.payType,
      channel: o.channel,
      purchase_order_no: o.purchaseOrderNo ?? null,
      at: new Date(now),
    });
  }

  /** POST recharge: the order (once per Idempotency-Key), then its payment. */
  async create(
    userId: string,
    input: { amount: bigint; payType: number; channel: string },
    idem: { key: string | undefined; hash: () => string },
  ): Promise<RechargeOrder> {
    const { order_no } = await onceInTransaction(this.db, { userId, ...idem }, async (tx) => ({
      order_no: (await this.insert(tx, userId, input)).order_no,
    }));
    const order = await this.repo.byNo(this.db, order_no);
    if (!order) throw new AppError('commerce.orderNotFound');
    return this.pay(order);
  }

  /**
   * Asks the provider for the order's payment (outside any transaction: a network call
   * holds no lock). A retried create finds the order already paying and answers it. A
   * provider that does not answer fails the order: SPEC 8's 'payment service error'.
   */
  async pay(order: RechargeRow): Promise<RechargeOrder> {
    if (order.status !== 'created') return presentRecharge(order);
    const provider = this.providers.get(order.channel);
    const returnUrl = `${this.settings.publicUrl}/#/bookSetting/pages/processing?order_no=${order.order_no}`;
    const notifyUrl = `${this.settings.notifyBase}${COMMERCE_PATHS.paymentNotify.replace(':channel', order.channel)}`;
    const at = () => new Date(this.clock.now());
    try {
      if (!provider) throw new ProviderUnavailable(`no provider ${order.channel}`);
      const p = await provider.createPayment({
        orderNo: order.order_no,
        amountCny: BigInt(order.amount_cny),
        subject: `CAB 香蕉贝 ${minorToMoney(order.amount)}`,
        notifyUrl,
        returnUrl,
      });
      const paying = await this.repo.move(
        this.db,
        order.order_no,
        ['created'],
        { status: 'paying', payment_id: p.paymentId, cashier_url: p.cashierUrl },
        at(),
      );
      return presentRecharge(paying ?? (await this.repo.byNo(this.db, order.order_no)) ?? order);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      this.log.warn({ order: order.order_no, err: err.message }, 'payment provider unavailable');
      await this.db.transaction().execute(async (tx) => {
        const failed = await this.repo.move(
          tx,
          order.order_no,
          ['created'],
          { status: 'failed', failure: 'provider', settled_at: at() },
          at(),
        );
        if (failed) for (const hook of this.settlement.hooks.closed) await hook(tx, failed);
      });
      throw new AppError('commerce.paymentServiceError');
    }
  }

  /** The payer gave up (SPEC 7: a cancelled mini-program payment): an open order is cancelled; a paid one stays paid. */
  async cancel(userId: string, orderNo: string): Promise<RechargeOrder> {
    const order = await this.db.transaction().execute(async (tx) => {
      const o = await this.repo.lock(tx, orderNo);
      if (!o || o.user_id !== userId) throw new AppError('commerce.orderNotFound');
      if (o.status === 'paid' || o.status === 'refunded') throw new AppError('commerce.orderSettled');
      const at = new Date(this.clock.now());
      const cancelled = await this.repo.move(tx, orderNo, ['created', 'paying'], { status: 'cancelled', settled_at: at }, at);
      if (cancelled) for (const hook of this.settlement.hooks.closed) await hook(tx, cancelled);
      return cancelled ?? o;
    });
    return presentRecharge(order);
  }

  private async close(orderNo: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const at = new Date(this.clock.now());
      const closed = await this.repo.move(tx, orderNo, ['created'], { status: 'cancelled', failure: 'never_paid', settled_at: at }, at);
      if (closed) for (const hook of this.settlement.hooks.closed) await hook(tx, closed);
    });
  }

  /** The caller's order; an open payment with no news for a few seconds is asked of the provider. */
  async get(userId: string, orderNo: string): Promise<RechargeOrder> {
    let order = await this.repo.byNo(this.db, orderNo);
    if (!order || order.user_id !== userId) throw new AppError('commerce.orderNotFound');
    if (order.status === 'paying' && this.clock.now() - order.updated_at.getTime() >= QUERY_AFTER_MS) {
      await this.query(order);
      order = (await this.repo.byNo(this.db, orderNo)) ?? order;
    }
    return presentRecharge(order);
  }

  /** Settles an open order from the provider's own account of its payment (no notification came, or CAB missed it). */
  async query(order: RechargeRow): Promise<void> {
    const provider = this.providers.get(order.channel);
    if (!provider || !order.payment_id) return;
    try {
      const state = await provider.retrieve(order.payment_id);
      if (state === 'succeeded' || state === 'failed') {
        await this.settlement.apply(order.channel, {
          eventId: `query:${order.payment_id}:${state}`,
          kind: state === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
          paymentId: order.payment_id,
          orderNo: order.order_no,
          amountCny: BigInt(order.amount_cny),
        });
      }
    } catch (err) {
      this.log.warn({ order: order.order_no, err: (err as Error).message }, 'payment status query failed');
    }
  }

  /**
   * The payments job (hourly): open orders with no news for ten minutes are asked of the
   * provider, and late payments still to refund are asked again. Answers how many it looked at.
   */
  async sweep(limit = 200): Promise<number> {
    const stale = await this.repo.stale(this.db, new Date(this.clock.now() - 10 * 60_000), limit);
    for (const o of stale) {
      if (o.late_refund === 'pending') await this.settlement.refundLate(o.order_no);
      else if (o.payment_id) await this.query(o);
      // Never handed to the provider (the server stopped between the two): nobody can pay it.
      else await this.close(o.order_no);
    }
    return stale.length;
  }
}
