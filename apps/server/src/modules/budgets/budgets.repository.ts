import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookBudgetsTable } from '../../platform/db/schema.ts';

export type BudgetRow = Selectable<BookBudgetsTable>;
export type BudgetKey = Pick<BudgetRow, 'budget_type' | 'recurrence_type' | 'subject_type' | 'subject_id'>;
export interface CategoryRow {
  id: string;
  name: string;
  icon: string;
  type: 'Expense' | 'Income';
  parent_id: string | null;
}

/** SQL of a book's budgets and the categories they are for. Every query leads with book_id. */
export class BudgetsRepository {
  constructor(private readonly db: Database) {}

  /** A book's budgets of one type and recurrence (one per subject: as many as the book has categories, plus one). */
  list(
    bookId: string,
    budgetType: BudgetRow['budget_type'],
    recurrence: BudgetRow['recurrence_type'],
    db: Database = this.db,
  ): Promise<BudgetRow[]> {
    return db
      .selectFrom('book_budgets')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('budget_type', '=', budgetType)
      .where('recurrence_type', '=', recurrence)
      .orderBy('id')
      .execute();
  }

  get(bookId: string, id: string, db: Database = this.db): Promise<BudgetRow | undefined> {
    return db.selectFrom('book_budgets').selectAll().where('book_id', '=', bookId).where('id', '=', id).executeTakeFirst();
  }

  find(bookId: string, key: BudgetKey, db: Database = this.db): Promise<BudgetRow | undefined> {
    return db
      .selectFrom('book_budgets')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('budget_type', '=', key.budget_type)
      .where('recurrence_type', '=', key.recurrence_type)
      .where('subject_type', '=', key.subject_type)
      .where('subject_id', '=', key.subject_id)
      .executeTakeFirst();
  }

  async create(db: Database, bookId: string, key: BudgetKey, amountMinor: bigint, userId: string): Promise<string> {
    const row = await db
      .insertInto('book_budgets')
      .values({ book_id: bookId, ...key, amount_minor: String(amountMinor), created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setAmount(db: Database, bookId: string, id: string, amountMinor: bigint, now: Date): Promise<void> {
    await db
      .updateTable('book_budgets')
      .set({ amount_minor: String(amountMinor), updated_at: now })
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .execute();
  }

  async remove(db: Database, bookId: string, id: string): Promise<boolean> {
    const res = await db.deleteFrom('book_budgets').where('book_id', '=', bookId).where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  category(bookId: string, id: string, db: Database = this.db): Promise<CategoryRow | undefined> {
    return db
      .selectFrom('book_categories')
      .select(['id', 'name', 'icon', 'type', 'parent_id'])
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** First-level categories of a type, or the subs of one category, in the book's order (hidden ones too: they may carry budgets). */
  categories(bookId: string, type: CategoryRow['type'], parentId: string | null): Promise<CategoryRow[]> {
    let q = this.db
      .selectFrom('book_categories')
      .select(['id', 'name', 'icon', 'type', 'parent_id'])
      .where('book_id', '=', bookId)
      .where('type', '=', type);
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    return q.orderBy('sort').orderBy('id').execute();
  }

  bookName(bookId: string): Promise<{ name: string; icon: string }> {
    return this.db.selectFrom('books').select(['name', 'icon']).where('id', '=', bookId).executeTakeFirstOrThrow();
  }
}
