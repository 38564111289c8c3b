import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export interface FeatureStateRow {
  feature_code: string;
  name: string;
  name_en: string;
  role_scope: 'all' | 'manager';
  billing_type: 'OneOff' | 'PerDay';
  price: string;
  source: 'operator' | 'order' | 'trial' | null;
  expires_at: Date | null;
  /** The book holds it: the grant row exists (it may have ended). */
  granted: boolean;
}

/** SQL of the features catalogue as a book holds it (premium_features and book_premium_features). Book queries lead with book_id. */
export class FeaturesRepository {
  /** Every feature of the catalogue, with the book's grant of it if any. */
  async ofBook(tx: Database, bookId: string): Promise<FeatureStateRow[]> {
    const rows = await tx
      .selectFrom('premium_features as f')
      .leftJoin('book_premium_features as g', (j) => j.onRef('g.feature_code', '=', 'f.feature_code').on('g.book_id', '=', bookId))
      .select([
        'f.feature_code',
        'f.name',
        'f.name_en',
        'f.role_scope',
        'f.billing_type',
        'f.price',
        'g.source',
        'g.expires_at',
        'g.book_id',
      ])
      .orderBy('f.position')
      .orderBy('f.feature_code')
      .execute();
    return rows.map(({ book_id, ...r }) => ({ ...r, granted: book_id !== null }));
  }

  /** The features granted in the caller's books (at most `limit` rows), with the books' names. */
  async ofUser(tx: Database, userId: string, limit: number) {
    return tx
      .selectFrom('book_users as bu')
      .innerJoin('books as b', 'b.id', 'bu.book_id')
      .innerJoin('book_premium_features as g', 'g.book_id', 'bu.book_id')
      .innerJoin('premium_features as f', 'f.feature_code', 'g.feature_code')
      .select([
        'bu.book_id',
        'b.name as book_name',
        'f.feature_code',
        'f.name',
        'f.name_en',
        'f.role_scope',
        'f.billing_type',
        'f.price',
        'g.source',
        'g.expires_at',
      ])
      .where('bu.user_id', '=', userId)
      .where('b.deleted_at', 'is', null)
      .orderBy('bu.book_id')
      .orderBy('f.position')
      .limit(limit)
      .execute();
  }

  /**
   * Bought features (not the operator's) of live books ending within days [from, to) of
   * `day` (local midnights in `zone`), with their owner and last buyer.
   */
  endingBetween(tx: Database, w: { day: string; zone: string; from: number; to: number }) {
    const midnight = (days: number) => sql<Date>`((${w.day}::date + ${days}::int)::timestamp AT TIME ZONE ${w.zone})`;
    return tx
      .selectFrom('book_premium_features as g')
      .innerJoin('books as b', 'b.id', 'g.book_id')
      .innerJoin('premium_features as f', 'f.feature_code', 'g.feature_code')
      .select((eb) => [
        'g.book_id',
        'b.name as book_name',
        'b.creator_id',
        'f.name',
        'f.name_en',
        eb.ref('g.expires_at').$notNull().as('expires_at'),
        eb
          .selectFrom('purchasing_orders as po')
          .select('po.user_id')
          .whereRef('po.book_id', '=', 'g.book_id')
          .whereRef('po.feature_code', '=', 'g.feature_code')
          .where('po.status', '=', 'paid')
          .orderBy('po.id', 'desc')
          .limit(1)
          .as('buyer_id'),
      ])
      .where('g.source', '=', 'order')
      .where('g.expires_at', '>=', midnight(w.from))
      .where('g.expires_at', '<', midnight(w.to))
      .where('b.deleted_at', 'is', null)
      .execute();
  }

  /** Ends a book's feature now (unassign); false when the book did not hold it. */
  async revoke(tx: Database, bookId: string, feature: string): Promise<boolean> {
    const res = await tx
      .deleteFrom('book_premium_features')
      .where('book_id', '=', bookId)
      .where('feature_code', '=', feature)
      .executeTakeFirst();
    return res.numDeletedRows > 0n;
  }
}
