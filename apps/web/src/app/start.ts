import type { QueryClient } from '@tanstack/react-query';
import { untilSent } from '../api/request.ts';
import { PAGES } from './pages.ts';
import { ROUTES } from './route-table.ts';

/**
 * Before React draws anything: start downloading the opened page's code and the data
 * it asks for first, side by side, instead of one after the other (page code, then
 * its requests). On a slow phone network that saves a round trip or two. Resolves
 * when the page's code is there (or failed), so the first render can draw the page
 * itself while index.html's start-up screen shows.
 */
export function startOpenedPage(qc: QueryClient, hash = window.location.hash): Promise<void> {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const route = ROUTES.find((r) => r.path === path || (!path && r.path === 'loading/index'));
  const page = route?.page ? PAGES[route.page] : undefined;
  if (!page) return Promise.resolve();
  // Data first, handed to the network (signed) before the page's code is asked for: on
  // HTTP/1.1 the page's many small files would otherwise take every connection.
  page.prefetch?.(qc, new URLSearchParams(query));
  // A failure shows when the page itself is drawn (its error boundary).
  return untilSent()
    .then(() => page.load())
    .then(
      () => undefined,
      () => undefined,
    );
}
