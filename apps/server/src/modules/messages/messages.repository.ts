import type { MessageParam } from '@cab/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

/** A message as stored, to be worded at read time. */
export interface MessageRow {
  id: string;
  user_id: string;
  book_id: string | null;
  kind: string;
  params: Record<string, MessageParam>;
  link: string;
  state: 'unread' | 'read';
  count: number;
  created_at: Date;
}

/** One row to store: batched kinds carry a batch key and a count. */
export interface MessageInput {
  userId: string;
  bookId: string | null;
  kind: string;
  params: Record<string, MessageParam>;
  link: string;
  batchKey: string | null;
  count: number;
}

const COLUMNS = ['id', 'user_id', 'book_id', 'kind', 'params', 'link', 'state', 'count', 'created_at'] as const;
/** A book's key in message_counters: 0 for the messages about the user alone. */
const keyOf = (bookId: string | null) => bookId ?? '0';

/**
 * SQL of the message center. Every query leads with user_id (then the book key). Each
 * write is one statement that changes the messages and their kept counters together,
 * so the counters cannot drift from the rows even between statements of a transaction.
 * Counts only ever go down by what the same statement changed, and never below zero.
 */
export class MessagesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores messages and counts the new ones. A batched row (batch_key set) grows the one
   * unread message of its (user, book, kind, batch key) if there is one: it counts once,
   * when made. Returns who was told.
   */
  async insert(db: Database, rows: MessageInput[], at: Date): Promise<string[]> {
    if (!rows.length) return [];
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.userId}::bigint, ${r.bookId}::bigint, ${r.kind}::text, ${JSON.stringify(r.params)}::jsonb, ${r.link}::text, ${r.batchKey}::text, ${r.count}::int)`,
      ),
    );
    const res = await sql<{ user_id: string }>`
      WITH input (user_id, book_id, kind, params, link, batch_key, n) AS (VALUES ${values}),
      ins AS (
        INSERT INTO messages (user_id, book_id, kind, params, link, batch_key, count, created_at, updated_at)
        SELECT user_id, book_id, kind, params, link, batch_key, n, ${at}, ${at} FROM input
        ON CONFLICT (user_id, book_id, kind, batch_key) WHERE state = 'unread' AND batch_key IS NOT NULL
        DO UPDATE SET count = messages.count + excluded.count, params = excluded.params, updated_at = excluded.updated_at
        RETURNING user_id, book_id, (xmax = 0) AS fresh
      ),
      counted AS (
        INSERT INTO message_counters (user_id, book_id, unread, total)
        SELECT user_id, book_id, count(*), count(*) FROM ins WHERE fresh GROUP BY user_id, book_id
        ON CONFLICT (user_id, book_key)
        DO UPDATE SET unread = message_counters.unread + excluded.unread, total = message_counters.total + excluded.total
      )
      SELECT DISTINCT user_id FROM ins`.execute(db);
    return res.rows.map((r) => r.user_id);
  }

  /**
   * The batched message of a record made in a shared book: every other member of the book
   * is told, growing their unread message about this recorder. One statement, whatever
   * the batch's size; in a book of one member it inserts nothing.
   */
  async recorded(db: Database, bookId: string, recorderId: string, count: number, link: string, at: Date): Promise<string[]> {
    const res = await sql<{ user_id: string }>`
      WITH ins AS (
        INSERT INTO messages (user_id, book_id, kind, params, link, batch_key, count, created_at, updated_at)
        SELECT bu.user_id, bu.book_id, 'book.recorded',
          jsonb_build_object(
            'nickname', (SELECT nickname FROM users WHERE id = ${recorderId}::bigint),
            'bookName', (SELECT name FROM books WHERE id = ${bookId}::bigint),
            'recorderId', ${recorderId}::text),
          ${link}, ${recorderId}::text, ${count}::int, ${at}, ${at}
        FROM book_users bu WHERE bu.book_id = ${bookId}::bigint AND bu.user_id <> ${recorderId}::bigint
        ON CONFLICT (user_id, book_id, kind, batch_key) WHERE state = 'unread' AND batch_key IS NOT NULL
        DO UPDATE SET count = messages.count + excluded.count, updated_at = excluded.updated_at
        RETURNING user_id, book_id, (xmax = 0) AS fresh
      ),
      counted AS (
        INSERT INTO message_counters (user_id, book_id, unread, total)
        SELECT user_id, book_id, count(*), count(*) FROM ins WHERE fresh GROUP BY user_id, book_id
        ON CONFLICT (user_id, book_key)
        DO UPDATE SET unread = message_counters.unread + excluded.unread, total = message_counters.total + excluded.total
      )
      SELECT DISTINCT user_id FROM ins`.execute(db);
    return res.rows.map((r) => r.user_id);
  }

  /** Marks one message read. found: whether it is the caller's; changed: whether it was unread. */
  async readOne(db: Database, userId: string, id: string, at: Date): Promise<{ found: boolean; changed: number }> {
    const res = await sql<{ found: boolean; changed: string }>`
      WITH m AS (
        UPDATE messages SET state = 'read', updated_at = ${at}
        WHERE user_id = ${userId}::bigint AND id = ${id}::bigint AND state = 'unread'
        RETURNING book_id
      ),
      c AS (
        UPDATE message_counters c SET unread = greatest(c.unread - 1, 0)
        FROM m WHERE c.user_id = ${userId}::bigint AND c.book_key = coalesce(m.book_id, 0)
      )
      SELECT EXISTS (SELECT 1 FROM messages WHERE user_id = ${userId}::bigint AND id = ${id}::bigint) AS found,
        (SELECT count(*) FROM m) AS changed`.execute(db);
    const row = res.rows[0]!;
    return { found: row.found, changed: Number(row.changed) };
  }

  /** Marks read the caller's unread messages (of one book key, or all). Returns how many. */
  async readMany(db: Database, userId: string, bookId: string | null | undefined, at: Date): Promise<number> {
    const which = bookId === undefined ? sql`` : sql`AND coalesce(book_id, 0) = ${keyOf(bookId)}::bigint`;
    const res = await sql<{ changed: string }>`
      WITH m AS (
        UPDATE messages SET state = 'read', updated_at = ${at}
        WHERE user_id = ${userId}::bigint ${which} AND state = 'unread'
        RETURNING coalesce(book_id, 0) AS k
      ),
      g AS (SELECT k, count(*) AS n FROM m GROUP BY k),
      c AS (
        UPDATE message_counters c SET unread = greatest(c.unread - g.n, 0)
        FROM g WHERE c.user_id = ${userId}::bigint AND c.book_key = g.k
      )
      SELECT count(*) AS changed FROM m`.execute(db);
    return Number(res.rows[0]!.changed);
  }

  /** Deletes the caller's messages: one by id, or one book key's. Returns how many. */
  async delete(db: Database, userId: string, which: { id: string } | { bookId: string | null }): Promise<number> {
    const filter = 'id' in which ? sql`AND id = ${which.id}::bigint` : sql`AND coalesce(book_id, 0) = ${keyOf(which.bookId)}::bigint`;
    const res = await sql<{ changed: string }>`
      WITH m AS (
        DELETE FROM messages WHERE user_id = ${userId}::bigint ${filter}
        RETURNING coalesce(book_id, 0) AS k, state
      ),
      g AS (SELECT k, count(*) AS n, count(*) FILTER (WHERE state = 'unread') AS u FROM m GROUP BY k),
      c AS (
        UPDATE message_counters c SET total = greatest(c.total - g.n, 0), unread = greatest(c.unread - g.u, 0)
        FROM g WHERE c.user_id = ${userId}::bigint AND c.book_key = g.k
      )
      SELECT count(*) AS changed FROM m`.execute(db);
    return Number(res.rows[0]!.changed);
  }

  /** The caller's kept totals: O(books) rows. */
  async totals(userId: string, db: Database = this.db): Promise<{ unread: number; total: number }> {
    const row = await db
      .selectFrom('message_counters')
      .select((eb) => [eb.fn.sum<string | null>('unread').as('unread'), eb.fn.sum<string | null>('total').as('total')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { unread: Number(row?.unread ?? 0), total: Number(row?.total ?? 0) };
  }

  /** Per book key: its kept counts, the book's name and its latest message (one index probe per book). */
  async perBook(userId: string) {
    const res = await sql<{ book_id: string | null; book_name: string | null; unread: string; total: string; latest_id: string | null }>`
      SELECT c.book_id, b.name AS book_name, c.unread, c.total, l.id AS latest_id
      FROM message_counters c
      LEFT JOIN books b ON b.id = c.book_id
      LEFT JOIN LATERAL (
        SELECT m.id FROM messages m
        WHERE m.user_id = c.user_id AND coalesce(m.book_id, 0) = c.book_key
        ORDER BY m.id DESC LIMIT 1
      ) l ON true
      WHERE c.user_id = ${userId}::bigint AND c.total > 0
      ORDER BY l.id DESC NULLS LAST`.execute(this.db);
    return res.rows;
  }

  byIds(userId: string, ids: string[]): Promise<MessageRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .execute();
  }

  /** A page of the caller's messages, newest first, after a msg_id (keyset). */
  page(userId: string, bookId: string | undefined, lastId: string | undefined, limit: number): Promise<MessageRow[]> {
    let q = this.db.selectFrom('messages').select(COLUMNS).where('user_id', '=', userId);
    if (bookId !== undefined) q = q.where(sql<string>`coalesce(book_id, 0)`, '=', bookId);
    if (lastId !== undefined) q = q.where('id', '<', lastId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  async ownsMessage(userId: string, id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('messages').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst());
  }

  /** Files a report; null when the caller already has an open one on this target. */
  async report(reporterId: string, targetType: 'message' | 'thread' | 'comment', targetId: string, reason: string, at: Date) {
    const row = await this.db
      .insertInto('moderation_reports')
      .values({ reporter_id: reporterId, target_type: targetType, target_id: targetId, reason, created_at: at })
      .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).where('status', '=', 'open').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
