import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { OffersRepository } from './offers.repository.ts';
import { registerOffersRoutes } from './offers.routes.ts';
import { OffersService } from './offers.service.ts';

/**
 * The catalogue (docs/commerce.md, "The catalogue"): packages, activities, coupons and
 * operation spaces. `offers` is what the purchase calls inside its transaction. A book a
 * call names is checked by the app's membership lookup, the one the book routes use.
 */
export function registerOffers(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock },
): { offers: OffersService } {
  const isMember = async (userId: string, bookId: string) => (await app.bookRoleLookup(userId, bookId)) !== undefined;
  const offers = new OffersService(deps.db, new OffersRepository(), deps.clock, isMember);
  registerOffersRoutes(app, routes, offers);
  return { offers };
}
