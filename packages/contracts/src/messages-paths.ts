/**
 * The message center's paths (SPEC 7, "Messages"; issue 14). Zod-free for the web.
 *
 * Every call is the caller's own messages (login needed) and none is book-scoped through
 * the Trading-Entity header: a book is named by the `account_book_id` field (query of a
 * GET, body of a PATCH), and a book the caller is not in simply has no messages of theirs.
 */
export const MESSAGE_PATHS = {
  /** GET: the caller's totals: items [{msg_state: 'unread', msg_num}, {msg_state: 'read', msg_num}] and unread. */
  userSummary: '/cab-query-ws/v1/message-notice/message/user/summary',
  /** GET: per book (and one row, book_id null, for messages about the caller alone): unread count and the latest message. */
  bookSummary: '/cab-query-ws/v1/message-notice/message/account-book/summary',
  /** PATCH: every message of the caller read; every unread count becomes zero. */
  readAll: '/cab-query-ws/v1/message-notice/message-read/user',
  /** PATCH {account_book_id}: one book's messages read. */
  readBook: '/cab-query-ws/v1/message-notice/message-read/account-book',
  /** PATCH {account_book_id}: one book's messages deleted. */
  deleteBook: '/cab-query-ws/v1/message-notice/message-delete/account-book',
  /** GET ?account_book_id=&page_size=&last_id=: the caller's messages, newest first (keyset on msg_id). */
  messages: '/cab-query-ws/v1/message-notice/messages',
  /** PATCH: one message read. */
  readOne: '/cab-query-ws/v1/message-notice/message-read/:msg_id',
  /** PATCH: one message deleted. */
  deleteOne: '/cab-query-ws/v1/message-notice/message-delete/:msg_id',
  /** POST {target_type, target_id, reason}: messageCenter/toReport (ours: not in SPEC 7). */
  report: '/cab-query-ws/v1/message-notice/report',
} as const;

export const MESSAGES_PAGE_MAX = 50;
export const MESSAGES_PAGE_DEFAULT = 20;
export const REPORT_REASON_MAX = 200;
/** Reports one user may file in a window. */
export const REPORTS_PER_WINDOW = 10;
export const REPORT_WINDOW_MS = 60 * 60_000;
export const REPORT_TARGET_TYPES = ['message', 'thread', 'comment'] as const;
