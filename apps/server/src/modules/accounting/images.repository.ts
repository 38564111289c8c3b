import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export interface ImageRow {
  id: string;
  storage_key: string;
  content_type: string;
  size_bytes: string;
  transaction_id: string | null;
}

/** SQL of transaction images. Every query leads with book_id. */
export class ImagesRepository {
  constructor(private readonly db: Database) {}

  insert(
    db: Database,
    v: { book_id: string; storage_key: string; content_type: string; size_bytes: number; uploader_id: string },
  ): Promise<ImageRow> {
    return db
      .insertInto('book_images')
      .values(v)
      .returning(['id', 'storage_key', 'content_type', 'size_bytes', 'transaction_id'])
      .executeTakeFirstOrThrow();
  }

  find(bookId: string, id: string): Promise<ImageRow | undefined> {
    return this.db
      .selectFrom('book_images')
      .select(['id', 'storage_key', 'content_type', 'size_bytes', 'transaction_id'])
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The images a transaction may take: uploaded to this book and free, or already its own. */
  available(db: Database, bookId: string, ids: string[], transactionId: string | null): Promise<Array<{ id: string }>> {
    return db
      .selectFrom('book_images')
      .select('id')
      .where('book_id', '=', bookId)
      .where('id', 'in', ids)
      .where((eb) =>
        transactionId
          ? eb.or([eb('transaction_id', 'is', null), eb('transaction_id', '=', transactionId)])
          : eb('transaction_id', 'is', null),
      )
      .forUpdate()
      .execute();
  }

  async attach(db: Database, bookId: string, transactionId: string, ids: string[]): Promise<void> {
    await sql`
      UPDATE book_images AS i SET transaction_id = ${transactionId}, sort = o.pos
      FROM unnest(${sql.val(ids)}::bigint[]) WITH ORDINALITY AS o(id, pos)
      WHERE i.book_id = ${bookId} AND i.id = o.id`.execute(db);
  }

  /** Images a transaction no longer shows go back to being free (cleaned up later with the unused uploads). */
  detachExcept(db: Database, bookId: string, transactionId: string, keep: string[]) {
    let q = db
      .updateTable('book_images')
      .set({ transaction_id: null })
      .where('book_id', '=', bookId)
      .where('transaction_id', '=', transactionId);
    if (keep.length) q = q.where('id', 'not in', keep);
    return q.execute();
  }

  forTransactions(db: Database, bookId: string, transactionIds: string[]) {
    if (!transactionIds.length) return Promise.resolve([]);
    return db
      .selectFrom('book_images')
      .select(['id', 'size_bytes', 'transaction_id'])
      .where('book_id', '=', bookId)
      .where('transaction_id', 'in', transactionIds)
      .orderBy('transaction_id')
      .orderBy('sort')
      .execute();
  }

  /** Uploads no transaction took since `before`, and images of deleted transactions: to be removed with their files. */
  async removable(before: Date, limit: number): Promise<Array<{ book_id: string; id: string; storage_key: string }>> {
    const rows = await sql<{ book_id: string; id: string; storage_key: string }>`
      SELECT i.book_id, i.id, i.storage_key FROM book_images i
      WHERE i.transaction_id IS NULL AND i.created_at < ${before}
      UNION ALL
      SELECT i.book_id, i.id, i.storage_key FROM book_images i
      JOIN transactions t ON t.book_id = i.book_id AND t.id = i.transaction_id
      WHERE t.deleted_at IS NOT NULL AND t.deleted_at < ${before}
      LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => ({ book_id: String(r.book_id), id: String(r.id), storage_key: r.storage_key }));
  }

  remove(bookId: string, id: string) {
    return this.db.deleteFrom('book_images').where('book_id', '=', bookId).where('id', '=', id).execute();
  }
}
