import type { FastifyInstance } from 'fastify';
import type { FoundMembership } from '../../http/book-scope.ts';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { DimensionsRepository } from '../accounting/dimensions.repository.ts';
import type { TransactionsService } from '../accounting/transactions.service.ts';
import type { BooksService } from '../books/books.service.ts';
import { ImportCommitter } from './committing.ts';
import { registerImportRoutes } from './imports.routes.ts';
import { ImportsRepository } from './imports.repository.ts';
import { ImportsService } from './imports.service.ts';
import { ImportReader, type DriveOptions } from './reading.ts';

/**
 * Importing history from other apps' files (issue 31, docs/imports.md): each file read
 * by its format's converter into rows, checked against the book, then recorded through
 * accounting's batch path in one background job.
 */
export function registerImports(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: {
    db: Database;
    clock: Clock;
    kv: KeyValueStore;
    storage: FileStorage;
    books: BooksService;
    transactions: TransactionsService;
    roleOf: (userId: string, bookId: string) => Promise<FoundMembership | undefined>;
    drive?: Partial<DriveOptions>;
  },
) {
  const { db, clock, kv, storage } = deps;
  const repo = new ImportsRepository();
  const dimensions = new DimensionsRepository(db);
  const drive: DriveOptions = { leaseMs: 10 * 60_000, log: (msg, fields) => app.log.warn(fields, msg), ...deps.drive };
  const reader = new ImportReader(db, repo, storage, clock, drive);
  const committer = new ImportCommitter(
    {
      db,
      repo,
      dimensions,
      transactions: deps.transactions,
      books: deps.books,
      storage,
      kv,
      clock,
      roleOf: deps.roleOf,
      changed: (bookId) => {
        app.answerCache?.changed(bookId, 'transactions');
        app.live?.toBook(bookId, { type: 'book', bookId, what: 'transactions' });
      },
    },
    drive,
  );
  const imports = new ImportsService(db, repo, dimensions, storage, kv, clock, reader, committer);
  registerImportRoutes(app, routes, imports);
  /** Waits for the readings and recordings in flight (tests). */
  const idle = async () => {
    await reader.idle();
    await committer.idle();
  };
  /** A stop: readings and recordings end after their chunk in flight and leave their imports to the next instance. */
  const halt = async () => {
    await reader.halt();
    await committer.halt();
  };
  return { imports, idle, halt };
}
