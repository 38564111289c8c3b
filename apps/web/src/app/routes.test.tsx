import { SPEC_ROUTES } from '@cab/contracts/spec';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';
import { ROUTES, TAB_PATHS } from './route-table.ts';
import { routeObjects } from './router.tsx';

describe('the route table', () => {
  it('registers every route of SPEC section 2 verbatim', () => {
    const registered = new Set(routeObjects.map((r) => r.path));
    const spec = SPEC_ROUTES.map((r) => r.path);
    expect(spec.length).toBe(75);
    for (const p of spec) expect(registered, p).toContain(`/${p}`);
    for (const t of TAB_PATHS) expect(registered).toContain(`/${t}`);
  });

  it('points every built page at a component, and reports how many still show the notice', () => {
    for (const r of ROUTES) if (r.page) expect(PAGES[r.page], r.path).toBeDefined();
    const notOpen = ROUTES.filter((r) => !r.page);
    console.log(`routes still showing the not-open notice: ${notOpen.length} of ${ROUTES.length}`);
    expect(
      ROUTES.filter((r) => r.page)
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      'aboutUs/index',
      'accountLogin/index',
      'accounting/pages/image-preview',
      'accounting/pages/search-account',
      'accounting/pages/search-category',
      'accounting/pages/search-member',
      'accounting/pages/search-merchant',
      'accounting/pages/search-project',
      'bindPhone/index',
      'bookDetail/pages/book-detail',
      'bookDetail/pages/book-video',
      'bookSetting/index',
      'bookSetting/pages/bananashell',
      'bookSetting/pages/law',
      'bookSetting/pages/payfail',
      'bookSetting/pages/paysuccess',
      'bookSetting/pages/processing',
      'budget/children',
      'budget/index',
      'categoryLabels/index',
      'choose-location',
      'cloud/index',
      'cloud/pages/agreement',
      'cloud/pages/apply',
      'cloud/pages/exclusive',
      'cloud/pages/introduce',
      'cloud/pages/result',
      'cloud/pages/rule',
      'cloud/pages/sharingManagement',
      'cloudEnv/index',
      'community/detail',
      'community/list',
      'community/post',
      'dashboard/index',
      'defaultInviteSetting/index',
      'favorite/index',
      'flow/index',
      'flow/pages/account-flow',
      'flow/pages/category-flow',
      'flow/pages/edit-exclusive',
      'flow/pages/group-flow',
      'flow/pages/search-flow-detail',
      'flow/pages/search-flow-guide',
      'import/index',
      'import/pages/detail',
      'invitation/index',
      'loading/index',
      'messageCenter/list',
      'messageCenter/messageDetail',
      'messageCenter/secondList',
      'messageCenter/toReport',
      'open-location',
      'pages/book/index',
      'pages/home/index',
      'pages/market/detail',
      'pages/market/index',
      'pages/mine/feedback',
      'pages/mine/index',
      'pages/mine/recommend',
      'personalInfo/index',
      'personalInfo/pages/blocked-books',
      'preview/index',
      'private/index',
      'private/pages/off-line',
      'roleSetting/index',
      'roleSetting/pages/activity',
      'roleSetting/pages/role-detail-info',
      'roleSetting/pages/role-info',
      'roleSetting/pages/role-management',
      'search/pages/book-search',
      'search/pages/global-search',
      'search/pages/my-book-search',
      'share/index',
      'subPackages/accounting/index',
      'trade/pages/recharge-guide',
      'trade/pages/record',
      'trade/pages/result',
      'updateApp/index',
      'updateApp/pages/download',
      'webview/customer-service',
      'webview/follow',
      'webview/open',
    ]);
  });
});
