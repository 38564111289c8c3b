import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from '../books/books.service.ts';
import type { Notifier } from '../messages/notify.ts';
import { PremiumRepository } from '../premium/premium.repository.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import { BudgetsRepository } from './budgets.repository.ts';
import { registerBudgetRoutes } from './budgets.routes.ts';
import { BudgetsService } from './budgets.service.ts';

/** The budgets area: budgets per subject and recurrence, their usage read through the statistics service; overspending tells the members (notifier). */
export function registerBudgets(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; books: BooksService; statistics: StatisticsService; notifier?: Notifier },
) {
  const budgets = new BudgetsService(
    deps.db,
    new BudgetsRepository(deps.db),
    deps.statistics,
    new PremiumRepository(deps.db),
    deps.books,
    deps.clock,
    deps.notifier,
  );
  registerBudgetRoutes(app, routes, budgets);
  return { budgets };
}
