import { COMMERCE_PATHS, OrderNoParams, Permission, PurchaseOrderResponse, PurchaseRequest } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { idempotencyKey, requestHash } from '../accounting/idempotency.ts';
import type { PurchaseService } from './purchase.service.ts';

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
    handler: async ({ body, user, book, req }) => ({
      data: await purchases.buyPackage(
        requireUser(user).id,
        book,
        { comboId: body.combo_id, couponId: body.coupon_id, payType: body.pay_type, channel: body.channel },
        { key: idempotencyKey(req), hash: () => requestHash(req, book.bookId) },
        requestLocale(req.headers),
      ),
    }),
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
