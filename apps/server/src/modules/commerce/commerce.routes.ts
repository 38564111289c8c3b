import { AccountsResponse, COMMERCE_PATHS } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { CommerceService } from './commerce.service.ts';

/** The commerce calls (SPEC 7, docs/commerce.md): the caller's own wallet and orders; a purchase names its book. */
export function registerCommerceRoutes(app: FastifyInstance, registry: RegisteredRoute[], commerce: CommerceService): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.accounts,
    tag: 'commerce',
    auth: 'user',
    summary: "The caller's accounts: the banana-shell wallet and its balance",
    response: AccountsResponse,
    handler: async ({ user }) => ({ data: await commerce.accounts(requireUser(user).id) }),
  });
}
