import { CLOUD_PATHS, MEMBER_USER_TYPE, OWNER_USER_TYPE, UserTypeResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';

/** The cloud area (issue 28, docs/cloud.md): rented space and sharing it between books. */
export function registerCloudRoutes(app: FastifyInstance, registry: RegisteredRoute[]): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.userType,
    tag: 'cloud',
    auth: 'user',
    // About the caller's own place in the book: any member may ask.
    book: 'self',
    summary: "SPEC 4's owner flag: user_type '1' when the caller owns the Trading-Entity book, else '0'",
    response: UserTypeResponse,
    handler: async ({ book }) => ({ data: { user_type: book.role === 'owner' ? OWNER_USER_TYPE : MEMBER_USER_TYPE } }),
  });
}
