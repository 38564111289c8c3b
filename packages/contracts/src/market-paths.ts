/**
 * The market's paths (SPEC 7, "Market and home"; issue 13). The catalogue's own calls
 * (categories, lists, a template) are in BOOK_PATHS. Zod-free for the web.
 */
export const MARKET_PATHS = {
  /** POST: `x` 1 keeps the template in the caller's favourites, 0 takes it out (login needed, SPEC 5). */
  templateCollect: '/cab-market-ws/market/v1/template/:id/:x/collect',
  /** GET: the caller's kept templates, the latest kept first (login needed). */
  collectedTemplates: '/cab-market-ws/market/v1/template/collected/list',
  /** GET ?templateId=&pageSize=&lastCommentTime=&lastId=: a template's reviews, the latest first. */
  templateReviews: '/cab-market-ws/market/v1/template/reviews',
  /** POST {template_id, content}: the caller's review of a template (posting again edits it). */
  templateReview: '/cab-market-ws/market/v1/template/review',
} as const;

/** What one user may say of templates in a window: posting again edits, this bounds the edits. */
export const REVIEW_MAX = 500;
export const REVIEW_EDITS_PER_WINDOW = 5;
export const REVIEW_WINDOW_MS = 10 * 60_000;
export const REVIEWS_PAGE_MAX = 50;
