import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The pages built so far, each its own chunk. */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  mine: lazy(() => import('../pages/mine/MinePage.tsx')),
  accountLogin: lazy(() => import('../pages/accountLogin/AccountLoginPage.tsx')),
  bindPhone: lazy(() => import('../pages/bindPhone/BindPhonePage.tsx')),
  personalInfo: lazy(() => import('../pages/personalInfo/PersonalInfoPage.tsx')),
  aboutUs: lazy(() => import('../pages/aboutUs/AboutUsPage.tsx')),
  updateApp: lazy(() => import('../pages/updateApp/UpdateAppPage.tsx')),
  loading: lazy(() => import('../pages/loading/LoadingPage.tsx')),
  home: lazy(() => import('../pages/home/HomePage.tsx')),
  book: lazy(() => import('../pages/book/BookPage.tsx')),
  dashboard: lazy(() => import('../pages/dashboard/DashboardPage.tsx')),
  bookSetting: lazy(() => import('../pages/bookSetting/BookSettingPage.tsx')),
  law: lazy(() => import('../pages/bookSetting/LawPage.tsx')),
};
