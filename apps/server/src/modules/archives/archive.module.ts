import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { BookRows } from '../zones/book-rows.ts';
import { ArchiveExporter } from './archive-export.ts';
import { ArchiveImporter } from './archive-import.ts';
import { ArchiveRepository } from './archive.repository.ts';
import { registerArchiveRoutes } from './archive.routes.ts';
import { ArchiveService } from './archive.service.ts';

/**
 * A book's lossless archive (docs/archive.md): its every moving table (the zones' catalogue,
 * modules/zones/book-rows.ts) and its images as one zip, and a new book made from one on
 * this server or another.
 */
export function registerArchives(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; storage: FileStorage },
) {
  const rows = new BookRows(deps.db);
  const repo = new ArchiveRepository(deps.db);
  const service = new ArchiveService(
    repo,
    new ArchiveExporter(deps.db, deps.clock, rows, repo, deps.storage),
    new ArchiveImporter(deps.db, rows, repo, deps.storage),
    deps.storage,
  );
  registerArchiveRoutes(app, routes, service);
  return { archives: service };
}
