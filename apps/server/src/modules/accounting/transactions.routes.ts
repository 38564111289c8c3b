import {
  ACCOUNTING_PATHS,
  BalanceRequest,
  BatchCreateRequest,
  DeleteTransactionsRequest,
  ExpenseRequest,
  FIELD_LABELS,
  IncomeRequest,
  Permission,
  TransactionIdParams,
  TransactionListResponse,
  TransactionResponse,
  TransferRequest,
  UpdateTransactionRequest,
  type BudgetAlert,
  type TransactionInputParsed,
} from '@cab/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { afterAnswer, followUp } from '../../http/follow-up.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { Database } from '../../platform/db/index.ts';
import { atomically, idempotencyKey, once, requestHash } from './idempotency.ts';
import type { Recorded, TransactionsService } from './transactions.service.ts';

/**
 * The answer of a record write, with the expense budgets it leaves overspent (the form
 * says so on saving). The check follows the commit: when it fails, the write stands and
 * is answered without alerts.
 */
async function withAlerts<T extends object>(req: FastifyRequest, answer: T, check: () => Promise<BudgetAlert[]>) {
  let alerts: BudgetAlert[] = [];
  await followUp(req, 'overspent budget check', async () => {
    alerts = await check();
  });
  return alerts.length ? { ...answer, budget_alerts: alerts } : answer;
}

/**
 * After a create has committed and answered, the book's other members are told (a
 * replayed answer made nothing new: its `made` is empty). Not in the write: the message's
 * row is shared by every write of the recorder into the book, and the answer needs none of it.
 */
function tellLater(reply: FastifyReply, db: Database, made: { tell?: Recorded['tell'] }) {
  const tell = made.tell;
  if (tell) afterAnswer(reply, 'telling the book of new records', () => tell(db));
}

export function registerTransactionRoutes(
  app: FastifyInstance,
  registry: RegisteredRoute[],
  deps: { db: Database; transactions: TransactionsService },
) {
  const { db, transactions } = deps;
  const tag = 'accounting';
  // The only `name` a record's body checks is its place's (references pass through unread).
  const labels = { name: FIELD_LABELS.placeName };
  const write = { auth: 'user', book: Permission.ADD_TRANSACTION, refusal: 'transaction.forbidden', tag, labels } as const;

  const singles = [
    ['expense', ExpenseRequest, 'Expense'],
    ['income', IncomeRequest, 'Income'],
    ['transfer', TransferRequest, 'Transfer'],
    ['balance', BalanceRequest, 'Balance'],
  ] as const;
  for (const [path, schema, type] of singles) {
    defineRoute(app, registry, {
      ...write,
      method: 'POST',
      url: ACCOUNTING_PATHS[path],
      status: 201,
      summary: `Record ${type === 'Balance' ? 'an account balance (the difference is recorded)' : `a${type === 'Income' || type === 'Expense' ? 'n' : ''} ${type.toLowerCase()}`}; Idempotency-Key makes a retry record once`,
      body: schema,
      response: TransactionResponse,
      handler: async ({ book, user, body, req, reply }) => {
        const userId = requireUser(user).id;
        const input = { ...body, business_type: type } as TransactionInputParsed;
        const made: { tell?: Recorded['tell'] } = {};
        const answer = await once(db, { userId, key: idempotencyKey(req), hash: () => requestHash(req, book.bookId) }, async (on) => {
          const r = await transactions.create(on, book, userId, [input]);
          made.tell = r.tell;
          return { data: r.transactions[0] };
        });
        tellLater(reply, db, made);
        return withAlerts(req, answer, () => transactions.spent(book, [answer.data]));
      },
    });
  }
  defineRoute(app, registry, {
    ...write,
    method: 'POST',
    url: ACCOUNTING_PATHS.batch,
    status: 201,
    summary: 'Record many transactions of any type at once (importers); all or nothing',
    body: BatchCreateRequest,
    response: TransactionListResponse,
    handler: async ({ book, user, body, req, reply }) => {
      const userId = requireUser(user).id;
      const made: { tell?: Recorded['tell'] } = {};
      const answer = await once(db, { userId, key: idempotencyKey(req), hash: () => requestHash(req, book.bookId) }, async (on) => {
        const r = await transactions.create(on, book, userId, body.transaction_vo_list);
        made.tell = r.tell;
        return { data: r.transactions };
      });
      tellLater(reply, db, made);
      // An import's answer says nothing of budgets: the check (and the members' message) follows it.
      afterAnswer(reply, 'overspent budget check', async () => void (await transactions.spent(book, answer.data)));
      return answer;
    },
  });
  defineRoute(app, registry, {
    ...write,
    method: 'PATCH',
    url: ACCOUNTING_PATHS.update,
    book: Permission.EDIT_TRANSACTION,
    refusal: 'transaction.editForbidden',
    summary: 'Edit a transaction: the fields sent are laid over the stored ones',
    params: TransactionIdParams,
    body: UpdateTransactionRequest,
    response: TransactionResponse,
    handler: async ({ book, user, params, body, req }) => {
      const userId = requireUser(user).id;
      const answer = await once(db, { userId, key: idempotencyKey(req), hash: () => requestHash(req, book.bookId) }, (on) =>
        atomically(on, async (tx) => ({ data: await transactions.update(tx, book, userId, params.id, body) })),
      );
      return withAlerts(req, answer, () => transactions.spent(book, [answer.data]));
    },
  });
  defineRoute(app, registry, {
    ...write,
    method: 'DELETE',
    url: ACCOUNTING_PATHS.remove,
    book: Permission.EDIT_TRANSACTION,
    refusal: 'transaction.editForbidden',
    status: 204,
    summary: 'Delete transactions (ids in the body); all or nothing',
    body: DeleteTransactionsRequest,
    handler: async ({ book, user, body }) => {
      const userId = requireUser(user).id;
      await db.transaction().execute((tx) => transactions.remove(tx, book, userId, body.ids));
    },
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: ACCOUNTING_PATHS.get,
    tag,
    auth: 'user',
    book: Permission.TRANSACTION_GROUP,
    summary: 'One transaction',
    params: TransactionIdParams,
    response: TransactionResponse,
    handler: async ({ book, params }) => ({ data: await transactions.get(book, params.id) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: ACCOUNTING_PATHS.templates,
    tag,
    auth: 'user',
    book: Permission.TRANSACTION_GROUP,
    summary: 'Saved templates (business_type Template) to record from, newest first',
    response: TransactionListResponse,
    handler: async ({ book }) => ({ data: await transactions.templates(book) }),
  });
}
