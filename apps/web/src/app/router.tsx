import { SpinLoading } from 'antd-mobile';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, createHashRouter, useLocation, type RouteObject } from 'react-router';
import { toastQueue } from '../api/client.ts';
import NotOpen from './NotOpen.tsx';
import { PAGES } from './pages.ts';
import { ROUTES, TAB_PATHS } from './route-table.ts';
import { AppTabBar } from './TabBar.tsx';

function Fallback() {
  return (
    <div className="page-center">
      <SpinLoading color="primary" />
    </div>
  );
}

function Layout() {
  const { pathname } = useLocation();
  const isTab = (TAB_PATHS as readonly string[]).includes(pathname.slice(1));
  // Queued toasts belong to the page that raised them (SPEC 4).
  useEffect(() => toastQueue.clear(), [pathname]);
  return (
    <div className={isTab ? 'app with-tabs' : 'app'}>
      <Suspense fallback={<Fallback />}>
        <Outlet />
      </Suspense>
      {isTab && <AppTabBar />}
    </div>
  );
}

export const routeObjects: RouteObject[] = ROUTES.map((r) => {
  const Page = r.page ? PAGES[r.page] : undefined;
  return { path: `/${r.path}`, element: Page ? <Page /> : <NotOpen /> };
});

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Layout />,
      children: [
        { index: true, element: <Navigate to="/loading/index" replace /> },
        ...routeObjects,
        { path: '*', element: <NotOpen /> },
      ],
    },
  ]);
}
