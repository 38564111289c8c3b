import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { PaymentProviders, type PaymentProvider } from '../../platform/payments/provider.ts';
import { SandboxProvider } from '../../platform/payments/sandbox/sandbox-provider.ts';
import { registerSandboxPay } from '../../platform/payments/sandbox/sandbox-server.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../messages/notify.ts';
import type { MembersService } from '../members/members.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { BillingService } from './billing.service.ts';
import { FeatureNotices } from './feature-notices.ts';
import { FeaturesRepository } from './features.repository.ts';
import { FeaturesService } from './features.service.ts';
import { OrdersRepository } from './orders.repository.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { RoleSale } from './role-sale.ts';
import { ServiceRepository } from './service.repository.ts';
import { registerServiceRoutes } from './services.routes.ts';
import { PurchaseRepository } from './purchase.repository.ts';
import { registerPurchaseRoutes } from './purchase.routes.ts';
import { PurchaseService } from './purchase.service.ts';
import { registerCommerceRoutes } from './commerce.routes.ts';
import { CommerceService } from './commerce.service.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { RechargeRepository } from './recharge.repository.ts';
import { RechargeService } from './recharge.service.ts';
import { Settlement } from './settlement.ts';

/**
 * The commerce area (docs/commerce.md): the wallet over the ledger, payments through the
 * providers set up (the sandbox, served here unless it runs elsewhere), recharge orders.
 */
export async function registerCommerce(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; config: Config; notifier: Notifier; offers: OffersService; members: MembersService },
) {
  const { db, clock, config, notifier } = deps;
  const sandbox = config.payments.sandbox;
  if (sandbox.mode === 'in-process') {
    await registerSandboxPay(app, {
      apiKey: sandbox.apiKey,
      webhookSecret: sandbox.webhookSecret,
      publicBase: '',
      nowMs: () => clock.now(),
    });
  }
  const providers: PaymentProvider[] = sandbox.mode === 'off' ? [] : [new SandboxProvider(sandbox)];
  const payments = new PaymentProviders(providers);
  const ledger = new LedgerService(db, clock);
  const repo = new RechargeRepository();
  const settlement = new Settlement(db, clock, repo, ledger, payments, notifier, app.log);
  const recharge = new RechargeService(db, clock, repo, payments, settlement, config.payments, app.log);
  const purchaseRepo = new PurchaseRepository();
  const purchases = new PurchaseService(db, clock, purchaseRepo, repo, recharge, ledger, deps.offers, notifier);
  const services = new ServiceRepository();
  const billing = new BillingService(db, clock, services, ledger, notifier, (tx, s) => services.title(tx, s));
  const roles = new RoleSale(db, clock, deps.members, purchases, purchaseRepo, services, billing, ledger, notifier);
  const featuresRepo = new FeaturesRepository();
  const features = new FeaturesService(db, clock, featuresRepo, services, ledger, (userId, bookId) => app.bookRoleLookup(userId, bookId));
  const notices = new FeatureNotices(db, featuresRepo, notifier);
  settlement.bookChanged = (bookId) => {
    app.answerCache?.changed(bookId, 'members');
    app.live?.toBook(bookId, { type: 'book', bookId, what: 'book' });
  };
  // A paid recharge completes the purchase waiting for it, then pays the payer's unpaid daily bills.
  settlement.hooks.paid.push((tx, order) => purchases.rechargePaid(tx, order));
  settlement.hooks.paid.push((tx, order) => billing.payBills(tx, order.user_id));
  settlement.hooks.closed.push((tx, order) => purchases.rechargeClosed(tx, order));
  registerCommerceRoutes(app, routes, new CommerceService(ledger));
  registerPaymentRoutes(app, routes, recharge, settlement);
  registerPurchaseRoutes(app, routes, purchases);
  registerServiceRoutes(app, routes, features, roles);
  registerOrderRoutes(app, routes, new OrdersService(db, new OrdersRepository()));
  return { ledger, recharge, settlement, purchases, billing, notices };
}
