import {
  CONTENT_PATHS,
  ContentCollectParams,
  ContentCollectResponse,
  ContentParams,
  ContentResponse,
  ContentsRequest,
  ContentsResponse,
  FavouriteContentsQuery,
  FavouriteContentsResponse,
  MarketSearchQuery,
  MarketSearchResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { ContentService } from './content.service.ts';

/**
 * The market's articles and videos and its search (issue 13). Reading and searching are
 * open to all, as the market is browsable logged out; keeping a content needs a login.
 * None of them changes a book, so none drops kept book answers.
 */
export function registerContentRoutes(app: FastifyInstance, registry: RegisteredRoute[], content: ContentService): void {
  const tag = 'market';
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.contents,
    tag,
    auth: 'optional',
    answers: 'unchanged',
    summary: 'Published articles and videos, the latest first, a page at a time, optionally of one tag',
    body: ContentsRequest,
    response: ContentsResponse,
    handler: async ({ body, user, req }) => content.list(body, user?.id, requestLocale(req.headers)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: CONTENT_PATHS.content,
    tag,
    auth: 'optional',
    summary: 'One published article or video with its body (contentDetail)',
    params: ContentParams,
    response: ContentResponse,
    handler: async ({ params, user, req }) => ({ data: await content.detail(params.id, user?.id, requestLocale(req.headers)) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.contentCollect,
    tag,
    auth: 'user',
    answers: 'unchanged',
    summary: 'Keep an article or video in the favourites (status = 1) or let it go (status = 0)',
    params: ContentCollectParams,
    response: ContentCollectResponse,
    handler: async ({ params, user }) => ({ data: await content.collect(requireUser(user).id, params.contentId, params.status === '1') }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: CONTENT_PATHS.favouriteContents,
    tag,
    auth: 'user',
    summary: "The caller's favourite articles and videos, the latest kept first, a page at a time",
    query: FavouriteContentsQuery,
    response: FavouriteContentsResponse,
    handler: async ({ query, user, req }) => content.favourites(requireUser(user).id, query, requestLocale(req.headers)),
  });
  for (const url of [CONTENT_PATHS.marketSearch, CONTENT_PATHS.configMarketSearch]) {
    defineRoute(app, registry, {
      method: 'GET',
      url,
      tag,
      auth: 'optional',
      summary: 'Templates (type 1), articles and videos (2) or both (3) whose words hold the key word',
      query: MarketSearchQuery,
      response: MarketSearchResponse,
      handler: async ({ query, user, req }) => ({ data: await content.search(query, user?.id, requestLocale(req.headers)) }),
    });
  }
}
