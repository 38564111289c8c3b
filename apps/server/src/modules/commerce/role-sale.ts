import { minorToMoney, type Locale, type PurchaseOrder } from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { MembersService } from '../members/members.service.ts';
import type { BillingService } from './billing.service.ts';
import { newOrderNo, onceInTransaction } from './order-no.ts';
import type { PurchaseRepository, PurchaseRow } from './purchase.repository.ts';
import type { HowToRecharge, PurchaseService } from './purchase.service.ts';
import type { ServiceRepository } from './service.repository.ts';

type Billing = 'PerDay' | 'PerPersonPerDay' | 'OneOff';

/** What assigning a paid role costs: now, and per day after. */
export interface RoleQuote {
  billingType: Billing;
  price: bigint;
  persons: number;
  daily: bigint;
  now: bigint;
}

/**
 * Paid roles (docs/commerce.md, "Paid roles"): SPEC 3's role price per day, per person
 * per day, or one-off. Assigning one is a purchase: a one-off price per member, or the
 * first day; after that a daily service bills the role (billing.service.ts).
 */
export class RoleSale {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly members: MembersService,
    private readonly purchases: PurchaseService,
    private readonly orders: PurchaseRepository,
    private readonly services: ServiceRepository,
    private readonly billing: BillingService,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
  ) {
    purchases.deliver.role = (tx, order) => this.deliver(tx, order);
  }

  /** SPEC 4: the trial (what it costs), zero when the daily expense is zero and nothing is due now. */
  private async quote(
    tx: Database,
    bookId: string,
    role: { id: string; price_minor: string; billing_type: Billing },
    newcomers: number,
  ): Promise<RoleQuote> {
    const price = BigInt(role.price_minor);
    const holders = await this.services.holders(tx, bookId, role.id);
    if (role.billing_type === 'OneOff')
      return { billingType: 'OneOff', price, persons: holders + newcomers, daily: 0n, now: price * BigInt(newcomers) };
    const running = await this.services.runningRole(tx, bookId, role.id);
    if (role.billing_type === 'PerDay')
      return { billingType: 'PerDay', price, persons: holders + newcomers, daily: price, now: running ? 0n : price };
    const persons = holders + newcomers;
    return { billingType: 'PerPersonPerDay', price, persons, daily: price * BigInt(persons), now: price * BigInt(newcomers) };
  }

  /** users/{id}/consumption-trial: what giving this member the role would cost. */
  async trial(actorId: string, book: BookContext, userId: string, roleId: string) {
    const { member, role } = await this.members.checkRoleChange(this.db, book, actorId, userId, roleId);
    const q = await this.quote(this.db, book.bookId, role, member.role_id === role.id ? 0 : 1);
    const balance = await this.ledger.walletBalance(actorId);
    return {
      role_id: role.id,
      user_id: userId,
      billing_type: q.billingType,
      price: minorToMoney(q.price),
      persons: q.persons,
      daily_expense: minorToMoney(q.daily),
      trial_price: minorToMoney(q.daily === 0n && q.billingType !== 'OneOff' ? 0n : q.now),
      balance: minorToMoney(balance),
      enough: balance >= q.now,
    };
  }

  /** role/{id}/pay-for-assign: buys the role for the members, paid now from the wallet or once the shortfall is recharged. */
  async payForAssign(
    actorId: string,
    book: BookContext,
    roleId: string,
    userIds: readonly string[],
    how: HowToRecharge,
    idem: { key: string | undefined; hash: () => string },
    locale: Locale,
  ): Promise<PurchaseOrder> {
    const ids = [...new Set(userIds)];
    const { order_no } = await onceInTransaction(this.db, { userId: actorId, ...idem }, async (tx) => {
      let role;
      const newcomers: string[] = [];
      for (const userId of ids) {
        const checked = await this.members.checkRoleChange(tx, book, actorId, userId, roleId);
        role = checked.role;
        if (checked.member.role_id !== role.id) newcomers.push(userId);
      }
      if (!role) throw new AppError('member.notFound');
      if (role.price_minor === '0') throw new AppError('commerce.roleFree');
      const q = await this.quote(tx, book.bookId, role, newcomers.length);
      const order = await this.purchases.place(tx, actorId, how, {
        book_id: book.bookId,
        kind: 'role',
        combo_id: null,
        feature_code: null,
        role_id: role.id,
        member_ids: newcomers,
        sell_price: q.now.toString(),
        coupon_id: null,
        coupon_reduction: '0',
      });
      return { order_no: order.order_no };
    });
    return this.purchases.answer(actorId, order_no, locale);
  }

  /** The role bought: given to its members, and its daily service started (today paid by the purchase itself). */
  private async deliver(tx: Database, order: PurchaseRow): Promise<void> {
    if (!order.role_id) throw new Error(`purchase ${order.order_no} names no role`);
    const role = await this.services.role(tx, order.book_id, order.role_id);
    if (!role) return;
    for (const userId of order.member_ids) await this.members.writeRoleChange(tx, order.book_id, order.user_id, userId, role.id);
    const at = new Date(this.clock.now());
    if (role.billing_type !== 'OneOff') {
      const today = this.billing.dayOf(at.getTime());
      await this.services.start(tx, {
        order_no: newOrderNo('S', at.getTime()),
        book_id: order.book_id,
        payer_id: order.user_id,
        kind: 'role',
        role_id: role.id,
        feature_code: null,
        billing_type: role.billing_type,
        price: role.price_minor,
        startedOn: today,
        at,
      });
      const running = await this.services.runningRole(tx, order.book_id, role.id);
      // Today is what this purchase paid: the day's bill is made paid, so the job does not charge it again.
      if (running && BigInt(order.price) > 0n)
        await this.services.bill(tx, {
          serviceId: running.id,
          day: today,
          bookId: order.book_id,
          payerId: order.user_id,
          amount: BigInt(order.price),
          paidBy: order.order_no,
          at,
        });
    }
    const title = await this.orders.title(tx, order);
    await this.notifier.notify(tx, [
      {
        userId: order.user_id,
        bookId: order.book_id,
        kind: 'purchase.paid',
        params: { bookName: await this.orders.bookName(tx, order.book_id), itemName: title, bookId: order.book_id },
        link: `roleSetting/index?bookId=${order.book_id}`,
      },
    ]);
  }
}
