import type { DimensionKind } from '@cab/contracts';
import type { BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import type { DayTotalsRepository } from './day-totals.repository.ts';
import { TX_COLUMNS, type DimensionsRepository } from './dimensions.repository.ts';

/**
 * Deleting a dimension never orphans a transaction: while live transactions use it the
 * caller must name a target of the same kind (`move_to`; "0" = none for members,
 * merchants and projects), and every transaction that used it moves there in the same
 * database transaction. Moving an account's transactions moves its balance with them.
 */
export class DimensionRemoval {
  constructor(
    private readonly db: Database,
    private readonly repo: DimensionsRepository,
    private readonly books: BooksService,
    private readonly dayTotals: DayTotalsRepository,
  ) {}

  async remove(book: BookContext, userId: string, kind: DimensionKind, id: string, moveTo: string | undefined): Promise<void> {
    const bookId = book.bookId;
    await this.db.transaction().execute(async (tx) => {
      const { ids, before } = await this.subject(tx, bookId, kind, id);
      const columns = TX_COLUMNS[kind];
      const used = await this.repo.usage(tx, bookId, columns, ids);
      if (used > 0 && moveTo === undefined) throw new AppError('dimension.inUse', { count: used });
      const target = moveTo === undefined ? null : await this.target(tx, bookId, kind, id, ids, moveTo);
      if (kind === 'accounts' && target) {
        if ((await this.repo.transfersBetween(tx, bookId, id, target)) > 0) throw new AppError('dimension.moveTargetInvalid');
        const source = await this.repo.account(bookId, id, tx);
        await this.repo.addToBalance(tx, bookId, target, BigInt(source?.balance_minor ?? '0'));
      }
      // A category's records move with their day totals; other kinds do not change the totals.
      if (kind === 'categories' && target) await this.dayTotals.moveCategories(tx, bookId, ids, target);
      else await this.repo.moveTransactions(tx, bookId, columns, ids, target);
      if (kind === 'categories') await this.repo.deleteCategories(tx, bookId, ids);
      else if (kind === 'accounts') await this.repo.deleteAccount(tx, bookId, id);
      else await this.repo.deleteLabel(tx, bookId, id);
      await this.books.logActivity(tx, {
        book_id: bookId,
        user_id: userId,
        action: 'delete',
        entity: kind,
        entity_id: id,
        before,
        after: { moved_to: target, transactions: used },
      });
    });
  }

  /** What goes: the item (with its subcategories), refusing what may not be deleted. */
  private async subject(tx: Database, bookId: string, kind: DimensionKind, id: string): Promise<{ ids: string[]; before: unknown }> {
    if (kind === 'categories') {
      const c = await this.repo.category(bookId, id, tx);
      if (!c) throw new AppError('dimension.notFound');
      const subs =
        c.parent_id === null
          ? (await this.repo.categories(bookId, { type: c.type, includeHidden: true }, tx)).filter((s) => s.parent_id === id)
          : [];
      return { ids: [id, ...subs.map((s) => s.id)], before: c };
    }
    if (kind === 'accounts') {
      const a = await this.repo.account(bookId, id, tx);
      if (!a) throw new AppError('dimension.notFound');
      if ((await this.repo.countAccounts(tx, bookId)) <= 1) throw new AppError('dimension.lastAccount');
      return { ids: [id], before: a };
    }
    const l = await this.repo.label(bookId, kind, id, tx);
    if (!l) throw new AppError('dimension.notFound');
    if (l.user_id !== null) throw new AppError('dimension.userMemberUndeletable');
    return { ids: [id], before: l };
  }

  /** The target must be another item of the same kind (and trade type, and currency) in this book. */
  private async target(
    tx: Database,
    bookId: string,
    kind: DimensionKind,
    id: string,
    going: string[],
    moveTo: string,
  ): Promise<string | null> {
    if (moveTo === '0') {
      if (kind === 'categories' || kind === 'accounts') throw new AppError('dimension.moveTargetInvalid');
      return null;
    }
    if (going.includes(moveTo)) throw new AppError('dimension.moveTargetInvalid');
    if (kind === 'categories') {
      const [from, to] = [await this.repo.category(bookId, id, tx), await this.repo.category(bookId, moveTo, tx)];
      if (!to || to.type !== from?.type) throw new AppError('dimension.moveTargetInvalid');
    } else if (kind === 'accounts') {
      const [from, to] = [await this.repo.account(bookId, id, tx), await this.repo.account(bookId, moveTo, tx)];
      if (!to || to.currency !== from?.currency) throw new AppError('dimension.moveTargetInvalid');
    } else if (!(await this.repo.label(bookId, kind, moveTo, tx))) {
      throw new AppError('dimension.moveTargetInvalid');
    }
    return moveTo;
  }
}
