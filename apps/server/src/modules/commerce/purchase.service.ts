import { PAY_TYPE, RECHARGE_MIN_MINOR, minorToMoney, type Locale, type PurchaseOrder, type RechargeOrder } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { BookContext } from '../../http/book-scope.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { LedgerError, moveBetween, type LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { newOrderNo, onceInTransaction } from './order-no.ts';
import { presentRecharge } from './present.ts';
import type { PurchaseRepository, PurchaseRow } from './purchase.repository.ts';
import type { RechargeRepository, RechargeRow } from './recharge.repository.ts';
import type { RechargeService } from './recharge.service.ts';

/** What a purchase asks for besides its item: how to recharge a shortfall. */
export interface HowToRecharge {
  payType?: number | undefined;
  channel?: string | undefined;
}

/** What a paid purchase opens: a package's feature here; a paid role's assignment (role-sale.ts) registers its own. */
export type Deliver = (tx: Database, order: PurchaseRow) => Promise<void>;

/**
 * Purchasing orders (docs/commerce.md, "Purchases"): SPEC 4's pricing (sell price minus
 * the coupon's reduction), paid from the wallet at once when it covers the price, else
 * waiting for the recharge of the shortfall and completed in the transaction that marks
 * that recharge paid. The ledger entry's key is the order's: nothing is charged twice.
 */
export class PurchaseService {
  readonly deliver: { package: Deliver; role: Deliver; space: Deliver };

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: PurchaseRepository,
    private readonly recharges: RechargeRepository,
    private readonly recharge: RechargeService,
    private readonly ledger: LedgerService,
    private readonly offers: OffersService,
    private readonly notifier: Notifier,
  ) {
    this.deliver = {
      package: (tx, order) => this.openFeature(tx, order),
      role: () => Promise.reject(new Error('paid roles are not sold here')),
      space: () => Promise.reject(new Error('cloud space is delivered by the cloud area')),
    };
  }

  /**
   * POST purchasing-orders: a package for the book, once per Idempotency-Key. A feature's
   * package is bought here (`package`), cloud space on the cloud page (`space`, under its own
   * permission); each refuses the other's.
   */
  async buyPackage(
    kind: 'package' | 'space',
    userId: string,
    book: BookContext,
    input: { comboId: string; couponId?: string | undefined } & HowToRecharge,
    idem: { key: string | undefined; hash: () => string },
    locale: Locale,
  ): Promise<PurchaseOrder> {
    const { order_no } = await onceInTransaction(this.db, { userId, ...idem }, async (tx) => {
      const pkg = await this.offers.packageOnSale(tx, input.comboId);
      if (!pkg) throw new AppError('commerce.notOnSale');
      if (kind === 'package' && pkg.capacityMb !== null) throw new AppError('cloud.isSpace');
      if (kind === 'space' && pkg.capacityMb === null) throw new AppError('cloud.notSpace');
      const now = new Date(this.clock.now());
      let reduction = 0n;
      let couponId: string | null = null;
      if (input.couponId) {
        const c = await this.offers.takeCoupon(tx, { userId, couponId: input.couponId, comboId: pkg.comboId, now });
        couponId = c.couponId;
        reduction = c.reduceAmount < pkg.sellPrice ? c.reduceAmount : pkg.sellPrice;
      }
      const order = await this.place(tx, userId, input, {
        book_id: book.bookId,
        kind,
        combo_id: pkg.comboId,
        feature_code: pkg.featureCode,
        role_id: null,
        member_ids: [],
        sell_price: pkg.sellPrice.toString(),
        coupon_id: couponId,
        coupon_reduction: reduction.toString(),
      });
      return { order_no: order.order_no };
    });
    return this.answer(userId, order_no, locale);
  }

  /**
   * Writes a purchase in `tx` and pays it from the wallet when it can; otherwise it waits
   * for a recharge of the shortfall, written with it. A coupon is taken with the order
   * (and given back if the order is cancelled).
   */
  async place(
    tx: Database,
    userId: string,
    how: HowToRecharge,
    o: Pick<
      PurchaseRow,
      'book_id' | 'kind' | 'combo_id' | 'feature_code' | 'role_id' | 'member_ids' | 'sell_price' | 'coupon_id' | 'coupon_reduction'
    >,
  ): Promise<PurchaseRow> {
    const now = new Date(this.clock.now());
    const orderNo = newOrderNo('P', now.getTime());
    const price = BigInt(o.sell_price) - BigInt(o.coupon_reduction);
    const shortfall = await this.charge(tx, userId, orderNo, price);
    const order = await this.repo.insert(tx, {
      ...o,
      order_no: orderNo,
      user_id: userId,
      price: price.toString(),
      shortfall: shortfall.toString(),
      status: shortfall > 0n ? 'awaiting_recharge' : 'paid',
      at: now,
    });
    if (o.coupon_id && !(await this.offers.markCouponUsed(tx, o.coupon_id, orderNo, now))) throw new AppError('commerce.couponUsed');
    if (shortfall === 0n) {
      await this.deliver[order.kind](tx, order);
      return order;
    }
    const payType = how.payType ?? PAY_TYPE.WEB;
    const channel = how.channel ?? this.recharge.payOptions(payType, 'en')[0]?.channel;
    if (!channel) throw new AppError('commerce.channelUnavailable');
    const min = BigInt(RECHARGE_MIN_MINOR);
    const recharge = await this.recharge.insert(tx, userId, {
      amount: shortfall < min ? min : shortfall,
      payType,
      channel,
      purchaseOrderNo: orderNo,
    });
    await this.repo.setRecharge(tx, orderNo, recharge.order_no);
    return { ...order, recharge_order_no: recharge.order_no };
  }

  /** The price from the wallet into revenue; answers the shortfall (0 when paid), having moved nothing then. */
  private async charge(tx: Database, userId: string, orderNo: string, price: bigint): Promise<bigint> {
    if (price === 0n) return 0n;
    try {
      await this.ledger.post(tx, {
        key: `purchase:${orderNo}`,
        kind: 'purchase',
        orderNo,
        postings: moveBetween(await this.ledger.wallet(tx, userId), await this.ledger.platformAccount(tx, 'revenue'), price),
      });
      return 0n;
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'insufficient' && err.shortfall !== undefined) return err.shortfall;
      throw err;
    }
  }

  /** The recharge of a purchase's shortfall was paid (its transaction): the purchase is paid and delivered now. */
  async rechargePaid(tx: Database, recharge: RechargeRow): Promise<void> {
    if (!recharge.purchase_order_no) return;
    const order = await this.repo.lock(tx, recharge.purchase_order_no);
    if (order?.status !== 'awaiting_recharge') return;
    // The wallet was spent elsewhere meanwhile: the purchase is given up, the shells stay in the wallet.
    if ((await this.charge(tx, order.user_id, order.order_no, BigInt(order.price))) > 0n) return this.rechargeClosed(tx, recharge);
    const paid = await this.repo.move(tx, order.order_no, 'paid', new Date(this.clock.now()));
    if (paid) await this.deliver[paid.kind](tx, paid);
  }

  /** The recharge failed or was cancelled: the purchase waiting for it is cancelled and its coupon given back. */
  async rechargeClosed(tx: Database, recharge: RechargeRow): Promise<void> {
    if (!recharge.purchase_order_no) return;
    const cancelled = await this.repo.move(tx, recharge.purchase_order_no, 'cancelled', new Date(this.clock.now()));
    if (cancelled?.coupon_id) await this.offers.releaseCoupon(tx, cancelled.coupon_id, cancelled.order_no);
  }

  private async openFeature(tx: Database, order: PurchaseRow): Promise<void> {
    if (!order.combo_id || !order.feature_code) throw new Error(`purchase ${order.order_no} names no package`);
    // The days of the package as sold (a package withdrawn since still has them).
    const days = await this.repo.packageDays(tx, order.combo_id);
    await this.repo.extendFeature(tx, order.book_id, order.feature_code, days, new Date(this.clock.now()));
    const title = await this.repo.title(tx, order);
    await this.notifier.notify(tx, [
      {
        userId: order.user_id,
        bookId: order.book_id,
        kind: 'purchase.paid',
        params: { bookName: await this.repo.bookName(tx, order.book_id), itemName: title, bookId: order.book_id },
        link: `budget/index?bookId=${order.book_id}`,
      },
    ]);
  }

  /** The caller's purchasing order, with the recharge of its shortfall (asked of the provider once it commits). */
  async answer(userId: string, orderNo: string, locale: Locale): Promise<PurchaseOrder> {
    const order = await this.repo.byNo(this.db, orderNo);
    if (!order || order.user_id !== userId) throw new AppError('commerce.orderNotFound');
    let recharge: RechargeOrder | null = null;
    if (order.recharge_order_no) {
      const r = await this.recharges.byNo(this.db, order.recharge_order_no);
      if (r) recharge = order.status === 'awaiting_recharge' && r.status === 'created' ? await this.recharge.pay(r) : presentRecharge(r);
    }
    const title = await this.repo.title(this.db, order);
    return {
      order_no: order.order_no,
      status: order.status,
      book_id: order.book_id,
      kind: order.kind,
      combo_id: order.combo_id,
      feature_code: order.feature_code,
      role_id: order.role_id,
      member_ids: order.member_ids,
      title: title[locale],
      sell_price: minorToMoney(order.sell_price),
      coupon_id: order.coupon_id,
      coupon_reduction: minorToMoney(order.coupon_reduction),
      price: minorToMoney(order.price),
      shortfall: minorToMoney(order.shortfall),
      recharge,
      created_at: order.created_at.getTime(),
      paid_at: order.paid_at ? order.paid_at.getTime() : null,
    };
  }
}
