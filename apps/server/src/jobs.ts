import type { Job } from './platform/jobs/runner.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';

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
