import {
  BOOK_PATHS,
  CategoryCodeParams,
  CoverMaterialsResponse,
  Id,
  TemplateCategoriesResponse,
  TemplateDetailResponse,
  TemplateListResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { TemplatesService } from './templates.service.ts';

/** The catalogue is public: the market is browsable before logging in. */
export function registerTemplatesRoutes(app: FastifyInstance, registry: RegisteredRoute[], templates: TemplatesService): void {
  const tag = 'templates';
  const data = <T>(d: T) => ({ data: d });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.templateCategories,
    tag,
    auth: 'optional',
    summary: 'Template categories, two levels',
    response: TemplateCategoriesResponse,
    handler: async () => data(await templates.categories()),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.templates,
    tag,
    auth: 'optional',
    summary: 'All book templates',
    response: TemplateListResponse,
    handler: async ({ user }) => data(await templates.list(user?.id)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.templatesByCategory,
    tag,
    auth: 'optional',
    summary: 'Templates of a category (a first-level code includes its children)',
    params: CategoryCodeParams,
    response: TemplateListResponse,
    handler: async ({ params, user }) => data(await templates.byCategory(params.category_code, user?.id)),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.template,
    tag,
    auth: 'optional',
    summary: 'A template with its trees',
    params: z.object({ id: Id }),
    response: TemplateDetailResponse,
    handler: async ({ params, user, req }) => data(await templates.detail(params.id, user?.id, requestLocale(req.headers))),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.covers,
    tag,
    auth: 'user',
    summary: 'Cover materials for book covers',
    response: CoverMaterialsResponse,
    handler: async () => data(await templates.covers()),
  });
}
