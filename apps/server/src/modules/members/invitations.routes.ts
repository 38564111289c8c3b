import {
  ApplyRequest,
  ApplyResponse,
  CodeParams,
  CodeRoleParams,
  CreateInvitationRequest,
  InvitationListResponse,
  InvitationResponse,
  InviteSetting,
  InviteSettingResponse,
  MEMBER_PATHS,
  MemberIdParams,
  PendingPromptsResponse,
  Permission,
  UrgeRequest,
  UrgeResponse,
  WhetherExistResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { InvitationsService } from './invitations.service.ts';

/** Invitation links: the book's side (03000102) and the joiner's side (named by the link's code). */
export function registerInvitationRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { invitations: InvitationsService },
): void {
  const { invitations } = deps;
  const tag = 'members';
  for (const url of [MEMBER_PATHS.invitationV4, MEMBER_PATHS.invitationV5]) {
    defineRoute(app, registry, {
      method: 'GET',
      url,
      tag,
      // The join page shows the book before the visitor logs in.
      auth: 'optional',
      summary: 'An invitation by its link code: book, inviter, roles (role_vos); expired or revoked links are refused',
      params: CodeParams,
      response: InvitationResponse,
      handler: async ({ params, user, req }) => ({
        data: await invitations.open(params.code, user?.id ?? `ip:${req.ip}`, requestLocale(req.headers)),
      }),
    });
  }
  for (const url of [MEMBER_PATHS.whetherExistV4, MEMBER_PATHS.whetherExistV5]) {
    defineRoute(app, registry, {
      method: 'GET',
      url,
      tag,
      auth: 'user',
      summary: "The caller's relation to the invitation's book: notExist, existed or underReview",
      params: CodeParams,
      response: WhetherExistResponse,
      handler: async ({ params, user }) => ({ data: await invitations.whetherExist(params.code, requireUser(user).id) }),
    });
  }
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.invitationRoles,
    tag,
    auth: 'user',
    summary: 'Checks an invitation code (NoReviewRoleCode) and answers the invitation with the roles it offers; rate limited',
    params: CodeRoleParams,
    response: InvitationResponse,
    handler: async ({ params, user, req }) => ({
      data: await invitations.rolesForCode(params.code, params.roleCode, requireUser(user).id, requestLocale(req.headers)),
    }),
  });
  for (const url of [MEMBER_PATHS.applyV4, MEMBER_PATHS.applyV5]) {
    defineRoute(app, registry, {
      method: 'POST',
      url,
      tag,
      auth: 'user',
      status: 201,
      summary: 'Apply (review links: ToBeAuthorized) or join (designated role or invitation code: Accepted)',
      body: ApplyRequest,
      response: ApplyResponse,
      handler: async ({ body, user, req }) => ({ data: await invitations.apply(requireUser(user).id, body, requestLocale(req.headers)) }),
    });
  }
  defineRoute(app, registry, {
    method: 'POST',
    url: MEMBER_PATHS.urge,
    tag,
    auth: 'user',
    summary: "Urge the approvers of one's application (once per 10 minutes)",
    body: UrgeRequest,
    response: UrgeResponse,
    handler: async ({ body, user }) => ({ data: await invitations.urge(requireUser(user).id, body.id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.pendingPrompts,
    tag,
    auth: 'user',
    summary: 'What waits for the caller: additions to answer, their applications under review, books with applications to approve',
    response: PendingPromptsResponse,
    handler: async ({ user, req }) => ({ data: await invitations.pendingPrompts(requireUser(user).id, requestLocale(req.headers)) }),
  });

  const inviter = { tag, auth: 'user', book: Permission.ADD_MEMBER, refusal: 'invitation.forbidden' } as const;
  defineRoute(app, registry, {
    ...inviter,
    method: 'POST',
    url: MEMBER_PATHS.createInvitation,
    status: 201,
    summary: 'Create an invitation link: audit type, link validity, roles',
    body: CreateInvitationRequest,
    response: InvitationResponse,
    handler: async ({ book, body, user, req }) => ({
      data: await invitations.create(book, requireUser(user).id, body, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    ...inviter,
    method: 'GET',
    url: MEMBER_PATHS.invitations,
    summary: "The book's invitation links still in force, with their invitation codes",
    response: InvitationListResponse,
    handler: async ({ book, req }) => ({ data: await invitations.live(book, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    ...inviter,
    method: 'DELETE',
    url: MEMBER_PATHS.revokeInvitation,
    status: 204,
    summary: 'Revoke an invitation link',
    params: MemberIdParams,
    handler: async ({ book, params, user }) => invitations.revoke(book, requireUser(user).id, params.id),
  });
  defineRoute(app, registry, {
    ...inviter,
    method: 'GET',
    url: MEMBER_PATHS.inviteSetting,
    summary: "The book's defaults for new links: link validity and audit type",
    response: InviteSettingResponse,
    handler: async ({ book }) => ({ data: await invitations.settings(book) }),
  });
  defineRoute(app, registry, {
    ...inviter,
    method: 'PUT',
    url: MEMBER_PATHS.inviteSetting,
    summary: "Save the book's defaults for new links",
    body: InviteSetting,
    response: InviteSettingResponse,
    handler: async ({ book, body, user }) => ({ data: await invitations.saveSettings(book, requireUser(user).id, body) }),
  });
}
