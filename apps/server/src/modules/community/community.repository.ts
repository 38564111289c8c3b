import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export interface ThreadRow {
  id: string;
  book_id: string | null;
  author_id: string | null;
  subject: string;
  message: string;
  tags: string[];
  pinned: boolean;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date;
  nickname: string | null;
  avatar_url: string | null;
}

export interface CommentRow {
  id: string;
  thread_id: string;
  parent_id: string;
  reply_to_id: string | null;
  reply_to_nickname: string | null;
  author_id: string | null;
  message: string;
  reply_count: number;
  created_at: Date;
  nickname: string | null;
  avatar_url: string | null;
}

export interface EventRow {
  id: string;
  kind: 'thread.posted' | 'thread.pinned' | 'thread.unpinned' | 'comment.posted';
  thread_id: string;
  comment_id: string | null;
  actor_id: string | null;
  created_at: Date;
  subject: string;
  nickname: string | null;
  avatar_url: string | null;
}

/** Where a page of threads starts: after this (pinned, last activity, id). */
export interface ThreadPosition {
  pinned: boolean;
  at: Date;
  id: string;
}

/** The book a thread list reads: a book's id, or null for the official announcements. */
export type Board = string | null;

const THREAD_COLUMNS = [
  't.id',
  't.book_id',
  't.author_id',
  't.subject',
  't.message',
  't.tags',
  't.pinned',
  't.reply_count',
  't.created_at',
  't.updated_at',
  't.last_activity_at',
  'u.nickname',
  'u.avatar_url',
] as const;

/** SQL of the community. Every query leads with the book (book_id NULL: the official board). */
export class CommunityRepository {
  constructor(private readonly db: Database) {}

  private threadsOf(db: Database, board: Board) {
    const q = db
      .selectFrom('community_threads as t')
      .leftJoin('users as u', 'u.id', 't.author_id')
      .select(THREAD_COLUMNS)
      .where('t.deleted_at', 'is', null);
    return board === null ? q.where('t.book_id', 'is', null) : q.where('t.book_id', '=', board);
  }

  /** A page of a board's threads: pinned first, then the latest activity; `pinnedOnly` for the notice tab. */
  async threads(board: Board, pinnedOnly: boolean, limit: number, after?: ThreadPosition): Promise<ThreadRow[]> {
    let q = this.threadsOf(this.db, board);
    if (pinnedOnly) q = q.where('t.pinned', '=', true);
    if (after)
      q = q.where(sql<boolean>`(t.pinned, t.last_activity_at, t.id) < (${after.pinned}::boolean, ${after.at}, ${after.id}::bigint)`);
    return q.orderBy('t.pinned', 'desc').orderBy('t.last_activity_at', 'desc').orderBy('t.id', 'desc').limit(limit).execute();
  }

  /** A live thread of a board; with `lock`, held until the transaction ends (deleting and commenting wait for each other). */
  async thread(db: Database, board: Board, id: string, lock = false): Promise<ThreadRow | undefined> {
    if (lock) {
      const q = db.selectFrom('community_threads').select('id').where('id', '=', id).where('deleted_at', 'is', null);
      const locked = await (board === null ? q.where('book_id', 'is', null) : q.where('book_id', '=', board))
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return undefined;
    }
    return this.threadsOf(db, board).where('t.id', '=', id).executeTakeFirst();
  }

  async insertThread(
    db: Database,
    t: { bookId: Board; authorId: string | null; subject: string; message: string; tags: string[]; at: Date },
  ): Promise<string> {
    const row = await db
      .insertInto('community_threads')
      .values({
        book_id: t.bookId,
        author_id: t.authorId,
        subject: t.subject,
        message: t.message,
        tags: t.tags,
        created_at: t.at,
        updated_at: t.at,
        last_activity_at: t.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async editThread(db: Database, id: string, t: { subject: string; message: string; tags: string[]; at: Date }): Promise<void> {
    await db
      .updateTable('community_threads')
      .set({ subject: t.subject, message: t.message, tags: t.tags, updated_at: t.at })
      .where('id', '=', id)
      .execute();
  }

  async setPinned(db: Database, id: string, pinned: boolean, at: Date): Promise<void> {
    await db
      .updateTable('community_threads')
      .set({ pinned, pinned_at: pinned ? at : null })
      .where('id', '=', id)
      .execute();
  }

  async deleteThread(db: Database, id: string, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('community_threads')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** The official announcements, newest first, withdrawn ones included (the operator's list). */
  officialThreads() {
    return this.db
      .selectFrom('community_threads')
      .select(['id', 'subject', 'created_at', 'deleted_at'])
      .where('book_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
  }

  async withdrawOfficial(id: string, at: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('community_threads')
      .set({ deleted_at: at })
      .where('book_id', 'is', null)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  private commentsOf(db: Database, bookId: string, threadId: string) {
    return db
      .selectFrom('community_comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .leftJoin('community_comments as rt', (j) => j.onRef('rt.book_id', '=', 'c.book_id').onRef('rt.id', '=', 'c.reply_to_id'))
      .leftJoin('users as ru', 'ru.id', 'rt.author_id')
      .select([
        'c.id',
        'c.thread_id',
        'c.parent_id',
        'c.reply_to_id',
        'ru.nickname as reply_to_nickname',
        'c.author_id',
        'c.message',
        'c.reply_count',
        'c.created_at',
        'u.nickname',
        'u.avatar_url',
      ])
      .where('c.book_id', '=', bookId)
      .where('c.thread_id', '=', threadId);
  }

  /** A page of a thread's comments (parent 0) or of the replies to one, oldest first, after a pid. */
  comments(bookId: string, threadId: string, parentId: string, limit: number, afterId?: string): Promise<CommentRow[]> {
    let q = this.commentsOf(this.db, bookId, threadId).where('c.parent_id', '=', parentId);
    if (afterId) q = q.where('c.id', '>', afterId);
    return q.orderBy('c.id', 'asc').limit(limit).execute();
  }

  comment(db: Database, bookId: string, threadId: string, id: string): Promise<CommentRow | undefined> {
    return this.commentsOf(db, bookId, threadId).where('c.id', '=', id).executeTakeFirst();
  }

  /** Writes a comment and counts it on its thread (and on the comment it answers); the thread's activity moves. */
  async insertComment(
    db: Database,
    c: { bookId: string; threadId: string; parentId: string; replyToId: string | null; authorId: string; message: string; at: Date },
  ): Promise<string> {
    const row = await db
      .insertInto('community_comments')
      .values({
        book_id: c.bookId,
        thread_id: c.threadId,
        parent_id: c.parentId,
        reply_to_id: c.replyToId,
        author_id: c.authorId,
        message: c.message,
        created_at: c.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('community_threads')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1), last_activity_at: c.at }))
      .where('id', '=', c.threadId)
      .execute();
    if (c.parentId !== '0') {
      await db
        .updateTable('community_comments')
        .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
        .where('book_id', '=', c.bookId)
        .where('id', '=', c.parentId)
        .execute();
    }
    return row.id;
  }

  async insertEvent(
    db: Database,
    e: { bookId: string; kind: EventRow['kind']; threadId: string; commentId: string | null; actorId: string; at: Date },
  ): Promise<void> {
    await db
      .insertInto('community_events')
      .values({ book_id: e.bookId, kind: e.kind, thread_id: e.threadId, comment_id: e.commentId, actor_id: e.actorId, created_at: e.at })
      .execute();
  }

  /** A page of the book's happenings, newest first, after an id; those of deleted threads are gone with them. */
  events(bookId: string, limit: number, beforeId?: string): Promise<EventRow[]> {
    let q = this.db
      .selectFrom('community_events as e')
      .innerJoin('community_threads as t', 't.id', 'e.thread_id')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.id', 'e.kind', 'e.thread_id', 'e.comment_id', 'e.actor_id', 'e.created_at', 't.subject', 'u.nickname', 'u.avatar_url'])
      .where('e.book_id', '=', bookId)
      .where('t.deleted_at', 'is', null);
    if (beforeId) q = q.where('e.id', '<', beforeId);
    return q.orderBy('e.id', 'desc').limit(limit).execute();
  }

  /** What a notification says: the book's name and the actor's nickname. */
  async names(db: Database, bookId: string, userId: string): Promise<{ book: string; nickname: string }> {
    const book = await db.selectFrom('books').select('name').where('id', '=', bookId).executeTakeFirst();
    const user = await db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirst();
    return { book: book?.name ?? '', nickname: user?.nickname ?? '' };
  }

  /** The book's members but one (who are told of a pinned notice). */
  async membersBut(db: Database, bookId: string, userId: string): Promise<string[]> {
    const rows = await db.selectFrom('book_users').select('user_id').where('book_id', '=', bookId).where('user_id', '!=', userId).execute();
    return rows.map((r) => r.user_id);
  }
}
