import {
  ALL_START_TIME,
  AMOUNT_MAX_MINOR,
  EXTEND_FACTORS,
  PREMIUM_FEATURES,
  minorToMoney,
  moneyToMinor,
  periodId,
  type Budget,
  type BudgetAlert,
  type Civil,
  type GroupFilter,
  type Locale,
  type Metric,
  type SubjectBudgets,
  type TimeGroupKey,
} from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { PremiumRepository } from '../premium/premium.repository.ts';
import { flowFilter } from '../statistics/flow-filter.ts';
import { civilAt, civilDate } from '../statistics/report-time.ts';
import { reportOf, type StatisticsService } from '../statistics/statistics.service.ts';
import type { BudgetKey, BudgetRow, BudgetsRepository } from './budgets.repository.ts';
import { PERIOD_WORDS, budgetWords, presentBudget, subjectOut, type Subject } from './present.ts';

type BudgetType = BudgetRow['budget_type'];
type Recurrence = BudgetRow['recurrence_type'];
const GROUP_KEY: Record<Exclude<Recurrence, 'ALL'>, TimeGroupKey> = {
  Day: 'TIME_DAY',
  Week: 'TIME_WEEK',
  Month: 'TIME_MONTH',
  Season: 'TIME_QUARTER',
  Year: 'TIME_YEAR',
};
const METRIC: Record<BudgetType, Metric['key']> = { Expense: 'EXPENSE', Income: 'INCOME' };
const RECURRENCES: readonly Recurrence[] = ['Day', 'Week', 'Month', 'Season', 'Year', 'ALL'];
const keyOf = (type: string, id: string) => `${type}:${id}`;

/**
 * Budgets (SPEC 3, 9; docs/budgets.md): per subject, type and recurrence, with what the
 * period used computed by the statistics calls' own rules, in the book's time zone and
 * periods (a first-level category includes its subs).
 */
/** An expense budget found overspent, with the period and usage it was measured in. */
interface Overspent {
  row: Awaited<ReturnType<BudgetsRepository['expenseBudgets']>>[number];
  subject: Subject;
  periodId: string;
  used: bigint;
}

export class BudgetsService {
  constructor(
    private readonly db: Database,
    private readonly repo: BudgetsRepository,
    private readonly statistics: StatisticsService,
    private readonly premium: PremiumRepository,
    private readonly books: BooksService,
    private readonly clock: Clock,
    private readonly notifier?: Notifier,
  ) {}

  private now = () => new Date(this.clock.now());

  async subject(
    book: BookContext,
    type: 'Book' | 'Category',
    id: string,
    budgetType: BudgetType,
    db: Database = this.db,
  ): Promise<Subject> {
    if (type === 'Book') {
      if (id !== book.bookId) throw new AppError('budget.subjectUnknown');
      const b = await this.repo.bookName(book.bookId);
      return { id, type, name: b.name, icon: b.icon, level: 'book' };
    }
    const c = await this.repo.category(book.bookId, id, db);
    if (!c) throw new AppError('budget.subjectUnknown');
    if (c.type !== budgetType) throw new AppError('budget.subjectType');
    return { id, type, name: c.name, icon: c.icon, level: c.parent_id ? 'second' : 'first' };
  }

  /** The statistics group filter of the period holding an instant, or a local time (none for ALL). */
  private period(book: BookContext, recurrence: Recurrence, at: number | Civil | undefined): GroupFilter | undefined {
    if (recurrence === 'ALL') return undefined;
    const key = GROUP_KEY[recurrence];
    const gaps = { dateGap: book.settings.dateGap, dayGap: book.settings.dayGap };
    const local = typeof at === 'object' ? at : civilAt(book.settings.timeZone, at ?? this.clock.now());
    return { group_key: key, group_id: periodId(key, local, gaps) };
  }

  private async usage(book: BookContext, subject: Subject, budgetType: BudgetType, gf: GroupFilter | undefined) {
    const query = subject.type === 'Category' ? { category_ids: [subject.id] } : undefined;
    const s = await this.statistics.summaries(book, query, gf);
    return {
      used: metricOf(s.metric_data, budgetType),
      start: gf ? (s.start_time ?? ALL_START_TIME) : ALL_START_TIME,
      end: gf ? s.end_time : null,
    };
  }

  private async requireAdvanced(book: BookContext): Promise<void> {
    if (!(await this.premium.holds(book.bookId, PREMIUM_FEATURES.budgetAdvanced, this.now())))
      throw new AppError('budget.featureNotOpened');
  }

  async view(
    book: BookContext,
    type: 'Book' | 'Category',
    id: string,
    q: { recurrence_type?: Recurrence | undefined; budget_type?: BudgetType | undefined; start_time?: number | undefined },
    locale: Locale,
  ): Promise<SubjectBudgets> {
    const budgetType = q.budget_type ?? 'Expense';
    const recurrence = q.recurrence_type ?? 'Month';
    const subject = await this.subject(book, type, id, budgetType);
    const gf = this.period(book, recurrence, q.start_time);
    // The reads below do not wait on one another: on PostgreSQL they run side by side on the
    // pool's connections (one round trip of waiting, not five); PGlite runs them in turn.
    const level = subject.level;
    const [own, categories, rollup, listed, advanced] = await Promise.all([
      this.usage(book, subject, budgetType, gf),
      level === 'second' ? Promise.resolve([]) : this.repo.categories(book.bookId, budgetType, level === 'book' ? null : subject.id),
      level === 'second'
        ? Promise.resolve(undefined)
        : this.statistics.rollup(
            book,
            {
              group: { group_by: level === 'book' ? 'CATEGORY_FIRST' : 'CATEGORY_SECOND', show_all: false },
              ...(level === 'book' ? {} : { query: { category_ids: [subject.id] } }),
              ...(gf ? { group_filter: gf } : {}),
            },
            locale,
          ),
      this.repo.list(book.bookId, budgetType, recurrence),
      this.premium.holds(book.bookId, PREMIUM_FEATURES.budgetAdvanced, this.now()),
    ]);
    const children: Subject[] = categories.map((c) => ({
      id: c.id,
      type: 'Category',
      name: c.name,
      icon: c.icon,
      level: level === 'book' ? 'first' : 'second',
    }));
    const childUsed = new Map<string, bigint>();
    for (const g of rollup?.data ?? []) childUsed.set(g.group_info.group_id, metricOf(g.metric_data, budgetType));
    const budgets = new Map(listed.map((b) => [keyOf(b.subject_type, b.subject_id), b]));
    const own_budget = budgets.get(keyOf(subject.type, subject.id));
    let childrenSum = 0n;
    const out = children.map((c) => {
      const used = childUsed.get(c.id) ?? 0n;
      const b = budgets.get(keyOf('Category', c.id));
      if (b) childrenSum += BigInt(b.amount_minor);
      return { subject: subjectOut(c), budget: b ? presentBudget(b, c, used, own.start) : null, used_amount: minorToMoney(used) };
    });
    return {
      subject: subjectOut(subject),
      budget: own_budget ? presentBudget(own_budget, subject, own.used, own.start) : null,
      used_amount: minorToMoney(own.used),
      children: out,
      children_sum: minorToMoney(childrenSum),
      period: { recurrence_type: recurrence, start_time: own.start, end_time: own.end },
      now: this.clock.now(),
      dateGap: book.settings.dateGap,
      dayGap: book.settings.dayGap,
      features: { budget_advanced: advanced },
    };
  }

  /** A budget with what the current period used. */
  private async present(book: BookContext, row: BudgetRow): Promise<Budget> {
    const subject = await this.subject(book, row.subject_type, row.subject_id, row.budget_type);
    const u = await this.usage(book, subject, row.budget_type, this.period(book, row.recurrence_type, undefined));
    return presentBudget(row, subject, u.used, u.start);
  }

  /**
   * Tells the book's members of its expense budgets that the current period has overspent
   * (issue 14): run after a write that may have raised what a period used, or lowered a
   * budget, has committed. Usage is read the way the budget screens read it; each budget's
   * period is told about once per amount (budget_alerts), in one transaction with its
   * messages. Income budgets are goals: passing them is not news to warn of. With
   * `categoryIds` (the expenses a record write made or left), only the total and the
   * budgets of those categories are measured. Answers every measured budget that is
   * overspent now, told before or not (the record form says so on saving).
   */
  async checkOverspent(book: BookContext, categoryIds?: readonly string[]): Promise<BudgetAlert[]> {
    // Every recurrence's current period, worked out once: the statement measures each budget in its own.
    const now = civilAt(book.settings.timeZone, this.clock.now());
    const periods = RECURRENCES.map((recurrence) => {
      const gf = this.period(book, recurrence, now);
      const bounds = gf ? flowFilter(reportOf(book), undefined, gf).period : undefined;
      return {
        recurrence,
        periodId: gf?.group_id ?? 'ALL',
        start: bounds ? civilDate(bounds.start) : null,
        end: bounds ? civilDate(bounds.end) : null,
      };
    });
    const periodOf = new Map(periods.map((p) => [p.recurrence, p.periodId]));
    const over: Overspent[] = [];
    for (const row of await this.repo.expenseBudgets(book.bookId, periods, categoryIds)) {
      // A budget whose category was deleted measures nothing.
      if (row.subject_type === 'Category' && row.category_id === null) continue;
      const used = BigInt(row.used_minor);
      if (used <= BigInt(row.amount_minor)) continue;
      const subject: Subject =
        row.category_id !== null
          ? {
              id: row.category_id,
              type: 'Category',
              name: row.category_name ?? '',
              icon: row.category_icon ?? '',
              level: row.category_parent_id ? 'second' : 'first',
            }
          : { id: row.subject_id, type: 'Book', name: '', icon: '', level: 'book' };
      over.push({ row, subject, periodId: periodOf.get(row.recurrence_type) ?? 'ALL', used });
    }
    const alerts = over.map((o): BudgetAlert => ({
      budget_id: o.row.id,
      subject_type: o.subject.type,
      subject_name: o.subject.name,
      recurrence_type: o.row.recurrence_type,
      amount: minorToMoney(o.row.amount_minor),
      used: minorToMoney(o.used),
      over_by: minorToMoney(o.used - BigInt(o.row.amount_minor)),
    }));
    // Told about this period at this amount already: nothing a write does can make it news again.
    const news = over.filter((o) => !(o.row.told_period_id === o.periodId && o.row.told_amount_minor === o.row.amount_minor));
    if (news.length && this.notifier) await this.tell(book, news, this.notifier);
    return alerts;
  }

  /** Tells the book's members of budgets newly overspent, each once per period and amount. */
  private async tell(book: BookContext, over: readonly Overspent[], notifier: Notifier): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const fresh = new Set(
        await this.repo.markOverspent(
          tx,
          book.bookId,
          over.map((o) => ({ budgetId: o.row.id, periodId: o.periodId, amountMinor: o.row.amount_minor })),
          this.now(),
        ),
      );
      const told = over.filter((o) => fresh.has(o.row.id));
      if (!told.length) return;
      const [members, b] = [await this.repo.memberIds(book.bookId, tx), await this.repo.bookName(book.bookId, tx)];
      await notifier.notify(
        tx,
        told.flatMap((o) =>
          members.map((userId) => ({
            userId,
            bookId: book.bookId,
            kind: 'budget.overspent' as const,
            params: {
              bookName: b.name,
              budgetName: budgetWords(o.subject),
              period: PERIOD_WORDS[o.row.recurrence_type],
              amount: minorToMoney(o.row.amount_minor),
              used: minorToMoney(o.used),
            },
            link: `budget/index?bookId=${book.bookId}`,
          })),
        ),
      );
    });
  }

  private log(tx: Database, book: BookContext, userId: string, action: string, id: string, before?: unknown, after?: unknown) {
    return this.books.logActivity(tx, { book_id: book.bookId, user_id: userId, action, entity: 'budget', entity_id: id, before, after });
  }

  async add(book: BookContext, userId: string, key: BudgetKey, amount: string): Promise<Budget> {
    const subject = await this.subject(book, key.subject_type, key.subject_id, key.budget_type);
    if (subject.level === 'second') await this.requireAdvanced(book);
    const minor = moneyToMinor(amount);
    let id = '';
    try {
      await this.db.transaction().execute(async (tx) => {
        if (await this.repo.find(book.bookId, key, tx)) throw new AppError('budget.exists');
        id = await this.repo.create(tx, book.bookId, key, minor, userId);
        await this.log(tx, book, userId, 'create', id, undefined, { ...key, amount });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'book_budgets_subject_idx')) throw new AppError('budget.exists');
      throw err;
    }
    return this.present(book, (await this.repo.get(book.bookId, id))!);
  }

  private async found(book: BookContext, id: string, db: Database = this.db): Promise<BudgetRow> {
    const row = await this.repo.get(book.bookId, id, db);
    if (!row) throw new AppError('budget.notFound');
    return row;
  }

  async update(book: BookContext, userId: string, id: string, amount: string): Promise<Budget> {
    const row = await this.found(book, id);
    const subject = await this.subject(book, row.subject_type, row.subject_id, row.budget_type);
    if (subject.level === 'second') await this.requireAdvanced(book);
    await this.db.transaction().execute(async (tx) => {
      await this.repo.setAmount(tx, book.bookId, id, moneyToMinor(amount), this.now());
      await this.log(tx, book, userId, 'update', id, { amount: minorToMoney(row.amount_minor) }, { amount });
    });
    return this.present(book, (await this.repo.get(book.bookId, id))!);
  }

  async remove(book: BookContext, userId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const row = await this.found(book, id, tx);
      await this.repo.remove(tx, book.bookId, id);
      await this.log(tx, book, userId, 'delete', id, { ...keyFields(row), amount: minorToMoney(row.amount_minor) });
    });
  }

  /** Sets a subject's budget to the sum of its children's (the total from the categories, a category from its subs). */
  async sum(
    book: BookContext,
    userId: string,
    type: 'Book' | 'Category',
    id: string,
    budgetType: BudgetType,
    recurrence: Recurrence,
  ): Promise<Budget> {
    const subject = await this.subject(book, type, id, budgetType);
    if (subject.level === 'second') throw new AppError('budget.nothingToSum');
    const childIds = new Set(
      (await this.repo.categories(book.bookId, budgetType, subject.level === 'book' ? null : subject.id)).map((c) => c.id),
    );
    const all = await this.repo.list(book.bookId, budgetType, recurrence);
    const total = all
      .filter((b) => b.subject_type === 'Category' && childIds.has(b.subject_id))
      .reduce((s, b) => s + BigInt(b.amount_minor), 0n);
    if (total === 0n) throw new AppError('budget.nothingToSum');
    const key: BudgetKey = { budget_type: budgetType, recurrence_type: recurrence, subject_type: type, subject_id: id };
    const budgetId = await this.upsert(book, userId, key, total, 'sum');
    return this.present(book, (await this.repo.get(book.bookId, budgetId))!);
  }

  /** Carries a subject's budget and its children's over to a longer recurrence, times how often the shorter fits in it. */
  async extend(
    book: BookContext,
    userId: string,
    req: {
      subject_type: 'Book' | 'Category';
      subject_id: string;
      budget_type?: BudgetType | undefined;
      from_recurrence_type: Recurrence;
      to_recurrence_type: Recurrence;
    },
  ): Promise<Budget[]> {
    await this.requireAdvanced(book);
    const factor = EXTEND_FACTORS[req.from_recurrence_type]?.[req.to_recurrence_type];
    if (!factor) throw new AppError('budget.extendUneven');
    const budgetType = req.budget_type ?? 'Expense';
    const subject = await this.subject(book, req.subject_type, req.subject_id, budgetType);
    const childIds = new Set(
      subject.level === 'second'
        ? []
        : (await this.repo.categories(book.bookId, budgetType, subject.level === 'book' ? null : subject.id)).map((c) => c.id),
    );
    const from = (await this.repo.list(book.bookId, budgetType, req.from_recurrence_type)).filter(
      (b) =>
        (b.subject_type === subject.type && b.subject_id === subject.id) || (b.subject_type === 'Category' && childIds.has(b.subject_id)),
    );
    if (!from.length) throw new AppError('budget.nothingToExtend');
    const ids: string[] = [];
    for (const b of from) {
      const amount = BigInt(b.amount_minor) * BigInt(factor);
      const key: BudgetKey = { ...keyFields(b), recurrence_type: req.to_recurrence_type };
      ids.push(await this.upsert(book, userId, key, amount > AMOUNT_MAX_MINOR ? AMOUNT_MAX_MINOR : amount, 'extend'));
    }
    return Promise.all(ids.map(async (x) => this.present(book, (await this.repo.get(book.bookId, x))!)));
  }

  private async upsert(book: BookContext, userId: string, key: BudgetKey, minor: bigint, action: string): Promise<string> {
    return this.db.transaction().execute(async (tx) => {
      const existing = await this.repo.find(book.bookId, key, tx);
      const id = existing ? existing.id : await this.repo.create(tx, book.bookId, key, minor, userId);
      if (existing) await this.repo.setAmount(tx, book.bookId, id, minor, this.now());
      await this.log(tx, book, userId, action, id, existing ? { amount: minorToMoney(existing.amount_minor) } : undefined, {
        ...key,
        amount: minorToMoney(minor),
      });
      return id;
    });
  }
}

const keyFields = (b: BudgetRow): BudgetKey => ({
  budget_type: b.budget_type,
  recurrence_type: b.recurrence_type,
  subject_type: b.subject_type,
  subject_id: b.subject_id,
});

function metricOf(metrics: readonly Metric[], budgetType: BudgetType): bigint {
  const m = metrics.find((x) => x.key === METRIC[budgetType]);
  return m ? moneyToMinor(m.value) : 0n;
}
