import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export interface ReviewRow {
  id: string;
  template_id: string;
  user_id: string;
  content: string;
  created_at: Date;
  updated_at: Date;
  nickname: string;
  avatar_url: string;
}

/** SQL of the market: favourite templates and template reviews. Every query leads with the user or the template. */
export class MarketRepository {
  constructor(private readonly db: Database) {}

  templateExists(id: string, db: Database = this.db) {
    return db.selectFrom('book_templates').select('id').where('id', '=', id).executeTakeFirst();
  }

  async collect(userId: string, templateId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('template_collections')
      .values({ user_id: userId, template_id: templateId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'template_id']).doNothing())
      .execute();
  }

  async uncollect(userId: string, templateId: string): Promise<void> {
    await this.db.deleteFrom('template_collections').where('user_id', '=', userId).where('template_id', '=', templateId).execute();
  }

  /** The caller's favourites among some templates (the lists mark them). */
  async collectedAmong(userId: string, templateIds: string[]): Promise<Set<string>> {
    if (!templateIds.length) return new Set();
    const rows = await this.db
      .selectFrom('template_collections')
      .select('template_id')
      .where('user_id', '=', userId)
      .where('template_id', '=', sql<string>`ANY(${templateIds}::bigint[])`)
      .execute();
    return new Set(rows.map((r) => r.template_id));
  }

  /** The caller's favourites, the latest kept first. */
  collected(userId: string) {
    return this.db
      .selectFrom('template_collections as c')
      .innerJoin('book_templates as t', 't.id', 'c.template_id')
      .select([
        't.id',
        't.code',
        't.category_code',
        't.name',
        't.name_en',
        't.description',
        't.description_en',
        't.cover',
        't.icon',
        't.currency',
        't.template_type',
        't.use_count',
        't.review_count',
        'c.created_at as collected_at',
      ])
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.template_id', 'desc')
      .limit(500)
      .execute();
  }

  /** A page of a template's reviews, the latest written first, after a keyset position. */
  async reviews(templateId: string, limit: number, after?: { time: Date; id: string | undefined }): Promise<ReviewRow[]> {
    let q = this.db
      .selectFrom('template_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.template_id', 'r.user_id', 'r.content', 'r.created_at', 'r.updated_at', 'u.nickname', 'u.avatar_url'])
      .where('r.template_id', '=', templateId);
    if (after) {
      q = after.id
        ? q.where(sql<boolean>`(r.updated_at, r.id) < (${after.time}, ${after.id}::bigint)`)
        : q.where('r.updated_at', '<', after.time);
    }
    return q.orderBy('r.updated_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
  }

  /**
   * Writes the caller's review: a new one counts on the template, an edit replaces the
   * text and moves it to the top. Answers the review's id.
   */
  async saveReview(db: Database, templateId: string, userId: string, content: string, at: Date): Promise<string> {
    const row = await db
      .insertInto('template_reviews')
      .values({ template_id: templateId, user_id: userId, content, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['template_id', 'user_id']).doUpdateSet({ content, updated_at: at }))
      .returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
      .executeTakeFirstOrThrow();
    if (row.inserted) {
      await db
        .updateTable('book_templates')
        .set((eb) => ({ review_count: eb('review_count', '+', '1') }))
        .where('id', '=', templateId)
        .execute();
    }
    return row.id;
  }

  review(db: Database, id: string) {
    return db
      .selectFrom('template_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.template_id', 'r.user_id', 'r.content', 'r.created_at', 'r.updated_at', 'u.nickname', 'u.avatar_url'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
  }
}
