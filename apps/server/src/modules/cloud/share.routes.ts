import {
  ApplyMainBookRequest,
  CLOUD_PATHS,
  FunctionApplyParams,
  FunctionApplyRequest,
  FunctionApplyResponse,
  Permission,
  ShareApplyParams,
  ShareApplyResponse,
  ShareBooksResponse,
  ShareRelationResponse,
  ShareStateResponse,
  UntieRequest,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { FunctionAppliesService } from './function-applies.ts';
import type { ShareService } from './share.service.ts';

const tag = 'cloud';

/**
 * Sharing a main book's space (docs/cloud.md): any member may look; applying, deciding and
 * untying take permission 13 (space rental, the owner's by default) in the book acting.
 * And function applies, which are the caller's own.
 */
export function registerShareRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { shares: ShareService; functions: FunctionAppliesService },
): void {
  const { shares, functions } = deps;
  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.shareState,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The book's place in sharing space: main, sharing, applied or alone",
    response: ShareStateResponse,
    handler: async ({ book }) => ({ data: await shares.state(book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.shareBooks,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: "The books sharing this book's space, the applications waiting, and the caller's books this one may apply to share",
    response: ShareBooksResponse,
    handler: async ({ book, user }) => ({ data: await shares.books(requireUser(user).id, book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: CLOUD_PATHS.applyMainBook,
    tag,
    auth: 'user',
    book: Permission.SPACE_RENTAL,
    refusal: 'cloud.forbidden',
    summary: "The book applies to share a main book's rented space (a book of the caller's with space in effect)",
    body: ApplyMainBookRequest,
    response: ShareApplyResponse,
    handler: async ({ book, user, body }) => ({ data: await shares.apply(requireUser(user).id, book.bookId, body.main_book_id) }),
  });

  for (const [url, to, what] of [
    [CLOUD_PATHS.shareAgree, 'active', 'agrees to'],
    [CLOUD_PATHS.shareReject, 'rejected', 'rejects'],
  ] as const) {
    defineRoute(app, registry, {
      method: 'POST',
      url,
      tag,
      auth: 'user',
      book: Permission.SPACE_RENTAL,
      refusal: 'cloud.forbidden',
      summary: `The main book ${what} a book's application to share its space`,
      params: ShareApplyParams,
      response: ShareApplyResponse,
      handler: async ({ book, user, params }) => ({ data: await shares.decide(requireUser(user).id, book.bookId, params.id, to) }),
    });
  }

  defineRoute(app, registry, {
    method: 'POST',
    url: CLOUD_PATHS.untie,
    tag,
    auth: 'user',
    book: Permission.SPACE_RENTAL,
    refusal: 'cloud.forbidden',
    summary: 'Ends sharing: a sharing book its own (or withdraws its application); a main book the book named. Every image stays',
    body: UntieRequest,
    response: ShareApplyResponse,
    handler: async ({ book, user, body }) => ({ data: await shares.untie(requireUser(user).id, book.bookId, body.book_id) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.shareRelation,
    tag,
    auth: 'user',
    book: Permission.BASIC,
    summary: 'The sharing relation the book is in (null: none): its books, what each uses, and the pooled space',
    response: ShareRelationResponse,
    handler: async ({ book }) => ({ data: await shares.relation(book.bookId) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: CLOUD_PATHS.functionApply,
    tag,
    auth: 'user',
    summary: 'The caller applies for a function that needs review (book_private_storage)',
    body: FunctionApplyRequest,
    response: FunctionApplyResponse,
    handler: async ({ user, body }) => ({ data: await functions.apply(requireUser(user).id, body.biz_type, body.biz_code) }),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: CLOUD_PATHS.functionApplyStatus,
    tag,
    auth: 'user',
    summary: "The caller's application for a function: status null when never applied",
    params: FunctionApplyParams,
    response: FunctionApplyResponse,
    handler: async ({ user, params }) => ({ data: await functions.status(requireUser(user).id, params.biz_type, params.biz_code) }),
  });
}
