/**
 * The service worker's one decision, kept apart so it is tested (route.test.ts) and
 * copied into the worker at build (build/service-worker.ts):
 * - 'network': left to the browser, never cached (API calls, other origins, writes, and
 *   requests that ask for no cache, such as the stale-build check of app/stale-build.ts);
 * - 'page': a navigation, network first; the kept index.html only when the network fails,
 *   so an online phone always starts the newest build;
 * - 'asset': a hashed file under /assets/, which never changes: cache first;
 * - 'file': other files of the app (icons, manifest), network first with the kept copy as fallback.
 */
export type SwRoute = 'network' | 'page' | 'asset' | 'file';

export interface SwRequest {
  method: string;
  url: string;
  mode: string;
  cache: string;
}

/** Paths of the server's API and its non-app files (vite.config.ts proxies the same to the server). */
const API = /^\/(cab-|finance-|server(\/|$)|dev(\/|$)|v2\/|files\/|docs(\/|$)|static\/)/;

/**
 * The same paths as the browser's static routes (Chromium's `InstallEvent.addRoutes`), so
 * that their requests go straight to the network without waking the worker. A request a
 * page makes as it goes away (the tracker's last batch, with `keepalive`) went through the
 * worker's fetch event and was lost with the page; routed here it leaves as it would
 * without a worker. Browsers without static routing use the fetch event's 'network'.
 */
export const NETWORK_PATHS = [
  '/cab-*',
  '/finance-*',
  '/server',
  '/server/*',
  '/dev',
  '/dev/*',
  '/v2/*',
  '/files/*',
  '/docs',
  '/docs/*',
  '/static/*',
] as const;

export function swRoute(req: SwRequest, origin: string): SwRoute {
  if (req.method !== 'GET') return 'network';
  const url = new URL(req.url);
  if (url.origin !== origin) return 'network';
  if (API.test(url.pathname)) return 'network';
  // A reload asks for a fresh page (cache 'no-cache' or 'reload'): network first gives it one anyway,
  // and offline the kept shell still starts the app.
  if (req.mode === 'navigate') return 'page';
  if (req.cache === 'no-store' || req.cache === 'reload' || req.cache === 'no-cache') return 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname === '/sw.js') return 'network';
  return 'file';
}
