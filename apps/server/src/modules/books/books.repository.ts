import { DEFAULT_ROLE_PERMISSIONS, type SystemRoleKind } from '@cab/contracts';
import { sql, type Selectable } from 'kysely';
import type { BookMembership, BookReportSettings } from '../../http/book-scope.ts';
import { BULK_FROM, insertRows } from '../../platform/db/bulk.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksTable, RoleKind } from '../../platform/db/schema.ts';

/** A book as the caller sees it: the row, the caller's role, creator and member count. */
export interface BookView extends Selectable<BooksTable> {
  role: RoleKind;
  role_id: string;
  creator_name: string;
  member_count: string;
  last_used_at: Date | null;
}

const SYSTEM_ROLE_KINDS: readonly SystemRoleKind[] = ['owner', 'admin', 'bookkeeper', 'viewer'];

/** SQL of books, their users, recent use and activity. Every query leads with an indexed key. */
export class BooksRepository {
  constructor(private readonly db: Database) {}

  private views(db: Database, userId: string) {
    return db
      .selectFrom('book_users as bu')
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('users as c', 'c.id', 'b.creator_id')
      .innerJoin('book_roles as ro', (j) => j.onRef('ro.book_id', '=', 'bu.book_id').onRef('ro.id', '=', 'bu.role_id'))
      .leftJoin('book_recent_uses as r', (j) => j.onRef('r.book_id', '=', 'bu.book_id').on('r.user_id', '=', userId))
      .selectAll('b')
      .select([
        'ro.kind as role',
        'bu.role_id',
        'c.nickname as creator_name',
        'r.used_at as last_used_at',
        (eb) =>
          eb.selectFrom('book_users as m').whereRef('m.book_id', '=', 'b.id').select(eb.fn.countAll<string>().as('n')).as('member_count'),
      ])
      .where('bu.user_id', '=', userId)
      .where('b.deleted_at', 'is', null);
  }

  /** Every live book of the user, most recently used first. */
  listForUser(userId: string): Promise<BookView[]> {
    return this.views(this.db, userId)
      .orderBy(sql`coalesce(r.used_at, bu.joined_at)`, 'desc')
      .orderBy('b.id', 'desc')
      .execute() as Promise<BookView[]>;
  }

  recentForUser(userId: string, limit: number): Promise<BookView[]> {
    return this.views(this.db, userId).where('r.used_at', 'is not', null).orderBy('r.used_at', 'desc').limit(limit).execute() as Promise<
      BookView[]
    >;
  }

  /** The caller's role in a live book (primary-key lookup) and the book's report settings, for the book-scope step of every book route. */
  async roleOf(userId: string, bookId: string): Promise<(BookMembership & { settings: BookReportSettings }) | undefined> {
    const row = await this.db
      .selectFrom('book_users as bu')
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('book_roles as ro', (j) => j.onRef('ro.book_id', '=', 'bu.book_id').onRef('ro.id', '=', 'bu.role_id'))
      .select(['bu.role_id', 'ro.kind', 'ro.permissions', 'b.currency', 'b.time_zone', 'b.date_gap', 'b.day_gap'])
      .where('bu.book_id', '=', bookId)
      .where('bu.user_id', '=', userId)
      .where('b.deleted_at', 'is', null)
      .executeTakeFirst();
    return row && membershipOf(row);
  }

  findForUser(userId: string, bookId: string, db: Database = this.db): Promise<BookView | undefined> {
    return this.views(db, userId).where('b.id', '=', bookId).executeTakeFirst() as Promise<BookView | undefined>;
  }

  manyForUser(userId: string, bookIds: string[]): Promise<BookView[]> {
    return this.views(this.db, userId).where('b.id', 'in', bookIds).execute() as Promise<BookView[]>;
  }

  createBook(
    db: Database,
    row: {
      name: string;
      book_template_id: string;
      currency: string;
      creator_id: string;
      icon: string;
      cover: string;
      min_version: string;
      target_version: string;
      time_zone: string;
    },
  ) {
    return db.insertInto('books').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** A new book's roles (SPEC 6 defaults); answers the owner role's id. */
  async seedRoles(db: Database, bookId: string): Promise<string> {
    const rows = await db
      .insertInto('book_roles')
      .values(SYSTEM_ROLE_KINDS.map((kind) => ({ book_id: bookId, kind, permissions: [...DEFAULT_ROLE_PERMISSIONS[kind]] })))
      .returning(['id', 'kind'])
      .execute();
    return rows.find((r) => r.kind === 'owner')!.id;
  }

  addUser(db: Database, bookId: string, userId: string, roleId: string) {
    return db.insertInto('book_users').values({ book_id: bookId, user_id: userId, role_id: roleId }).execute();
  }

  removeUser(db: Database, bookId: string, userId: string) {
    return db.deleteFrom('book_users').where('book_id', '=', bookId).where('user_id', '=', userId).executeTakeFirst();
  }

  update(
    db: Database,
    bookId: string,
    patch: { name?: string; remark?: string; icon?: string; cover?: string; time_zone?: string; date_gap?: number; day_gap?: number },
  ) {
    return db
      .updateTable('books')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', bookId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Soft delete; false when the book was already deleted (a concurrent delete). */
  async softDelete(db: Database, bookId: string, userId: string, at: Date, purgeAfter: Date): Promise<boolean> {
    const res = await db
      .updateTable('books')
      .set({ deleted_at: at, deleted_by: userId, purge_after: purgeAfter })
      .where('id', '=', bookId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  deletedOwnedBy(userId: string) {
    return this.db
      .selectFrom('book_users as bu')
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('book_roles as ro', (j) => j.onRef('ro.book_id', '=', 'bu.book_id').onRef('ro.id', '=', 'bu.role_id'))
      .select(['b.id', 'b.name', 'b.deleted_at', 'b.purge_after'])
      .where('bu.user_id', '=', userId)
      .where('ro.kind', '=', 'owner')
      .where('b.deleted_at', 'is not', null)
      .orderBy('b.deleted_at', 'desc')
      .execute();
  }

  async restore(db: Database, bookId: string, userId: string, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('books')
      .set({ deleted_at: null, deleted_by: null, purge_after: null, updated_at: now })
      .where('id', '=', bookId)
      .where('deleted_at', 'is not', null)
      .where('purge_after', '>', now)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('book_users as bu')
            .innerJoin('book_roles as ro', (j) => j.onRef('ro.book_id', '=', 'bu.book_id').onRef('ro.id', '=', 'bu.role_id'))
            .select('bu.book_id')
            .where('bu.book_id', '=', bookId)
            .where('bu.user_id', '=', userId)
            .where('ro.kind', '=', 'owner'),
        ),
      )
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Removes books past their restore window, a batch at a time; their data goes with them (ON DELETE CASCADE). */
  async purge(now: Date, batch = 50): Promise<string[]> {
    const due = await this.db
      .selectFrom('books')
      .select('id')
      .where('purge_after', '<=', now)
      .orderBy('purge_after')
      .limit(batch)
      .execute();
    const ids = due.map((r) => r.id);
    if (ids.length) await this.db.deleteFrom('books').where('id', 'in', ids).where('purge_after', '<=', now).execute();
    return ids;
  }

  touchRecent(db: Database, userId: string, bookId: string, at: Date) {
    return db
      .insertInto('book_recent_uses')
      .values({ user_id: userId, book_id: bookId, used_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'book_id']).doUpdateSet({ used_at: at }))
      .execute();
  }

  /** Users who share at least one live book with the caller; nobody else is visible. */
  usersSharingBooks(userId: string, userIds: string[]) {
    return this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.nickname', 'u.avatar_url'])
      .where('u.id', 'in', userIds)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('book_users as mine')
            .innerJoin('book_users as theirs', 'theirs.book_id', 'mine.book_id')
            .innerJoin('books as b', 'b.id', 'mine.book_id')
            .select('mine.book_id')
            .where('mine.user_id', '=', userId)
            .whereRef('theirs.user_id', '=', 'u.id')
            .where('b.deleted_at', 'is', null),
        ),
      )
      .execute();
  }

  async counts(bookId: string): Promise<{ categories: number; accounts: number }> {
    const [c, a] = await Promise.all([
      this.db
        .selectFrom('book_categories')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('book_accounts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow(),
    ]);
    return { categories: Number(c.n), accounts: Number(a.n) };
  }

  async currency(db: Database, bookId: string): Promise<string | undefined> {
    return (await db.selectFrom('books').select('currency').where('id', '=', bookId).executeTakeFirst())?.currency;
  }

  /** Many activity rows in one statement (a batch of records). */
  async logActivities(
    db: Database,
    rows: Array<{ book_id: string; user_id: string; action: string; entity: string; entity_id: string; before?: unknown; after?: unknown }>,
  ): Promise<void> {
    if (!rows.length) return;
    if (rows.length >= BULK_FROM) {
      await insertRows(
        db,
        'book_activities',
        rows.map((row) => ({ ...row, before: row.before ?? null, after: row.after ?? null })),
        [],
      );
      return;
    }
    await db
      .insertInto('book_activities')
      .values(
        rows.map((row) => ({
          ...row,
          before: row.before === undefined ? null : JSON.stringify(row.before),
          after: row.after === undefined ? null : JSON.stringify(row.after),
        })),
      )
      .execute();
  }

  logActivity(
    db: Database,
    row: { book_id: string; user_id: string; action: string; entity: string; entity_id: string; before?: unknown; after?: unknown },
  ) {
    return db
      .insertInto('book_activities')
      .values({
        ...row,
        before: row.before === undefined ? null : JSON.stringify(row.before),
        after: row.after === undefined ? null : JSON.stringify(row.after),
      })
      .execute();
  }
}

/** The columns a membership is read from (book_users, book_roles, books), as the check every book call makes needs them. */
export interface MembershipRow {
  role_id: string;
  kind: RoleKind;
  permissions: string[];
  currency: string;
  time_zone: string;
  date_gap: number | string;
  day_gap: number | string;
}

export function membershipOf(row: MembershipRow): BookMembership & { settings: BookReportSettings } {
  return {
    roleId: row.role_id,
    role: row.kind,
    permissions: row.permissions,
    settings: { currency: row.currency, timeZone: row.time_zone, dateGap: Number(row.date_gap), dayGap: Number(row.day_gap) },
  };
}
