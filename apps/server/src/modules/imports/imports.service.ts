import type { Readable } from 'node:stream';
import {
  IMPORT_FILE_MAX_MB,
  renderMessage,
  type ColumnMapping,
  type ImportCommitRequest,
  type ImportDateFormat,
  type ImportName,
  type ImportRowKind,
  type ImportRowView,
  type ImportSource,
  type ImportView,
  type Locale,
  type MessageKey,
  type MessageParam,
  type TradeType,
} from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { DimensionsRepository } from '../accounting/dimensions.repository.ts';
import { progressKey, type ImportCommitter, type StoredChoices } from './committing.ts';
import type { ImportRow, ImportsRepository, StagedRow } from './imports.repository.ts';
import { matchName, type BookNames } from './names.ts';
import { SHEET_LINES } from './read/csv.ts';
import { ImportFileError } from './read/errors.ts';
import { readHeaderAndSample } from './read/index.ts';
import { fileRefusal, storedFile, type ImportOptions, type ImportReader } from './reading.ts';

const FILE_MAX_BYTES = IMPORT_FILE_MAX_MB * 1024 * 1024;
/** Imports left waiting (for columns or choices) this long are cancelled and their files dropped. */
export const IMPORT_WAIT_MS = 7 * 86_400_000;

export interface Upload {
  fileName: string;
  stream: Readable;
  source: ImportSource;
  password?: string;
  dateFormat?: ImportDateFormat;
}

type Stored = Omit<ImportOptions, 'mapping'> & { mapping?: ColumnMapping; sample?: ImportView['columns'] };

/** A file name's extension as storage keeps it. */
function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{3,4})$/i.exec(name);
  return m?.[1]?.toLowerCase() ?? 'bin';
}

/** The imports of a book (docs/imports.md): upload, where each stands, the rows read, the commit, cancelling. */
export class ImportsService {
  constructor(
    private readonly db: Database,
    private readonly repo: ImportsRepository,
    private readonly dimensions: DimensionsRepository,
    private readonly storage: FileStorage,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    private readonly reader: ImportReader,
    private readonly committer: ImportCommitter,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  async upload(book: BookContext, userId: string, u: Upload, locale: Locale): Promise<ImportView> {
    const stored = await this.storage.putPrivateStream('imports', extensionOf(u.fileName), u.stream, FILE_MAX_BYTES);
    if (!stored) throw new AppError('import.tooLarge', { max: IMPORT_FILE_MAX_MB });
    const file = { file_key: stored.key, file_name: u.fileName.slice(0, 200) || 'file', file_size: String(stored.size) };
    if (stored.size === 0) {
      await this.storage.removePrivate(stored.key);
      throw new AppError('import.file.empty');
    }
    const options: Stored = { dateFormat: u.dateFormat };
    if (u.source === 'table') {
      try {
        const s = await readHeaderAndSample(storedFile(this.storage, file), { password: u.password, dateFormat: u.dateFormat });
        options.sample = { header: s.header, header_line: s.headerLine, rows: s.rows.map((r) => r.cells) };
      } catch (err) {
        await this.storage.removePrivate(stored.key);
        throw err instanceof ImportFileError ? fileRefusal(err) : err;
      }
    }
    const row = await this.repo.insert(this.db, {
      book_id: book.bookId,
      user_id: userId,
      source: u.source,
      ...file,
      status: u.source === 'table' ? 'columns' : 'reading',
      protected: !!u.password,
      options,
      at: this.now(),
    });
    if (row.status === 'reading') await this.startReading(row, u.password);
    return this.view(book, (await this.repo.get(this.db, book.bookId, row.id)) ?? row, locale);
  }

  /** Reads until the first rows are staged; a file refused at once leaves no import behind. */
  private async startReading(row: ImportRow, password: string | undefined): Promise<void> {
    try {
      await this.reader.start(row.id, password);
    } catch (err) {
      if (err instanceof AppError) await this.repo.remove(this.db, row.book_id, row.id);
      throw err;
    }
  }

  async columns(book: BookContext, id: string, mapping: ColumnMapping, password: string | undefined, locale: Locale): Promise<ImportView> {
    const row = await this.found(book, id);
    if (row.status !== 'columns') throw new AppError('import.notColumns');
    const options = (row.options ?? {}) as Stored;
    const header = new Set(options.sample?.header ?? []);
    for (const [field, column] of Object.entries(mapping)) {
      if (field === 'dateFormat' || field === 'sign' || typeof column !== 'string') continue;
      if (!header.has(column)) throw new AppError('import.columnUnknown', { column });
    }
    const needs = mapping.sign === 'twoColumns' ? mapping.income && mapping.expense : mapping.amount;
    if (!needs || (mapping.sign === 'typeColumn' && !mapping.type)) throw new AppError('import.columnsNeeded');
    const moved = await this.repo.move(this.db, id, ['columns'], {
      status: 'reading',
      options: JSON.stringify({ ...options, mapping, dateFormat: mapping.dateFormat, sample: undefined }),
      protected: !!password,
      updated_at: this.now(),
    });
    if (!moved) throw new AppError('import.notColumns');
    await this.startReading(moved, password);
    return this.view(book, (await this.repo.get(this.db, book.bookId, id)) ?? moved, locale);
  }

  async commit(book: BookContext, id: string, req: ImportCommitRequest, locale: Locale): Promise<ImportView> {
    const row = await this.found(book, id);
    if (row.status !== 'ready')
      throw new AppError(row.status === 'done' || row.status === 'cancelled' ? 'import.finished' : 'import.notReady');
    const names = await this.bookNames(book.bookId);
    const has = (kind: ImportName['kind'], to: string, trade?: TradeType) => {
      if (kind === 'category') return names.categories.some((c) => c.id === to && (!trade || c.type === trade));
      if (kind === 'account') return names.accounts.some((a) => a.id === to);
      return names.labels[kind].some((l) => l.id === to);
    };
    for (const n of req.names ?? []) {
      if (n.to === 'new' || n.to === 'none') continue;
      if (!has(n.kind, n.to, n.kind === 'category' ? (n.trade ?? 'Expense') : undefined))
        throw new AppError('import.choiceUnknown', { name: n.name, kind: KIND_WORDS[n.kind] });
    }
    const defaults: Array<[string | undefined, ImportName['kind'], TradeType | undefined, string]> = [
      [req.account_id, 'account', undefined, 'account_id'],
      [req.expense_category_id, 'category', 'Expense', 'expense_category_id'],
      [req.income_category_id, 'category', 'Income', 'income_category_id'],
    ];
    for (const [to, kind, trade, field] of defaults)
      if (to && !has(kind, to, trade)) throw new AppError('import.choiceUnknown', { name: field, kind: KIND_WORDS[kind] });
    const kept = new Set(req.include_duplicates ?? []).size;
    if (row.rows_read - row.rows_duplicate + kept <= 0) throw new AppError('import.nothing');
    const needs = await this.needs(row);
    if (needs.account && !req.account_id) throw new AppError('import.defaultNeeded', { kind: KIND_WORDS.account });
    if ((needs.expense_category && !req.expense_category_id) || (needs.income_category && !req.income_category_id))
      throw new AppError('import.defaultNeeded', { kind: KIND_WORDS.category });
    const choices: StoredChoices = {
      names: req.names ?? [],
      skip_kinds: req.skip_kinds ?? [],
      include_duplicates: req.include_duplicates ?? [],
      account_id: req.account_id,
      expense_category_id: req.expense_category_id,
      income_category_id: req.income_category_id,
      locale,
    };
    const moved = await this.repo.move(this.db, id, ['ready'], {
      status: 'committing',
      choices: JSON.stringify(choices),
      updated_at: this.now(),
    });
    if (!moved) throw new AppError('import.notReady');
    await this.kv.put(progressKey(id), '0', IMPORT_WAIT_MS);
    void this.committer.start(id);
    return this.view(book, moved, locale);
  }

  async cancel(book: BookContext, id: string): Promise<void> {
    const row = await this.found(book, id);
    if (row.status === 'committing') throw new AppError('import.notReady');
    if (row.status === 'done' || row.status === 'cancelled') throw new AppError('import.finished');
    await this.drop(row, 'cancelled');
  }

  /** An import that will not be recorded: its rows and file go. */
  private async drop(row: ImportRow, status: 'cancelled'): Promise<void> {
    const moved = await this.repo.move(this.db, row.id, ['columns', 'reading', 'ready', 'failed'], {
      status: row.status === 'failed' ? 'failed' : status,
      file_key: null,
      lease_owner: null,
      lease_until: null,
      updated_at: this.now(),
      finished_at: row.finished_at ?? this.now(),
    });
    if (!moved) throw new AppError('import.notReady');
    await this.repo.clearRows(this.db, row.book_id, row.id);
    if (row.file_key) await this.storage.removePrivate(row.file_key);
  }

  /** The job's work: imports nobody drives taken up, imports left waiting for a week dropped. */
  async resume(): Promise<number> {
    const pending = await this.repo.pending(this.db, this.now());
    for (const row of pending)
      void (row.status === 'reading' ? this.reader.start(row.id).catch(() => undefined) : this.committer.start(row.id));
    for (const row of await this.repo.stale(this.db, new Date(this.clock.now() - IMPORT_WAIT_MS))) await this.drop(row, 'cancelled');
    return pending.length;
  }

  async list(book: BookContext, locale: Locale): Promise<ImportView[]> {
    const rows = await this.repo.list(this.db, book.bookId, 20);
    return Promise.all(rows.map((r) => this.view(book, r, locale, false)));
  }

  async get(book: BookContext, id: string, locale: Locale): Promise<ImportView> {
    return this.view(book, await this.found(book, id), locale);
  }

  async rows(book: BookContext, id: string, kind: ImportRowKind, after: number, limit: number, locale: Locale) {
    await this.found(book, id);
    const rows = await this.repo.page(this.db, book.bookId, id, kind, after, limit + 1);
    const page = rows.slice(0, limit);
    return { data: page.map((r) => rowView(r, locale)), next: rows.length > limit ? (page[page.length - 1]?.line ?? null) : null };
  }

  private async found(book: BookContext, id: string): Promise<ImportRow> {
    const row = await this.repo.get(this.db, book.bookId, id);
    if (!row) throw new AppError('import.notFound');
    return row;
  }

  private async bookNames(bookId: string): Promise<BookNames> {
    const labels = async (kind: 'members' | 'merchants' | 'projects') =>
      (await this.dimensions.labels(bookId, kind, true)).map((l) => ({ id: l.id, name: l.name }));
    return {
      categories: (await this.dimensions.categories(bookId, { includeHidden: true })).map((c) => ({
        id: c.id,
        name: c.name,
        parent_id: c.parent_id,
        type: c.type,
        icon: c.icon,
      })),
      accounts: (await this.dimensions.accounts(bookId, true)).map((a) => ({ id: a.id, name: a.name, currency: a.currency })),
      labels: { member: await labels('members'), merchant: await labels('merchants'), project: await labels('projects') },
    };
  }

  private async needs(row: ImportRow) {
    return {
      account: await this.repo.lacks(this.db, row.book_id, row.id, 'account'),
      expense_category: await this.repo.lacks(this.db, row.book_id, row.id, 'category', 'Expense'),
      income_category: await this.repo.lacks(this.db, row.book_id, row.id, 'category', 'Income'),
    };
  }

  private async view(book: BookContext, row: ImportRow, locale: Locale, full = true): Promise<ImportView> {
    const options = (row.options ?? {}) as Stored;
    let progress: ImportView['progress'] = null;
    if (row.status === 'reading') progress = { done: row.rows_read, total: null };
    if (row.status === 'committing') {
      const done = Number((await this.kv.get(progressKey(row.id))) ?? 0);
      const keep = ((row.choices ?? {}) as Partial<StoredChoices>).include_duplicates?.length ?? 0;
      progress = { done, total: row.rows_read - row.rows_duplicate + keep };
    }
    let names: ImportName[] | null = null;
    let defaults: ImportView['defaults'] = null;
    if (full && row.status === 'ready') {
      const book_ = await this.bookNames(book.bookId);
      names = (await this.repo.names(this.db, book.bookId, row.id)).map((n) => {
        const kind = n.kind as ImportName['kind'];
        return {
          kind,
          name: n.name,
          trade: kind === 'category' ? n.trade : null,
          rows: Number(n.rows),
          match: matchName(book_, kind, n.name, n.trade),
        };
      });
      const pick = (type: TradeType) => {
        const tree = book_.categories.filter((c) => c.type === type);
        const other = tree.find((c) => /^(其他|其它|other)/i.test(c.name)) ?? tree[0];
        return other ? { id: other.id, name: other.name } : null;
      };
      const first = book_.accounts[0];
      defaults = {
        account: first ? { id: first.id, name: first.name } : null,
        expense_category: pick('Expense'),
        income_category: pick('Income'),
        needs: await this.needs(row),
      };
    }
    const error = row.error_key
      ? (() => {
          const e = AppError.stored(row.error_key as MessageKey, (row.error_params ?? {}) as Record<string, MessageParam>);
          return { code: e.code, message: e.render(locale) };
        })()
      : null;
    return {
      id: row.id,
      source: row.source as ImportSource,
      file_name: row.file_name,
      file_size: Number(row.file_size),
      status: row.status,
      created_at: new Date(row.created_at).getTime(),
      finished_at: row.finished_at ? new Date(row.finished_at).getTime() : null,
      counts: {
        read: row.rows_read,
        skipped: row.rows_skipped,
        problem: row.rows_problem,
        duplicate: row.rows_duplicate,
        recorded: row.recorded,
      },
      progress,
      error,
      columns: row.status === 'columns' ? (options.sample ?? null) : null,
      mapping: options.mapping ?? null,
      names,
      defaults,
    };
  }
}

const KIND_WORDS = {
  category: { 'zh-CN': '分类', en: 'category' },
  account: { 'zh-CN': '账户', en: 'account' },
  member: { 'zh-CN': '成员', en: 'member' },
  merchant: { 'zh-CN': '商家', en: 'merchant' },
  project: { 'zh-CN': '项目', en: 'project' },
} as const;

function rowView(r: StagedRow, locale: Locale): ImportRowView {
  const d = (r.data ?? {}) as Record<string, string | undefined>;
  const message =
    r.kind === 'problem'
      ? renderMessage(`import.row.${d.problem as 'badDate'}`, locale, { column: d.column ?? '', value: d.value ?? '' })
      : null;
  return {
    line: r.line,
    sheet: r.line >= SHEET_LINES ? Math.floor(r.line / SHEET_LINES) + 1 : null,
    row: r.line % SHEET_LINES,
    kind: r.kind,
    type: d.type ?? null,
    time: r.transaction_time ? new Date(r.transaction_time).getTime() : null,
    amount: d.amount ?? null,
    currency: d.currency ?? null,
    category: d.category ?? null,
    account: d.account ?? null,
    to_account: d.toAccount ?? null,
    remark: d.remark ?? null,
    member: d.member ?? null,
    merchant: d.merchant ?? null,
    project: d.project ?? null,
    counterparty: d.counterparty ?? null,
    external_id: r.external_id,
    reason: r.kind === 'skip' ? (d.reason ?? null) : r.kind === 'problem' ? (d.problem ?? null) : null,
    message,
    duplicate: r.duplicate,
    duplicate_of: r.duplicate_of,
  };
}
