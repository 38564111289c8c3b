import {
  BookMessageSummaryResponse,
  MESSAGE_PATHS,
  MessageBookRequest,
  MessageChangeResponse,
  MessageIdParams,
  MessagesQuery,
  MessagesResponse,
  ReportRequest,
  ReportResponse,
  UserMessageSummaryResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { MessagesService } from './messages.service.ts';

/**
 * The message center's calls (SPEC 7 "Messages", issue 14). All are the caller's own
 * messages: a login is needed and no book scope applies; a book is named by the
 * `account_book_id` field, and a book the caller is not in has no messages of theirs.
 * None changes a book, so none drops kept book answers.
 */
export function registerMessageRoutes(app: FastifyInstance, registry: RegisteredRoute[], messages: MessagesService): void {
  const tag = 'messages';
  defineRoute(app, registry, {
    method: 'GET',
    url: MESSAGE_PATHS.userSummary,
    tag,
    auth: 'user',
    summary: "The caller's unread and read message totals",
    response: UserMessageSummaryResponse,
    handler: async ({ user }) => ({ data: await messages.userSummary(requireUser(user).id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MESSAGE_PATHS.bookSummary,
    tag,
    auth: 'user',
    summary: "The caller's messages per book: unread count and the latest message",
    response: BookMessageSummaryResponse,
    handler: async ({ user, req }) => ({ data: await messages.bookSummary(requireUser(user).id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MESSAGE_PATHS.readAll,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: 'Every message of the caller read: every unread count becomes zero',
    response: MessageChangeResponse,
    handler: async ({ user }) => ({ data: await messages.readAll(requireUser(user).id) }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MESSAGE_PATHS.readBook,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: "One book's messages of the caller read",
    body: MessageBookRequest,
    response: MessageChangeResponse,
    handler: async ({ user, body }) => ({ data: await messages.readBook(requireUser(user).id, body.account_book_id) }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MESSAGE_PATHS.deleteBook,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: "One book's messages of the caller deleted",
    body: MessageBookRequest,
    response: MessageChangeResponse,
    handler: async ({ user, body }) => ({ data: await messages.deleteBook(requireUser(user).id, body.account_book_id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MESSAGE_PATHS.messages,
    tag,
    auth: 'user',
    summary: "The caller's messages, newest first, a page at a time (last_id); the last of all is flagged lastOne",
    query: MessagesQuery,
    response: MessagesResponse,
    handler: async ({ user, query, req }) => messages.list(requireUser(user).id, query, requestLocale(req.headers)),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MESSAGE_PATHS.readOne,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: "One message of the caller read (another user's answers 404)",
    params: MessageIdParams,
    response: MessageChangeResponse,
    handler: async ({ user, params }) => ({ data: await messages.readOne(requireUser(user).id, params.msg_id) }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MESSAGE_PATHS.deleteOne,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: "One message of the caller deleted (another user's answers 404)",
    params: MessageIdParams,
    response: MessageChangeResponse,
    handler: async ({ user, params }) => ({ data: await messages.deleteOne(requireUser(user).id, params.msg_id) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: MESSAGE_PATHS.report,
    tag,
    auth: 'user',
    answers: 'unchanged',
    status: 201,
    summary: 'Report a message, thread or comment to the moderation queue (messageCenter/toReport)',
    body: ReportRequest,
    response: ReportResponse,
    handler: async ({ user, body }) => ({ data: await messages.report(requireUser(user).id, body) }),
  });
}
