import { TRACKING_PATHS, TrackingQuery } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { TrackingService } from './tracking.ts';

/**
 * The collector's one call (SPEC 7): the app's behaviour events by GET, unsigned as a
 * beacon is, for no user (nothing in it names one). Limited per address.
 */
export function registerTrackingRoutes(app: FastifyInstance, registry: RegisteredRoute[], tracking: TrackingService): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: TRACKING_PATHS.events,
    tag: 'tracking',
    auth: 'none',
    signed: false,
    query: TrackingQuery,
    status: 204,
    summary: "Takes a batch of the app's behaviour events (device, book ids, times, event keys; nothing personal)",
    handler: async ({ query, req }) => {
      await tracking.collect(query.content, req.ip);
      return undefined;
    },
  });
}
