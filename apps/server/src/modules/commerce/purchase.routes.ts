import { COMMERCE_PATHS, OrderNoParams, Permission, PurchaseOrderResponse, PurchaseRequest } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireUser, type AuthUser } from '../../http/auth.ts';
import type { BookContext } from '../../http/book-scope.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { idempotencyKey, requestHash } from '../accounting/idempotency.ts';
import type { PurchaseService } from './purchase.service.ts';

/** The handler of a purchase call: a feature's package (here) or cloud space (the cloud area's call). */
export function buyHandler(purchases: PurchaseService, kind: 'package' | 'space') {
  return async (o: { body: z.output<typeof PurchaseRequest>; user: AuthUser | undefined; book: BookContext; req: FastifyRequest }) => ({
    data: await purchases.buyPackage(
      kind,
      requireUser(o.user).id,
      o.book,
      { comboId: o.body.combo_id, couponId: o.body.coupon_id, payType: o.body.pay_type, channel: o.body.channel },
      { key: idempotencyKey(o.req), hash: () => requestHash(o.req, o.book.bookId) },
      requestLocale(o.req.headers),
    ),
  });
}

/** Buying for a book (docs/commerce.md, "Purchases"): who runs the book (permission group 05) may pay for it. */
export function registerPurchaseRoutes(app: FastifyInstance, registry: RegisteredRoute[], purchases: PurchaseService): void {
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.purchase,
    tag: 'commerce',
    auth: 'user',
    book: Permission.BOOK_GROUP,
    refusal: 'commerce.forbidden',
    summary: 'Buys a package for the book: paid from the wallet, or waiting for the recharge of the shortfall; once per Idempotency-Key',
    body: PurchaseRequest,
    response: PurchaseOrderResponse,
    status: 201,
    handler: buyHandler(purchases, 'package'),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.purchasingOrder,
    tag: 'commerce',
    auth: 'user',
    summary: "One of the caller's purchasing orders, with the recharge of its shortfall",
    params: OrderNoParams,
    response: PurchaseOrderResponse,
    handler: async ({ params, user, req }) => ({
      data: await purchases.answer(requireUser(user).id, params.id, requestLocale(req.headers)),
    }),
  });
}
