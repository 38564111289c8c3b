import { OPEN_REQUEST_STATUSES } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';

export interface BlockedBookRow {
  book_id: string;
  book_name: string;
  created_at: Date;
}

/** SQL of adding by phone: the requests it makes and the books a user stopped from asking. */
export class AddByPhoneRepository {
  constructor(private readonly db: Database) {}

  async bookName(db: Database, bookId: string): Promise<string> {
    return (await db.selectFrom('books').select('name').where('id', '=', bookId).executeTakeFirst())?.name ?? '';
  }

  async isBlocked(userId: string, bookId: string, db: Database = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('book_add_blocks')
      .select('book_id')
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async block(db: Database, userId: string, bookId: string): Promise<void> {
    await db
      .insertInto('book_add_blocks')
      .values({ user_id: userId, book_id: bookId })
      .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
      .execute();
  }

  async unblock(userId: string, bookId: string): Promise<void> {
    await this.db.deleteFrom('book_add_blocks').where('user_id', '=', userId).where('book_id', '=', bookId).execute();
  }

  /** The user's blocks of books still in use, newest first. */
  blocked(userId: string): Promise<BlockedBookRow[]> {
    return this.db
      .selectFrom('book_add_blocks as k')
      .innerJoin('books as b', 'b.id', 'k.book_id')
      .select(['k.book_id', 'b.name as book_name', 'k.created_at'])
      .where('k.user_id', '=', userId)
      .where('b.deleted_at', 'is', null)
      .orderBy('k.created_at', 'desc')
      .orderBy('k.book_id', 'desc')
      .limit(200)
      .execute();
  }

  /**
   * A request waiting for the added user, unless one of theirs is open in the book already
   * (an earlier add, or their own application): then nothing is made and undefined answered.
   */
  async askToJoin(
    db: Database,
    row: { book_id: string; user_id: string; inviter_id: string; role_id: string; remark: string },
  ): Promise<string | undefined> {
    const made = await db
      .insertInto('book_member_requests')
      .values({ ...row, kind: 'add', status: 'ToBeAccepted', subscribe: true })
      .onConflict((oc) =>
        oc
          .columns(['book_id', 'user_id'])
          .where('status', 'in', [...OPEN_REQUEST_STATUSES])
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return made?.id;
  }
}
