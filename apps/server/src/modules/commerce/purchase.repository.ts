import { SYSTEM_ROLE_TEXTS, type LocalizedText } from '@cab/contracts';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { PurchasingOrdersTable } from '../../platform/db/schema.ts';

export type PurchaseRow = Selectable<PurchasingOrdersTable>;
type NewPurchase = Omit<PurchaseRow, 'id' | 'created_at' | 'paid_at' | 'recharge_order_no'> & { at: Date };

/** SQL of purchasing orders and of what they open in a book (migration 0023). Book queries lead with book_id. */
export class PurchaseRepository {
  insert(tx: Database, o: NewPurchase): Promise<PurchaseRow> {
    const { at, ...values } = o;
    return tx
      .insertInto('purchasing_orders')
      .values({ ...values, created_at: at, paid_at: values.status === 'paid' ? at : null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byNo(tx: Database, orderNo: string): Promise<PurchaseRow | undefined> {
    return tx.selectFrom('purchasing_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  lock(tx: Database, orderNo: string): Promise<PurchaseRow | undefined> {
    return tx.selectFrom('purchasing_orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
  }

  async setRecharge(tx: Database, orderNo: string, rechargeNo: string): Promise<void> {
    await tx.updateTable('purchasing_orders').set({ recharge_order_no: rechargeNo }).where('order_no', '=', orderNo).execute();
  }

  /** awaiting_recharge -> paid | cancelled; undefined when it had moved on already. */
  move(tx: Database, orderNo: string, to: 'paid' | 'cancelled', at: Date): Promise<PurchaseRow | undefined> {
    return tx
      .updateTable('purchasing_orders')
      .set({ status: to, ...(to === 'paid' ? { paid_at: at } : {}) })
      .where('order_no', '=', orderNo)
      .where('status', '=', 'awaiting_recharge')
      .returningAll()
      .executeTakeFirst();
  }

  /** Opens a feature in a book for `days` more: from when what is left of it ends, or from now. */
  async extendFeature(tx: Database, bookId: string, feature: string, days: number, now: Date): Promise<Date> {
    const row = await sql<{ expires_at: Date | null }>`
      INSERT INTO book_premium_features (book_id, feature_code, source, granted_at, expires_at)
      VALUES (${bookId}, ${feature}, 'order', ${now}, ${now}::timestamptz + make_interval(days => ${days}))
      ON CONFLICT (book_id, feature_code) DO UPDATE SET
        source = 'order',
        granted_at = EXCLUDED.granted_at,
        -- An operator's grant without an end stays without one.
        expires_at = CASE WHEN book_premium_features.expires_at IS NULL AND book_premium_features.source = 'operator' THEN NULL
          ELSE GREATEST(book_premium_features.expires_at, ${now}::timestamptz) + make_interval(days => ${days}) END
      RETURNING expires_at`.execute(tx);
    return row.rows[0]?.expires_at ?? now;
  }

  async packageDays(tx: Database, comboId: string): Promise<number> {
    return (await tx.selectFrom('packages').select('days').where('combo_id', '=', comboId).executeTakeFirstOrThrow()).days;
  }

  /** What the order bought, in both languages: the package's name, or the role's. */
  async title(tx: Database, order: PurchaseRow): Promise<LocalizedText> {
    if (order.kind !== 'role' && order.combo_id) {
      const p = await tx.selectFrom('packages').select(['name', 'name_en']).where('combo_id', '=', order.combo_id).executeTakeFirst();
      if (p) return { 'zh-CN': p.name, en: p.name_en };
    }
    if (order.role_id) {
      const r = await tx
        .selectFrom('book_roles')
        .select(['name', 'kind'])
        .where('book_id', '=', order.book_id)
        .where('id', '=', order.role_id)
        .executeTakeFirst();
      if (r?.name) return { 'zh-CN': r.name, en: r.name };
      if (r && r.kind !== 'custom') return SYSTEM_ROLE_TEXTS[r.kind].name;
    }
    return { 'zh-CN': order.order_no, en: order.order_no };
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
