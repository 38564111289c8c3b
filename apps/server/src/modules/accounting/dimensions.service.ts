import {
  DEFAULT_CATEGORY_ICON,
  RECENTLY_USE_LIMIT,
  moneyToMinor,
  type AccountGroup,
  type AccountItem,
  type CategoryItem,
  type CreateAccountRequest,
  type CreateCategoryRequest,
  type DimensionKind,
  type LabelItem,
  type LabelKind,
} from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import { TX_COLUMNS, type DimensionsRepository, type TradeType } from './dimensions.repository.ts';
import { accountGroups, categoryTree, presentAccount, presentCategory, presentLabel } from './present.ts';
import type { RatesRepository } from './rates.ts';

export interface ListOptions {
  type?: TradeType | undefined;
  /** Pickers leave hidden items out; management shows them. */
  includeHidden: boolean;
}

const TABLE = { categories: 'book_categories', accounts: 'book_accounts' } as const;
const tableOf = (kind: DimensionKind) => (kind === 'categories' || kind === 'accounts' ? TABLE[kind] : 'book_labels');

/** Categories, accounts, members, merchants and projects of a book: lists, recent use and management. */
export class DimensionsService {
  constructor(
    private readonly db: Database,
    private readonly repo: DimensionsRepository,
    private readonly rates: RatesRepository,
    private readonly books: BooksService,
  ) {}

  async categories(bookId: string, o: ListOptions): Promise<CategoryItem[]> {
    return categoryTree(await this.repo.categories(bookId, o));
  }

  async accounts(bookId: string, o: ListOptions): Promise<AccountGroup[]> {
    return accountGroups(await this.repo.accounts(bookId, o.includeHidden));
  }

  async labels(bookId: string, kind: LabelKind, o: ListOptions): Promise<LabelItem[]> {
    return (await this.repo.labels(bookId, kind, o.includeHidden)).map(presentLabel);
  }

  /**
   * The caller's recently used items of a kind, newest first, leaving out hidden and
   * removed ones. With a trade type, categories are those of that type, and accounts,
   * members, merchants and projects come from the caller's records of that type only:
   * an expense never starts from a transfer's or an income's choices (SPEC 3, per type).
   */
  async recent(
    bookId: string,
    userId: string,
    kind: DimensionKind,
    type?: TradeType,
  ): Promise<Array<CategoryItem | AccountItem | LabelItem>> {
    const column = TX_COLUMNS[kind][0];
    const ids = await this.repo.recentIds(bookId, userId, column, RECENTLY_USE_LIMIT * 2, kind === 'categories' ? undefined : type);
    const out: Array<CategoryItem | AccountItem | LabelItem> = [];
    for (const id of ids) {
      if (kind === 'categories') {
        const c = await this.repo.category(bookId, id);
        if (c && !c.hidden && (!type || c.type === type)) out.push(presentCategory(c));
      } else if (kind === 'accounts') {
        const a = await this.repo.account(bookId, id);
        if (a && !a.hidden) out.push(presentAccount(a));
      } else {
        const l = await this.repo.label(bookId, kind, id);
        if (l && !l.hidden) out.push(presentLabel(l));
      }
      if (out.length >= RECENTLY_USE_LIMIT) break;
    }
    return out;
  }

  private log(
    tx: Database,
    book: BookContext,
    userId: string,
    action: string,
    entity: string,
    id: string,
    before?: unknown,
    after?: unknown,
  ) {
    return this.books.logActivity(tx, { book_id: book.bookId, user_id: userId, action, entity, entity_id: id, before, after });
  }

  async createCategory(book: BookContext, userId: string, req: CreateCategoryRequest & { name: string }): Promise<CategoryItem> {
    return this.db.transaction().execute(async (tx) => {
      let parentId: string | null = null;
      let icon: string = req.icon ?? DEFAULT_CATEGORY_ICON;
      if (req.parent_id) {
        const parent = await this.repo.category(book.bookId, req.parent_id, tx);
        if (!parent || parent.parent_id !== null || parent.type !== req.type) throw new AppError('dimension.parentInvalid');
        parentId = parent.id;
        icon = req.icon ?? parent.icon;
      }
      const sort = await this.repo.nextSort(tx, 'book_categories', book.bookId);
      const row = await this.repo.insertCategory(tx, {
        book_id: book.bookId,
        parent_id: parentId,
        type: req.type,
        name: req.name,
        icon,
        sort,
      });
      await this.log(tx, book, userId, 'create', 'category', row.id, undefined, { name: row.name, type: row.type, parent_id: parentId });
      return presentCategory(row);
    });
  }

  /** A new account; an opening balance is recorded as a Balance_Changed transaction, so a balance stays a sum. */
  async createAccount(
    book: BookContext,
    userId: string,
    req: CreateAccountRequest & { name: string; group_name: string },
    recordOpening: (tx: Database, book: BookContext, userId: string, accountId: string, balance: string) => Promise<void>,
  ): Promise<AccountItem> {
    const currency = req.currency ?? (await this.books.currencyOf(book.bookId));
    await this.rates.rate(currency, 'CNY');
    return this.db.transaction().execute(async (tx) => {
      const sort = await this.repo.nextSort(tx, 'book_accounts', book.bookId);
      const row = await this.repo.insertAccount(tx, {
        book_id: book.bookId,
        group_name: req.group_name,
        name: req.name,
        type: req.type,
        currency,
        sort,
      });
      await this.log(tx, book, userId, 'create', 'account', row.id, undefined, { name: row.name, type: row.type, currency });
      if (req.balance && moneyToMinor(req.balance) !== 0n) await recordOpening(tx, book, userId, row.id, req.balance);
      const after = await this.repo.account(book.bookId, row.id, tx);
      return presentAccount(after ?? row);
    });
  }

  async createLabel(book: BookContext, userId: string, kind: LabelKind, name: string): Promise<LabelItem> {
    return this.db.transaction().execute(async (tx) => {
      const sort = await this.repo.nextSort(tx, 'book_labels', book.bookId);
      const row = await this.repo.insertLabel(tx, book.bookId, kind, name, sort);
      await this.log(tx, book, userId, 'create', kind.slice(0, -1), row.id, undefined, { name });
      return presentLabel(row);
    });
  }

  async update(book: BookContext, userId: string, kind: DimensionKind, id: string, patch: Record<string, unknown>) {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    return this.db.transaction().execute(async (tx) => {
      if (kind === 'categories') {
        const before = await this.repo.category(book.bookId, id, tx);
        if (!before) throw new AppError('dimension.notFound');
        await this.repo.updateCategory(tx, book.bookId, id, clean);
        await this.log(tx, book, userId, 'update', 'category', id, before, clean);
        const after = await this.repo.category(book.bookId, id, tx);
        return presentCategory(after ?? before);
      }
      if (kind === 'accounts') {
        const before = await this.repo.account(book.bookId, id, tx);
        if (!before) throw new AppError('dimension.notFound');
        if (clean.currency !== undefined && clean.currency !== before.currency) {
          if ((await this.repo.usage(tx, book.bookId, TX_COLUMNS.accounts, [id])) > 0) throw new AppError('dimension.currencyLocked');
          await this.rates.rate(String(clean.currency), 'CNY', tx);
        }
        await this.repo.updateAccount(tx, book.bookId, id, clean);
        await this.log(tx, book, userId, 'update', 'account', id, before, clean);
        const after = await this.repo.account(book.bookId, id, tx);
        return presentAccount(after ?? before);
      }
      const before = await this.repo.label(book.bookId, kind, id, tx);
      if (!before) throw new AppError('dimension.notFound');
      await this.repo.updateLabel(tx, book.bookId, id, clean);
      await this.log(tx, book, userId, 'update', kind.slice(0, -1), id, before, clean);
      const after = await this.repo.label(book.bookId, kind, id, tx);
      return presentLabel(after ?? before);
    });
  }

  /** A new order for one level: the ids must be exactly the siblings of that level. */
  async sort(book: BookContext, userId: string, kind: DimensionKind, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length !== ids.length) throw new AppError('dimension.sortInvalid');
    const siblings = await this.siblingsOf(book.bookId, kind, unique[0] ?? '');
    if (!siblings || siblings.length !== unique.length || !unique.every((id) => siblings.includes(id))) {
      throw new AppError('dimension.sortInvalid');
    }
    await this.db.transaction().execute(async (tx) => {
      await this.repo.setSort(tx, tableOf(kind), book.bookId, unique);
      await this.log(tx, book, userId, 'sort', kind, unique[0] ?? '', undefined, { ids: unique });
    });
  }

  private async siblingsOf(bookId: string, kind: DimensionKind, id: string): Promise<string[] | undefined> {
    if (kind === 'categories') {
      const first = await this.repo.category(bookId, id);
      if (!first) return undefined;
      const all = await this.repo.categories(bookId, { type: first.type, includeHidden: true });
      return all.filter((c) => c.parent_id === first.parent_id).map((c) => c.id);
    }
    if (kind === 'accounts') return (await this.repo.accounts(bookId, true)).map((a) => a.id);
    return (await this.repo.labels(bookId, kind, true)).map((l) => l.id);
  }
}
