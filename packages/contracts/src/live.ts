/**
 * Live updates (issue 14, docs/live.md): a signed, authenticated GET that streams
 * Server-Sent Events. The web reads it with fetch() and a stream reader (EventSource
 * cannot send the signature and Authorization headers).
 */
export const LIVE_PATHS = {
  /** `?book_id=` names the book the client is looking at (the caller must be a member). */
  stream: '/cab-query-ws/v1/live',
} as const;

/** What a book's change was about, for the client to refetch only what shows it. */
export type LiveBookChange = 'transactions' | 'members' | 'budgets' | 'community' | 'book';

/** One event, the `data:` of one SSE message (JSON). */
export type LiveEvent =
  /** A user's unread counts changed (a new message, a read, a delete). */
  | { type: 'messages'; unread: number }
  /** Something in a book changed (a record, a member, a budget, a post): clients showing it refetch. */
  | { type: 'book'; bookId: string; what: LiveBookChange };
