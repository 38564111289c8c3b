import {
  COMMERCE_PATHS,
  CheckRechargeResponse,
  NeedMinQuery,
  NeedMinResponse,
  OrderNoParams,
  PayOptionsQuery,
  PayOptionsResponse,
  RechargeActInfoResponse,
  RechargeOrderResponse,
  RechargeRequest,
  moneyToMinor,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { idempotencyKey, requestHash } from '../accounting/idempotency.ts';
import type { RechargeService } from './recharge.service.ts';
import type { Settlement } from './settlement.ts';

const ChannelParams = z.object({ channel: z.string().regex(/^[a-z_]{2,32}$/) });

/** Recharging banana shells (docs/commerce.md, "Payments"): the caller's own; no book is involved. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  recharge: RechargeService,
  settlement: Settlement,
): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.payOptions,
    tag: 'commerce',
    auth: 'user',
    summary: "The payment channels for the client's pay type (SPEC 9: 4 Huawei, 2 iOS, 7 otherwise)",
    query: PayOptionsQuery,
    response: PayOptionsResponse,
    handler: async ({ query, req }) => ({ data: recharge.payOptions(query.pay_type, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.needMin,
    tag: 'commerce',
    auth: 'user',
    summary: 'The least recharge that covers a shortfall',
    query: NeedMinQuery,
    response: NeedMinResponse,
    handler: async ({ query }) => ({ data: recharge.needMin(moneyToMinor(query.shortfall)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.checkRecharge,
    tag: 'commerce',
    auth: 'user',
    summary: "Whether the caller's first recharge, with its bonus, is still to come",
    response: CheckRechargeResponse,
    handler: async ({ user }) => ({ data: { first_recharge: await recharge.firstRecharge(requireUser(user).id) } }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.rechargeActInfo,
    tag: 'commerce',
    auth: 'user',
    summary: 'The recharge page: its amounts, first-recharge bonuses, corner labels and notice',
    response: RechargeActInfoResponse,
    handler: async ({ user, req }) => ({ data: await recharge.actInfo(requireUser(user).id, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.recharge,
    tag: 'commerce',
    auth: 'user',
    summary: 'A recharge order and its payment (the cashier to send the payer to); once per Idempotency-Key',
    body: RechargeRequest,
    response: RechargeOrderResponse,
    status: 201,
    answers: 'unchanged',
    handler: async ({ body, user, req }) => ({
      data: await recharge.create(
        requireUser(user).id,
        { amount: moneyToMinor(body.amount), payType: body.pay_type, channel: body.channel },
        { key: idempotencyKey(req), hash: () => requestHash(req, '0') },
      ),
    }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.cancelRecharge,
    tag: 'commerce',
    auth: 'user',
    summary: 'The payer gave up: an open recharge order is cancelled (a payment that still arrives is refunded)',
    params: OrderNoParams,
    response: RechargeOrderResponse,
    answers: 'unchanged',
    handler: async ({ params, user }) => ({ data: await recharge.cancel(requireUser(user).id, params.id) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.rechargeOrder,
    tag: 'commerce',
    auth: 'user',
    summary: "One of the caller's recharge orders (the processing page polls it until it settles)",
    params: OrderNoParams,
    response: RechargeOrderResponse,
    handler: async ({ params, user }) => ({ data: await recharge.get(requireUser(user).id, params.id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.paymentNotify,
    tag: 'commerce',
    auth: 'none',
    // The provider signs with its own secret (Pay-Signature), not as a CAB client.
    signed: false,
    summary: "A payment provider's notification, checked by its signature on the raw body (Pay-Signature)",
    params: ChannelParams,
    response: z.object({ received: z.literal(true) }),
    answers: 'unchanged',
    handler: async ({ params, req }) => {
      await settlement.notification(params.channel, req.headers, req.rawBody ?? '');
      return { received: true as const };
    },
  });
}
