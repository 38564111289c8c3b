import {
  CommentResponse,
  CommentsQuery,
  CommentsResponse,
  EditThreadRequest,
  EventsQuery,
  EventsResponse,
  FORUM_PATHS,
  OperateRequest,
  Permission,
  PostThreadRequest,
  ReplyRequest,
  ThreadDetailParams,
  ThreadIdParams,
  ThreadResponse,
  ThreadsQuery,
  ThreadsResponse,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { CommunityService } from './community.service.ts';

/**
 * The book's community (SPEC 7 "Forum", issue 14, docs/community.md). Every call is about
 * the Trading-Entity book (members read and post: 02; pinning: 05000101), except the
 * official tab and scene, which every signed-in user reads: on those two reads the book
 * is optional (`bookUnless`), and for the book tabs it is checked before the request is
 * read, as on every book-scoped route (an outsider learns nothing from validation).
 * No community write changes a kept book answer ('unchanged').
 */
export function registerCommunityRoutes(app: FastifyInstance, registry: RegisteredRoute[], community: CommunityService): void {
  const tag = 'forum';

  defineRoute(app, registry, {
    method: 'GET',
    url: FORUM_PATHS.threads,
    tag,
    auth: 'user',
    summary: "A page of threads: top (the book's, pinned first, then the latest activity), notice (pinned), official (announcements)",
    book: Permission.BASIC,
    bookUnless: (req: FastifyRequest) => (req.query as Record<string, unknown> | undefined)?.tab === 'official',
    query: ThreadsQuery,
    response: ThreadsResponse,
    handler: async ({ book, query, user }) => community.threads(requireUser(user).id, book, query),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: FORUM_PATHS.threadDetail,
    tag,
    auth: 'user',
    summary: "One thread: scene 'book' (the Trading-Entity book's) or 'official'",
    book: Permission.BASIC,
    bookUnless: (req: FastifyRequest) => (req.params as Record<string, unknown> | undefined)?.scene === 'official',
    params: ThreadDetailParams,
    response: ThreadResponse,
    handler: async ({ book, params, user }) => ({ data: await community.detail(requireUser(user).id, book, params.tid) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: FORUM_PATHS.comments,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "A page of a thread's comments (pid 0) or of the replies to comment pid, oldest first",
    query: CommentsQuery,
    response: CommentsResponse,
    handler: async ({ book, query, user }) => community.comments(book, requireUser(user).id, query),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: FORUM_PATHS.reply,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    answers: 'unchanged',
    status: 201,
    summary: 'Comment on a thread, or answer comment pid; its author is told',
    body: ReplyRequest,
    response: CommentResponse,
    handler: async ({ book, body, user }) => ({ data: await community.reply(book, requireUser(user).id, body) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: FORUM_PATHS.thread,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    answers: 'unchanged',
    status: 201,
    summary: "Post a thread in the book's community",
    body: PostThreadRequest,
    response: ThreadResponse,
    handler: async ({ book, body, user }) => ({ data: await community.post(book, requireUser(user).id, body) }),
  });
  defineRoute(app, registry, {
    method: 'PUT',
    url: FORUM_PATHS.operate,
    tag,
    auth: 'user',
    book: Permission.EDIT_BOOK,
    refusal: 'community.pinForbidden',
    answers: 'unchanged',
    summary: "Pin a thread as the book's notice (everyone else in the book is told), or unpin it",
    body: OperateRequest,
    response: ThreadResponse,
    handler: async ({ book, body, user }) => ({ data: await community.operate(book, requireUser(user).id, body.tid, body.action) }),
  });
  defineRoute(app, registry, {
    method: 'PUT',
    url: FORUM_PATHS.threadById,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    answers: 'unchanged',
    summary: 'The author edits their thread',
    params: ThreadIdParams,
    body: EditThreadRequest,
    response: ThreadResponse,
    handler: async ({ book, params, body, user }) => ({ data: await community.edit(book, requireUser(user).id, params.tid, body) }),
  });
  defineRoute(app, registry, {
    method: 'DELETE',
    url: FORUM_PATHS.threadById,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    answers: 'unchanged',
    status: 204,
    summary: 'Ours: the author or a manager (05000101) deletes a thread, its comments with it',
    params: ThreadIdParams,
    handler: async ({ book, params, user }) => community.remove(book, requireUser(user).id, params.tid),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: FORUM_PATHS.events,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The book's community happenings, newest first: thread posted, pinned, unpinned, commented",
    query: EventsQuery,
    response: EventsResponse,
    handler: async ({ book, query }) => community.events(book, query),
  });
}
