import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settledAfter } from '../../http/follow-up.ts';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { LiveHub } from '../live/hub.ts';
import { MessagesRepository } from './messages.repository.ts';
import { registerMessageRoutes } from './messages.routes.ts';
import { MessagesService, tellingDone, tellingDuring } from './messages.service.ts';

/**
 * The message center (issue 14). The service is also the Notifier the other modules
 * call inside their transactions. Each write gets a set of the users told during it;
 * once the request is answered (its transaction resolved), their unread totals are read
 * again and sent to their open clients through the LiveHub, when one is given.
 * Register before the modules whose routes notify: the hooks apply to routes added later.
 */
export function registerMessages(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; kv: KeyValueStore; live?: LiveHub | undefined },
) {
  const messages = new MessagesService(deps.db, new MessagesRepository(deps.db), deps.kv, deps.clock);
  messages.useLive(deps.live);
  const told = new WeakMap<FastifyRequest, Set<string>>();
  app.addHook('onRequest', (req, _reply, done) => {
    // Reads (GET, and the POST reads whose answers may be kept) never tell anyone (messages.service.ts, tellingDuring).
    if (!req.routeOptions.config.mayTell) return done();
    const set = new Set<string>();
    told.set(req, set);
    tellingDuring(set, done);
  });
  const finished = (req: FastifyRequest) => {
    const set = told.get(req);
    if (set) {
      told.delete(req);
      tellingDone();
    }
    return set;
  };
  app.addHook('onRequestAbort', async (req) => {
    finished(req);
  });
  app.addHook('onResponse', async (req) => {
    // Work after the answer may tell people too (a write's 'book.recorded' message): the
    // store stays on, and the totals are read, once it is done.
    await settledAfter(req);
    const set = finished(req);
    if (!set?.size) return;
    try {
      await messages.publish(set);
    } catch (err) {
      req.log.warn({ err }, 'live message counts not sent');
    }
  });
  registerMessageRoutes(app, routes, messages);
  return { messages };
}
