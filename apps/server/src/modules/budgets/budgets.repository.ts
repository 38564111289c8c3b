import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { BookBudgetsTable } from '../../platform/db/schema.ts';
import type { MetricRow } from '../statistics/filter-sql.ts';
import { dayTotalsCanAnswer, type FlowFilter } from '../statistics/flow-filter.ts';
import { totalsQuery } from '../statistics/statistics.repository.ts';

export type BudgetRow = Selectable<BookBudgetsTable>;
/** An expense budget as the overspending check reads it. */
export type CheckedBudget = BudgetRow & {
  category_id: string | null;
  category_name: string | null;
  category_icon: string | null;
  category_parent_id: string | null;
  told_period_id: string | null;
  told_amount_minor: string | null;
};
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
   * with its category (null for the total, or when the category is gone) and the last
   * period it was told about, at what amount. With `touched` (the categories records were
   * written in), only the total and the budgets of those categories or of the first-level
   * ones above them: a record moves no other budget. One query.
   */
  expenseBudgets(bookId: string, touched?: readonly string[]): Promise<CheckedBudget[]> {
    let q = this.db
      .selectFrom('book_budgets as b')
      .leftJoin('book_categories as c', (j) =>
        j.onRef('c.book_id', '=', 'b.book_id').onRef('c.id', '=', 'b.subject_id').on('b.subject_type', '=', 'Category'),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('budget_alerts as a')
            .select(['a.period_id as told_period_id', 'a.amount_minor as told_amount_minor'])
            .whereRef('a.book_id', '=', 'b.book_id')
            .whereRef('a.budget_id', '=', 'b.id')
            .orderBy('a.told_at', 'desc')
            .limit(1)
            .as('last'),
        (j) => j.onTrue(),
      )
      .selectAll('b')
      .select(['c.name as category_name', 'c.icon as category_icon', 'c.parent_id as category_parent_id', 'c.id as category_id'])
      .select(['last.told_period_id', 'last.told_amount_minor'])
      .where('b.book_id', '=', bookId)
      .where('b.budget_type', '=', 'Expense');
    if (touched) {
      const ids = sql<string>`ANY(${[...touched]}::bigint[])`;
      q = q.where((eb) =>
        eb.or([
          eb('b.subject_type', '=', 'Book'),
          eb('c.id', '=', ids),
          eb(
            'c.id',
            'in',
            eb.selectFrom('book_categories as w').select('w.parent_id').where('w.book_id', '=', bookId).where('w.id', '=', ids),
          ),
        ]),
      );
    }
    return q.orderBy('b.id').execute();
  }

  /**
   * What each filter's records add up to, in one statement (the budgets an overspending
   * check measures): the statistics' own totals query for each (flow-filter.ts,
   * statistics.repository.ts), side by side. Their dimensions are known to be the book's.
   */
  async totals(filters: readonly FlowFilter[]): Promise<MetricRow[]> {
    if (!filters.length) return [];
    const parts = filters.map(
      (f, i) => sql`SELECT ${i}::int AS i, u.* FROM (${totalsQuery(f, dayTotalsCanAnswer(f) ? 'day-totals' : 'transactions')}) u`,
    );
    const rows = (await sql<MetricRow & { i: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(this.db)).rows;
    return [...rows].sort((a, b) => a.i - b.i);
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
