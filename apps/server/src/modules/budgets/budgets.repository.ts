import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookBudgetsTable } from '../../platform/db/schema.ts';

export type BudgetRow = Selectable<BookBudgetsTable>;
/** An expense budget as the overspending check reads it. */
export type CheckedBudget = BudgetRow & {
  category_id: string | null;
  category_name: string | null;
  category_icon: string | null;
  category_parent_id: string | null;
  told_period_id: string | null;
  told_amount_minor: string | null;
  /** What its current period used (minor units). */
  used_minor: string;
};
/** A recurrence's current period as local dates, start included and end excluded (both null for ALL). */
export interface BudgetPeriod {
  recurrence: BudgetRow['recurrence_type'];
  start: string | null;
  end: string | null;
}
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

  bookName(bookId: string, db: Database = this.db): Promise<{ name: string; icon: string }> {
    return db.selectFrom('books').select(['name', 'icon']).where('id', '=', bookId).executeTakeFirstOrThrow();
  }

  /**
   * A book's expense budgets of every recurrence, what an overspending check looks at: each
   * with its category (null for the total, or when the category is gone), the last period
   * it was told about, at what amount, and what its current period used. With `touched`
   * (the categories records were written in), only the total and the budgets of those
   * categories or of the first-level ones above them: a record moves no other budget.
   *
   * One statement, so that a record's check is one round trip. What a period used is the
   * budget screens' usage (StatisticsService.summaries over the day totals, which answer
   * every budget period: whole local days): the EXPENSE sum of the book's day totals in the
   * period (`periods`: each recurrence's current one, none for ALL), of the category and
   * its subcategories for a category's budget. overspent.test.ts holds the two equal.
   */
  async expenseBudgets(bookId: string, periods: readonly BudgetPeriod[], touched?: readonly string[]): Promise<CheckedBudget[]> {
    const only = touched
      ? sql`AND (b.subject_type = 'Book' OR c.id = ANY(${[...touched]}::bigint[])
          OR c.id IN (SELECT w.parent_id FROM book_categories w WHERE w.book_id = ${bookId} AND w.id = ANY(${[...touched]}::bigint[])))`
      : sql``;
    const res = await sql<CheckedBudget>`
      SELECT b.*, c.name AS category_name, c.icon AS category_icon, c.parent_id AS category_parent_id, c.id AS category_id,
        last.told_period_id, last.told_amount_minor, coalesce(used.expense, 0)::text AS used_minor
      FROM book_budgets b
      LEFT JOIN book_categories c ON c.book_id = b.book_id AND c.id = b.subject_id AND b.subject_type = 'Category'
      LEFT JOIN LATERAL (
        SELECT a.period_id AS told_period_id, a.amount_minor AS told_amount_minor FROM budget_alerts a
        WHERE a.book_id = b.book_id AND a.budget_id = b.id ORDER BY a.told_at DESC LIMIT 1
      ) last ON true
      JOIN unnest(${periods.map((p) => p.recurrence)}::text[], ${periods.map((p) => p.start)}::date[], ${periods.map((p) => p.end)}::date[])
        AS per(recurrence, start_day, end_day) ON per.recurrence = b.recurrence_type
      LEFT JOIN LATERAL (
        SELECT sum(d.amount_minor) AS expense FROM transaction_day_totals d
        WHERE d.book_id = b.book_id AND d.business_type = 'Expense' AND d.count <> 0
          AND d.day >= coalesce(per.start_day, '-infinity') AND d.day < coalesce(per.end_day, 'infinity')
          AND (b.subject_type = 'Book'
            OR d.category_id IN (SELECT k.id FROM book_categories k WHERE k.book_id = b.book_id AND (k.id = c.id OR k.parent_id = c.id)))
      ) used ON b.subject_type = 'Book' OR c.id IS NOT NULL
      WHERE b.book_id = ${bookId} AND b.budget_type = 'Expense' ${only}
      ORDER BY b.id`.execute(this.db);
    return res.rows;
  }

  /**
   * Records that these budgets' periods were found overspent at these amounts, and returns
   * the ids of those not told before (or told at another amount): the members hear of each
   * once. One statement: two writes checking at once tell once.
   */
  async markOverspent(db: Database, bookId: string, found: Array<{ budgetId: string; periodId: string; amountMinor: string }>, at: Date) {
    if (!found.length) return [];
    const rows = await db
      .insertInto('budget_alerts')
      .values(
        found.map((f) => ({ book_id: bookId, budget_id: f.budgetId, period_id: f.periodId, amount_minor: f.amountMinor, told_at: at })),
      )
      .onConflict((oc) =>
        oc
          .columns(['book_id', 'budget_id', 'period_id'])
          .doUpdateSet((eb) => ({ amount_minor: eb.ref('excluded.amount_minor'), told_at: eb.ref('excluded.told_at') }))
          .where('budget_alerts.amount_minor', '<>', (eb) => eb.ref('excluded.amount_minor')),
      )
      .returning('budget_id')
      .execute();
    return rows.map((r) => r.budget_id);
  }

  memberIds(bookId: string, db: Database = this.db): Promise<string[]> {
    return db
      .selectFrom('book_users')
      .select('user_id')
      .where('book_id', '=', bookId)
      .execute()
      .then((rows) => rows.map((r) => r.user_id));
  }
}
