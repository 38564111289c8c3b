import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { BooksService } from '../books/books.service.ts';
import { DayTotalsRepository } from './day-totals.repository.ts';
import { DimensionRemoval } from './dimension-removal.ts';
import { DimensionsRepository } from './dimensions.repository.ts';
import { registerDimensionRoutes } from './dimensions.routes.ts';
import { DimensionsService } from './dimensions.service.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { ImagesRepository } from './images.repository.ts';
import { registerImageRoutes } from './images.routes.ts';
import { ImagesService, type SpaceQuota } from './images.service.ts';
import { RatesRepository } from './rates.ts';
import { registerRateRoutes } from './rates.routes.ts';
import { TransactionsRepository } from './transactions.repository.ts';
import { registerTransactionRoutes } from './transactions.routes.ts';
import { TransactionsService } from './transactions.service.ts';

/** The accounting area: dimensions, transactions, images, cloud space and exchange rates. */
export function registerAccounting(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; storage: FileStorage; books: BooksService; space: SpaceQuota },
) {
  const { db, clock, storage, books } = deps;
  const dimensionsRepo = new DimensionsRepository(db);
  const rates = new RatesRepository(db);
  const images = new ImagesService(db, new ImagesRepository(db), storage, deps.space);
  const dayTotals = new DayTotalsRepository();
  const transactions = new TransactionsService(db, new TransactionsRepository(db), dimensionsRepo, rates, images, books, clock, dayTotals);
  // Day totals are kept per local day: a book's new time zone regroups them.
  books.onTimeZoneChange = (tx, bookId) => dayTotals.rebuild(tx, bookId);
  const dimensions = new DimensionsService(db, dimensionsRepo, rates, books);

  registerDimensionRoutes(app, routes, {
    dimensions,
    removal: new DimensionRemoval(db, dimensionsRepo, books, dayTotals),
    // An opening balance is the account's first Balance entry, recorded by the account's creator.
    recordOpening: async (tx, book, userId, accountId, balance) => {
      const made = await transactions.create(tx, book, userId, [
        { business_type: 'Balance', account: { id: accountId }, amount: balance, remark: '' },
      ]);
      // Told with the new account, in its transaction: this request has no answer to follow.
      await made.tell?.(tx);
    },
  });
  registerTransactionRoutes(app, routes, { db, transactions });
  registerImageRoutes(app, routes, images);
  registerRateRoutes(app, routes, rates);

  return {
    transactions,
    rates,
    dayTotals,
    housekeeping: async () => {
      await purgeIdempotencyKeys(db, clock.now());
      return images.purge(clock.now());
    },
  };
}
