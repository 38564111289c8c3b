import { z } from 'zod';
import { Id, Name, Text } from './common.ts';
import { COMMENT_CURSOR, FORUM_EVENT_CURSOR, THREAD_CURSOR, cursorField } from './cursor.ts';
import {
  FORUM_ACTIONS,
  FORUM_COMMENTS_PAGE_DEFAULT,
  FORUM_EVENT_KINDS,
  FORUM_MESSAGE_MAX,
  FORUM_PAGE_MAX,
  FORUM_SCENES,
  FORUM_SUBJECT_MAX,
  FORUM_TABS,
  FORUM_TAG_MAX,
  FORUM_TAGS_MAX,
  FORUM_THREADS_PAGE_DEFAULT,
} from './forum-paths.ts';
import { UserRef } from './members.ts';

/** A comment id, or 0 for "the thread itself" (top-level comments). */
const Pid = z.union([z.literal('0'), Id]);
const PageSize = (d: number) => z.coerce.number().int().min(1).max(FORUM_PAGE_MAX).default(d);

export const ThreadsQuery = z.object({
  tab: z.enum(FORUM_TABS).default('top'),
  page_size: PageSize(FORUM_THREADS_PAGE_DEFAULT),
  /** Where the last page ended: its paging.cursor, passed back as it came. */
  cursor: cursorField(THREAD_CURSOR).optional(),
});
export const ThreadDetailParams = z.object({ scene: z.enum(FORUM_SCENES), tid: Id });
export const ThreadIdParams = z.object({ tid: Id });

/** Stored as given (HTML included, trimmed) and shown as text. */
export const ThreadSubject = Name(FORUM_SUBJECT_MAX);
export const ThreadMessage = Text(FORUM_MESSAGE_MAX, { min: 1, multiline: true });
export const ThreadTags = z.array(Name(FORUM_TAG_MAX)).max(FORUM_TAGS_MAX);
export const PostThreadRequest = z.object({ subject: ThreadSubject, message: ThreadMessage, tags: ThreadTags.default([]) });
export type PostThreadRequest = z.infer<typeof PostThreadRequest>;
export const EditThreadRequest = PostThreadRequest;

export const Thread = z.object({
  tid: z.string(),
  /** 'book' for the book's threads, 'official' for product announcements (the detail path's scene). */
  scene: z.enum(FORUM_SCENES),
  subject: z.string(),
  message: z.string(),
  tags: z.array(z.string()),
  author: UserRef,
  /** Pinned as the book's notice. */
  pinned: z.boolean(),
  /** Comments and replies to them, all told. */
  reply_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** When it was posted or last commented on: the order of the lists. */
  last_activity_at: z.number().int(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_pin: z.boolean(),
});
export type Thread = z.infer<typeof Thread>;
export const ThreadResponse = z.object({ data: Thread });
export const ThreadsResponse = z.object({
  data: z.array(Thread),
  /** `cursor` goes back as the next request's cursor while has_more. */
  paging: z.object({ has_more: z.boolean(), cursor: z.string().nullable() }),
});
export type ThreadsPage = z.infer<typeof ThreadsResponse>;

export const CommentsQuery = z.object({
  tid: Id,
  pid: Pid.default('0'),
  page_size: PageSize(FORUM_COMMENTS_PAGE_DEFAULT),
  /** Where the last page ended (its last pid): its paging.cursor, passed back as it came. */
  cursor: cursorField(COMMENT_CURSOR).optional(),
});
export const Comment = z.object({
  pid: z.string(),
  tid: z.string(),
  /** '0' for a comment on the thread, else the comment it answers. */
  parent_pid: z.string(),
  /**
   * Replies are two levels deep: an answer to a reply is listed under the same comment
   * (parent_pid) and names here the reply it answers; null otherwise.
   */
  reply_to: z.object({ pid: z.string(), nickname: z.string() }).nullable(),
  message: z.string(),
  author: UserRef,
  /** Answers to this comment (read them with pid = this pid). */
  reply_count: z.number().int(),
  created_at: z.number().int(),
  mine: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;
export const CommentsResponse = z.object({
  data: z.array(Comment),
  paging: z.object({ has_more: z.boolean(), cursor: z.string().nullable() }),
});
export type CommentsPage = z.infer<typeof CommentsResponse>;
export const ReplyRequest = z.object({ tid: Id, message: ThreadMessage, pid: Pid.default('0') });
export const CommentResponse = z.object({ data: Comment });

export const OperateRequest = z.object({
  tid: Id,
  action: z.enum(FORUM_ACTIONS),
  /** What the action is about: the notice (the only one so far). */
  operates: z.enum(['notice']).default('notice'),
});

export const EventsQuery = z.object({
  page_size: PageSize(FORUM_THREADS_PAGE_DEFAULT),
  cursor: cursorField(FORUM_EVENT_CURSOR).optional(),
});
export const ForumEvent = z.object({
  id: z.string(),
  kind: z.enum(FORUM_EVENT_KINDS),
  tid: z.string(),
  /** The comment, for comment.posted. */
  pid: z.string().nullable(),
  /** The thread's subject as it is now. */
  subject: z.string(),
  actor: UserRef,
  created_at: z.number().int(),
});
export type ForumEvent = z.infer<typeof ForumEvent>;
export const EventsResponse = z.object({
  data: z.array(ForumEvent),
  paging: z.object({ has_more: z.boolean(), cursor: z.string().nullable() }),
});
export type ForumEventsPage = z.infer<typeof EventsResponse>;
