import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import type { RoleKind } from '../../platform/db/schema.ts';

/** A user of a book, with their role. */
export interface MemberRow {
  user_id: string;
  nickname: string;
  avatar_url: string;
  phone: string | null;
  joined_at: Date;
  role_id: string;
  role_kind: RoleKind;
  role_name: string;
  role_description: string;
  role_permissions: string[];
}

/** SQL of a book's users, member labels and activity log. Every query leads with book_id. */
export class MembersRepository {
  constructor(private readonly db: Database) {}

  private rows(db: Database, bookId: string) {
    return db
      .selectFrom('book_users as bu')
      .innerJoin('users as u', 'u.id', 'bu.user_id')
      .innerJoin('book_roles as r', (j) => j.onRef('r.book_id', '=', 'bu.book_id').onRef('r.id', '=', 'bu.role_id'))
      .select([
        'bu.user_id',
        'u.nickname',
        'u.avatar_url',
        'u.phone',
        'bu.joined_at',
        'bu.role_id',
        'r.kind as role_kind',
        'r.name as role_name',
        'r.description as role_description',
        'r.permissions as role_permissions',
      ])
      .where('bu.book_id', '=', bookId);
  }

  /** The owner first, then by when they joined. */
  list(bookId: string, db: Database = this.db): Promise<MemberRow[]> {
    return this.rows(db, bookId)
      .orderBy(sql`r.kind = 'owner'`, 'desc')
      .orderBy('bu.joined_at')
      .orderBy('bu.user_id')
      .execute();
  }

  get(bookId: string, userId: string, db: Database = this.db): Promise<MemberRow | undefined> {
    return this.rows(db, bookId).where('bu.user_id', '=', userId).executeTakeFirst();
  }

  /** Those whose role may approve applications (the owner always may). */
  approvers(bookId: string, code: string, db: Database = this.db): Promise<MemberRow[]> {
    return this.rows(db, bookId)
      .where((eb) => eb.or([eb('r.kind', '=', 'owner'), eb(sql.val(code), '=', eb.fn.any('r.permissions'))]))
      .orderBy(sql`r.kind = 'owner'`, 'desc')
      .orderBy('bu.joined_at')
      .execute();
  }

  async count(bookId: string, db: Database = this.db): Promise<number> {
    const row = await db
      .selectFrom('book_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  add(db: Database, bookId: string, userId: string, roleId: string, subscribed: boolean) {
    return db.insertInto('book_users').values({ book_id: bookId, user_id: userId, role_id: roleId, subscribed }).execute();
  }

  async changeRole(db: Database, bookId: string, userId: string, roleId: string): Promise<void> {
    await db.updateTable('book_users').set({ role_id: roleId }).where('book_id', '=', bookId).where('user_id', '=', userId).execute();
  }

  async remove(db: Database, bookId: string, userId: string): Promise<boolean> {
    const res = await db.deleteFrom('book_users').where('book_id', '=', bookId).where('user_id', '=', userId).executeTakeFirst();
    await db.deleteFrom('book_recent_uses').where('user_id', '=', userId).where('book_id', '=', bookId).execute();
    return res.numDeletedRows > 0n;
  }

  async nickname(db: Database, userId: string): Promise<string> {
    return (await db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirstOrThrow()).nickname;
  }

  /** Member labels that stand for no user: the book's virtual members (SPEC 3 member_list). */
  virtualMembers(bookId: string) {
    return this.db
      .selectFrom('book_labels')
      .select(['id', 'name'])
      .where('book_id', '=', bookId)
      .where('kind', '=', 'member')
      .where('user_id', 'is', null)
      .where('hidden', '=', false)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  memberLabel(bookId: string, userId: string) {
    return this.db
      .selectFrom('book_labels')
      .select(['id', 'name'])
      .where('book_id', '=', bookId)
      .where('kind', '=', 'member')
      .where('user_id', '=', userId)
      .orderBy('id')
      .executeTakeFirst();
  }

  /** A joining user gets a member label to record against: theirs again if they had one, else a new one. */
  async ensureMemberLabel(db: Database, bookId: string, userId: string, name: string): Promise<void> {
    const found = await db
      .updateTable('book_labels')
      .set({ hidden: false })
      .where('book_id', '=', bookId)
      .where('kind', '=', 'member')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (found.numUpdatedRows > 0n) return;
    await db
      .insertInto('book_labels')
      .values((eb) => ({
        book_id: bookId,
        kind: 'member',
        name,
        user_id: userId,
        sort: eb
          .selectFrom('book_labels')
          .select(sql<number>`coalesce(max(sort), 0) + 1`.as('s'))
          .where('book_id', '=', bookId)
          .where('kind', '=', 'member'),
      }))
      .execute();
  }

  /** How many live records a member made, and when the last one: read from the (book_id, recorder_id, created_at) index. */
  async recordStats(bookId: string, userId: string): Promise<{ count: number; last: Date | null }> {
    const row = await this.db
      .selectFrom('transactions')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('created_at').as('last')])
      .where('book_id', '=', bookId)
      .where('recorder_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), last: row.last ?? null };
  }

  /** The activity log, newest first, a page after a cursor (the last id seen). */
  activities(bookId: string, cursor: string | undefined, limit: number) {
    let q = this.db
      .selectFrom('book_activities as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.user_id', 'u.nickname', 'u.avatar_url', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.at'])
      .where('a.book_id', '=', bookId);
    if (cursor) q = q.where('a.id', '<', cursor);
    return q.orderBy('a.id', 'desc').limit(limit).execute();
  }

  /** Users by id, for the members the activity log names. */
  users(ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'nickname', 'avatar_url']).where('id', 'in', ids).execute();
  }

  /** This book's categories by id (deleted ones too: the log names what was), for the activity log. */
  categoryNames(bookId: string, ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('book_categories').select(['id', 'name']).where('book_id', '=', bookId).where('id', 'in', ids).execute();
  }
}
