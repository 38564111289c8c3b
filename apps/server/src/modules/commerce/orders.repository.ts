import { sql } from 'kysely';
import type { OrderType } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';

/** One line of the trade records, before it is worded. */
export interface TradeRow {
  type: 'recharge' | 'purchase' | 'service';
  order_no: string;
  status: string;
  /** Into the wallet (positive) or out of it, in the smallest unit. */
  amount: string;
  book_id: string | null;
  name: string | null;
  name_en: string | null;
  role_kind: string | null;
  created_at: Date;
  /** Orders rows of the same moment: unique across the three kinds. */
  sort_key: string;
}

export interface TradeCursor {
  at: Date;
  key: string;
}

/**
 * SQL of the trade records (the caller's recharges, purchases and daily charges) over the
 * three tables, newest first, paged by keyset in the database. Each branch leads with the
 * user's id and reads its own (user, created_at) index.
 */
export class OrdersRepository {
  async page(tx: Database, userId: string, type: OrderType, after: TradeCursor | undefined, limit: number): Promise<TradeRow[]> {
    const before = (col: string, key: ReturnType<typeof sql>) =>
      after ? sql`AND (${sql.ref(col)}, ${key}) < (${after.at}::timestamptz, ${after.key})` : sql``;
    const branches = [];
    if (type === 'all' || type === 'recharge') {
      const key = sql`'r:' || ro.order_no`;
      branches.push(sql`
        SELECT 'recharge' AS type, ro.order_no, ro.status,
               (CASE WHEN ro.status IN ('paid', 'refunded') THEN ro.amount + ro.bonus ELSE ro.amount END)::text AS amount,
               NULL::text AS book_id, NULL::text AS name, NULL::text AS name_en, NULL::text AS role_kind, ro.created_at, ${key} AS sort_key
        FROM recharge_orders ro WHERE ro.user_id = ${userId} ${before('ro.created_at', key)}
        ORDER BY ro.created_at DESC, ${key} DESC LIMIT ${limit}`);
    }
    if (type === 'all' || type === 'purchase') {
      const key = sql`'p:' || po.order_no`;
      branches.push(sql`
        SELECT 'purchase' AS type, po.order_no, po.status, (-po.price)::text AS amount, po.book_id::text,
               COALESCE(pk.name, br.name), COALESCE(pk.name_en, br.name), br.kind, po.created_at, ${key} AS sort_key
        FROM purchasing_orders po
        LEFT JOIN packages pk ON pk.combo_id = po.combo_id
        LEFT JOIN book_roles br ON br.book_id = po.book_id AND br.id = po.role_id
        WHERE po.user_id = ${userId} ${before('po.created_at', key)}
        ORDER BY po.created_at DESC, ${key} DESC LIMIT ${limit}`);
    }
    if (type === 'all' || type === 'service') {
      const key = sql`'s:' || so.order_no || ':' || sb.bill_day::text`;
      branches.push(sql`
        SELECT 'service' AS type, so.order_no, sb.status, (-sb.amount)::text AS amount, sb.book_id::text,
               br.name, br.name, br.kind, sb.created_at, ${key} AS sort_key
        FROM service_bills sb
        JOIN service_orders so ON so.id = sb.service_order_id
        LEFT JOIN book_roles br ON br.book_id = so.book_id AND br.id = so.role_id
        WHERE sb.payer_id = ${userId} AND sb.paid_by_order IS NULL ${before('sb.created_at', key)}
        ORDER BY sb.created_at DESC, ${key} DESC LIMIT ${limit}`);
    }
    const union = sql.join(
      branches.map((b) => sql`(${b})`),
      sql` UNION ALL `,
    );
    const rows = await sql<TradeRow>`SELECT * FROM (${union}) t ORDER BY created_at DESC, sort_key DESC LIMIT ${limit}`.execute(tx);
    return rows.rows;
  }

  async counts(tx: Database, userId: string): Promise<{ recharge: number; purchase: number; service: number }> {
    const row = await sql<{ recharge: string; purchase: string; service: string }>`
      SELECT (SELECT count(*) FROM recharge_orders WHERE user_id = ${userId}) AS recharge,
             (SELECT count(*) FROM purchasing_orders WHERE user_id = ${userId}) AS purchase,
             (SELECT count(*) FROM service_bills WHERE payer_id = ${userId} AND paid_by_order IS NULL) AS service`.execute(tx);
    const r = row.rows[0]!;
    return { recharge: Number(r.recharge), purchase: Number(r.purchase), service: Number(r.service) };
  }
}
