import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export interface HomeTagRow {
  code: string;
  name: string;
  name_en: string;
  is_selected: boolean;
}

/** SQL of the home tags and the mine page's market figures. Every query leads with the user or the tag. */
export class HomeRepository {
  constructor(private readonly db: Database) {}

  /** Every tag in order, each with the user's choice where they made one, else its default. */
  tags(userId: string | undefined): Promise<HomeTagRow[]> {
    const all = this.db.selectFrom('content_tags as t').select(['t.code', 't.name', 't.name_en']).orderBy('t.sort_order').orderBy('t.code');
    if (userId === undefined) return all.select('t.default_selected as is_selected').execute();
    return all
      .leftJoin('user_home_tags as u', (j) => j.onRef('u.tag_code', '=', 't.code').on('u.user_id', '=', userId))
      .select((eb) => eb.fn.coalesce('u.is_selected', 't.default_selected').as('is_selected'))
      .execute();
  }

  /**
   * Stores the user's choice of a tag in one statement that only inserts for a tag that
   * exists: an unknown tag answers undefined and stores nothing (no lookup to race with).
   */
  choose(userId: string, tagCode: string, selected: boolean, at: Date): Promise<HomeTagRow | undefined> {
    return this.db
      .with('saved', (db) =>
        db
          .insertInto('user_home_tags')
          .columns(['user_id', 'tag_code', 'is_selected', 'updated_at'])
          .expression(
            db
              .selectFrom('content_tags')
              .select([
                sql<string>`${userId}::bigint`.as('user_id'),
                'code',
                sql<boolean>`${selected}::boolean`.as('is_selected'),
                sql<Date>`${at}::timestamptz`.as('updated_at'),
              ])
              .where('code', '=', tagCode),
          )
          .onConflict((oc) =>
            oc.columns(['user_id', 'tag_code']).doUpdateSet((eb) => ({
              is_selected: eb.ref('excluded.is_selected'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning(['tag_code', 'is_selected']),
      )
      .selectFrom('saved as s')
      .innerJoin('content_tags as t', 't.code', 's.tag_code')
      .select(['t.code', 't.name', 't.name_en', 's.is_selected'])
      .executeTakeFirst();
  }

  /** The user's favourite templates, favourite contents still on show (published by now, not withdrawn) and reviews. */
  async mineInfo(userId: string, now: Date) {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('template_collections')
          .select((s) => s.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .as('favourite_templates'),
        eb
          .selectFrom('content_collections as cc')
          .innerJoin('contents as c', 'c.id', 'cc.content_id')
          .select((s) => s.fn.countAll<string>().as('n'))
          .where('cc.user_id', '=', userId)
          .where('c.published_at', '<=', now)
          .where('c.withdrawn_at', 'is', null)
          .as('favourite_contents'),
        eb
          .selectFrom('template_reviews')
          .select((s) => s.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .as('reviews'),
      ])
      .executeTakeFirstOrThrow();
    return {
      favourite_templates: Number(row.favourite_templates ?? 0),
      favourite_contents: Number(row.favourite_contents ?? 0),
      reviews: Number(row.reviews ?? 0),
    };
  }
}
