import type { DimensionKind, LabelKind } from '@cab/contracts';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookAccountsTable, BookCategoriesTable, BookLabelsTable } from '../../platform/db/schema.ts';

export type CategoryRow = Selectable<BookCategoriesTable>;
export type AccountRow = Selectable<BookAccountsTable>;
export type LabelRow = Selectable<BookLabelsTable>;
export type TradeType = 'Expense' | 'Income';

/** The transaction columns that point at each kind of dimension. */
export const TX_COLUMNS = {
  categories: ['category_id'],
  accounts: ['account_id', 'to_account_id'],
  members: ['member_id'],
  merchants: ['merchant_id'],
  projects: ['project_id'],
} as const satisfies Record<DimensionKind, readonly string[]>;
export type TxDimensionColumn = (typeof TX_COLUMNS)[DimensionKind][number];

export const LABEL_KIND = { members: 'member', merchants: 'merchant', projects: 'project' } as const satisfies Record<LabelKind, string>;

/** A dimension a write names, or its recorder ('u': nickname in name, whether the book has others in extra). */
export interface RefRow {
  kind: 'a' | 'c' | 'l' | 'u';
  id: string;
  name: string;
  /** An account's currency, a category's icon, a label's kind. */
  extra: string | null;
  type: string | null;
  parent_id: string | null;
  parent_name: string | null;
}

/** How far back the recently-use lists look: the caller's latest records in the book. */
const RECENT_WINDOW = 200;

/** SQL of categories, accounts, members, merchants and projects. Every query leads with book_id. */
export class DimensionsRepository {
  constructor(private readonly db: Database) {}

  categories(bookId: string, o: { type?: TradeType | undefined; includeHidden: boolean }, db: Database = this.db): Promise<CategoryRow[]> {
    let q = db.selectFrom('book_categories').selectAll().where('book_id', '=', bookId);
    if (o.type) q = q.where('type', '=', o.type);
    if (!o.includeHidden) q = q.where('hidden', '=', false);
    return q.orderBy('type').orderBy('sort').orderBy('id').execute();
  }

  category(bookId: string, id: string, db: Database = this.db): Promise<CategoryRow | undefined> {
    return db.selectFrom('book_categories').selectAll().where('book_id', '=', bookId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Everything a write names in one statement: accounts, categories (with their parent's
   * name), labels and, when asked, the recorder's nickname and whether the book has other
   * members. Only the branches with something to find are sent.
   */
  async refs(
    bookId: string,
    ids: { accounts: string[]; categories: string[]; labels: string[]; recorder: string | undefined },
    db: Database = this.db,
  ): Promise<RefRow[]> {
    // Every branch names its columns: whichever comes first names the answer's.
    const parts = [];
    if (ids.accounts.length) {
      parts.push(sql`SELECT 'a' AS kind, id, name, currency AS extra, NULL AS type, NULL::bigint AS parent_id, NULL AS parent_name
        FROM book_accounts WHERE book_id = ${bookId} AND id = ANY(${ids.accounts}::bigint[])`);
    }
    if (ids.categories.length) {
      parts.push(sql`SELECT 'c' AS kind, c.id, c.name, c.icon AS extra, c.type, c.parent_id, p.name AS parent_name FROM book_categories c
        LEFT JOIN book_categories p ON p.book_id = c.book_id AND p.id = c.parent_id
        WHERE c.book_id = ${bookId} AND c.id = ANY(${ids.categories}::bigint[])`);
    }
    if (ids.labels.length) {
      parts.push(sql`SELECT 'l' AS kind, id, name, kind AS extra, NULL AS type, NULL::bigint AS parent_id, NULL AS parent_name
        FROM book_labels WHERE book_id = ${bookId} AND id = ANY(${ids.labels}::bigint[])`);
    }
    if (ids.recorder !== undefined) {
      parts.push(sql`SELECT 'u' AS kind, id, nickname AS name,
        (EXISTS (SELECT 1 FROM book_users WHERE book_id = ${bookId} AND user_id <> ${ids.recorder}))::text AS extra,
        NULL AS type, NULL::bigint AS parent_id, NULL AS parent_name
        FROM users WHERE id = ${ids.recorder}`);
    }
    if (!parts.length) return [];
    return (await sql<RefRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db)).rows;
  }

  accounts(bookId: string, includeHidden: boolean, db: Database = this.db): Promise<AccountRow[]> {
    let q = db.selectFrom('book_accounts').selectAll().where('book_id', '=', bookId);
    if (!includeHidden) q = q.where('hidden', '=', false);
    return q.orderBy('sort').orderBy('id').execute();
  }

  account(bookId: string, id: string, db: Database = this.db): Promise<AccountRow | undefined> {
    return db.selectFrom('book_accounts').selectAll().where('book_id', '=', bookId).where('id', '=', id).executeTakeFirst();
  }

  /** Accounts locked for a balance change, in id order so two writers never wait on each other in a cycle. */
  lockAccounts(bookId: string, ids: string[], db: Database): Promise<AccountRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('book_accounts')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  labels(bookId: string, kind: LabelKind, includeHidden: boolean, db: Database = this.db): Promise<LabelRow[]> {
    let q = db.selectFrom('book_labels').selectAll().where('book_id', '=', bookId).where('kind', '=', LABEL_KIND[kind]);
    if (!includeHidden) q = q.where('hidden', '=', false);
    return q.orderBy('sort').orderBy('id').execute();
  }

  label(bookId: string, kind: LabelKind, id: string, db: Database = this.db): Promise<LabelRow | undefined> {
    return db
      .selectFrom('book_labels')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('kind', '=', LABEL_KIND[kind])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Ids the caller used most recently in this column, newest first (from their latest
   * records only; with `businessType`, from their latest records of that type only).
   */
  async recentIds(bookId: string, userId: string, column: TxDimensionColumn, limit: number, businessType?: string): Promise<string[]> {
    const ofType = businessType ? sql`AND business_type = ${businessType}` : sql``;
    const rows = await sql<{ id: string }>`
      SELECT x.id FROM (
        SELECT ${sql.ref(column)} AS id, created_at FROM transactions
        WHERE book_id = ${bookId} AND recorder_id = ${userId} AND deleted_at IS NULL ${ofType}
        ORDER BY created_at DESC LIMIT ${RECENT_WINDOW}
      ) x
      WHERE x.id IS NOT NULL
      GROUP BY x.id ORDER BY max(x.created_at) DESC LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => String(r.id));
  }

  /** A sort after every item of the book's table, so a new item comes last in its level. */
  async nextSort(db: Database, table: 'book_categories' | 'book_accounts' | 'book_labels', bookId: string): Promise<number> {
    const row = await sql<{ n: number | null }>`SELECT max(sort) AS n FROM ${sql.table(table)} WHERE book_id = ${bookId}`.execute(db);
    return Number(row.rows[0]?.n ?? -1) + 1;
  }

  insertCategory(
    db: Database,
    v: { book_id: string; parent_id: string | null; type: TradeType; name: string; icon: string; sort: number },
  ) {
    return db.insertInto('book_categories').values(v).returningAll().executeTakeFirstOrThrow();
  }

  insertAccount(db: Database, v: { book_id: string; group_name: string; name: string; type: string; currency: string; sort: number }) {
    return db.insertInto('book_accounts').values(v).returningAll().executeTakeFirstOrThrow();
  }

  insertLabel(db: Database, bookId: string, kind: LabelKind, name: string, sort: number) {
    return db
      .insertInto('book_labels')
      .values({ book_id: bookId, kind: LABEL_KIND[kind], name, sort, user_id: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Many new labels of one kind in one statement, sorted after the others in the given order (an import's merchants). */
  async insertLabels(
    db: Database,
    bookId: string,
    kind: LabelKind,
    names: readonly string[],
  ): Promise<Array<{ id: string; name: string }>> {
    if (!names.length) return [];
    const first = await this.nextSort(db, 'book_labels', bookId);
    return db
      .insertInto('book_labels')
      .values(names.map((name, i) => ({ book_id: bookId, kind: LABEL_KIND[kind], name, sort: first + i, user_id: null })))
      .returning(['id', 'name'])
      .execute();
  }

  updateCategory(db: Database, bookId: string, id: string, patch: Partial<Pick<CategoryRow, 'name' | 'icon' | 'hidden'>>) {
    return db.updateTable('book_categories').set(patch).where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  updateAccount(
    db: Database,
    bookId: string,
    id: string,
    patch: Partial<Pick<AccountRow, 'name' | 'group_name' | 'type' | 'currency' | 'hidden'>>,
  ) {
    return db.updateTable('book_accounts').set(patch).where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  updateLabel(db: Database, bookId: string, id: string, patch: Partial<Pick<LabelRow, 'name' | 'hidden'>>) {
    return db.updateTable('book_labels').set(patch).where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  /** Writes a new order: each id's position becomes its sort. */
  async setSort(db: Database, table: 'book_categories' | 'book_accounts' | 'book_labels', bookId: string, ids: string[]): Promise<void> {
    await sql`
      UPDATE ${sql.table(table)} AS t SET sort = o.pos
      FROM unnest(${sql.val(ids)}::bigint[]) WITH ORDINALITY AS o(id, pos)
      WHERE t.book_id = ${bookId} AND t.id = o.id`.execute(db);
  }

  /** Live transactions that point at any of the ids through any of the columns. */
  async usage(db: Database, bookId: string, columns: readonly TxDimensionColumn[], ids: string[]): Promise<number> {
    let total = 0;
    for (const column of columns) {
      const row = await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .where(column, 'in', ids)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      total += Number(row.n);
    }
    return total;
  }

  /** Transfers between two accounts (they would become same-account transfers if one moved onto the other). */
  async transfersBetween(db: Database, bookId: string, a: string, b: string): Promise<number> {
    const row = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('book_id', '=', bookId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('account_id', '=', a), eb('to_account_id', '=', b)]),
          eb.and([eb('account_id', '=', b), eb('to_account_id', '=', a)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Points every live transaction that uses the ids at the target (null: none), and
   * deleted ones at the target or nothing, so no row is left pointing at a removed item.
   */
  async moveTransactions(db: Database, bookId: string, columns: readonly TxDimensionColumn[], ids: string[], target: string | null) {
    for (const column of columns) {
      await db
        .updateTable('transactions')
        .set({ [column]: target })
        .where('book_id', '=', bookId)
        .where(column, 'in', ids)
        .execute();
    }
  }

  addToBalance(db: Database, bookId: string, accountId: string, delta: bigint) {
    return db
      .updateTable('book_accounts')
      .set({ balance_minor: sql`balance_minor + ${delta.toString()}::bigint` })
      .where('book_id', '=', bookId)
      .where('id', '=', accountId)
      .execute();
  }

  deleteCategories(db: Database, bookId: string, ids: string[]) {
    return db.deleteFrom('book_categories').where('book_id', '=', bookId).where('id', 'in', ids).execute();
  }

  deleteAccount(db: Database, bookId: string, id: string) {
    return db.deleteFrom('book_accounts').where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  deleteLabel(db: Database, bookId: string, id: string) {
    return db.deleteFrom('book_labels').where('book_id', '=', bookId).where('id', '=', id).execute();
  }

  countAccounts(db: Database, bookId: string): Promise<number> {
    return db
      .selectFrom('book_accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}
