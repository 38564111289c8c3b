import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType } from 'react';
import { untilSent } from '../api/request.ts';
import { bookQueries } from '../features/books/queries.ts';
import { prefetchInfoFlow } from '../features/content/info-flow-queries.ts';
import { userInfoQuery } from '../features/user/queries.ts';
import { effectiveBookId, useBookStore } from '../stores/book.ts';
import { selectLoggedIn, useUserStore } from '../stores/user.ts';
import { PreloadNextProvider } from './preload.ts';

/** Starts the requests a page will make first, so they run while its code downloads. */
export type Prefetch = (qc: QueryClient, params: URLSearchParams) => void;

export interface PageDef {
  Component: ComponentType;
  /** Fetches the page's code (each page is its own chunk). */
  load: () => Promise<unknown>;
  prefetch?: Prefetch;
  /** The pages whose code this one starts loading once it is drawn (SPEC 2), by their keys here. */
  preloads: readonly string[];
}

/**
 * A page in its own chunk. Once its code has arrived it is drawn directly; only
 * before that does it suspend (React.lazy). Besides saving a render, this keeps
 * React from holding back a page that arrived quickly: after a fallback has shown,
 * React delays revealing the content by up to 300 ms.
 */
function page(importPage: () => Promise<{ default: ComponentType }>, prefetch?: Prefetch, preloads: readonly string[] = []): PageDef {
  let loaded: ComponentType | undefined;
  const load = () =>
    importPage().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(load);
  // Handed to the page (app/preload.ts): the page says when, the registry says which.
  const preloadNext = () => {
    for (const key of preloads) void PAGES[key]?.load().catch(() => undefined);
  };
  const Component = () => createElement(PreloadNextProvider, { value: preloadNext }, createElement(loaded ?? Lazy));
  return { Component, load, preloads, ...(prefetch ? { prefetch } : {}) };
}

const signedIn = () => selectLoggedIn(useUserStore.getState());
const books: Prefetch = (qc) => {
  if (!signedIn()) return;
  void qc.prefetchQuery(bookQueries.list());
};

const recording: Prefetch = (qc) => {
  if (!signedIn()) return;
  void import('../features/accounting/queries.ts').then((m) => m.prefetchRecording(qc)).catch(() => undefined);
};

const flowData: Prefetch = (qc, params) => {
  if (!signedIn()) return;
  const bookId = params.get('bookId') || effectiveBookId(useBookStore.getState().bookId);
  if (!bookId) return;
  void import('../features/flows/prefetch.ts').then((m) => m.prefetchFlow(qc, bookId)).catch(() => undefined);
};

/** The pages built so far, each its own chunk. */
export const PAGES: Record<string, PageDef> = {
  mine: page(
    () => import('../pages/mine/MinePage.tsx'),
    (qc) => {
      // 联系客服 and 关注我们 show when set: asked beside the page's code, so they are in before the menu is drawn.
      void import('../features/webviews/queries.ts').then((m) => qc.prefetchQuery(m.webviewsQuery())).catch(() => undefined);
      if (!signedIn()) return;
      void qc.prefetchQuery(userInfoQuery());
      // The market figures and the guide (its own chunk) beside the user's info.
      void import('../features/content/prefetch.ts').then((m) => m.prefetchMineContent(qc)).catch(() => undefined);
    },
  ),
  accountLogin: page(() => import('../pages/accountLogin/AccountLoginPage.tsx')),
  bindPhone: page(() => import('../pages/bindPhone/BindPhonePage.tsx')),
  personalInfo: page(
    () => import('../pages/personalInfo/PersonalInfoPage.tsx'),
    (qc) => void (signedIn() && qc.prefetchQuery(userInfoQuery())),
  ),
  // Ours: the books the user stopped from adding them by phone (issue 25).
  blockedBooks: page(() => import('../pages/personalInfo/BlockedBooksPage.tsx')),
  aboutUs: page(() => import('../pages/aboutUs/AboutUsPage.tsx')),
  updateApp: page(() => import('../pages/updateApp/UpdateAppPage.tsx')),
  downloadApp: page(() => import('../pages/updateApp/DownloadPage.tsx')),
  feedback: page(() => import('../pages/mine/FeedbackPage.tsx')),
  recommend: page(() => import('../pages/mine/RecommendPage.tsx')),
  loading: page(() => import('../pages/loading/LoadingPage.tsx')),
  home: page(
    () => import('../pages/home/HomePage.tsx'),
    (qc, params) => {
      books(qc, params);
      if (signedIn()) void qc.prefetchQuery(bookQueries.recent());
      // The info flow (open to everyone) beside the books' calls, drawn after the list: its
      // calls are part of the first load, so they start now, not a chunk later.
      prefetchInfoFlow(qc);
      // Its code (with all its imports at once: vite.config.ts) after the data and home's own
      // code, which app/start.ts asks for once the data is sent: on HTTP/1.1, six at a time,
      // the page's files must not queue behind the info flow's.
      void untilSent()
        .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
        .then(() => import('../features/content/components/InfoFlow.tsx'))
        .catch(() => undefined);
    },
    ['dashboard'],
  ),
  book: page(() => import('../pages/book/BookPage.tsx'), books),
  dashboard: page(
    () => import('../pages/dashboard/DashboardPage.tsx'),
    (qc, params) => {
      const id = params.get('TradingEntity') || effectiveBookId(useBookStore.getState().bookId);
      if (id) void qc.prefetchQuery(bookQueries.one(id));
    },
    ['accounting', 'flow'],
  ),
  bookSetting: page(() => import('../pages/bookSetting/BookSettingPage.tsx')),
  // The accounting area. Its lists start loading beside the page's code (their query
  // definitions come in a chunk of their own, so the first load does not carry them).
  accounting: page(() => import('../pages/accounting/AccountingPage.tsx'), recording),
  imagePreview: page(() => import('../pages/accounting/ImagePreviewPage.tsx')),
  searchAccount: page(() => import('../pages/accounting/search/SearchAccountPage.tsx'), recording),
  searchCategory: page(() => import('../pages/accounting/search/SearchCategoryPage.tsx'), recording),
  searchMember: page(() => import('../pages/accounting/search/SearchMemberPage.tsx'), recording),
  searchMerchant: page(() => import('../pages/accounting/search/SearchMerchantPage.tsx'), recording),
  searchProject: page(() => import('../pages/accounting/search/SearchProjectPage.tsx'), recording),
  categoryLabels: page(() => import('../pages/categoryLabels/CategoryLabelsPage.tsx')),
  law: page(() => import('../pages/bookSetting/LawPage.tsx')),
  // The flows area (issue 9): flows, charts and search.
  flow: page(() => import('../pages/flow/FlowPage.tsx'), flowData),
  accountFlow: page(() => import('../pages/flow/AccountFlowPage.tsx')),
  categoryFlow: page(() => import('../pages/flow/CategoryFlowPage.tsx')),
  groupFlow: page(() => import('../pages/flow/GroupFlowPage.tsx')),
  editExclusive: page(() => import('../pages/flow/EditExclusivePage.tsx')),
  searchFlowGuide: page(() => import('../pages/flow/SearchFlowGuidePage.tsx')),
  searchFlowDetail: page(() => import('../pages/flow/SearchFlowDetailPage.tsx')),
  globalSearch: page(() => import('../pages/search/GlobalSearchPage.tsx')),
  myBookSearch: page(() => import('../pages/search/MyBookSearchPage.tsx')),
  bookSearch: page(() => import('../pages/search/BookSearchPage.tsx')),
  // The invitations area (issue 10): join by invitation, today's share (with a new link).
  invitation: page(() => import('../pages/invitation/InvitationPage.tsx')),
  share: page(() => import('../pages/share/SharePage.tsx')),
  // The members area (issue 10): members and roles, role pages, invitation defaults, the activity log.
  roleSetting: page(() => import('../pages/roleSetting/RoleSettingPage.tsx')),
  roleManagement: page(() => import('../pages/roleSetting/RoleManagementPage.tsx')),
  roleInfo: page(() => import('../pages/roleSetting/RoleInfoPage.tsx')),
  roleDetailInfo: page(() => import('../pages/roleSetting/RoleDetailInfoPage.tsx')),
  activity: page(() => import('../pages/roleSetting/ActivityPage.tsx')),
  defaultInviteSetting: page(() => import('../pages/defaultInviteSetting/DefaultInviteSettingPage.tsx')),
  // The budgets area (issue 11): the budget center and budgets by category.
  budget: page(() => import('../pages/budget/BudgetPage.tsx')),
  budgetChildren: page(() => import('../pages/budget/BudgetChildrenPage.tsx')),
  // The market area (issue 13): the market tab, a template and its preview, my favourites.
  market: page(() => import('../pages/market/MarketPage.tsx')),
  marketDetail: page(() => import('../pages/market/MarketDetailPage.tsx')),
  preview: page(() => import('../pages/preview/PreviewPage.tsx')),
  favorite: page(() => import('../pages/favorite/FavoritePage.tsx')),
  // Articles and videos (issue 13): the info flow's pages.
  bookDetail: page(() => import('../pages/bookDetail/BookDetailPage.tsx')),
  bookVideo: page(() => import('../pages/bookDetail/BookVideoPage.tsx')),
  // The book's community (issue 14): its threads, a thread with its comments, the editor.
  communityList: page(() => import('../pages/community/CommunityListPage.tsx')),
  communityDetail: page(() => import('../pages/community/CommunityDetailPage.tsx')),
  communityPost: page(() => import('../pages/community/CommunityPostPage.tsx')),
  // The message center (issue 14): messages by book, a book's messages, one message, reporting.
  messageList: page(() => import('../pages/messageCenter/MessageListPage.tsx')),
  messageSecondList: page(() => import('../pages/messageCenter/SecondListPage.tsx')),
  messageDetail: page(() => import('../pages/messageCenter/MessageDetailPage.tsx')),
  toReport: page(() => import('../pages/messageCenter/ToReportPage.tsx')),
  // Commerce (issue 27): the banana-shell wallet and its top-up, the payment's result pages, the trade records.
  wallet: page(() => import('../pages/bookSetting/BananaShellPage.tsx')),
  processing: page(() => import('../pages/bookSetting/ProcessingPage.tsx')),
  paySuccess: page(() => import('../pages/bookSetting/PaySuccessPage.tsx')),
  payFail: page(() => import('../pages/bookSetting/PayFailPage.tsx')),
  tradeRecord: page(() => import('../pages/trade/RecordPage.tsx')),
  tradeResult: page(() => import('../pages/trade/ResultPage.tsx')),
  rechargeGuide: page(() => import('../pages/trade/RechargeGuidePage.tsx')),
  // Cloud space (issue 28): my space and buying it, its result, sharing it between books, the texts, private storage.
  cloudIndex: page(() => import('../pages/cloud/CloudIndexPage.tsx')),
  cloudResult: page(() => import('../pages/cloud/ResultPage.tsx')),
  cloudSharing: page(() => import('../pages/cloud/SharingManagementPage.tsx')),
  cloudApply: page(() => import('../pages/cloud/ApplyPage.tsx')),
  cloudAgreement: page(() => import('../pages/cloud/AgreementPage.tsx')),
  cloudRule: page(() => import('../pages/cloud/RulePage.tsx')),
  cloudIntroduce: page(() => import('../pages/cloud/IntroducePage.tsx')),
  cloudExclusive: page(() => import('../pages/cloud/ExclusivePage.tsx')),
  // Private zones (issue 29): the private server page, the off-line page, the environments.
  privateIndex: page(() => import('../pages/private/PrivateIndexPage.tsx')),
  privateOffline: page(() => import('../pages/private/OffLinePage.tsx')),
  cloudEnv: page(() => import('../pages/cloudEnv/CloudEnvPage.tsx')),
  // A record's place (issue 30): the host's picker and map, or the browser's Geolocation and a web map.
  chooseLocation: page(() => import('../pages/location/ChooseLocationPage.tsx')),
  openLocation: page(() => import('../pages/location/OpenLocationPage.tsx')),
  // Outside pages under the operator's allow-list (issue 30): the host's webview, or a new tab in a browser.
  webviewOpen: page(() => import('../pages/webview/WebviewOpenPage.tsx')),
  webviewCustomerService: page(() => import('../pages/webview/CustomerServicePage.tsx')),
  webviewFollow: page(() => import('../pages/webview/FollowPage.tsx')),
  // Ours: importing other apps' bills into a book (issue 31): the sources and recent imports, one import's
  // steps. Last, so their files join the end of the entry's list of chunks and the others' numbers stay.
  importIndex: page(() => import('../pages/import/ImportIndexPage.tsx')),
  importDetail: page(() => import('../pages/import/ImportDetailPage.tsx')),
};
