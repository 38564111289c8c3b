import {
  BookPathParams,
  MEMBER_PATHS,
  MemberIdParams,
  Permission,
  PermissionTreeQuery,
  PermissionTreeResponse,
  PermissionsQuery,
  PermissionsResponse,
  RoleIdParams,
  RoleListResponse,
  RoleOperationRequest,
  RoleResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { RolesService } from './roles.service.ts';

/** Roles and permissions (SPEC 6, 7). */
export function registerRoleRoutes(app: FastifyInstance, registry: RegisteredRoute[], roles: RolesService): void {
  const tag = 'members';
  const inPath = { book: Permission.BASIC, bookId: ({ params }: { params: { bookId: string } }) => params.bookId } as const;
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.bookRoles,
    tag,
    auth: 'user',
    ...inPath,
    summary: "A book's roles, with role info (price, billing type) and how many members hold each",
    params: BookPathParams,
    response: RoleListResponse,
    handler: async ({ book, req }) => ({ data: await roles.list(book, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.paidRoles,
    tag,
    auth: 'user',
    summary: "A book's roles that cost banana shell",
    book: Permission.BASIC,
    bookId: ({ params }) => params.id,
    params: MemberIdParams,
    response: RoleListResponse,
    handler: async ({ book, req }) => ({ data: await roles.list(book, requestLocale(req.headers), true) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.roles,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The Trading-Entity book's roles",
    response: RoleListResponse,
    handler: async ({ book, req }) => ({ data: await roles.list(book, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.role,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: 'One role with its permission codes',
    params: RoleIdParams,
    response: RoleResponse,
    handler: async ({ book, params, req }) => ({ data: await roles.get(book, params.role_id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.permissionTree,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The permission-config tree with a role's statuses ('1' allowed)",
    query: PermissionTreeQuery,
    response: PermissionTreeResponse,
    handler: async ({ book, query, req }) => ({ data: await roles.tree(book, query.role_id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.assignableRoles,
    tag,
    auth: 'user',
    book: Permission.ADD_MEMBER,
    refusal: 'invitation.forbidden',
    summary: 'The roles the caller may hand out (never the owner role; none holding codes the caller lacks)',
    response: RoleListResponse,
    handler: async ({ book, req }) => ({ data: await roles.assignable(book, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: MEMBER_PATHS.roleOperation,
    tag,
    auth: 'user',
    book: Permission.ROLE_EDIT,
    refusal: 'role.forbidden',
    summary: 'Role create (operation 9), update (8) and delete (D)',
    body: RoleOperationRequest,
    response: RoleResponse,
    handler: async ({ book, body, user, req }) => ({
      data: await roles.operate(book, requireUser(user).id, body, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MEMBER_PATHS.permissions,
    tag,
    auth: 'user',
    // Anyone in the book may ask what they themselves may do.
    book: 'self',
    summary: "The caller's permission statuses in the Trading-Entity book: a map of code to '1' (allowed) or '0'",
    query: PermissionsQuery,
    response: PermissionsResponse,
    handler: async ({ book, query }) => ({ data: roles.permissions(book, query.code.split(',')) }),
  });
}
