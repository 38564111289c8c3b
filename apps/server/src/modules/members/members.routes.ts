import {
  ActivitiesQuery,
  ActivitiesResponse,
  BookUsersResponse,
  ChangeMemberRoleRequest,
  DecideRequest,
  MEMBER_PATHS,
  MemberDetailResponse,
  MemberIdParams,
  MemberListResponse,
  MemberRequestResponse,
  MemberRequestsQuery,
  MemberRequestsResponse,
  MemberResponse,
  Permission,
  RejectRequest,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { MembersService } from './members.service.ts';

/** A book's members and the approval of applications (SPEC 3 member lists, SPEC 6 codes 03xxxxxx). */
export function registerMemberRoutes(app: FastifyInstance, registry: RegisteredRoute[], members: MembersService): void {
  const tag = 'members';
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.bookUsers,
    tag,
    auth: 'user',
    book: Permission.MEMBER_BASIC_DETAIL,
    summary: 'Pending users, bookkeepers (the users of the book) and virtual members (member_list), joined_number',
    response: BookUsersResponse,
    handler: async ({ book, user, req }) => ({ data: await members.bookUsers(book, requireUser(user).id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.requests,
    tag,
    auth: 'user',
    book: Permission.MEMBER_APPROVAL,
    refusal: 'invitation.approveForbidden',
    summary: 'Applications waiting (to_be_accepted_list, with remarks) and the latest decided (accepted_list)',
    query: MemberRequestsQuery,
    response: MemberRequestsResponse,
    handler: async ({ book, query, req }) => ({ data: await members.requestLists(book, requestLocale(req.headers), query.page_size) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.admins,
    tag,
    auth: 'user',
    book: Permission.MEMBER_BASIC_DETAIL,
    summary: 'The members who may approve applications',
    response: MemberListResponse,
    handler: async ({ book, user, req }) => ({ data: await members.admins(book, requireUser(user).id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.memberDetail,
    tag,
    auth: 'user',
    book: Permission.MEMBER_DETAIL,
    summary: "A member's detail: role, masked phone, records made, member label",
    params: MemberIdParams,
    response: MemberDetailResponse,
    handler: async ({ book, params, user, req }) => ({
      data: await members.detail(book, params.id, requireUser(user).id, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.memberBasic,
    tag,
    auth: 'user',
    book: Permission.MEMBER_BASIC_DETAIL,
    summary: "A member's basic detail: nickname, avatar, role, joined",
    params: MemberIdParams,
    response: MemberResponse,
    handler: async ({ book, params, user, req }) => ({
      data: await members.basic(book, params.id, requireUser(user).id, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MEMBER_PATHS.memberRole,
    tag,
    auth: 'user',
    book: Permission.EDIT_MEMBER,
    summary: "Change a member's role",
    params: MemberIdParams,
    body: ChangeMemberRoleRequest,
    response: MemberResponse,
    handler: async ({ book, params, body, user, req }) => ({
      data: await members.changeRole(book, requireUser(user).id, params.id, body.role_id, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'DELETE',
    url: MEMBER_PATHS.memberDetail,
    tag,
    auth: 'user',
    status: 204,
    book: Permission.DELETE_MEMBER,
    refusal: 'member.removeForbidden',
    summary: 'Remove a member: their access ends at once; their records keep them as recorder',
    params: MemberIdParams,
    handler: async ({ book, params, user }) => members.remove(book, requireUser(user).id, params.id),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MEMBER_PATHS.decide,
    tag,
    auth: 'user',
    book: Permission.MEMBER_APPROVAL,
    refusal: 'invitation.approveForbidden',
    summary: 'Agree to (Agreed, or Distributed with another role) or reject an application',
    body: DecideRequest,
    response: MemberRequestResponse,
    handler: async ({ book, body, user, req }) => ({
      data: await members.decide(book, requireUser(user).id, body.id, body.status === 'Agreed', body.role_id, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: MEMBER_PATHS.reject,
    tag,
    auth: 'user',
    book: Permission.MEMBER_APPROVAL,
    refusal: 'invitation.approveForbidden',
    summary: 'Reject an application',
    params: MemberIdParams,
    body: RejectRequest,
    response: MemberRequestResponse,
    handler: async ({ book, params, user, req }) => ({
      data: await members.decide(book, requireUser(user).id, params.id, false, undefined, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.activities,
    tag,
    auth: 'user',
    book: Permission.SENSITIVE,
    summary: "The book's activity log, newest first: who, what, before, after, when",
    query: ActivitiesQuery,
    response: ActivitiesResponse,
    handler: async ({ book, query, req }) => members.activities(book, query.cursor, query.page_size ?? 20, requestLocale(req.headers)),
  });
}
