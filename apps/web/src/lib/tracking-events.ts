/**
 * Every behaviour event CAB sends (SPEC 7, 9; docs/host.md, "Tracking"), in one list so
 * the operator's counts can be read against it. A key says what happened, never to whom:
 * nothing personal (phone, amount, name, free text) goes with an event, only the book's
 * id where there is one and, for a share, a word saying what was shared.
 */
export const TRACK_EVENTS = [
  /** The app started: once per page load (main.tsx). */
  'app.start',
  /** A book became the current one, with its id (app/tracking.ts). */
  'book.opened',
  /** A partner host signed the user in, or failed to (host/start.ts). */
  'login.host',
  'login.host_failed',
  /** A new record was saved, or one was changed, with its book (features/accounting/mutations.ts). */
  'record.saved',
  'record.edited',
  /** A share's outcome; its classification says what was shared: book, today, app (host/share.ts). */
  'share.shared',
  'share.copied',
  'share.cancelled',
  'share.failed',
  /** An address that names no page. */
  'page:not_found',
] as const;

/**
 * A page view, sent on every route change (app/router.tsx): `page:` and the route's path
 * with '/' as '.', such as `page:dashboard.index` or `page:pages.home.index`. Only the
 * routes of the route table make one: what the user typed into the address never does.
 */
export type PageViewKey = `page:${string}`;
export type TrackKey = (typeof TRACK_EVENTS)[number] | PageViewKey;

export const pageViewKey = (routePath: string): PageViewKey => `page:${routePath.replaceAll('/', '.')}`;
