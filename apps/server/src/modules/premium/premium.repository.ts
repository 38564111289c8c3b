import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

/** SQL of a book's premium features. */
export class PremiumRepository {
  constructor(private readonly db: Database) {}

  /** Whether the book holds the feature now (granted and not expired). */
  async holds(bookId: string, feature: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('book_premium_features')
      .select('feature_code')
      .where('book_id', '=', bookId)
      .where('feature_code', '=', feature)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async grant(bookId: string, feature: string, expiresAt: Date | null, source: 'operator' | 'order' | 'trial'): Promise<void> {
    await this.db
      .insertInto('book_premium_features')
      .values({ book_id: bookId, feature_code: feature, expires_at: expiresAt, source })
      .onConflict((oc) => oc.columns(['book_id', 'feature_code']).doUpdateSet({ expires_at: expiresAt, source, granted_at: sql`now()` }))
      .execute();
  }

  async revoke(bookId: string, feature: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('book_premium_features')
      .where('book_id', '=', bookId)
      .where('feature_code', '=', feature)
      .executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  /** Whether the book exists (the operator's command grants only to real books). */
  async bookExists(bookId: string): Promise<boolean> {
    return (await this.db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()) !== undefined;
  }

  list(bookId?: string) {
    let q = this.db.selectFrom('book_premium_features').selectAll();
    if (bookId) q = q.where('book_id', '=', bookId);
    return q.orderBy('book_id').orderBy('feature_code').execute();
  }
}
