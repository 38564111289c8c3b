import type { Insertable } from 'kysely';
import type { ContentTagSeed } from '../../../db/seed/contents/tags.ts';
import type { Database } from '../../platform/db/index.ts';
import type { ContentsTable } from '../../platform/db/schema.ts';

/** A content as the operator's command writes it (everything but the counts and times the table keeps). */
export type ContentWrite = Required<
  Pick<
    Insertable<ContentsTable>,
    | 'code'
    | 'type'
    | 'content_category'
    | 'title'
    | 'summary'
    | 'author'
    | 'body_html'
    | 'title_en'
    | 'summary_en'
    | 'author_en'
    | 'body_html_en'
    | 'cover_url'
    | 'video_url'
    | 'duration_seconds'
    | 'width_height'
    | 'template_id'
    | 'search_terms'
    | 'search_text'
    | 'published_at'
    | 'withdrawn_at'
  >
>;

/** SQL of publishing: the operator's command and the seed write contents and tags through it. */
export class PublishRepository {
  constructor(private readonly db: Database) {}

  async byCode(code: string) {
    const row = await this.db.selectFrom('contents').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) return undefined;
    const tags = await this.db
      .selectFrom('content_tag_links')
      .select('tag_code')
      .where('content_id', '=', row.id)
      .orderBy('tag_code')
      .execute();
    return { ...row, tags: tags.map((t) => t.tag_code) };
  }

  /** Creates or updates the content of a code, with exactly these tags. Answers its id. */
  async save(c: ContentWrite, tags: string[], at: Date): Promise<string> {
    return this.db.transaction().execute(async (tx) => {
      const { code: _code, ...changes } = c;
      const row = await tx
        .insertInto('contents')
        .values({ ...c, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('code').doUpdateSet({ ...changes, updated_at: at }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.deleteFrom('content_tag_links').where('content_id', '=', row.id).execute();
      if (tags.length) {
        await tx
          .insertInto('content_tag_links')
          .values(tags.map((tag_code) => ({ content_id: row.id, tag_code })))
          .execute();
      }
      return row.id;
    });
  }

  /** Takes a content off the market; answers whether it was on it. */
  async withdraw(code: string, at: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('contents')
      .set({ withdrawn_at: at, updated_at: at })
      .where('code', '=', code)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  list() {
    return this.db
      .selectFrom('contents')
      .select(['id', 'code', 'type', 'title', 'published_at', 'withdrawn_at', 'collect_count'])
      .orderBy('id')
      .execute();
  }

  async knownTags(codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await this.db.selectFrom('content_tags').select('code').where('code', 'in', codes).execute();
    return new Set(rows.map((r) => r.code));
  }

  templateExists(id: string) {
    return this.db.selectFrom('book_templates').select('id').where('id', '=', id).executeTakeFirst();
  }

  /** Writes the tag set; running it again updates in place. */
  async saveTags(tags: ContentTagSeed[]): Promise<void> {
    if (!tags.length) return;
    await this.db
      .insertInto('content_tags')
      .values(tags)
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          name_en: eb.ref('excluded.name_en'),
          sort_order: eb.ref('excluded.sort_order'),
          default_selected: eb.ref('excluded.default_selected'),
        })),
      )
      .execute();
  }
}
