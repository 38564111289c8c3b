import { track } from '../lib/tracking.ts';
import { pageViewKey } from '../lib/tracking-events.ts';
import { useBookStore } from '../stores/book.ts';
import { ROUTES, type Area } from './route-table.ts';

/** The pages that are about the current book: their views carry its id. */
const BOOK_AREAS: ReadonlySet<Area> = new Set(['books', 'accounting', 'flows', 'budgets', 'members']);
const areaOf = new Map(ROUTES.map((r) => [`/${r.path}`, r.area]));

/** A page view (router.tsx, on every route change): a route of the table by its path, any other address as not found. */
export function trackPage(pathname: string): void {
  // The bare '/' only goes on to the start-up page.
  if (pathname === '/') return;
  const area = areaOf.get(pathname);
  if (!area) return track('page:not_found');
  const book = useBookStore.getState().bookId;
  track(pageViewKey(pathname.slice(1)), BOOK_AREAS.has(area) && book ? { book_id: book } : undefined);
}

/** The app has started (main.tsx): says so, and follows which book is opened from now on. */
export function startTracking(): void {
  track('app.start');
  useBookStore.subscribe((s, prev) => {
    // '0' or empty is no book (stores/book.ts).
    if (s.bookId !== prev.bookId && /^[1-9]/.test(s.bookId)) track('book.opened', { book_id: s.bookId });
  });
}
