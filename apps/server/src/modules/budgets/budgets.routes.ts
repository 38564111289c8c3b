import {
  AddBudgetParams,
  AddBudgetRequest,
  BUDGET_PATHS,
  BudgetIdParams,
  BudgetListResponse,
  BudgetResponse,
  ExtendBudgetRequest,
  Permission,
  SubjectBudgetsQuery,
  SubjectBudgetsResponse,
  SubjectParams,
  SumBudgetRequest,
  SumParams,
  UpdateBudgetRequest,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import type { BookContext } from '../../http/book-scope.ts';
import { followUp } from '../../http/follow-up.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { BudgetsService } from './budgets.service.ts';

/** The budgets calls (SPEC 7): read by those who read the flows, set by those who may edit them. */
export function registerBudgetRoutes(app: FastifyInstance, registry: RegisteredRoute[], budgets: BudgetsService): void {
  const tag = 'budgets';
  const write = { tag, auth: 'user', book: Permission.EDIT_TRANSACTION, refusal: 'budget.forbidden' } as const;
  // A budget set or lowered below what its period used tells the members (issue 14).
  const checked = async <T>(req: FastifyRequest, book: BookContext, data: T) => {
    await followUp(req, 'overspent budget check', async () => void (await budgets.checkOverspent(book)));
    return { data };
  };
  defineRoute(app, registry, {
    method: 'GET',
    url: BUDGET_PATHS.subjectBudgets,
    tag,
    auth: 'user',
    book: Permission.TRANSACTION_GROUP,
    summary: "A subject's budget and its children's, with what the period used (recurrence_type, budget_type, start_time)",
    params: SubjectParams,
    query: SubjectBudgetsQuery,
    response: SubjectBudgetsResponse,
    handler: async ({ book, params, query, req }) => ({
      data: await budgets.view(book, params.subject_type, params.subject_id, query, requestLocale(req.headers)),
    }),
  });
  defineRoute(app, registry, {
    ...write,
    method: 'POST',
    url: BUDGET_PATHS.add,
    status: 201,
    summary: 'Add a budget for a subject, type and recurrence',
    params: AddBudgetParams,
    body: AddBudgetRequest,
    response: BudgetResponse,
    handler: async ({ book, params, body, user, req }) =>
      checked(
        req,
        book,
        await budgets.add(
          book,
          requireUser(user).id,
          { subject_type: params.type, subject_id: params.id, budget_type: params.budget_type, recurrence_type: params.recurrence_type },
          body.budget_amount,
        ),
      ),
  });
  defineRoute(app, registry, {
    ...write,
    method: 'PATCH',
    url: BUDGET_PATHS.budget,
    summary: "Change a budget's amount",
    params: BudgetIdParams,
    body: UpdateBudgetRequest,
    response: BudgetResponse,
    handler: async ({ book, params, body, user, req }) =>
      checked(req, book, await budgets.update(book, requireUser(user).id, params.budget_id, body.budget_amount)),
  });
  defineRoute(app, registry, {
    ...write,
    method: 'DELETE',
    url: BUDGET_PATHS.budget,
    status: 204,
    summary: 'Delete a budget',
    params: BudgetIdParams,
    handler: async ({ book, params, user }) => budgets.remove(book, requireUser(user).id, params.budget_id),
  });
  defineRoute(app, registry, {
    ...write,
    method: 'PUT',
    url: BUDGET_PATHS.sum,
    summary: "Set a subject's budget to the sum of its children's budgets",
    params: SumParams,
    body: SumBudgetRequest,
    response: BudgetResponse,
    handler: async ({ book, params, body, user, req }) =>
      checked(
        req,
        book,
        await budgets.sum(
          book,
          requireUser(user).id,
          params.type,
          params.id,
          body.budget_type ?? 'Expense',
          body.recurrence_type ?? 'Month',
        ),
      ),
  });
  defineRoute(app, registry, {
    ...write,
    method: 'POST',
    url: BUDGET_PATHS.extend,
    summary: "Carry a subject's budgets over to a longer recurrence (premium: advanced budgets)",
    body: ExtendBudgetRequest,
    response: BudgetListResponse,
    handler: async ({ book, body, user, req }) => checked(req, book, await budgets.extend(book, requireUser(user).id, body)),
  });
}
