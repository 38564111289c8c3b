import {
  CONTENT_CATEGORIES,
  MARKET_SEARCH_TYPES,
  SEARCH_RESULTS_MAX,
  type ContentDetail,
  type ContentSummary,
  type ContentsPage,
  type FavouriteContent,
  type Locale,
  type MarketSearchResult,
} from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { templateSummary } from '../templates/templates.service.ts';
import type { ContentRepository, ContentSummaryRow, TemplateSummaryRow } from './content.repository.ts';

interface Paging {
  page: number;
  page_size: number;
}

/** The caller's favourite templates among some (the market module's), for the templates content shows. */
export type CollectedTemplates = (userId: string, ids: string[]) => Promise<Set<string>>;

/** 'w:h' split; the table's check keeps both parts positive integers. */
function dimensions(widthHeight: string): { width: number; height: number } {
  const [w, h] = widthHeight.split(':').map(Number);
  return { width: w ?? 0, height: h ?? 0 };
}

/** A text in the reader's language: the English where the content has it, else the Chinese. */
const inLocale = (zh: string, en: string, locale: Locale) => (locale === 'en' && en ? en : zh);

/** The market's articles and videos as people read, keep and find them (docs/market.md). */
export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly collectedTemplates: CollectedTemplates,
    private readonly clock: Clock,
  ) {}

  /** Rows as the lists answer them: with their tags and whether the caller keeps each. */
  private async summaries(
    rows: ContentSummaryRow[],
    viewer: string | undefined,
    locale: Locale,
    kept?: Set<string>,
  ): Promise<ContentSummary[]> {
    const ids = rows.map((r) => r.id);
    const [tags, collected] = await Promise.all([
      this.repo.tagsOf(ids),
      kept ? Promise.resolve(kept) : viewer ? this.repo.collectedAmong(viewer, ids) : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((r) => ({
      id: r.id,
      contentId: r.id,
      type: r.type,
      content_category: r.content_category,
      title: inLocale(r.title, r.title_en, locale),
      summary: inLocale(r.summary, r.summary_en, locale),
      cover_url: r.cover_url,
      width_height: r.width_height,
      ...dimensions(r.width_height),
      duration_seconds: r.duration_seconds,
      tags: tags.filter((t) => t.content_id === r.id).map((t) => ({ tag_code: t.code, name: t.name, name_en: t.name_en })),
      author: inLocale(r.author, r.author_en, locale),
      published_at: new Date(r.published_at!).getTime(),
      collect_count: Number(r.collect_count),
      collected: collected.has(r.id),
      isCustomContent: false,
    }));
  }

  private async templates(rows: TemplateSummaryRow[], viewer: string | undefined) {
    const kept = viewer
      ? await this.collectedTemplates(
          viewer,
          rows.map((t) => t.id),
        )
      : new Set<string>();
    return rows.map((t) => templateSummary(t, kept.has(t.id)));
  }

  async list(q: Paging & { tag_code?: string | undefined }, viewer: string | undefined, locale: Locale): Promise<ContentsPage> {
    if (q.tag_code !== undefined && !(await this.repo.tagExists(q.tag_code))) throw new AppError('content.tagNotFound');
    const { rows, total } = await this.repo.page(q.tag_code, (q.page - 1) * q.page_size, q.page_size);
    const data = await this.summaries(rows, viewer, locale);
    return { data, paging: { has_more: q.page * q.page_size < total, page: q.page, total } };
  }

  async detail(id: string, viewer: string | undefined, locale: Locale): Promise<ContentDetail> {
    const row = await this.repo.detail(id);
    if (!row) throw new AppError('content.notFound');
    const [summary] = await this.summaries([row], viewer, locale);
    const template = row.template_id ? await this.repo.template(row.template_id) : undefined;
    const [shown] = template ? await this.templates([template], viewer) : [];
    return {
      ...summary!,
      contentDetail: {
        body_html: inLocale(row.body_html, row.body_html_en, locale),
        video_url: row.video_url,
        trading_entity: row.content_category === CONTENT_CATEGORIES.book && row.template_id ? row.template_id : '',
        template: shown ?? null,
      },
    };
  }

  /** Keeps (or lets go of) a content; doing either twice changes nothing. */
  async collect(userId: string, contentId: string, keep: boolean) {
    const count = await this.repo.collect(userId, contentId, keep, new Date(this.clock.now()));
    if (count === undefined) throw new AppError('content.notFound');
    return { content_id: contentId, collected: keep, collect_count: count };
  }

  async favourites(userId: string, q: Paging, locale: Locale): Promise<{ data: FavouriteContent[]; paging: ContentsPage['paging'] }> {
    const { rows, total } = await this.repo.favourites(userId, (q.page - 1) * q.page_size, q.page_size);
    const kept = new Set(rows.map((r) => r.id));
    const data = (await this.summaries(rows, userId, locale, kept)).map((s, i) => ({
      ...s,
      collected_at: new Date(rows[i]!.collected_at).getTime(),
    }));
    return { data, paging: { has_more: q.page * q.page_size < total, page: q.page, total } };
  }

  /** Templates and published contents whose words hold the key word; the kind not asked for is empty. */
  async search(q: { key_word: string; type: string }, viewer: string | undefined, locale: Locale): Promise<MarketSearchResult> {
    const wantTemplates = q.type !== MARKET_SEARCH_TYPES.contents;
    const wantContents = q.type !== MARKET_SEARCH_TYPES.templates;
    const [templates, contents] = await Promise.all([
      wantTemplates ? this.repo.searchTemplates(q.key_word, SEARCH_RESULTS_MAX) : Promise.resolve([]),
      wantContents ? this.repo.searchContents(q.key_word, SEARCH_RESULTS_MAX) : Promise.resolve([]),
    ]);
    return {
      templates: await this.templates(templates, viewer),
      contents: await this.summaries(contents, viewer, locale),
    };
  }
}
