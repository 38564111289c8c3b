import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { TransactionsTable } from '../../platform/db/schema.ts';

export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransaction = Insertable<TransactionsTable>;

/** A transaction with the names of what it points at, as the answers show it. */
export interface TransactionView extends TransactionRow {
  account_name: string | null;
  account_currency: string | null;
  to_account_name: string | null;
  to_account_currency: string | null;
  category_name: string | null;
  category_icon: string | null;
  category_type: string | null;
  category_parent_name: string | null;
  member_name: string | null;
  merchant_name: string | null;
  project_name: string | null;
  recorder_name: string;
}

/** SQL of transactions. Every query leads with book_id. */
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  insert(db: Database, rows: NewTransaction[]): Promise<TransactionRow[]> {
    return db.insertInto('transactions').values(rows).returningAll().execute();
  }

  /** The row itself, locked for a change when `forUpdate`. */
  row(db: Database, bookId: string, id: string, forUpdate = false): Promise<TransactionRow | undefined> {
    let q = db.selectFrom('transactions').selectAll().where('book_id', '=', bookId).where('id', '=', id).where('deleted_at', 'is', null);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  rows(db: Database, bookId: string, ids: string[], forUpdate = false): Promise<TransactionRow[]> {
    let q = db
      .selectFrom('transactions')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('id');
    if (forUpdate) q = q.forUpdate();
    return q.execute();
  }

  update(db: Database, bookId: string, id: string, patch: Partial<NewTransaction>) {
    return db.updateTable('transactions').set(patch).where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  softDelete(db: Database, bookId: string, ids: string[], userId: string, at: Date) {
    return db
      .updateTable('transactions')
      .set({ deleted_at: at, deleted_by: userId, updated_at: at, updated_by: userId })
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Live transactions with the names of their dimensions, in the order of `ids`. */
  async views(db: Database, bookId: string, ids: string[]): Promise<TransactionView[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('transactions as t')
      .leftJoin('book_accounts as a', (j) => j.onRef('a.book_id', '=', 't.book_id').onRef('a.id', '=', 't.account_id'))
      .leftJoin('book_accounts as ta', (j) => j.onRef('ta.book_id', '=', 't.book_id').onRef('ta.id', '=', 't.to_account_id'))
      .leftJoin('book_categories as c', (j) => j.onRef('c.book_id', '=', 't.book_id').onRef('c.id', '=', 't.category_id'))
      .leftJoin('book_categories as cp', (j) => j.onRef('cp.book_id', '=', 'c.book_id').onRef('cp.id', '=', 'c.parent_id'))
      .leftJoin('book_labels as m', (j) => j.onRef('m.book_id', '=', 't.book_id').onRef('m.id', '=', 't.member_id'))
      .leftJoin('book_labels as mc', (j) => j.onRef('mc.book_id', '=', 't.book_id').onRef('mc.id', '=', 't.merchant_id'))
      .leftJoin('book_labels as p', (j) => j.onRef('p.book_id', '=', 't.book_id').onRef('p.id', '=', 't.project_id'))
      .innerJoin('users as u', 'u.id', 't.recorder_id')
      .selectAll('t')
      .select([
        (eb) => eb.cast<string | null>('t.rate', 'text').as('rate'),
        'a.name as account_name',
        'a.currency as account_currency',
        'ta.name as to_account_name',
        'ta.currency as to_account_currency',
        'c.name as category_name',
        'c.icon as category_icon',
        'c.type as category_type',
        'cp.name as category_parent_name',
        'm.name as member_name',
        'mc.name as merchant_name',
        'p.name as project_name',
        'u.nickname as recorder_name',
      ])
      .where('t.book_id', '=', bookId)
      .where('t.id', 'in', ids)
      .where('t.deleted_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r as TransactionView]));
    return ids.map((id) => byId.get(id)).filter((v): v is TransactionView => v !== undefined);
  }

  /** The saved templates to record from, newest first. */
  async templateIds(bookId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select('id')
      .where('book_id', '=', bookId)
      .where('business_type', '=', 'Template')
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Every live transaction's movement of each account: the brute-force balance, for checks. */
  async balanceSums(bookId: string): Promise<Map<string, bigint>> {
    const rows = await sql<{ id: string; total: string }>`
      SELECT id, sum(delta)::text AS total FROM (
        SELECT account_id AS id, account_delta_minor AS delta FROM transactions
          WHERE book_id = ${bookId} AND deleted_at IS NULL AND account_id IS NOT NULL
        UNION ALL
        SELECT to_account_id, to_account_delta_minor FROM transactions
          WHERE book_id = ${bookId} AND deleted_at IS NULL AND to_account_id IS NOT NULL
      ) d GROUP BY id`.execute(this.db);
    return new Map(rows.rows.map((r) => [String(r.id), BigInt(r.total)]));
  }
}
