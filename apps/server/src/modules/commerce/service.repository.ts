import { SYSTEM_ROLE_TEXTS, type LocalizedText } from '@cab/contracts';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { ServiceBillsTable, ServiceOrdersTable } from '../../platform/db/schema.ts';

export type ServiceRow = Selectable<ServiceOrdersTable>;
export type BillRow = Selectable<ServiceBillsTable>;

/** SQL of service orders (what runs in a book and is charged daily) and their daily bills (migration 0023). */
export class ServiceRepository {
  runningRole(tx: Database, bookId: string, roleId: string): Promise<ServiceRow | undefined> {
    return tx
      .selectFrom('service_orders')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('role_id', '=', roleId)
      .where('kind', '=', 'role')
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /** Starts a service unless one runs already for the role (the unique running index): answers the running one. */
  async start(
    tx: Database,
    s: Pick<ServiceRow, 'order_no' | 'book_id' | 'payer_id' | 'kind' | 'role_id' | 'feature_code' | 'billing_type' | 'price'> & {
      startedOn: string;
      at: Date;
    },
  ) {
    const { startedOn, at, ...values } = s;
    await sql`
      INSERT INTO service_orders (order_no, book_id, payer_id, kind, role_id, feature_code, billing_type, price, started_on, created_at)
      VALUES (${values.order_no}, ${values.book_id}, ${values.payer_id}, ${values.kind}, ${values.role_id}, ${values.feature_code},
              ${values.billing_type}, ${values.price}, ${startedOn}::date, ${at})
      ON CONFLICT DO NOTHING`.execute(tx);
  }

  byNo(tx: Database, orderNo: string): Promise<ServiceRow | undefined> {
    return tx.selectFrom('service_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  ofBook(tx: Database, bookId: string): Promise<ServiceRow[]> {
    return tx
      .selectFrom('service_orders')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('status', '=', 'running')
      .orderBy('id')
      .execute();
  }

  /** A page of running services for the billing job, in id order after `afterId`. */
  running(tx: Database, afterId: string, limit: number): Promise<ServiceRow[]> {
    return tx
      .selectFrom('service_orders')
      .selectAll()
      .where('status', '=', 'running')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async end(tx: Database, id: string, at: Date): Promise<void> {
    await tx
      .updateTable('service_orders')
      .set({ status: 'ended', ended_at: at })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** A role's price and billing, as a purchase of it delivers them. */
  role(tx: Database, bookId: string, roleId: string) {
    return tx
      .selectFrom('book_roles')
      .select(['id', 'price_minor', 'billing_type'])
      .where('book_id', '=', bookId)
      .where('id', '=', roleId)
      .executeTakeFirst();
  }

  async holders(tx: Database, bookId: string, roleId: string): Promise<number> {
    const row = await tx
      .selectFrom('book_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('book_id', '=', bookId)
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The day's bill of a service, made once (its key): false when it was made before. */
  async bill(
    tx: Database,
    b: { serviceId: string; day: string; bookId: string; payerId: string; amount: bigint; paidBy?: string; at: Date },
  ): Promise<boolean> {
    const row = await tx
      .insertInto('service_bills')
      .values({
        service_order_id: b.serviceId,
        bill_day: b.day,
        book_id: b.bookId,
        payer_id: b.payerId,
        amount: b.amount.toString(),
        status: b.paidBy ? 'paid' : 'unpaid',
        paid_by_order: b.paidBy ?? null,
        created_at: b.at,
        paid_at: b.paidBy ? b.at : null,
      })
      .onConflict((oc) => oc.columns(['service_order_id', 'bill_day']).doNothing())
      .returning('bill_day')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A payer's unpaid bills, oldest first, locked: two settlements of one payer take turns. */
  unpaid(tx: Database, payerId: string): Promise<BillRow[]> {
    return tx
      .selectFrom('service_bills')
      .selectAll()
      .where('payer_id', '=', payerId)
      .where('status', '=', 'unpaid')
      .orderBy('bill_day')
      .orderBy('service_order_id')
      .forUpdate()
      .execute();
  }

  async markPaid(tx: Database, b: BillRow, at: Date): Promise<void> {
    await tx
      .updateTable('service_bills')
      .set({ status: 'paid', paid_at: at })
      .where('service_order_id', '=', b.service_order_id)
      .where('bill_day', '=', b.bill_day)
      .where('status', '=', 'unpaid')
      .execute();
  }

  async unpaidOfBook(tx: Database, bookId: string): Promise<bigint> {
    const row = await tx
      .selectFrom('service_bills')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('book_id', '=', bookId)
      .where('status', '=', 'unpaid')
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async unpaidOfService(tx: Database, serviceId: string): Promise<bigint> {
    const row = await tx
      .selectFrom('service_bills')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('service_order_id', '=', serviceId)
      .where('status', '=', 'unpaid')
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async lastBillDay(tx: Database, serviceId: string): Promise<Date | undefined> {
    const row = await tx
      .selectFrom('service_bills')
      .select('bill_day')
      .where('service_order_id', '=', serviceId)
      .orderBy('bill_day', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.bill_day;
  }

  /** Sets the book's bill status from its unpaid bills; answers the status before and after. */
  async settleBookStatus(tx: Database, bookId: string): Promise<{ before: 'normal' | 'arrears'; after: 'normal' | 'arrears' }> {
    const before = (await tx.selectFrom('books').select('bill_status').where('id', '=', bookId).forUpdate().executeTakeFirstOrThrow())
      .bill_status;
    const after = (await this.unpaidOfBook(tx, bookId)) > 0n ? 'arrears' : 'normal';
    if (after !== before) await tx.updateTable('books').set({ bill_status: after }).where('id', '=', bookId).execute();
    return { before, after };
  }

  /** What the service is, in both languages: its role's name, or its feature's. */
  async title(tx: Database, s: ServiceRow): Promise<LocalizedText> {
    if (s.role_id) {
      const r = await tx
        .selectFrom('book_roles')
        .select(['name', 'kind'])
        .where('book_id', '=', s.book_id)
        .where('id', '=', s.role_id)
        .executeTakeFirst();
      if (r?.name) return { 'zh-CN': r.name, en: r.name };
      if (r && r.kind !== 'custom') return SYSTEM_ROLE_TEXTS[r.kind].name;
    }
    if (s.feature_code) {
      const f = await tx
        .selectFrom('premium_features')
        .select(['name', 'name_en'])
        .where('feature_code', '=', s.feature_code)
        .executeTakeFirst();
      if (f) return { 'zh-CN': f.name, en: f.name_en };
    }
    return { 'zh-CN': s.order_no, en: s.order_no };
  }

  async billStatus(tx: Database, bookId: string): Promise<'normal' | 'arrears'> {
    return (await tx.selectFrom('books').select('bill_status').where('id', '=', bookId).executeTakeFirstOrThrow()).bill_status;
  }

  /** Whether a purchase of a role for this member waits for its payment (SPEC 4's waiting_distribute). */
  async roleAwaitingFor(tx: Database, bookId: string, userId: string): Promise<boolean> {
    const row = await tx
      .selectFrom('purchasing_orders')
      .select('id')
      .where('book_id', '=', bookId)
      .where('kind', '=', 'role')
      .where('status', '=', 'awaiting_recharge')
      .where(sql<boolean>`${userId}::bigint = ANY(member_ids)`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  bookName(tx: Database, bookId: string): Promise<string> {
    return tx
      .selectFrom('books')
      .select('name')
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow()
      .then((r) => r.name);
  }
}
