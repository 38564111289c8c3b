import type { Database } from '../../platform/db/index.ts';
import { COVER_MATERIALS, TEMPLATE_CATEGORIES, TEMPLATES, storedContent } from '../../../db/seed/templates.ts';

/** The columns of a template summary (templateSummary), for every query that answers one. */
export const TEMPLATE_SUMMARY_COLUMNS = [
  'id',
  'code',
  'category_code',
  'name',
  'name_en',
  'description',
  'description_en',
  'cover',
  'icon',
  'currency',
  'template_type',
  'use_count',
  'review_count',
] as const;
/** SQL of the template catalogue: seeding, categories, templates, cover materials. */
export class CatalogueRepository {
  constructor(private readonly db: Database) {}

  /** Writes the seed catalogue; running it again updates in place and adds nothing twice. */
  async seed(): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // Parents first, so the self-reference holds.
      for (const c of [...TEMPLATE_CATEGORIES].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null))) {
        await tx
          .insertInto('template_categories')
          .values({ code: c.code, parent_code: c.parent, name: c.name, name_en: c.name_en, sort: c.sort })
          .onConflict((oc) => oc.column('code').doUpdateSet({ parent_code: c.parent, name: c.name, name_en: c.name_en, sort: c.sort }))
          .execute();
      }
      for (const [i, t] of TEMPLATES.entries()) {
        const row = {
          code: t.code,
          category_code: t.category,
          name: t.name,
          name_en: t.name_en,
          description: t.description,
          description_en: t.description_en,
          cover: t.cover,
          icon: t.icon,
          // With the English names, so a book created in English takes them from here.
          content: JSON.stringify(storedContent(t.content)),
          sort: i + 1,
        };
        await tx
          .insertInto('book_templates')
          .values({ id: String(t.id), ...row })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      }
      for (const m of COVER_MATERIALS) {
        await tx
          .insertInto('cover_materials')
          .values({ id: String(m.id), name: m.name, url: m.url, sort: m.sort })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name: m.name, url: m.url, sort: m.sort }))
          .execute();
      }
    });
  }

  categories() {
    return this.db.selectFrom('template_categories').selectAll().orderBy('sort').orderBy('code').execute();
  }

  templates(categoryCodes?: string[]) {
    let q = this.db.selectFrom('book_templates').select([...TEMPLATE_SUMMARY_COLUMNS, 'sort']);
    if (categoryCodes) q = q.where('category_code', 'in', categoryCodes);
    return q.orderBy('sort').execute();
  }

  template(id: string) {
    return this.db.selectFrom('book_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  countUse(db: Database, id: string) {
    return db
      .updateTable('book_templates')
      .set((eb) => ({ use_count: eb('use_count', '+', '1') }))
      .where('id', '=', id)
      .execute();
  }

  coverMaterials() {
    return this.db.selectFrom('cover_materials').selectAll().orderBy('sort').execute();
  }

  coverExists(url: string) {
    return this.db.selectFrom('cover_materials').select('id').where('url', '=', url).executeTakeFirst();
  }
}
