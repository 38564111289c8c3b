import {
  CollectedTemplatesResponse,
  MARKET_PATHS,
  PostTemplateReviewRequest,
  TemplateCollectParams,
  TemplateReviewResponse,
  TemplateReviewsQuery,
  TemplateReviewsResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { MarketService } from './market.service.ts';

/**
 * The market's calls of issue 13 so far: favourite templates and reviews. Reading reviews
 * is open to all (the market is browsable logged out); keeping a template and reviewing
 * need a login (SPEC 5). None of them changes a book, so none drops kept book answers.
 */
export function registerMarketRoutes(app: FastifyInstance, registry: RegisteredRoute[], market: MarketService): void {
  const tag = 'market';
  defineRoute(app, registry, {
    method: 'POST',
    url: MARKET_PATHS.templateCollect,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: 'Keep a template in the favourites (x = 1) or let it go (x = 0)',
    params: TemplateCollectParams,
    response: z.object({ data: z.object({ template_id: z.string(), collected: z.boolean() }) }),
    handler: async ({ params, user }) => ({ data: await market.collect(requireUser(user).id, params.id, params.x === '1') }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MARKET_PATHS.collectedTemplates,
    tag,
    auth: 'user',
    summary: "The caller's favourite templates, the latest kept first",
    response: CollectedTemplatesResponse,
    handler: async ({ user }) => ({ data: await market.collected(requireUser(user).id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: MARKET_PATHS.templateReviews,
    tag,
    auth: 'optional',
    summary: "A template's reviews, the latest written first, a page at a time by lastCommentTime",
    query: TemplateReviewsQuery,
    response: TemplateReviewsResponse,
    handler: async ({ query, user }) => market.reviews(query, user?.id),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: MARKET_PATHS.templateReview,
    tag,
    auth: 'user',
    answers: 'unchanged',
    status: 201,
    summary: "Review a template (posting again edits the caller's review)",
    body: PostTemplateReviewRequest,
    response: TemplateReviewResponse,
    handler: async ({ body, user }) => ({ data: await market.review(requireUser(user).id, body.template_id, body.content) }),
  });
}
