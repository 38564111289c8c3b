import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { RechargeOrdersTable, RechargeStatusColumn } from '../../platform/db/schema.ts';

export type RechargeRow = Selectable<RechargeOrdersTable>;

/** SQL of recharge orders, their stairs and the providers' notifications (migration 0023). */
export class RechargeRepository {
  stairs(tx: Database) {
    return tx.selectFrom('recharge_stairs').selectAll().orderBy('position').orderBy('amount').execute();
  }

  async stairBonus(tx: Database, amount: bigint): Promise<bigint> {
    const row = await tx.selectFrom('recharge_stairs').select('first_bonus').where('amount', '=', amount.toString()).executeTakeFirst();
    return row ? BigInt(row.first_bonus) : 0n;
  }

  /** Whether the user has had a recharge paid (the first-recharge bonus is given once). */
  async hasPaidRecharge(tx: Database, userId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('recharge_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['paid', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  insert(
    tx: Database,
    o: Pick<RechargeRow, 'order_no' | 'user_id' | 'amount' | 'bonus' | 'amount_cny' | 'pay_type' | 'channel' | 'purchase_order_no'> & {
      at: Date;
    },
  ): Promise<RechargeRow> {
    const { at, ...values } = o;
    return tx
      .insertInto('recharge_orders')
      .values({ ...values, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byNo(tx: Database, orderNo: string): Promise<RechargeRow | undefined> {
    return tx.selectFrom('recharge_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  /** The order, locked until the transaction ends: a notification and a cancel of one order take turns. */
  lock(tx: Database, orderNo: string): Promise<RechargeRow | undefined> {
    return tx.selectFrom('recharge_orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
  }

  /** One transition, taken only from the states named: answers the order after it, or undefined when it was not in them. */
  move(
    tx: Database,
    orderNo: string,
    from: readonly RechargeStatusColumn[],
    set: Partial<Pick<RechargeRow, 'status' | 'payment_id' | 'cashier_url' | 'failure' | 'settled_at' | 'late_refund' | 'bonus'>>,
    at: Date,
  ): Promise<RechargeRow | undefined> {
    return tx
      .updateTable('recharge_orders')
      .set({ ...set, updated_at: at })
      .where('order_no', '=', orderNo)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst();
  }

  /** The book of the purchase a recharge paid for. */
  async purchaseBook(tx: Database, purchaseOrderNo: string): Promise<string | undefined> {
    return (await tx.selectFrom('purchasing_orders').select('book_id').where('order_no', '=', purchaseOrderNo).executeTakeFirst())?.book_id;
  }

  /** Records a provider's notification once: false when it was seen before. */
  async firstSight(tx: Database, e: { channel: string; eventId: string; orderNo: string; kind: string; at: Date }): Promise<boolean> {
    const row = await tx
      .insertInto('payment_events')
      .values({ channel: e.channel, event_id: e.eventId, order_no: e.orderNo, kind: e.kind, received_at: e.at })
      .onConflict((oc) => oc.columns(['channel', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Orders the payments job looks after: paying for a while, or a late payment still to refund. */
  stale(tx: Database, before: Date, limit: number): Promise<RechargeRow[]> {
    return tx
      .selectFrom('recharge_orders')
      .selectAll()
      .where((eb) => eb.or([eb('status', 'in', ['created', 'paying']), eb('late_refund', '=', 'pending')]))
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }
}
