import {
  AddMemberRequest,
  AddMemberResponse,
  AnswerPromptRequest,
  BlockedBooksResponse,
  BookPathParams,
  MEMBER_PATHS,
  MemberIdParams,
  MemberRequestResponse,
  Permission,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { AddByPhoneService } from './add-by-phone.service.ts';

/** Adding by phone: the book's side (03000102) and the added user's (answering, blocking, allowing again). */
export function registerAddByPhoneRoutes(app: FastifyInstance, registry: RegisteredRoute[], adds: AddByPhoneService): void {
  const tag = 'members';
  defineRoute(app, registry, {
    method: 'POST',
    url: MEMBER_PATHS.addMember,
    tag,
    auth: 'user',
    // Accepted, not created: whether anyone was asked is not the caller's to know.
    status: 202,
    book: Permission.ADD_MEMBER,
    refusal: 'invitation.forbidden',
    summary: 'Ask whoever has this phone to join with a role; answered alike for every number, limited per user and per book',
    body: AddMemberRequest,
    response: AddMemberResponse,
    handler: async ({ book, body, user, req }) => ({
      data: await adds.add(book, requireUser(user).id, body.phone, body.role_id, body.remark ?? '', requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MEMBER_PATHS.answerPrompt,
    tag,
    auth: 'user',
    summary: "Accept (join) or decline being added to a book; `block` with a decline stops the book's later requests",
    params: MemberIdParams,
    body: AnswerPromptRequest,
    response: MemberRequestResponse,
    handler: async ({ params, body, user, req }) => ({
      data: await adds.answer(requireUser(user).id, params.id, body.status === 'Accepted', body.block === true, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.blockedBooks,
    tag,
    auth: 'user',
    summary: 'The books the caller stopped from adding them, newest first',
    response: BlockedBooksResponse,
    handler: async ({ user }) => ({ data: await adds.blocked(requireUser(user).id) }),
  });
  defineRoute(app, registry, {
    method: 'DELETE',
    url: MEMBER_PATHS.blockedBook,
    tag,
    auth: 'user',
    status: 204,
    summary: 'Let a blocked book add the caller again (nothing changes when it was not blocked)',
    params: BookPathParams,
    handler: async ({ params, user }) => adds.unblock(requireUser(user).id, params.bookId),
  });
}
