import { COMMERCE_PATHS, OrdersNumResponse, OrdersRequest, OrdersResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { OrdersService } from './orders.service.ts';

/** The trade records (trade/pages/record): the caller's own orders, paged in the database. */
export function registerOrderRoutes(app: FastifyInstance, registry: RegisteredRoute[], orders: OrdersService): void {
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.orders,
    tag: 'commerce',
    auth: 'user',
    summary: "The caller's trade records of a tab (all, recharge, purchase, service), newest first, by cursor",
    body: OrdersRequest,
    response: OrdersResponse,
    answers: 'unchanged',
    handler: async ({ body, user, req }) => orders.list(requireUser(user).id, body, requestLocale(req.headers)),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.ordersNum,
    tag: 'commerce',
    auth: 'user',
    summary: 'How many trade records each tab holds',
    response: OrdersNumResponse,
    answers: 'unchanged',
    handler: async ({ user }) => ({ data: await orders.counts(requireUser(user).id) }),
  });
}
