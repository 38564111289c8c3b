import type { Job } from './platform/jobs/runner.ts';
import type { BuiltApp } from './app.ts';
import { DEFAULT_TIME_ZONE } from '@cab/contracts';
import type { BillingService } from './modules/commerce/billing.service.ts';
import type { FeatureNotices } from './modules/commerce/feature-notices.ts';
import type { RechargeService } from './modules/commerce/recharge.service.ts';
import type { SpaceNotices } from './modules/cloud/space-notices.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import type { Mover } from './modules/zones/mover.ts';
import type { TrackingService } from './modules/tracking/tracking.ts';
import type { ImportsService } from './modules/imports/imports.service.ts';

/**
 * The server's background jobs (docs/jobs.md), each run once per period by one instance.
 * A job's work is safe to run again after a crash part-way (platform/jobs/runner.ts).
 */

/** Deleted books past their restore window, unused uploads, old idempotency keys and avatars the settings no longer allow. */
export function housekeepingJob(housekeeping: () => Promise<{ books: string[]; images: number; avatars: number }>): Job {
  return {
    name: 'housekeeping',
    period: 'hourly',
    leaseMs: 30 * 60_000,
    run: async () => {
      const r = await housekeeping();
      return r.books.length || r.images || r.avatars ? `removed ${r.books.length} books, ${r.images} images, ${r.avatars} avatars` : '';
    },
  };
}

/** Recomputes every banana-shell balance from its postings; a problem fails the run, which the log and `cab jobs` show. */
export function ledgerAuditJob(ledger: LedgerService): Job {
  return {
    name: 'ledger-audit',
    period: 'daily',
    leaseMs: 30 * 60_000,
    run: async () => {
      const found = await ledger.audit();
      const problems = found.unbalanced.length + found.mismatched.length + found.overdrawn.length;
      if (problems > 0) {
        throw new Error(
          `the ledger has problems: unbalanced entries ${found.unbalanced.join(',') || '-'}, mismatched accounts ${found.mismatched.join(',') || '-'}, overdrawn ${found.overdrawn.join(',') || '-'}`,
        );
      }
      return 'the ledger balances';
    },
  };
}

/** Open payments with no news asked of their provider; late payments' refunds asked again (docs/commerce.md). */
export function paymentsJob(recharge: RechargeService): Job {
  return {
    name: 'payments',
    period: 'hourly',
    leaseMs: 30 * 60_000,
    run: async () => {
      const n = await recharge.sweep();
      return n ? `looked after ${n} open orders` : '';
    },
  };
}

/**
 * The day's bill of every running service (paid roles, PerDay features), paid from the
 * payers' wallets where they can; and the notices of bought features ending soon or ended.
 */
export function billingJob(billing: BillingService, notices: FeatureNotices): Job {
  return {
    name: 'billing',
    period: 'daily',
    leaseMs: 60 * 60_000,
    run: async (at) => {
      const day = billing.dayOf(at.getTime());
      const r = await billing.runDay(day);
      const told = await notices.run(day, DEFAULT_TIME_ZONE);
      return `billed ${r.billed} of ${r.services} running services for ${day}; ${told} notices of features ending`;
    },
  };
}

/** Rented cloud space ending within 7 days, or ended: its owner told once of each (docs/cloud.md). */
export function spaceJob(notices: SpaceNotices): Job {
  return {
    name: 'space',
    period: 'hourly',
    leaseMs: 30 * 60_000,
    run: async (at) => {
      const n = await notices.run(at);
      return n ? `told the ends of ${n} grants of cloud space` : '';
    },
  };
}

/**
 * Moves of books between zones nobody drives (the instance driving one died, or the other
 * side did not answer for long): taken up again from their last chunk (docs/zones.md).
 * Each move's own lease keeps it to one driver; the drives go on after the run.
 */
export function zoneMovesJob(mover: Mover): Job {
  return {
    name: 'zone-moves',
    period: 'minutely',
    leaseMs: 5 * 60_000,
    run: async () => {
      const n = await mover.resume();
      return n ? `took up ${n} moves of books between zones` : '';
    },
  };
}

/**
 * Imports nobody drives (the instance reading or recording one died) taken up again;
 * imports left waiting for the user a week cancelled, their files dropped (docs/imports.md).
 */
export function importsJob(imports: ImportsService): Job {
  return {
    name: 'imports',
    period: 'minutely',
    leaseMs: 5 * 60_000,
    run: async () => {
      const n = await imports.resume();
      return n ? `took up ${n} imports` : '';
    },
  };
}

/** Behaviour events past their retention dropped (docs/host.md, "Tracking"). */
export function trackingJob(tracking: TrackingService): Job {
  return {
    name: 'tracking',
    period: 'daily',
    leaseMs: 30 * 60_000,
    run: async () => {
      const n = await tracking.dropOld();
      return n ? `dropped ${n} behaviour events past their retention` : '';
    },
  };
}

/** Every job of the server, as main.ts runs them and `cab jobs run` names them. */
export function serverJobs(built: Pick<BuiltApp, 'housekeeping' | 'commerce' | 'cloud' | 'zones' | 'tracking' | 'imports'>): Job[] {
  return [
    housekeepingJob(built.housekeeping),
    ledgerAuditJob(built.commerce.ledger),
    paymentsJob(built.commerce.recharge),
    billingJob(built.commerce.billing, built.commerce.notices),
    spaceJob(built.cloud.notices),
    zoneMovesJob(built.zones.mover),
    importsJob(built.imports.imports),
    trackingJob(built.tracking),
  ];
}
