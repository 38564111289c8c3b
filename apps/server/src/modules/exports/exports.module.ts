import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { FlowsRepository } from '../statistics/flows.repository.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import { ExportsRepository } from './exports.repository.ts';
import { registerExportRoutes } from './exports.routes.ts';
import { ExportsService } from './exports.service.ts';

/**
 * Exporting a book's records (docs/exports.md): the flow, filtered as the statistics
 * calls filter it, as an xlsx or a CSV download. `publicUrl` (CAB_PUBLIC_URL) starts the
 * image links when set.
 */
export function registerExports(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; statistics: StatisticsService; publicUrl: string },
) {
  const service = new ExportsService(deps.statistics, new FlowsRepository(deps.db), new ExportsRepository(deps.db), deps.clock);
  registerExportRoutes(app, routes, { service, publicUrl: deps.publicUrl });
  return { exports: service };
}
