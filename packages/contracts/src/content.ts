import { z } from 'zod';
import { Id, Text } from './common.ts';
import { TemplateSummary } from './books.ts';
import { CONTENTS_PAGE_MAX, SEARCH_KEYWORD_MAX } from './content-paths.ts';

const Page = z.coerce.number().int().min(1).max(10_000).default(1);
const PageSize = z.coerce.number().int().min(1).max(CONTENTS_PAGE_MAX).default(10);
const TagCode = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be a tag code');

/** One article or video as lists show it (SPEC 3: id, type, content_category, width_height split to width and height). */
export const ContentSummary = z.object({
  id: z.string(),
  /** The same id under the name the content calls use. */
  contentId: z.string(),
  /** '0' article, '1' video. */
  type: z.string(),
  /** '1' carries a trading_entity (a template id that opens a book). */
  content_category: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The cover image (the poster of a video). */
  cover_url: z.string(),
  /** 'w:h' as stored, and split. */
  width_height: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A video's length (the cards show it); 0 for an article. */
  duration_seconds: z.number().int(),
  tags: z.array(z.object({ tag_code: z.string(), name: z.string(), name_en: z.string() })),
  author: z.string(),
  published_at: z.number().int(),
  collect_count: z.number().int(),
  collected: z.boolean(),
  /** Always false for what we publish: SPEC 3 names it for content a host app makes. */
  isCustomContent: z.boolean(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;

export const ContentsRequest = z.object({ tag_code: TagCode.optional(), page: Page, page_size: PageSize });
export const ContentsResponse = z.object({
  data: z.array(ContentSummary),
  paging: z.object({ has_more: z.boolean(), page: z.number().int(), total: z.number().int() }),
});
export type ContentsPage = z.infer<typeof ContentsResponse>;

export const ContentParams = z.object({ id: Id });
export const ContentDetail = ContentSummary.extend({
  contentDetail: z.object({
    /** Sanitised HTML (the operator's allow-list, docs/market.md): safe to render as markup. */
    body_html: z.string(),
    /** The video file of a video, '' for an article. */
    video_url: z.string(),
    /** For content_category '1': the template that opens a book, '' otherwise. */
    trading_entity: z.string(),
    template: TemplateSummary.nullable(),
  }),
});
export type ContentDetail = z.infer<typeof ContentDetail>;
export const ContentResponse = z.object({ data: ContentDetail });

export const ContentCollectParams = z.object({ contentId: Id, status: z.enum(['0', '1']) });
export const ContentCollectResponse = z.object({
  data: z.object({ content_id: z.string(), collected: z.boolean(), collect_count: z.number().int() }),
});

export const FavouriteContentsQuery = z.object({ page: Page, page_size: PageSize });
export const FavouriteContent = ContentSummary.extend({ collected_at: z.number().int() });
export const FavouriteContentsResponse = z.object({
  data: z.array(FavouriteContent),
  paging: z.object({ has_more: z.boolean(), page: z.number().int(), total: z.number().int() }),
});
export type FavouriteContent = z.infer<typeof FavouriteContent>;

export const MineInfoResponse = z.object({
  data: z.object({ favourite_templates: z.number().int(), favourite_contents: z.number().int(), reviews: z.number().int() }),
});
export type MineInfo = z.infer<typeof MineInfoResponse>['data'];

export const HomeTag = z.object({ tagCode: z.string(), name: z.string(), name_en: z.string(), is_selected: z.boolean() });
export type HomeTag = z.infer<typeof HomeTag>;
export const HomeTagsResponse = z.object({ data: z.array(HomeTag) });
export const HomeTagParams = z.object({ tagCode: TagCode });
export const HomeTagRequest = z.object({ is_selected: z.boolean() });
export const HomeTagResponse = z.object({ data: HomeTag });

/** SPEC 3: a home flow operation (link, style, image, show, shareData, style items of key/value). */
export const Operation = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  text: z.string(),
  /** A page route of SPEC 2 (e.g. 'pages/market/index') or an https address. */
  link: z.string(),
  /** 'banner' | 'card' | 'guide' | 'popup'. */
  style: z.string(),
  image: z.string(),
  show: z.boolean(),
  shareData: z.object({ title: z.string(), path: z.string(), image: z.string() }).nullable(),
  style_items: z.array(z.object({ key: z.string(), value: z.string() })),
  /** Where in the info flow a card goes (0 first). */
  position: z.number().int(),
});
export type Operation = z.infer<typeof Operation>;
export const InfoFlowOperationRequest = z.object({}).passthrough();
export const OperationsResponse = z.object({ data: z.array(Operation) });
export const OperationGuideRequest = z.object({
  head: z.record(z.string(), z.unknown()).optional(),
  body: z
    .object({
      classification: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/)
        .optional(),
    })
    .default({}),
});
export const OperationPopupRequest = z.object({
  head: z.record(z.string(), z.unknown()).optional(),
  body: z.object({
    popupCodeList: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/))
      .min(1)
      .max(20),
  }),
});

export const MarketSearchQuery = z.object({
  key_word: Text(SEARCH_KEYWORD_MAX, { min: 1 }),
  type: z.enum(['1', '2', '3']).default('3'),
});
export const MarketSearchResponse = z.object({
  data: z.object({ templates: z.array(TemplateSummary), contents: z.array(ContentSummary) }),
});
export type MarketSearchResult = z.infer<typeof MarketSearchResponse>['data'];
