import {
  BOOK_RESTORE_DAYS,
  DEFAULT_BOOK_PREFERENCE,
  DEFAULT_TIME_ZONE,
  TimeZoneName,
  type Book,
  type Locale,
  type UpdateBookRequest,
} from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { StoredTemplateContent } from '../../../db/seed/templates.ts';
import type { CatalogueRepository } from '../templates/catalogue.repository.ts';
import type { UserService } from '../user/user.service.ts';
import { copyTemplateContent } from './book-content.repository.ts';
import type { BooksRepository, BookView } from './books.repository.ts';
import { bookNotFound } from './books.policy.ts';
import type { BookContext } from '../../http/book-scope.ts';
import { USER_LEVEL, type PreferencesRepository } from './preferences.repository.ts';
import { presentBook } from './present.ts';

const DAY = 86_400_000;

export class BooksService {
  constructor(
    private readonly db: Database,
    private readonly books: BooksRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly prefs: PreferencesRepository,
    private readonly users: UserService,
    private readonly clock: Clock,
  ) {}

  private now = () => new Date(this.clock.now());

  /** Set by the statistics area: what else must change, in the same database transaction, when a book's time zone does. */
  onTimeZoneChange: ((tx: Database, bookId: string) => Promise<void>) | undefined;

  /** The book as the caller sees it; someone outside it learns nothing (404). */
  async view(userId: string, bookId: string, db: Database = this.db): Promise<BookView> {
    const v = await this.books.findForUser(userId, bookId, db);
    if (!v) throw bookNotFound();
    return v;
  }

  async list(userId: string): Promise<Book[]> {
    return (await this.books.listForUser(userId)).map(presentBook);
  }

  async recent(userId: string): Promise<Book[]> {
    return (await this.books.recentForUser(userId, 10)).map(presentBook);
  }

  async get(userId: string, bookId: string): Promise<Book> {
    return presentBook(await this.view(userId, bookId));
  }

  async create(
    userId: string,
    req: { id: string; name?: string | undefined; currency?: string | undefined },
    versions: { min: string; target: string },
    /** The creator's language: the template's names are written in it. */
    locale: Locale,
    /** The creator's time zone (the Device header), which the book's reports follow. */
    timeZone: string | undefined = undefined,
  ): Promise<Book> {
    const template = await this.catalogue.template(req.id);
    if (!template) throw new AppError('template.notFound');
    const owner = await this.users.get(userId);
    // Unnamed, the book takes the template's name in the creator's language.
    const name = req.name ?? (locale === 'en' && template.name_en ? template.name_en : template.name);
    return this.db.transaction().execute(async (tx) => {
      const { id } = await this.books.createBook(tx, {
        name,
        book_template_id: template.id,
        currency: req.currency ?? template.currency,
        creator_id: userId,
        icon: template.icon,
        cover: template.cover,
        min_version: versions.min,
        target_version: versions.target,
        time_zone: timeZone && TimeZoneName.safeParse(timeZone).success ? timeZone : DEFAULT_TIME_ZONE,
      });
      await this.books.addUser(tx, id, userId, await this.books.seedRoles(tx, id));
      await copyTemplateContent(tx, id, template.content as StoredTemplateContent, { id: userId, name: owner.nickname }, locale);
      await this.books.touchRecent(tx, userId, id, this.now());
      await this.catalogue.countUse(tx, template.id);
      await this.books.logActivity(tx, {
        book_id: id,
        user_id: userId,
        action: 'create',
        entity: 'book',
        entity_id: id,
        after: { name, template: template.code },
      });
      return presentBook(await this.view(userId, id, tx));
    });
  }

  async update(userId: string, bookId: string, patch: UpdateBookRequest): Promise<Book> {
    if (patch.cover?.startsWith('/static/covers/') && !(await this.catalogue.coverExists(patch.cover))) {
      throw new AppError('book.coverUnknown');
    }
    return this.db.transaction().execute(async (tx) => {
      const before = await this.view(userId, bookId, tx);
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
      await this.books.update(tx, bookId, clean);
      // Day totals are kept per local day: a new time zone regroups the book's transactions.
      if (patch.time_zone !== undefined && patch.time_zone !== before.time_zone) await this.onTimeZoneChange?.(tx, bookId);
      const pick = (v: BookView) => Object.fromEntries(Object.keys(clean).map((k) => [k, v[k as keyof BookView]]));
      await this.books.logActivity(tx, {
        book_id: bookId,
        user_id: userId,
        action: 'update',
        entity: 'book',
        entity_id: bookId,
        before: pick(before),
        after: clean,
      });
      return presentBook(await this.view(userId, bookId, tx));
    });
  }

  async remove(userId: string, bookId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const now = this.now();
      if (!(await this.books.softDelete(tx, bookId, userId, now, new Date(now.getTime() + BOOK_RESTORE_DAYS * DAY)))) throw bookNotFound();
      await this.books.logActivity(tx, { book_id: bookId, user_id: userId, action: 'delete', entity: 'book', entity_id: bookId });
    });
  }

  async quit(userId: string, { bookId, role }: BookContext): Promise<void> {
    if (role === 'owner') throw new AppError('book.ownerCannotQuit');
    await this.db.transaction().execute(async (tx) => {
      await this.books.removeUser(tx, bookId, userId);
      await this.books.logActivity(tx, { book_id: bookId, user_id: userId, action: 'quit', entity: 'member', entity_id: userId });
    });
  }

  async setDefault(userId: string, bookId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await this.prefs.upsert(tx, userId, USER_LEVEL, [{ key: DEFAULT_BOOK_PREFERENCE, value: bookId }], this.now());
      await this.books.touchRecent(tx, userId, bookId, this.now());
    });
  }

  /**
   * Opening a book: the named book, or with none ("0"/empty) the default book, or the
   * most recent one. It counts as a use of the book.
   */
  async open(userId: string, bookId: string | undefined): Promise<Book> {
    let id = bookId;
    if (!id) {
      const preferred = (await this.prefs.get(userId, DEFAULT_BOOK_PREFERENCE))?.value;
      const books = await this.books.listForUser(userId);
      id = books.find((b) => b.id === preferred)?.id ?? books[0]?.id;
      if (!id) throw bookNotFound();
    }
    const v = await this.view(userId, id);
    await this.books.touchRecent(this.db, userId, id, this.now());
    return presentBook({ ...v, last_used_at: this.now() });
  }

  async ext(userId: string, ids: string[]) {
    const views = await this.books.manyForUser(userId, ids);
    return Promise.all(
      views.map(async (v) => {
        const counts = await this.books.counts(v.id);
        return {
          id: v.id,
          member_count: Number(v.member_count),
          role: v.role,
          joined_at: v.created_at.getTime(),
          last_used_at: v.last_used_at?.getTime() ?? null,
          category_count: counts.categories,
          account_count: counts.accounts,
        };
      }),
    );
  }

  async usersInfo(userId: string, userIds: string[]) {
    return (await this.books.usersSharingBooks(userId, [...new Set(userIds)])).map((u) => ({
      id: u.id,
      nickname: u.nickname,
      avatar_url: u.avatar_url,
    }));
  }

  async deleted(userId: string) {
    return (await this.books.deletedOwnedBy(userId)).map((b) => ({
      id: b.id,
      name: b.name,
      deleted_at: b.deleted_at?.getTime() ?? 0,
      purge_after: b.purge_after?.getTime() ?? 0,
    }));
  }

  async restore(userId: string, bookId: string): Promise<Book> {
    if (!(await this.books.restore(this.db, bookId, userId, this.now()))) throw bookNotFound();
    await this.books.logActivity(this.db, { book_id: bookId, user_id: userId, action: 'restore', entity: 'book', entity_id: bookId });
    return this.get(userId, bookId);
  }

  /** Every change to a book's data writes one activity row (who, what, before, after), in the caller's transaction. */
  logActivity(db: Database, row: Parameters<BooksRepository['logActivity']>[1]): Promise<unknown> {
    return this.books.logActivity(db, row);
  }

  logActivities(db: Database, rows: Array<Parameters<BooksRepository['logActivity']>[1]>): Promise<unknown> {
    return this.books.logActivities(db, rows);
  }

  /** The book's currency, in which its totals are kept. */
  async currencyOf(bookId: string, db: Database = this.db): Promise<string> {
    return (await this.books.currency(db, bookId)) ?? 'CNY';
  }

  /** The purge job: books past their restore window go, with all their data. */
  purgeDue(): Promise<string[]> {
    return this.books.purge(this.now());
  }
}
