import { Suspense, lazy, useEffect } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes, useLocation } from '../lib/hash-router.tsx';
import { toastQueue } from '../api/client.ts';
import { closeDialogsNotOn } from './dialogs.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PAGES } from './pages.ts';
import { ROUTES, TAB_PATHS } from './route-table.ts';
import { Spinner } from './Spinner.tsx';
import { trackPage } from './tracking.ts';
import { AppTabBar } from './TabBar.tsx';

// Most routes still show the notice; it loads only when one of them is opened.
const NotOpen = lazy(() => import('./NotOpen.tsx'));
const NotFound = lazy(() => import('./NotFound.tsx'));

function Fallback() {
  return (
    <div className="page-center">
      <Spinner />
    </div>
  );
}

function Layout() {
  const { pathname } = useLocation();
  const isTab = (TAB_PATHS as readonly string[]).includes(pathname.slice(1));
  // Queued toasts belong to the page that raised them (SPEC 4).
  useEffect(() => toastQueue.clear(), [pathname]);
  // A question or notice belongs to its page too: leaving the page closes it (app/dialogs.ts).
  useEffect(() => closeDialogsNotOn(pathname), [pathname]);
  useEffect(() => trackPage(pathname), [pathname]);
  return (
    <div className={isTab ? 'app with-tabs' : 'app'}>
      <PageErrorBoundary key={pathname}>
        <Suspense fallback={<Fallback />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
      {isTab && <AppTabBar />}
    </div>
  );
}

/** Every route of SPEC section 2, each with its page or the not-open notice. */
export const routeObjects = ROUTES.map((r) => {
  const Page = r.page ? PAGES[r.page]?.Component : undefined;
  const tab = (TAB_PATHS as readonly string[]).includes(r.path);
  return { path: `/${r.path}`, element: Page ? <Page /> : <NotOpen area={r.area} tab={tab} /> };
});

/**
 * Hash routes with the spec's paths verbatim, drawn by the app's own small router
 * (lib/hash-router.tsx): pages load their own data, so matching a path is all it needs.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/loading/index" replace />} />
          {routeObjects.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
