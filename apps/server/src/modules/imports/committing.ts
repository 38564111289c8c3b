import os from 'node:os';
import {
  Permission,
  type ImportCommitRequest,
  type ImportNameKind,
  type Locale,
  type TradeType,
  type TransactionInputParsed,
} from '@cab/contracts';
import { holds, type BookContext, type FoundMembership } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { BooksService } from '../books/books.service.ts';
import type { DimensionsRepository } from '../accounting/dimensions.repository.ts';
import type { TransactionsService } from '../accounting/transactions.service.ts';
import type { ImportedRow } from './formats/types.ts';
import type { ImportRow, ImportsRepository, StagedRow } from './imports.repository.ts';
import { NameMaker, matchName, nameKey, type BookNames } from './names.ts';
import { Halted, type DriveOptions } from './reading.ts';

/** Records per call of the batch path: its own limit. */
const CHUNK = 1000;
const PROGRESS_TTL_MS = 6 * 3_600_000;

/** What the commit call stored for the job: the user's choices and language. */
export interface StoredChoices extends Required<Pick<ImportCommitRequest, 'names' | 'include_duplicates'>> {
  skip_kinds?: ImportNameKind[];
  account_id?: string;
  expense_category_id?: string;
  income_category_id?: string;
  locale: Locale;
}

export const progressKey = (id: string) => `import-progress:${id}`;

export interface CommitDeps {
  db: Database;
  repo: ImportsRepository;
  dimensions: DimensionsRepository;
  transactions: TransactionsService;
  books: BooksService;
  storage: FileStorage;
  kv: KeyValueStore;
  clock: Clock;
  roleOf: (userId: string, bookId: string) => Promise<FoundMembership | undefined>;
  /** After the commit: the book's kept answers and live pages told. */
  changed: (bookId: string) => void;
}

/**
 * The recording of an import (docs/imports.md, "Recording"): every row through the batch
 * path of accounting, in one transaction, so the book gets all of the file or none of
 * it. The import's row is locked first: a second driver (an instance taking over after a
 * lease ran out) waits, then finds it done. Progress goes to the shared store, which any
 * instance reads while the transaction is still open.
 */
export class ImportCommitter {
  private readonly running = new Map<string, Promise<void>>();
  private halted = false;

  constructor(
    private readonly d: CommitDeps,
    private readonly o: DriveOptions,
  ) {}

  private get owner(): string {
    return this.o.owner ?? `${os.hostname()}:${process.pid}`;
  }

  start(id: string): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.commit(id)
      .catch((err: unknown) => this.o.log?.('an import could not be recorded', { import: id, err: String(err) }))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /**
   * A stop: a recording gives up after its chunk in flight, its transaction rolled back, and
   * leaves its import to the next instance at once (its lease let go): all or nothing.
   */
  async halt(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  private async commit(id: string): Promise<void> {
    const { db, repo, clock } = this.d;
    if (this.halted) return;
    const now = new Date(clock.now());
    const claimed = await repo.claim(db, id, this.owner, now, new Date(now.getTime() + this.o.leaseMs));
    if (claimed?.status !== 'committing') return;
    let result: { recorded: number; expenseCategories: string[]; book: BookContext } | undefined;
    try {
      // Asked before the transaction: on embedded PGlite the one connection is the transaction's.
      const found = await this.d.roleOf(claimed.user_id, claimed.book_id);
      if (!found || !holds(found, Permission.ADD_TRANSACTION)) throw new AppError('transaction.forbidden');
      const book: BookContext = { ...found, bookId: claimed.book_id };
      result = await db.transaction().execute(async (tx) => {
        const row = await repo.lock(tx, id);
        if (row?.status !== 'committing') return undefined;
        return this.record(tx, row, book);
      });
    } catch (err) {
      if (err instanceof Halted) {
        await repo.patch(db, id, { lease_until: new Date(clock.now()) });
        return;
      }
      const refusal = err instanceof AppError ? err : isUniqueViolation(err) ? new AppError('import.alreadyImported') : undefined;
      const attempts = claimed.attempts + 1;
      if (!refusal && attempts < 3) {
        await repo.patch(db, id, { attempts, lease_until: new Date(clock.now()) });
        throw err;
      }
      await this.end(claimed, { status: 'failed', error: refusal ?? new AppError('import.interrupted') });
      return;
    }
    if (!result) return;
    await this.end(claimed, { status: 'done' });
    this.d.changed(claimed.book_id);
    const { transactions } = this.d;
    if (result.recorded > 0) await transactions.onRecorded?.(db, claimed.book_id, claimed.user_id, result.recorded);
    if (result.expenseCategories.length) await transactions.onSpent?.(result.book, result.expenseCategories);
  }

  /** The ending of an import: its rows and file go, the failure's reason is kept. */
  private async end(row: ImportRow, e: { status: 'done' | 'failed'; error?: AppError }) {
    const { db, repo, storage, clock } = this.d;
    if (e.status === 'failed') {
      await repo.move(db, row.id, ['committing'], {
        status: 'failed',
        error_key: e.error?.key ?? null,
        error_params: e.error ? JSON.stringify(e.error.params) : null,
        lease_owner: null,
        lease_until: null,
        updated_at: new Date(clock.now()),
        finished_at: new Date(clock.now()),
      });
    }
    await repo.clearRows(db, row.book_id, row.id);
    if (row.file_key) {
      await repo.patch(db, row.id, { file_key: null });
      await storage.removePrivate(row.file_key);
    }
  }

  private async bookNames(tx: Database, bookId: string): Promise<BookNames> {
    const { dimensions } = this.d;
    const labels = async (kind: 'members' | 'merchants' | 'projects') =>
      (await dimensions.labels(bookId, kind, true, tx)).map((l) => ({ id: l.id, name: l.name }));
    return {
      categories: (await dimensions.categories(bookId, { includeHidden: true }, tx)).map((c) => ({
        id: c.id,
        name: c.name,
        parent_id: c.parent_id,
        type: c.type,
        icon: c.icon,
      })),
      accounts: (await dimensions.accounts(bookId, true, tx)).map((a) => ({ id: a.id, name: a.name, currency: a.currency })),
      labels: { member: await labels('members'), merchant: await labels('merchants'), project: await labels('projects') },
    };
  }

  private async record(tx: Database, row: ImportRow, book: BookContext) {
    const { repo, transactions, clock, kv } = this.d;
    const choices = row.choices as StoredChoices;
    const names = await this.bookNames(tx, row.book_id);
    const maker = new NameMaker(tx, this.d.dimensions, row.book_id, names, book.settings.currency, choices.locale);
    const chosen = new Map(
      choices.names.map((n) => [nameKey(n.kind, n.name, n.kind === 'category' ? (n.trade ?? 'Expense') : null), n.to]),
    );
    const ids = new Map<string, string | null>();
    const skipped = new Set<ImportNameKind>(choices.skip_kinds ?? []);
    /** The id a name of the file is recorded with: the user's choice, else the book's match, else a new one. */
    const idOf = async (
      kind: ImportNameKind,
      name: string | undefined,
      trade: TradeType | null,
      currency?: string,
    ): Promise<string | null> => {
      if (!name) return null;
      const key = nameKey(kind, name, trade);
      if (ids.has(key)) return ids.get(key) ?? null;
      const to = skipped.has(kind) ? 'none' : chosen.get(key);
      let id: string | null;
      if (to === 'none') id = null;
      else if (to && to !== 'new') id = to;
      else id = (to === undefined && matchName(names, kind, name, trade)?.id) || (await maker.make({ kind, name, trade }, currency));
      ids.set(key, id);
      return id;
    };
    // The labels the file names that the book lacks, made in one statement a kind before the rows.
    const fileNames = await repo.names(tx, row.book_id, row.id);
    for (const kind of ['member', 'merchant', 'project'] as const) {
      const wanted: string[] = [];
      for (const n of fileNames.filter((f) => f.kind === kind)) {
        const key = nameKey(kind, n.name, null);
        const to = skipped.has(kind) ? 'none' : chosen.get(key);
        if (to === 'none') ids.set(key, null);
        else if (to && to !== 'new') ids.set(key, to);
        else {
          const match = to === undefined ? matchName(names, kind, n.name, null) : null;
          if (match) ids.set(key, match.id);
          else wanted.push(n.name);
        }
      }
      for (const [name, id] of await maker.makeLabels(kind, wanted)) ids.set(nameKey(kind, name, null), id);
    }
    const keep = choices.include_duplicates;
    let after = 0;
    let recorded = 0;
    const expense = new Set<string>();
    const refs: Array<[string, string]> = [];
    for (;;) {
      if (this.halted) throw new Halted();
      const staged = await repo.toRecord(tx, row.book_id, row.id, after, CHUNK, keep);
      if (!staged.length) break;
      after = staged[staged.length - 1]!.line;
      const inputs: TransactionInputParsed[] = [];
      for (const s of staged) inputs.push(await this.input(tx, row, s, choices, idOf));
      const made = await transactions.create(tx, book, row.user_id, inputs, { log: false });
      made.transactions.forEach((t, i) => {
        const data = staged[i]!.data as ImportedRow;
        if (data.externalId) refs.push([data.externalId, t.id]);
        if (t.business_type === 'Expense' && t.category) expense.add(t.category.id);
      });
      recorded += made.transactions.length;
      await kv.put(progressKey(row.id), String(recorded), PROGRESS_TTL_MS);
    }
    if (!recorded) throw new AppError('import.nothing');
    // Trade ids once, at the end: a file that names one twice keeps its first record.
    await repo.addRefs(tx, row.book_id, row.source, [...new Map(refs.reverse()).entries()]);
    await this.d.books.logActivity(tx, {
      book_id: row.book_id,
      user_id: row.user_id,
      action: 'import',
      entity: 'transaction',
      entity_id: row.id,
      after: { count: recorded, import_id: row.id, source: row.source, file_name: row.file_name, made: maker.made },
    });
    await repo.move(tx, row.id, ['committing'], {
      status: 'done',
      recorded,
      lease_owner: null,
      lease_until: null,
      updated_at: new Date(clock.now()),
      finished_at: new Date(clock.now()),
    });
    return { recorded, expenseCategories: [...expense], book };
  }

  /** A staged row as the batch path takes it. */
  private async input(
    tx: Database,
    row: ImportRow,
    s: StagedRow,
    choices: StoredChoices,
    idOf: (kind: ImportNameKind, name: string | undefined, trade: TradeType | null, currency?: string) => Promise<string | null>,
  ): Promise<TransactionInputParsed> {
    const d = s.data as ImportedRow;
    const time = new Date(s.transaction_time!).getTime();
    const remark = d.remark ?? '';
    const label = async (kind: ImportNameKind, name: string | undefined) => {
      const id = await idOf(kind, name, null);
      return id ? { id } : null;
    };
    const common = {
      transaction_time: time,
      remark,
      member: await label('member', d.member),
      merchant: await label('merchant', d.merchant),
      project: await label('project', d.project),
    };
    const account = (await idOf('account', d.account, null, d.currency)) ?? choices.account_id;
    if (!account) throw new AppError('import.defaultNeeded', { kind: { 'zh-CN': '账户', en: 'account' } });
    if (d.type === 'Transfer') {
      const to = (await idOf('account', d.toAccount, null)) ?? choices.account_id;
      if (!to) throw new AppError('import.defaultNeeded', { kind: { 'zh-CN': '账户', en: 'account' } });
      return {
        business_type: 'Transfer',
        from_account: { id: account },
        to_account: { id: to },
        from_amount: d.amount,
        ...(d.toAmount ? { to_amount: d.toAmount } : {}),
        ...common,
      };
    }
    const trade: TradeType = d.type === 'Income' ? 'Income' : 'Expense';
    let category = await idOf('category', d.category, trade);
    if (!category && d.type === 'Refund' && d.refundOf) category = await this.refundedCategory(tx, row, d.refundOf);
    category ??= (trade === 'Income' ? choices.income_category_id : choices.expense_category_id) ?? null;
    if (!category && d.type !== 'Refund') throw new AppError('import.defaultNeeded', { kind: { 'zh-CN': '分类', en: 'category' } });
    return {
      business_type: d.type,
      account: { id: account },
      category: category ? { id: category } : null,
      amount: d.amount,
      ...(d.currency ? { currency: d.currency } : {}),
      ...common,
    };
  }

  /** A refund of a trade imported before: that trade's category. */
  private async refundedCategory(tx: Database, row: ImportRow, refundOf: string): Promise<string | null> {
    const refs = await this.d.repo.refs(tx, row.book_id, row.source, [refundOf]);
    const id = refs.get(refundOf);
    return id ? this.d.repo.categoryOf(tx, row.book_id, id) : null;
  }
}
