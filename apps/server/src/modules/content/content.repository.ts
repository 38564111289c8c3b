import { sql } from 'kysely';
import { TEMPLATE_SUMMARY_COLUMNS } from '../templates/catalogue.repository.ts';
import type { Database } from '../../platform/db/index.ts';
import { searchTerms } from '../accounting/search-terms.ts';
import { likePattern } from '../statistics/filter-sql.ts';

/** The keyword index's scope for content (accounting/search-terms.ts prefixes each term with it). */
export const CONTENT_TERMS_SCOPE = 'content';

const SUMMARY = [
  'c.id',
  'c.type',
  'c.content_category',
  'c.title',
  'c.summary',
  'c.author',
  'c.title_en',
  'c.summary_en',
  'c.author_en',
  'c.cover_url',
  'c.width_height',
  'c.duration_seconds',
  'c.published_at',
  'c.collect_count',
] as const;

const TEMPLATE_SUMMARY = TEMPLATE_SUMMARY_COLUMNS;

/** What everyone may read: published and not withdrawn (the partial index's own condition). */
const published = sql<boolean>`c.published_at IS NOT NULL AND c.withdrawn_at IS NULL`;

/** SQL of the market's articles and videos as people read and keep them (docs/market.md). */
export class ContentRepository {
  constructor(private readonly db: Database) {}

  tagExists(code: string) {
    return this.db.selectFrom('content_tags').select('code').where('code', '=', code).executeTakeFirst();
  }

  private publishedOf(tag: string | undefined) {
    let q = this.db.selectFrom('contents as c').where(published);
    if (tag !== undefined) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('content_tag_links as l')
            .select('l.content_id')
            .whereRef('l.content_id', '=', 'c.id')
            .where('l.tag_code', '=', tag),
        ),
      );
    }
    return q;
  }

  /** A page of published content, the latest first, and how many there are in all. */
  async page(tag: string | undefined, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.publishedOf(tag).select(SUMMARY).orderBy('c.published_at', 'desc').orderBy('c.id', 'desc').offset(offset).limit(limit).execute(),
      this.publishedOf(tag)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The tags of some contents, in the tags' order. */
  tagsOf(ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('content_tag_links as l')
      .innerJoin('content_tags as t', 't.code', 'l.tag_code')
      .select(['l.content_id', 't.code', 't.name', 't.name_en'])
      .where('l.content_id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .orderBy('t.sort_order')
      .orderBy('t.code')
      .execute();
  }

  async collectedAmong(userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('content_collections')
      .select('content_id')
      .where('user_id', '=', userId)
      .where('content_id', '=', sql<string>`ANY(${ids}::bigint[])`)
      .execute();
    return new Set(rows.map((r) => r.content_id));
  }

  /** One published content with its body. */
  detail(id: string) {
    return this.db
      .selectFrom('contents as c')
      .select([...SUMMARY, 'c.body_html', 'c.body_html_en', 'c.video_url', 'c.duration_seconds', 'c.template_id'])
      .where('c.id', '=', id)
      .where(published)
      .executeTakeFirst();
  }

  template(id: string) {
    return this.db.selectFrom('book_templates').select(TEMPLATE_SUMMARY).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Keeps or lets go of a content, moving its collect_count only when the row really
   * appears or goes, all in one transaction; the content's row is locked first, so two
   * at once count right. Answers the count, or undefined when the content is not published.
   */
  async collect(userId: string, contentId: string, keep: boolean, at: Date): Promise<number | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('contents as c')
        .select('c.collect_count')
        .where('c.id', '=', contentId)
        .where(published)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      const changed = keep
        ? await tx
            .insertInto('content_collections')
            .values({ user_id: userId, content_id: contentId, created_at: at })
            .onConflict((oc) => oc.columns(['user_id', 'content_id']).doNothing())
            .returning('content_id')
            .executeTakeFirst()
        : await tx
            .deleteFrom('content_collections')
            .where('user_id', '=', userId)
            .where('content_id', '=', contentId)
            .returning('content_id')
            .executeTakeFirst();
      if (!changed) return Number(row.collect_count);
      const moved = await tx
        .updateTable('contents')
        .set((eb) => ({ collect_count: eb('collect_count', keep ? '+' : '-', '1') }))
        .where('id', '=', contentId)
        .returning('collect_count')
        .executeTakeFirstOrThrow();
      return Number(moved.collect_count);
    });
  }

  private favouritesOf(userId: string) {
    return this.db
      .selectFrom('content_collections as k')
      .innerJoin('contents as c', 'c.id', 'k.content_id')
      .where('k.user_id', '=', userId)
      .where(published);
  }

  /** A page of the caller's kept contents still published, the latest kept first. */
  async favourites(userId: string, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.favouritesOf(userId)
        .select([...SUMMARY, 'k.created_at as collected_at'])
        .orderBy('k.created_at', 'desc')
        .orderBy('k.content_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.favouritesOf(userId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /**
   * Published contents whose words hold the keyword, the latest first: the term index
   * finds candidates and LIKE on the stored lower-case text confirms each.
   */
  searchContents(keyword: string, limit: number) {
    return this.db
      .selectFrom('contents as c')
      .select(SUMMARY)
      .where(published)
      .where(sql<boolean>`c.search_terms @> ${searchTerms(CONTENT_TERMS_SCOPE, keyword)}::text[]`)
      .where(sql<boolean>`c.search_text LIKE ${likePattern(keyword)}`)
      .orderBy('c.published_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Templates whose names or descriptions hold the keyword, the most used first (the catalogue is small: a scan). */
  searchTemplates(keyword: string, limit: number) {
    const p = likePattern(keyword);
    return this.db
      .selectFrom('book_templates')
      .select(TEMPLATE_SUMMARY)
      .where((eb) =>
        eb.or(['name', 'name_en', 'description', 'description_en'].map((col) => eb(sql<string>`lower(${sql.ref(col)})`, 'like', p))),
      )
      .orderBy('use_count', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

export type ContentSummaryRow = Awaited<ReturnType<ContentRepository['page']>>['rows'][number];
export type ContentTagRow = Awaited<ReturnType<ContentRepository['tagsOf']>>[number];
export type TemplateSummaryRow = NonNullable<Awaited<ReturnType<ContentRepository['template']>>>;
