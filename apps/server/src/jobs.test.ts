import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { housekeepingJob, ledgerAuditJob } from './jobs.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { systemClock } from './platform/clock.ts';
import type { DatabaseHandle } from './platform/db/index.ts';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await freshDatabase({ own: true });
});
afterAll(() => h.close());

describe("the server's jobs", () => {
  it('housekeeping says what it removed, and nothing when there was nothing', async () => {
    const at = new Date();
    expect(await housekeepingJob(async () => ({ books: ['1', '2'], images: 3, avatars: 0 })).run(at)).toBe(
      'removed 2 books, 3 images, 0 avatars',
    );
    expect(await housekeepingJob(async () => ({ books: [], images: 0, avatars: 0 })).run(at)).toBe('');
  });

  it('the ledger audit passes on a sound ledger and fails, naming the account, on one that is not', async () => {
    const job = ledgerAuditJob(new LedgerService(h.db, systemClock));
    expect(await job.run(new Date())).toBe('the ledger balances');
    // A balance moved past the trigger (what no code does).
    await sql`UPDATE ledger_accounts SET balance = balance + 5, credits = credits + 5 WHERE kind = 'revenue'`.execute(h.db);
    const revenue = await h.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'revenue').executeTakeFirstOrThrow();
    await expect(job.run(new Date())).rejects.toThrow(new RegExp(`mismatched accounts ${revenue.id}\\b`));
  });
});
