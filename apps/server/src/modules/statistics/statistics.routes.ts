import {
  ACCOUNTING_PATHS,
  GroupsRequest,
  GroupsResponse,
  MonthSummaryQuery,
  MonthSummaryResponse,
  RollupGroupsRequest,
  RollupGroupsResponse,
  STATISTICS_PATHS,
  SearchBooksRequest,
  SearchBooksResponse,
  SearchTagsRequest,
  SearchTagsResponse,
  SummariesRequest,
  SummariesResponse,
  TransactionsRequest,
  TransactionsResponse,
  Permission,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { SearchService } from './search.service.ts';
import type { StatisticsService } from './statistics.service.ts';

/** A body whose fields are all optional may be left out: no body is a query with no filter. */
const orEmpty = <S extends z.ZodObject>(schema: S) => schema.optional().transform((b): z.output<S> => b ?? ({} as z.output<S>));

/** The statistics area (SPEC 7): the book is the Trading-Entity; every member may read its flows. */
export function registerStatisticsRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { statistics: StatisticsService; search: SearchService },
) {
  const { statistics, search } = deps;
  const read = { auth: 'user', book: Permission.TRANSACTION_GROUP, tag: 'statistics' } as const;

  defineRoute(app, registry, {
    ...read,
    method: 'POST',
    url: STATISTICS_PATHS.summaries,
    answers: 'cached',
    summary: 'Totals of the filtered records: expense, income, balance, transfer, inflow, outflow, amount, count',
    body: orEmpty(SummariesRequest),
    response: SummariesResponse,
    handler: async ({ book, body: b }) => ({ data: await statistics.summaries(book, b.query, b.group_filter) }),
  });
  defineRoute(app, registry, {
    ...read,
    method: 'POST',
    url: STATISTICS_PATHS.rollupGroups,
    answers: 'cached',
    summary: 'Every group of one key (time, category, account, member, ...) with its metrics, and the totals over all groups',
    body: RollupGroupsRequest,
    response: RollupGroupsResponse,
    handler: async ({ book, body: b, req }) => statistics.rollup(book, b, requestLocale(req.headers)),
  });
  defineRoute(app, registry, {
    ...read,
    method: 'POST',
    url: STATISTICS_PATHS.groups,
    answers: 'cached',
    summary: 'The groups of one key a page at a time (keyset cursor), for long grouped lists',
    body: GroupsRequest,
    response: GroupsResponse,
    handler: async ({ book, body: b, req }) => statistics.groups(book, b, requestLocale(req.headers)),
  });
  defineRoute(app, registry, {
    ...read,
    method: 'POST',
    url: STATISTICS_PATHS.transactions,
    answers: 'cached',
    summary: 'The flow: filtered transactions by time or amount, a page at a time (keyset cursor)',
    body: orEmpty(TransactionsRequest),
    response: TransactionsResponse,
    handler: async ({ book, body: b }) => statistics.transactions(book, b),
  });
  defineRoute(app, registry, {
    ...read,
    method: 'POST',
    url: STATISTICS_PATHS.searchTags,
    answers: 'unchanged',
    summary: "The search's group tags: the most used categories, accounts, members, merchants and projects",
    body: orEmpty(SearchTagsRequest),
    response: SearchTagsResponse,
    handler: async ({ book, body: b, req }) => ({
      data: await search.tags(book, b.query, b.group_filter, b.limit, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: STATISTICS_PATHS.searchBooks,
    answers: 'unchanged',
    tag: 'statistics',
    auth: 'user',
    summary: "A keyword over every book of the caller: each book's matches, their totals and the latest few",
    body: SearchBooksRequest,
    response: SearchBooksResponse,
    handler: async ({ user, body: b }) => ({ data: await search.acrossBooks(requireUser(user).id, b.keyword, b.top) }),
  });
  defineRoute(app, registry, {
    ...read,
    method: 'GET',
    url: ACCOUNTING_PATHS.monthSummary,
    summary: "A month's income, expense and balance in the book's currency and periods (the dashboard); the current month by default",
    query: MonthSummaryQuery,
    response: MonthSummaryResponse,
    handler: async ({ book, query }) => ({ data: await statistics.month(book, query.month) }),
  });
}
