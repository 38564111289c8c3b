/**
 * Every page route of SPEC section 2, verbatim (the path after '#/'), with the area
 * that builds it. A route without a page shows the shared not-open notice until its
 * area lands.
 */
export type Area =
  | 'core'
  | 'books'
  | 'market'
  | 'accounting'
  | 'flows'
  | 'budgets'
  | 'commerce'
  | 'members'
  | 'cloud'
  | 'migration'
  | 'community'
  | 'messages'
  | 'host';

export interface RouteEntry {
  path: string;
  area: Area;
  /** Key of the built page in pages.ts; absent means not open yet. */
  page?: string;
}

export const ROUTES: RouteEntry[] = [
  { path: 'pages/home/index', area: 'books', page: 'home' },
  { path: 'pages/book/index', area: 'books', page: 'book' },
  { path: 'pages/market/index', area: 'market', page: 'market' },
  { path: 'pages/mine/index', area: 'core', page: 'mine' },
  { path: 'pages/market/detail', area: 'market', page: 'marketDetail' },
  { path: 'subPackages/accounting/index', area: 'accounting', page: 'accounting' },
  { path: 'accounting/pages/image-preview', area: 'accounting', page: 'imagePreview' },
  { path: 'accounting/pages/search-account', area: 'accounting', page: 'searchAccount' },
  { path: 'accounting/pages/search-category', area: 'accounting', page: 'searchCategory' },
  { path: 'accounting/pages/search-member', area: 'accounting', page: 'searchMember' },
  { path: 'accounting/pages/search-merchant', area: 'accounting', page: 'searchMerchant' },
  { path: 'accounting/pages/search-project', area: 'accounting', page: 'searchProject' },
  { path: 'flow/index', area: 'flows', page: 'flow' },
  { path: 'flow/pages/account-flow', area: 'flows', page: 'accountFlow' },
  { path: 'flow/pages/category-flow', area: 'flows', page: 'categoryFlow' },
  { path: 'flow/pages/group-flow', area: 'flows', page: 'groupFlow' },
  { path: 'flow/pages/search-flow-detail', area: 'flows', page: 'searchFlowDetail' },
  { path: 'flow/pages/search-flow-guide', area: 'flows', page: 'searchFlowGuide' },
  { path: 'flow/pages/edit-exclusive', area: 'flows', page: 'editExclusive' },
  { path: 'budget/index', area: 'budgets', page: 'budget' },
  { path: 'budget/children', area: 'budgets', page: 'budgetChildren' },
  { path: 'bookSetting/index', area: 'books', page: 'bookSetting' },
  { path: 'bookSetting/pages/payfail', area: 'commerce', page: 'payFail' },
  { path: 'bookSetting/pages/paysuccess', area: 'commerce', page: 'paySuccess' },
  { path: 'bookSetting/pages/processing', area: 'commerce', page: 'processing' },
  { path: 'bookSetting/pages/bananashell', area: 'commerce', page: 'wallet' },
  { path: 'bookSetting/pages/law', area: 'books', page: 'law' },
  { path: 'roleSetting/index', area: 'members', page: 'roleSetting' },
  { path: 'roleSetting/pages/role-management', area: 'members', page: 'roleManagement' },
  { path: 'roleSetting/pages/role-info', area: 'members', page: 'roleInfo' },
  { path: 'roleSetting/pages/role-detail-info', area: 'members', page: 'roleDetailInfo' },
  /** Ours (not in SPEC 2): the book's activity log (docs/members.md). */
  { path: 'roleSetting/pages/activity', area: 'members', page: 'activity' },
  { path: 'defaultInviteSetting/index', area: 'members', page: 'defaultInviteSetting' },
  { path: 'categoryLabels/index', area: 'accounting', page: 'categoryLabels' },
  /** Ours (not in SPEC 2): importing other apps' bills, and one import's steps (issue 31). */
  { path: 'import/index', area: 'accounting', page: 'importIndex' },
  { path: 'import/pages/detail', area: 'accounting', page: 'importDetail' },
  { path: 'trade/pages/record', area: 'commerce', page: 'tradeRecord' },
  { path: 'trade/pages/result', area: 'commerce', page: 'tradeResult' },
  { path: 'trade/pages/recharge-guide', area: 'commerce', page: 'rechargeGuide' },
  { path: 'cloud/index', area: 'cloud', page: 'cloudIndex' },
  { path: 'cloud/pages/agreement', area: 'cloud', page: 'cloudAgreement' },
  { path: 'cloud/pages/apply', area: 'cloud', page: 'cloudApply' },
  { path: 'cloud/pages/exclusive', area: 'cloud', page: 'cloudExclusive' },
  { path: 'cloud/pages/introduce', area: 'cloud', page: 'cloudIntroduce' },
  { path: 'cloud/pages/result', area: 'cloud', page: 'cloudResult' },
  { path: 'cloud/pages/rule', area: 'cloud', page: 'cloudRule' },
  { path: 'cloud/pages/sharingManagement', area: 'cloud', page: 'cloudSharing' },
  { path: 'cloudEnv/index', area: 'migration', page: 'cloudEnv' },
  { path: 'invitation/index', area: 'members', page: 'invitation' },
  { path: 'community/list', area: 'community', page: 'communityList' },
  { path: 'community/detail', area: 'community', page: 'communityDetail' },
  { path: 'community/post', area: 'community', page: 'communityPost' },
  { path: 'messageCenter/list', area: 'messages', page: 'messageList' },
  { path: 'messageCenter/secondList', area: 'messages', page: 'messageSecondList' },
  { path: 'messageCenter/messageDetail', area: 'messages', page: 'messageDetail' },
  { path: 'messageCenter/toReport', area: 'messages', page: 'toReport' },
  { path: 'search/pages/global-search', area: 'flows', page: 'globalSearch' },
  { path: 'search/pages/my-book-search', area: 'flows', page: 'myBookSearch' },
  { path: 'search/pages/book-search', area: 'flows', page: 'bookSearch' },
  { path: 'bookDetail/pages/book-detail', area: 'market', page: 'bookDetail' },
  { path: 'bookDetail/pages/book-video', area: 'market', page: 'bookVideo' },
  { path: 'private/index', area: 'migration', page: 'privateIndex' },
  { path: 'private/pages/off-line', area: 'migration', page: 'privateOffline' },
  { path: 'accountLogin/index', area: 'core', page: 'accountLogin' },
  { path: 'bindPhone/index', area: 'core', page: 'bindPhone' },
  { path: 'personalInfo/index', area: 'core', page: 'personalInfo' },
  /** Ours (not in SPEC 2): the books the user stopped from adding them by phone (docs/members.md). */
  { path: 'personalInfo/pages/blocked-books', area: 'core', page: 'blockedBooks' },
  { path: 'favorite/index', area: 'market', page: 'favorite' },
  { path: 'share/index', area: 'members', page: 'share' },
  { path: 'preview/index', area: 'market', page: 'preview' },
  { path: 'updateApp/index', area: 'core', page: 'updateApp' },
  /** Ours (not in SPEC 2): where 下载 App leads, and the mine page's feedback and recommend (issue 24). */
  { path: 'updateApp/pages/download', area: 'core', page: 'downloadApp' },
  { path: 'pages/mine/feedback', area: 'core', page: 'feedback' },
  { path: 'pages/mine/recommend', area: 'core', page: 'recommend' },
  { path: 'aboutUs/index', area: 'core', page: 'aboutUs' },
  { path: 'loading/index', area: 'core', page: 'loading' },
  { path: 'dashboard/index', area: 'books', page: 'dashboard' },
  { path: 'webview/customer-service', area: 'host', page: 'webviewCustomerService' },
  { path: 'webview/follow', area: 'host', page: 'webviewFollow' },
  { path: 'webview/open', area: 'host', page: 'webviewOpen' },
  { path: 'choose-location', area: 'host', page: 'chooseLocation' },
  { path: 'open-location', area: 'host', page: 'openLocation' },
];

/** The four tab pages, in tab-bar order. */
export const TAB_PATHS = ['pages/home/index', 'pages/book/index', 'pages/market/index', 'pages/mine/index'] as const;
