import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { PurchaseService } from '../commerce/purchase.service.ts';
import type { Notifier } from '../messages/notify.ts';
import { registerCloudRoutes } from './cloud.routes.ts';
import { FunctionAppliesRepository, FunctionAppliesService } from './function-applies.ts';
import { ShareRepository } from './share.repository.ts';
import { registerShareRoutes } from './share.routes.ts';
import { ShareService } from './share.service.ts';
import { SpaceNotices } from './space-notices.ts';
import { SpaceRepository } from './space.repository.ts';
import type { SpaceService } from './space.service.ts';

/**
 * The cloud area (issue 28, docs/cloud.md): rented space bought through commerce's
 * purchasing orders, sharing it between books, and function applies. `space` is made
 * before the accounting area, whose uploads it checks.
 */
export function registerCloud(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; notifier: Notifier; space: SpaceService; purchases: PurchaseService },
) {
  const { db, clock, notifier, space, purchases } = deps;
  const spaceRepo = new SpaceRepository();
  purchases.deliver.space = (tx, order) => space.deliver(tx, order, notifier);
  const shares = new ShareService(db, clock, new ShareRepository(), spaceRepo, space, notifier, async (userId, bookId) =>
    Boolean(await app.bookRoleLookup(userId, bookId)),
  );
  const functions = new FunctionAppliesService(db, clock, new FunctionAppliesRepository(), notifier);
  registerCloudRoutes(app, routes, { space, purchases });
  registerShareRoutes(app, routes, { shares, functions });
  return { space, shares, functions, notices: new SpaceNotices(db, clock, spaceRepo, notifier) };
}
