import {
  BookFeatureParams,
  BookFeatureResponse,
  BookFeaturesResponse,
  COMMERCE_PATHS,
  FeatureTrialParams,
  FeatureTrialRequest,
  FeatureTrialResponse,
  FeatureUnassignParams,
  FeatureUnassignRequest,
  PayForAssignParams,
  PayForAssignRequest,
  Permission,
  PurchaseOrderResponse,
  RoleTrialParams,
  RoleTrialRequest,
  RoleTrialResponse,
  ServiceOrderParams,
  ServiceOrderResponse,
  ServiceSummaryResponse,
  UserFeaturesResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { idempotencyKey, requestHash } from '../accounting/idempotency.ts';
import type { FeaturesService } from './features.service.ts';
import type { RoleSale } from './role-sale.ts';

/** What a book has bought and runs: premium features, paid roles, its services and bill status (docs/commerce.md). */
export function registerServiceRoutes(app: FastifyInstance, registry: RegisteredRoute[], features: FeaturesService, roles: RoleSale): void {
  const tag = 'commerce';
  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.featureTrial,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "A feature's consumption trial for the book: its price, daily expense and what opening it costs now",
    params: FeatureTrialParams,
    body: FeatureTrialRequest,
    response: FeatureTrialResponse,
    answers: 'unchanged',
    handler: async ({ params, body, user, book, req }) => ({
      data: await features.trial(requireUser(user).id, book, params.featureCode, body.role_scope, requestLocale(req.headers)),
    }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.featureUnassign,
    tag,
    auth: 'user',
    book: Permission.BOOK_GROUP,
    bookId: ({ params }) => params.id,
    refusal: 'commerce.forbidden',
    summary: 'Ends a feature in the book (its daily service stops; days paid for in a package are kept)',
    params: FeatureUnassignParams,
    body: FeatureUnassignRequest,
    response: BookFeaturesResponse,
    handler: async ({ body, book, req }) => ({ data: await features.unassign(book.bookId, body.feature_code, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.userFeatures,
    tag,
    auth: 'user',
    summary: "The features of the caller's books",
    response: UserFeaturesResponse,
    handler: async ({ user, req }) => ({ data: await features.userFeatures(requireUser(user).id, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.bookFeature,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: 'One feature of the book: open or closed, until when',
    params: BookFeatureParams,
    response: BookFeatureResponse,
    handler: async ({ params, book, req }) => ({ data: await features.bookFeature(book.bookId, params.x, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.serviceSummary,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "What the book has bought and runs, its bill status (SPEC 4) and the caller's authorization status",
    response: ServiceSummaryResponse,
    handler: async ({ user, book, req }) => ({ data: await features.summary(requireUser(user).id, book, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: COMMERCE_PATHS.serviceOrder,
    tag,
    auth: 'user',
    summary: 'A service order (a paid role or feature running in a book): its payer or a member of the book may read it',
    params: ServiceOrderParams,
    response: ServiceOrderResponse,
    handler: async ({ params, user, req }) => ({
      data: await features.serviceOrder(requireUser(user).id, params.id, requestLocale(req.headers)),
    }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.roleTrial,
    tag,
    auth: 'user',
    book: Permission.EDIT_MEMBER,
    summary: 'What giving this member a paid role costs now and per day',
    params: RoleTrialParams,
    body: RoleTrialRequest,
    response: RoleTrialResponse,
    answers: 'unchanged',
    handler: async ({ params, body, user, book }) => ({ data: await roles.trial(requireUser(user).id, book, params.id, body.role_id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: COMMERCE_PATHS.payForAssign,
    tag,
    auth: 'user',
    book: Permission.EDIT_MEMBER,
    summary: 'Buys a paid role for members and assigns it (now, or once the shortfall is recharged); once per Idempotency-Key',
    params: PayForAssignParams,
    body: PayForAssignRequest,
    response: PurchaseOrderResponse,
    status: 201,
    handler: async ({ params, body, user, book, req }) => ({
      data: await roles.payForAssign(
        requireUser(user).id,
        book,
        params.id,
        body.user_ids,
        { payType: body.pay_type, channel: body.channel },
        { key: idempotencyKey(req), hash: () => requestHash(req, book.bookId) },
        requestLocale(req.headers),
      ),
    }),
  });
}
