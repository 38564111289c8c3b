import {
  CLOUD_PATHS,
  CloudLatestResponse,
  ExpireInfoResponse,
  GatherResponse,
  GrantParams,
  InEffectResponse,
  MEMBER_USER_TYPE,
  OWNER_USER_TYPE,
  Permission,
  PurchaseOrderResponse,
  PurchaseRequest,
  UserTypeResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { buyHandler } from '../commerce/purchase.routes.ts';
import type { PurchaseService } from '../commerce/purchase.service.ts';
import type { SpaceService } from './space.service.ts';

const tag = 'cloud';

/** Rented space (docs/cloud.md): what is on sale, what a book holds, and buying it (permission 13, space rental). */
export function registerCloudRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { space: SpaceService; purchases: PurchaseService },
): void {
  const { space, purchases } = deps;
  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.userType,
    tag,
    auth: 'user',
    // About the caller's own place in the book: any member may ask.
    book: 'self',
    summary: "SPEC 4's owner flag: user_type '1' when the caller owns the Trading-Entity book, else '0'",
    response: UserTypeResponse,
    handler: async ({ book }) => ({ data: { user_type: book.role === 'owner' ? OWNER_USER_TYPE : MEMBER_USER_TYPE } }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.latest,
    tag,
    auth: 'user',
    summary: 'The cloud space packages on sale now: MB for days, and their prices',
    response: CloudLatestResponse,
    handler: async ({ req }) => ({ data: await space.latest(requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.gather,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The book's own rented space in effect, summed, with when the first and the last of it end",
    response: GatherResponse,
    handler: async ({ book }) => ({ data: await space.gather(book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.inEffect,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: 'The grants of rented space counting for the book now (its sharing relation’s too), each with its end',
    response: InEffectResponse,
    handler: async ({ book, req }) => ({ data: await space.inEffect(book.bookId, requestLocale(req.headers)) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.expireInfo,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    params: GrantParams,
    summary: 'One grant of rented space counting for the book: its end and the days left (an ended one is refused)',
    response: ExpireInfoResponse,
    handler: async ({ book, params }) => ({ data: await space.expireInfo(book.bookId, params.id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: CLOUD_PATHS.purchase,
    tag,
    auth: 'user',
    book: Permission.SPACE_RENTAL,
    refusal: 'cloud.forbidden',
    summary: 'Buys a cloud space package for the book: paid from the wallet, or waiting for the recharge of the shortfall',
    body: PurchaseRequest,
    response: PurchaseOrderResponse,
    status: 201,
    handler: buyHandler(purchases, 'space'),
  });
}
