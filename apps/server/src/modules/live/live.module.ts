import { Id, LIVE_PATHS } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { resolveBook } from '../../http/book-scope.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { Config } from '../../config.ts';
import type { Broadcast } from '../../platform/broadcast.ts';
import { DEFAULT_LIVE_LIMITS, LiveStreams } from './hub.ts';

/**
 * The instance's hub, on the app's broadcast: made before the modules that raise events,
 * decorated as `app.live`, and ending its streams when the app closes (a stream must not
 * hold a graceful stop).
 */
export function createLiveHub(app: FastifyInstance, broadcast: Broadcast, limits: Config['live']): LiveStreams {
  const hub = new LiveStreams(
    broadcast,
    async (userId, bookId) => (await app.bookRoleLookup(userId, bookId)) !== undefined,
    { ...DEFAULT_LIVE_LIMITS, ...limits },
    (err) => app.log.error({ err }, 'live event not delivered'),
  );
  app.decorate('live', hub);
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  return hub;
}

const LiveQuery = z.object({ book_id: Id.optional() });

/** GET /cab-query-ws/v1/live: the caller's event stream (text/event-stream), signed and authenticated like every call. */
export function registerLiveRoutes(app: FastifyInstance, routes: RegisteredRoute[], hub: LiveStreams): void {
  defineRoute(app, routes, {
    method: 'GET',
    url: LIVE_PATHS.stream,
    summary: 'Live updates: a Server-Sent Events stream of the caller’s events (docs/live.md)',
    tag: 'live',
    auth: 'user',
    query: LiveQuery,
    handler: async ({ query, req, reply }) => {
      const user = requireUser(req.user);
      // The book looked at is checked as every book call checks it: an outsider gets 404.
      const bookId = query.book_id ? (await resolveBook(app, user.id, query.book_id, 'self', 'book.forbidden')).bookId : undefined;
      reply.hijack();
      hub.open(user.id, bookId, reply.raw);
      return undefined;
    },
  });
}
