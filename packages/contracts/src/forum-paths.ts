/**
 * The community's paths (SPEC 7, "Forum"; issue 14) and its limits. A book's community
 * belongs to the book named by the Trading-Entity header; the official tab carries
 * product announcements published by an operator (docs/community.md). Zod-free for the web.
 */
export const FORUM_PATHS = {
  /** GET ?tab=top|notice|official&page_size=&cursor=: a page of threads (top: pinned first, then the latest activity). */
  threads: '/cab-bbs-ws/v1/bbs/threads',
  /** GET: one thread; scene 'book' (the Trading-Entity book's) or 'official'. */
  threadDetail: '/cab-bbs-ws/v1/bbs/thread/detail/:scene/:tid',
  /** GET ?tid=&pid=0&page_size=20&cursor=: a thread's comments (pid 0) or the replies to comment pid, oldest first. */
  comments: '/cab-bbs-ws/v1/bbs/comments',
  /** POST {tid, message, pid?}: comment on a thread, or answer comment pid. */
  reply: '/cab-bbs-ws/v1/bbs/reply',
  /** POST {subject, message, tags}: a new thread in the book's community. */
  thread: '/cab-bbs-ws/v1/bbs/thread',
  /** PUT {tid, action: pin|unpin, operates: notice}: pin a thread as the book's notice, or unpin it (managers). */
  operate: '/cab-bbs-ws/v1/bbs/operate',
  /** PUT {subject, message, tags}: the author edits their thread. DELETE (ours): the author or a manager deletes it. */
  threadById: '/cab-bbs-ws/v1/bbs/:tid',
  /** GET ?page_size=&cursor=: the book's community happenings, newest first. */
  events: '/cab-bbs-ws/v1/bbs/events',
} as const;

export const FORUM_TABS = ['top', 'notice', 'official'] as const;
export type ForumTab = (typeof FORUM_TABS)[number];
export const FORUM_SCENES = ['book', 'official'] as const;
export type ForumScene = (typeof FORUM_SCENES)[number];
export const FORUM_ACTIONS = ['pin', 'unpin'] as const;
export type ForumAction = (typeof FORUM_ACTIONS)[number];
/** What happened in a book's community (the events call). */
export const FORUM_EVENT_KINDS = ['thread.posted', 'thread.pinned', 'thread.unpinned', 'comment.posted'] as const;
export type ForumEventKind = (typeof FORUM_EVENT_KINDS)[number];

export const FORUM_SUBJECT_MAX = 60;
export const FORUM_MESSAGE_MAX = 5000;
export const FORUM_TAGS_MAX = 5;
export const FORUM_TAG_MAX = 10;
/** SPEC 9: comments are paged 20 at a time by default, top-level (pid 0) by default. */
export const FORUM_COMMENTS_PAGE_DEFAULT = 20;
export const FORUM_THREADS_PAGE_DEFAULT = 20;
export const FORUM_PAGE_MAX = 50;
/** What one user may post (threads and replies together) in a window. */
export const FORUM_POSTS_PER_WINDOW = 10;
export const FORUM_POST_WINDOW_MS = 60_000;
