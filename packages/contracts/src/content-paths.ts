/**
 * The market's content, home and operations paths (SPEC 7, "Market and home" and
 * "Operations"; issue 13). Zod-free for the web. The shapes are ours (WIRE.md has none
 * for these calls): docs/market.md describes them.
 */
export const CONTENT_PATHS = {
  /** POST {tag_code?, page?, page_size?}: published articles and videos, the latest first, optionally of one tag. */
  contents: '/cab-market-ws/market/v2/contents',
  /** GET: one published article or video with its body (contentDetail). */
  content: '/cab-market-ws/market/v1/contents/:id',
  /** POST: status 1 keeps the content in the caller's favourites, 0 lets it go (login needed). */
  contentCollect: '/cab-market-ws/market/v1/contents/:contentId/:status/collect',
  /** GET ?page=&page_size=: the caller's favourite contents, the latest kept first (login needed). */
  favouriteContents: '/cab-market-ws/market/v1/mine/favourite_contents',
  /** GET: the caller's market figures for the mine page (login needed). */
  mineInfo: '/cab-config-ws/market/v1/mine/info/',
  /** GET: the home tags with is_selected (the caller's choice, else each tag's default). */
  homeTags: '/cab-market-ws/market/v1/home/tags',
  /** POST {is_selected}: the caller picks or drops a home tag (login needed). */
  homeTag: '/cab-market-ws/market/v1/home/tags/:tagCode',
  /** POST {}: the operation cards the home info flow shows (link, style, image, show, shareData, style items). */
  infoFlowOperation: '/cab-message-ws/terminal/widgets/v2/homepage/infoFlow/operation',
  /** POST {head, body: {classification}}: operation guides not yet shown to the caller; answering marks them shown. */
  operationGuide: '/finance-common-operation-ws/api/operationGuide/queryOperationGuide',
  /** POST {body: {popupCodeList}}: operation popups not yet shown to the caller; answering marks them shown. */
  operationPopup: '/finance-common-operation-ws/api/operationPopup/queryOperationPopup',
  /** GET ?key_word=&type=: templates and content whose words hold the key word (the market's search). */
  marketSearch: '/cab-market-ws/market/v1/search',
  /** GET ?key_word=&type=3: the same search as the global search page calls it. */
  configMarketSearch: '/cab-config-ws/market/v1/search',
} as const;

/** SPEC 3: type '0' is an article, any other a video. */
export const CONTENT_TYPES = { article: '0', video: '1' } as const;
/** SPEC 3: content_category '1' carries a trading_entity (a template that opens a book). */
export const CONTENT_CATEGORIES = { plain: '0', book: '1' } as const;
/** SPEC 7: the operation guide's classification when none is sent. */
export const DEFAULT_GUIDE_CLASSIFICATION = 'obtainXb';
/** Search types: 1 templates, 2 content, 3 both (what the global search page sends). */
export const MARKET_SEARCH_TYPES = { templates: '1', contents: '2', all: '3' } as const;
export const CONTENTS_PAGE_MAX = 50;
export const SEARCH_KEYWORD_MAX = 50;
/** Each kind of search result is capped: search shows the best few, the market lists the rest. */
export const SEARCH_RESULTS_MAX = 20;
