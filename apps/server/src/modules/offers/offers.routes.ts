import {
  ActivityCombosRequest,
  ActivityCombosResponse,
  ActivityDrawRequest,
  ActivityDrawResponse,
  ActivityRuleRequest,
  ActivityRuleResponse,
  COMMERCE_PATHS,
  CouponsForCombosRequest,
  CouponsForCombosResponse,
  OperationSpacesRequest,
  OperationSpacesResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { OffersService } from './offers.service.ts';

/**
 * The catalogue's calls (SPEC 7, docs/commerce.md "The catalogue"): the caller's coupons,
 * activities and their draw, operation spaces. None is about one book: a book named in
 * the body is checked by the service (an outsider's answer is 404, as on book routes).
 * They change nothing a kept book answer shows (the draw writes only the caller's draw
 * and coupon), hence 'unchanged'.
 */
export function registerOffersRoutes(app: FastifyInstance, registry: RegisteredRoute[], offers: OffersService): void {
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.couponsForCombos,
    tag: 'commerce',
    auth: 'user',
    answers: 'unchanged',
    summary: "The caller's coupons usable now for one of the packages, sorted by sortType (2: the largest reduction first)",
    body: CouponsForCombosRequest,
    response: CouponsForCombosResponse,
    handler: async ({ body, user, req }) => ({
      data: await offers.couponsForCombos(requireUser(user).id, body.body, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.activityCombos,
    tag: 'commerce',
    auth: 'user',
    answers: 'unchanged',
    summary: "A running activity's packages on sale, in its order",
    body: ActivityCombosRequest,
    response: ActivityCombosResponse,
    handler: async ({ body, req }) => ({ data: await offers.activityCombos(body.actCode, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.activityRuleCheck,
    tag: 'commerce',
    auth: 'user',
    answers: 'unchanged',
    summary: "Whether the caller may draw in the activity now, whether they drew, and why (the activity's rule)",
    body: ActivityRuleRequest,
    response: ActivityRuleResponse,
    handler: async ({ body, user }) => ({ data: await offers.ruleCheck(requireUser(user).id, body.actCode, body.extParams?.bookId) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.activityDraw,
    tag: 'commerce',
    auth: 'user',
    answers: 'unchanged',
    summary: "The caller's draw in the activity, decided and recorded once: a second draw answers the first",
    body: ActivityDrawRequest,
    response: ActivityDrawResponse,
    handler: async ({ body, user, req }) => ({
      data: await offers.draw(requireUser(user).id, body.actCode, body.extParams?.bookId, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.operationSpaces,
    tag: 'commerce',
    auth: 'user',
    answers: 'unchanged',
    summary: 'The items of the named operation spaces (an unknown space has none), in the caller’s language',
    body: OperationSpacesRequest,
    response: OperationSpacesResponse,
    handler: async ({ body, req }) => ({ data: await offers.operationSpaces(body.spaceCodes, requestLocale(req.headers)) }),
  });
}
