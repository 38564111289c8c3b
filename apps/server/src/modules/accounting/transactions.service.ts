import {
  minorToMoney,
  type BudgetAlert,
  type Transaction,
  type TransactionInputParsed,
  type UpdateTransactionRequest,
} from '@cab/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { BookContext } from '../../http/book-scope.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import type { DayTotalsRepository } from './day-totals.repository.ts';
import type { DimensionsRepository } from './dimensions.repository.ts';
import type { ImagesService } from './images.service.ts';
import { atomically } from './idempotency.ts';
import { presentTransaction, storedPlace, type ImageView } from './present-transaction.ts';
import type { RatesRepository } from './rates.ts';
import { BookRefs } from './refs.ts';
import { resolveBalance, resolveRecord, type RecordRequest, type ResolvedRecord, type RuleContext } from './transaction-rules.ts';
import type { TransactionRow, TransactionsRepository } from './transactions.repository.ts';

type Update = z.output<typeof UpdateTransactionRequest>;
type Ref = { id: string } | null | undefined;
/** "-1" (recent use) and "0" (the empty item) are picker items, not dimensions: both mean none. */
const refId = (r: Ref) => (r && r.id !== '0' && r.id !== '-1' ? r.id : undefined);
const orNone = (id: string | null | undefined) => id ?? undefined;
const imageId = (ref: string | { id: string }) => (typeof ref === 'string' ? (ref.split('/').at(-1) ?? ref) : ref.id);

/** A request in the rules' terms: ids and amounts, none of the wire's nesting. */
export function toRecord(input: TransactionInputParsed): RecordRequest {
  // What every kind of record says alike (one small object and its copy a record: about 0.1 ms a thousand).
  const said = {
    member: refId(input.member),
    merchant: refId(input.merchant),
    project: refId(input.project),
    remark: input.remark ?? '',
    transaction_time: input.transaction_time,
    images: input.images?.map(imageId),
    place: input.place,
  };
  if (input.business_type === 'Transfer') {
    const { business_type, from_account, to_account, from_amount, to_amount } = input;
    return { business_type, ...said, from_account: from_account.id, to_account: to_account.id, from_amount, to_amount };
  }
  if (input.business_type === 'Balance') {
    const { business_type, account, amount } = input;
    return { business_type, ...said, account: account.id, amount };
  }
  const { business_type, account, category, amount, currency } = input;
  return { business_type, ...said, account: account.id, category: refId(category), amount, currency };
}

/** The movement of each account by a set of records (signed minor units). */
interface Movement {
  account_id: string | null;
  account_delta_minor: bigint | string;
  to_account_id: string | null;
  to_account_delta_minor: bigint | string;
}
function movements(rows: Movement[], sign: 1n | -1n) {
  const m = new Map<string, bigint>();
  for (const r of rows) {
    if (r.account_id) m.set(r.account_id, (m.get(r.account_id) ?? 0n) + sign * BigInt(r.account_delta_minor));
    if (r.to_account_id) m.set(r.to_account_id, (m.get(r.to_account_id) ?? 0n) + sign * BigInt(r.to_account_delta_minor));
  }
  return m;
}

function snapshot(r: ResolvedRecord | TransactionRow) {
  return {
    business_type: r.business_type,
    amount: minorToMoney(r.amount_minor),
    currency: r.currency,
    account_id: r.account_id,
    to_account_id: r.to_account_id,
    category_id: r.category_id,
    member_id: r.member_id,
    merchant_id: r.merchant_id,
    project_id: r.project_id,
    remark: r.remark,
    transaction_time: new Date(r.transaction_time).getTime(),
    // Only when there is one: the entries written before places stay as they were.
    ...(r.place_name !== null ? { place_name: r.place_name } : {}),
  };
}

/**
 * What a record made alone is logged with: what it was made as. A batch (an importer's
 * call) is one entry with how many and their ids (undefined here: the write statement
 * fills them in): a thousand lines saying "added a record" tell a reader less than one
 * saying "imported 1,000 records", and writing them cost a tenth of the import
 * (bench/README.md). The records themselves are what they were made as until an edit,
 * which is logged with its before.
 */
function creationSnapshot(records: ResolvedRecord[]) {
  return records.length === 1 && records[0] ? snapshot(records[0]) : undefined;
}

/** New records as answered, and how the book's other members are told of them once they are committed. */
export interface Recorded {
  transactions: Transaction[];
  /** The message center's batched message; none in a book of one member. */
  tell: ((db: Database) => Promise<void>) | undefined;
}

/**
 * Recording: creates, edits and deletes. Each write is one database transaction that
 * stores the records, moves the account balances by the same amounts, takes the images
 * and writes an activity row per record.
 */
export class TransactionsService {
  constructor(
    private readonly db: Database,
    private readonly repo: TransactionsRepository,
    private readonly dimensions: DimensionsRepository,
    private readonly rates: RatesRepository,
    private readonly images: ImagesService,
    private readonly books: BooksService,
    private readonly clock: Clock,
    private readonly dayTotals: DayTotalsRepository,
  ) {}

  /**
   * Told of every write of new records into a book with other members (the message
   * center's batched 'book.recorded' message to them: one statement per write), through
   * `Recorded.tell`: by the record routes after their answer, on `db` outside the write.
   */
  onRecorded: ((tx: Database, bookId: string, recorderId: string, count: number) => Promise<void>) | undefined;

  /**
   * Told after a write that may have raised what a period spent has committed (the
   * overspent-budget check), with the categories of the expenses it made or left.
   */
  onSpent: ((book: BookContext, categoryIds: readonly string[]) => Promise<BudgetAlert[]>) | undefined;

  /**
   * After a write commits, from what it answered: only expenses raise spending. Answers
   * the expense budgets of the written records that are now overspent.
   */
  async spent(book: BookContext, written: ReadonlyArray<Transaction | undefined>): Promise<BudgetAlert[]> {
    const expenses = written.filter((t): t is Transaction => t?.business_type === 'Expense');
    if (!expenses.length || !this.onSpent) return [];
    return this.onSpent(book, [...new Set(expenses.flatMap((t) => (t.category ? [t.category.id] : [])))]);
  }

  private context(tx: Database, book: BookContext, userId: string): RuleContext {
    return {
      db: tx,
      refs: new BookRefs(this.dimensions, tx, book.bookId, userId),
      rates: this.rates,
      // Read with the caller's role (http/book-scope.ts): not asked again.
      bookCurrency: book.settings.currency,
      now: this.clock.now(),
    };
  }

  private async applyMovements(tx: Database, bookId: string, m: Map<string, bigint>): Promise<void> {
    // In id order, so concurrent writers lock accounts in one order.
    for (const [id, delta] of [...m].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))) {
      if (delta !== 0n) await this.dimensions.addToBalance(tx, bookId, id, delta);
    }
  }

  private async resolve(tx: Database, ctx: RuleContext, bookId: string, r: RecordRequest): Promise<ResolvedRecord> {
    if (r.business_type !== 'Balance') return resolveRecord(ctx, r);
    // The balance the entry is measured against: locked, so two entries never both count from the same figure.
    const [account] = r.account ? await this.dimensions.lockAccounts(bookId, [r.account], tx) : [];
    if (!account) return resolveRecord(ctx, { ...r, business_type: 'Balance_Changed' });
    return resolveBalance(ctx, r, BigInt(account.balance_minor));
  }

  /**
   * Creates records: one statement reads what they name (refs.ts), one writes them with
   * everything they change (TransactionsRepository.record), and the answer is made from
   * those two. In the caller's transaction when `db` is one (an Idempotency-Key's, a new
   * account's); otherwise the write statement is atomic by itself, and only balance
   * entries (a locked read first) and images (statements of their own) open one.
   */
  async create(
    db: Database,
    book: BookContext,
    userId: string,
    inputs: TransactionInputParsed[],
    o: { log?: boolean } = {},
  ): Promise<Recorded> {
    const requests = inputs.map(toRecord);
    if (requests.some((r) => r.business_type === 'Balance' || r.images?.length)) {
      return atomically(db, (tx) => this.createFrom(tx, book, userId, requests, o.log ?? true));
    }
    return this.createFrom(db, book, userId, requests, o.log ?? true);
  }

  private async createFrom(tx: Database, book: BookContext, userId: string, requests: RecordRequest[], log: boolean): Promise<Recorded> {
    const ctx = this.context(tx, book, userId);
    const records: ResolvedRecord[] = [];
    const images: string[][] = [];
    // Balance entries move their account at once: a later entry in the same batch measures against it.
    const movedEarly: boolean[] = [];
    // Read outside a transaction or in it alike: a dimension deleted meanwhile fails the
    // write's foreign key, as it would after this read inside one.
    await ctx.refs.load({
      accounts: requests.flatMap((r) => [r.account, r.from_account, r.to_account]),
      categories: requests.map((r) => r.category),
      labels: requests.flatMap((r) => [r.member, r.merchant, r.project]),
    });
    for (const r of requests) {
      const resolved = await this.resolve(tx, ctx, book.bookId, r);
      const early = r.business_type === 'Balance' && resolved.account_id !== null;
      if (early && resolved.account_id)
        await this.dimensions.addToBalance(tx, book.bookId, resolved.account_id, resolved.account_delta_minor);
      records.push(resolved);
      images.push(r.images ?? []);
      movedEarly.push(early);
    }
    const views = await this.repo.record(tx, {
      bookId: book.bookId,
      recorderId: userId,
      at: new Date(this.clock.now()),
      records,
      activity: log ? { after: creationSnapshot(records) } : { none: true },
      balances: [
        ...movements(
          records.filter((_, i) => !movedEarly[i]),
          1n,
        ),
      ],
    });
    for (const [i, row] of views.entries()) {
      const ids = images[i] ?? [];
      if (ids.length) await this.images.attach(tx, book.bookId, row.id, ids);
    }
    const recorder = await ctx.refs.recorder();
    ctx.refs.name(views, recorder.nickname);
    const pictures = images.some((ids) => ids.length)
      ? await this.images.forTransactions(
          tx,
          book.bookId,
          views.map((r) => r.id),
        )
      : new Map<string, ImageView[]>();
    const onRecorded = this.onRecorded;
    return {
      transactions: views.map((v) => presentTransaction(v, pictures.get(v.id) ?? [])),
      tell: recorder.others && onRecorded ? (db) => onRecorded(db, book.bookId, userId, views.length) : undefined,
    };
  }

  async get(book: BookContext, id: string): Promise<Transaction> {
    const [t] = await this.present(this.db, book.bookId, [id]);
    if (!t) throw new AppError('transaction.notFound');
    return t;
  }

  async templates(book: BookContext): Promise<Transaction[]> {
    return this.present(this.db, book.bookId, await this.repo.templateIds(book.bookId, 50));
  }

  async update(tx: Database, book: BookContext, userId: string, id: string, patch: Update): Promise<Transaction> {
    const row = await this.repo.row(tx, book.bookId, id, true);
    if (!row) throw new AppError('transaction.notFound');
    const ctx = this.context(tx, book, userId);
    // What the record names now and what the edit names, in one statement.
    const stored = { account: row.account_id, to_account: row.to_account_id, category: row.category_id };
    await ctx.refs.load({
      accounts: [stored.account, stored.to_account, patch.account?.id, patch.from_account?.id, patch.to_account?.id].map(orNone),
      categories: [orNone(stored.category), refId(patch.category)],
      labels: [row.member_id, row.merchant_id, row.project_id].map(orNone).concat([patch.member, patch.merchant, patch.project].map(refId)),
    });
    const merged = this.merge(ctx, row, patch);
    const resolved = await resolveRecord(ctx, merged);
    const change = movements([row], -1n);
    for (const [acc, d] of movements([resolved], 1n)) change.set(acc, (change.get(acc) ?? 0n) + d);
    await this.applyMovements(tx, book.bookId, change);
    const now = new Date(this.clock.now());
    await this.repo.update(tx, book.bookId, id, {
      ...resolved,
      recorder_id: row.recorder_id,
      updated_at: now,
      updated_by: userId,
    });
    await this.dayTotals.apply(tx, book.bookId, [
      { ...row, sign: -1 },
      { ...resolved, sign: 1 },
    ]);
    if (merged.images) await this.images.replace(tx, book.bookId, id, merged.images);
    await this.books.logActivity(tx, {
      book_id: book.bookId,
      user_id: userId,
      action: 'update',
      entity: 'transaction',
      entity_id: id,
      before: snapshot(row),
      after: snapshot(resolved),
    });
    const [t] = await this.present(tx, book.bookId, [id]);
    if (!t) throw new AppError('transaction.notFound');
    return t;
  }

  /** The stored transaction with the edit laid over it, in the rules' terms. */
  private merge(ctx: RuleContext, row: TransactionRow, patch: Update): RecordRequest {
    const type = patch.business_type ?? row.business_type;
    if (type !== row.business_type && !(['Expense', 'Income'].includes(type) && ['Expense', 'Income'].includes(row.business_type))) {
      throw new AppError('transaction.typeUnchangeable');
    }
    const keep = (p: Ref, stored: string | null) => (p === undefined ? (stored ?? undefined) : refId(p));
    const base = {
      business_type: type as RecordRequest['business_type'],
      member: keep(patch.member, row.member_id),
      merchant: keep(patch.merchant, row.merchant_id),
      project: keep(patch.project, row.project_id),
      remark: patch.remark ?? row.remark,
      transaction_time: patch.transaction_time ?? new Date(row.transaction_time).getTime(),
      images: patch.images?.map(imageId),
      // Absent keeps the stored place; null removes it.
      place: patch.place === undefined ? storedPlace(row) : patch.place,
    };
    if (type === 'Transfer') {
      const accountsOrAmountChanged = patch.from_account || patch.to_account || patch.from_amount !== undefined;
      return {
        ...base,
        from_account: patch.from_account?.id ?? row.account_id ?? undefined,
        to_account: patch.to_account?.id ?? row.to_account_id ?? undefined,
        from_amount: patch.from_amount ?? patch.amount ?? minorToMoney(row.amount_minor),
        to_amount: patch.to_amount ?? (accountsOrAmountChanged ? undefined : minorToMoney(row.to_account_delta_minor)),
      };
    }
    const stored = row.account_id ? ctx.refs.account(row.account_id) : undefined;
    // A record kept in its account's currency follows the account when it moves to another one.
    const currency = patch.currency ?? (stored && row.currency === stored.currency ? undefined : row.currency);
    return {
      ...base,
      account: patch.account?.id ?? row.account_id ?? undefined,
      category: keep(patch.category, row.category_id),
      amount: patch.amount ?? minorToMoney(row.amount_minor),
      currency,
    };
  }

  async remove(tx: Database, book: BookContext, userId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.rows(tx, book.bookId, unique, true);
    if (rows.length !== unique.length) throw new AppError('transaction.someNotFound', { count: unique.length - rows.length });
    await this.repo.softDelete(tx, book.bookId, unique, userId, new Date(this.clock.now()));
    await this.applyMovements(tx, book.bookId, movements(rows, -1n));
    await this.dayTotals.apply(
      tx,
      book.bookId,
      rows.map((r) => ({ ...r, sign: -1 })),
    );
    await this.books.logActivities(
      tx,
      rows.map((row) => ({
        book_id: book.bookId,
        user_id: userId,
        action: 'delete',
        entity: 'transaction',
        entity_id: row.id,
        before: snapshot(row),
      })),
    );
  }

  /** Rows read already (a flow's page), as every answer shows them, in their order. */
  private async present(db: Database, bookId: string, ids: string[]): Promise<Transaction[]> {
    const views = await this.repo.views(db, bookId, ids);
    const images = await this.images.forTransactions(db, bookId, ids);
    return views.map((v) => presentTransaction(v, images.get(v.id) ?? []));
  }
}
