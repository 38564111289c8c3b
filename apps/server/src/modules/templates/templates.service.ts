import { AppError } from '../../http/errors.ts';
import type { Locale } from '@cab/contracts';
import type { CategorySeed, StoredTemplateContent } from '../../../db/seed/templates.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';

type Summary = Awaited<ReturnType<CatalogueRepository['templates']>>[number];

/** A template as the lists answer it; `collected` says whether the caller keeps it. */
export const templateSummary = (t: Omit<Summary, 'sort'>, collected: boolean) => ({
  id: t.id,
  code: t.code,
  category_code: t.category_code,
  name: t.name,
  name_en: t.name_en,
  description: t.description,
  description_en: t.description_en,
  cover: t.cover,
  icon: t.icon,
  currency: t.currency,
  template_type: t.template_type,
  use_count: Number(t.use_count),
  review_count: Number(t.review_count),
  collected,
});

const tree = (cats: CategorySeed[], t: (name: string) => string) =>
  cats.map(([name, icon, subs]) => ({ name: t(name), icon, sub_categories: subs.map((s) => ({ name: t(s), icon, sub_categories: [] })) }));

/** The template catalogue as the market and the add-book popups read it. */
export class TemplatesService {
  constructor(
    private readonly repo: CatalogueRepository,
    /** The caller's favourites among some templates (the market module's). */
    private readonly collectedAmong: (userId: string, ids: string[]) => Promise<Set<string>>,
  ) {}

  private async summaries(rows: Summary[], userId: string | undefined) {
    const kept = userId
      ? await this.collectedAmong(
          userId,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    return rows.map((r) => templateSummary(r, kept.has(r.id)));
  }

  async categories() {
    const rows = await this.repo.categories();
    return rows
      .filter((r) => r.parent_code === null)
      .map((r) => ({
        category_code: r.code,
        name: r.name,
        name_en: r.name_en,
        children: rows.filter((c) => c.parent_code === r.code).map((c) => ({ category_code: c.code, name: c.name, name_en: c.name_en })),
      }));
  }

  async list(userId?: string) {
    return this.summaries(await this.repo.templates(), userId);
  }

  /** A first-level code lists the templates of all its children. */
  async byCategory(code: string, userId?: string) {
    const rows = await this.repo.categories();
    const known = rows.find((r) => r.code === code);
    if (!known) throw new AppError('template.categoryNotFound');
    const codes = known.parent_code === null ? rows.filter((r) => r.parent_code === code).map((r) => r.code) : [code];
    return codes.length ? this.summaries(await this.repo.templates(codes), userId) : [];
  }

  /** The trees in the caller's language, as a book made from it would name them (book-content.repository.ts). */
  async detail(id: string, userId: string | undefined, locale: Locale) {
    const row = await this.repo.template(id);
    if (!row) throw new AppError('template.notFound');
    const c = row.content as StoredTemplateContent;
    const english: Partial<Record<string, string>> = locale === 'en' ? (c.names_en ?? {}) : {};
    const t = (name: string): string => english[name] ?? name;
    const [summary] = await this.summaries([row], userId);
    return {
      ...summary!,
      expense_categories: tree(c.expense, t),
      income_categories: tree(c.income, t),
      accounts: c.accounts.map(([group, name, type]) => ({ group: t(group), name: t(name), type })),
      members: c.members.map(t),
      merchants: c.merchants.map(t),
      projects: c.projects.map(t),
    };
  }

  async covers() {
    return (await this.repo.coverMaterials()).map((m) => ({ id: m.id, name: m.name, url: m.url, min_url: m.url }));
  }
}
