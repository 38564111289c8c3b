import {
  AccountListResponse,
  AccountRecentResponse,
  CategoryListResponse,
  CreateAccountRequest,
  CreateCategoryRequest,
  CreateLabelRequest,
  DeleteDimensionRequest,
  DimensionIdParams,
  DimensionListQuery,
  LabelListResponse,
  Permission,
  SortRequest,
  UpdateAccountRequest,
  UpdateCategoryRequest,
  UpdateLabelRequest,
  dimensionPaths,
  type DimensionKind,
  type LocalizedText,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { DimensionRemoval } from './dimension-removal.ts';
import type { DimensionsService, ListOptions } from './dimensions.service.ts';

const NAME_LABELS: Record<DimensionKind, LocalizedText> = {
  categories: { 'zh-CN': '分类名称', en: 'category name' },
  accounts: { 'zh-CN': '账户名称', en: 'account name' },
  members: { 'zh-CN': '成员名称', en: 'member name' },
  merchants: { 'zh-CN': '商家名称', en: 'merchant name' },
  projects: { 'zh-CN': '项目名称', en: 'project name' },
};
const WHAT: Record<DimensionKind, string> = {
  categories: 'categories (two-level trees per trade type)',
  accounts: 'accounts (grouped, with live balances)',
  members: 'members',
  merchants: 'merchants',
  projects: 'projects',
};

/** scene=Accounting or operation_codes=C asks for what a picker offers: hidden items are left out. */
function listOptions(q: z.output<typeof DimensionListQuery>): ListOptions {
  const forRecording = q.scene === 'Accounting' || (q.operation_codes?.split(',').includes('C') ?? false);
  return { type: q.trade_type || undefined, includeHidden: !forRecording };
}

export function registerDimensionRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { dimensions: DimensionsService; removal: DimensionRemoval; recordOpening: Parameters<DimensionsService['createAccount']>[3] },
): void {
  const { dimensions, removal } = deps;
  const tag = 'accounting';
  for (const kind of ['categories', 'accounts', 'members', 'merchants', 'projects'] as const) {
    const paths = dimensionPaths(kind);
    const labels = { name: NAME_LABELS[kind] };
    const listResponse = kind === 'categories' ? CategoryListResponse : kind === 'accounts' ? AccountListResponse : LabelListResponse;
    defineRoute(app, registry, {
      method: 'GET',
      url: paths.list,
      tag,
      auth: 'user',
      book: Permission.BASIC,
      summary: `The book's ${WHAT[kind]}`,
      query: DimensionListQuery,
      response: listResponse,
      handler: async ({ book, query }) => {
        const o = listOptions(query);
        if (kind === 'categories') return { data: await dimensions.categories(book.bookId, o) };
        if (kind === 'accounts') return { data: await dimensions.accounts(book.bookId, o) };
        return { data: await dimensions.labels(book.bookId, kind, o) };
      },
    });
    defineRoute(app, registry, {
      method: 'GET',
      url: paths.recent,
      tag,
      auth: 'user',
      book: Permission.BASIC,
      summary: `The caller's recently used ${kind}, newest first`,
      query: DimensionListQuery,
      response: kind === 'accounts' ? AccountRecentResponse : kind === 'categories' ? CategoryListResponse : LabelListResponse,
      handler: async ({ book, user, query }) => ({
        data: await dimensions.recent(book.bookId, requireUser(user).id, kind, query.trade_type || undefined),
      }),
    });
    defineRoute(app, registry, {
      method: 'POST',
      url: paths.list,
      tag,
      auth: 'user',
      book: Permission.ADD_TRANSACTION,
      refusal: 'transaction.forbidden',
      status: 201,
      summary: `Add one of the ${kind}`,
      labels,
      body: kind === 'categories' ? CreateCategoryRequest : kind === 'accounts' ? CreateAccountRequest : CreateLabelRequest,
      handler: async ({ book, user, body }) => {
        const userId = requireUser(user).id;
        if (kind === 'categories')
          return { data: await dimensions.createCategory(book, userId, body as z.output<typeof CreateCategoryRequest>) };
        if (kind === 'accounts') {
          return { data: await dimensions.createAccount(book, userId, body as z.output<typeof CreateAccountRequest>, deps.recordOpening) };
        }
        return { data: await dimensions.createLabel(book, userId, kind, (body as z.output<typeof CreateLabelRequest>).name) };
      },
    });
    defineRoute(app, registry, {
      method: 'PATCH',
      url: paths.item,
      tag,
      auth: 'user',
      book: Permission.EDIT_TRANSACTION,
      refusal: 'transaction.editForbidden',
      summary: `Rename, hide or show one of the ${kind}`,
      labels,
      params: DimensionIdParams,
      body: kind === 'categories' ? UpdateCategoryRequest : kind === 'accounts' ? UpdateAccountRequest : UpdateLabelRequest,
      handler: async ({ book, user, params, body }) => ({
        data: await dimensions.update(book, requireUser(user).id, kind, params.id, body as Record<string, unknown>),
      }),
    });
    defineRoute(app, registry, {
      method: 'PUT',
      url: paths.order,
      tag,
      auth: 'user',
      book: Permission.EDIT_TRANSACTION,
      refusal: 'transaction.editForbidden',
      status: 204,
      summary: `Reorder one level of the ${kind}`,
      body: SortRequest,
      handler: async ({ book, user, body }) => dimensions.sort(book, requireUser(user).id, kind, body.ids),
    });
    defineRoute(app, registry, {
      method: 'DELETE',
      url: paths.item,
      tag,
      auth: 'user',
      book: Permission.MANAGE_DIMENSIONS,
      refusal: 'dimension.manageForbidden',
      status: 204,
      summary: `Delete one of the ${kind}; transactions that use it move to move_to (body or query)`,
      params: DimensionIdParams,
      query: DeleteDimensionRequest,
      handler: async ({ book, user, params, query, req }) => {
        const fromBody = DeleteDimensionRequest.safeParse(req.body ?? {});
        const moveTo = query.move_to ?? (fromBody.success ? fromBody.data.move_to : undefined);
        await removal.remove(book, requireUser(user).id, kind, params.id, moveTo);
      },
    });
  }
}
