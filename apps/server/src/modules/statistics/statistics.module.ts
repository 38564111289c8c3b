import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import { FlowsRepository } from './flows.repository.ts';
import { SearchService } from './search.service.ts';
import { StatisticsRepository } from './statistics.repository.ts';
import { registerStatisticsRoutes } from './statistics.routes.ts';
import { StatisticsService } from './statistics.service.ts';

/**
 * The statistics area: totals, groups, flows and search over a book's transactions. It
 * reads what accounting writes (transactions and their day totals) and presents
 * transactions as accounting does (present-transaction.ts).
 */
export function registerStatistics(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; books: BooksService },
) {
  const repo = new StatisticsRepository(deps.db);
  const flows = new FlowsRepository(deps.db);
  const statistics = new StatisticsService(repo, flows, deps.clock);
  const search = new SearchService(statistics, repo, flows, deps.books);
  registerStatisticsRoutes(app, routes, { statistics, search });
  return { statistics, search };
}
