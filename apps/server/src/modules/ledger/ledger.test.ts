import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { systemClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { LedgerError, LedgerService, moveBetween } from './ledger.service.ts';

/**
 * The ledger on its own, against a migrated database (PGlite, or PostgreSQL in CI): it has
 * no calls of its own, the commerce calls that use it are tested through HTTP. What is
 * checked here is what no caller can be trusted with: the database's own refusals.
 */
let h: DatabaseHandle;
let ledger: LedgerService;
let clearing: string;
let revenue: string;
let users = 0;
beforeAll(async () => {
  h = await freshDatabase();
  ledger = new LedgerService(h.db, systemClock);
  clearing = await ledger.platformAccount(h.db, 'clearing');
  revenue = await ledger.platformAccount(h.db, 'revenue');
});
afterAll(() => h.close());

/** A wallet of a user of this file's own (no user row needed: the ledger keys by id). */
const newWallet = () => ledger.wallet(h.db, String(9_000_000 + ++users));
const recharge = (wallet: string, amount: bigint, key: string) =>
  ledger.postNow({
    key,
    kind: 'recharge',
    postings: moveBetween(clearing, wallet, amount),
  });
const purchase = (wallet: string, amount: bigint, key: string) =>
  ledger.postNow({
    key,
    kind: 'purchase',
    postings: moveBetween(wallet, revenue, amount),
  });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof LedgerError ? e.reason : String(e)),
  );

describe('the banana-shell ledger', () => {
  it('moves balances by entries whose postings sum to zero, and a retried movement is written once', async () => {
    const w = await newWallet();
    const before = await ledger.balance(clearing);
    const first = await recharge(w, 10_000n, 'test:r1');
    expect(first.replayed).toBe(false);
    expect(await ledger.balance(w)).toBe(10_000n);
    expect(await ledger.balance(clearing)).toBe(before - 10_000n);
    // The same key and movement again: the first entry, nothing more.
    expect(await recharge(w, 10_000n, 'test:r1')).toEqual({ entryId: first.entryId, replayed: true });
    expect(await ledger.balance(w)).toBe(10_000n);
    // The same key for another movement: refused.
    expect(await refusal(recharge(w, 5_000n, 'test:r1'))).toBe('conflict');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });

  it('never lets a wallet go below zero, and a refusal writes nothing', async () => {
    const w = await newWallet();
    await recharge(w, 100n, 'test:r2');
    const err = await purchase(w, 150n, 'test:p2').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as LedgerError).reason).toBe('insufficient');
    expect((err as LedgerError).shortfall).toBe(50n);
    expect(await ledger.entry(h.db, 'test:p2')).toBeUndefined();
    // Refused inside a transaction, the transaction goes on (the purchase offers a recharge instead).
    await h.db.transaction().execute(async (tx) => {
      await expect(
        ledger.post(tx, {
          key: 'test:p2b',
          kind: 'purchase',
          postings: moveBetween(w, revenue, 101n),
        }),
      ).rejects.toThrow(LedgerError);
      await ledger.post(tx, {
        key: 'test:p2c',
        kind: 'purchase',
        postings: moveBetween(w, revenue, 100n),
      });
    });
    expect(await ledger.balance(w)).toBe(0n);
  });

  it('refuses postings that do not balance, repeat an account, are zero or out of range', async () => {
    const w = await newWallet();
    const post = (postings: Array<{ accountId: string; amount: bigint }>) =>
      refusal(ledger.postNow({ key: `test:bad:${Math.random()}`, kind: 'x', postings }));
    expect(
      await post([
        { accountId: clearing, amount: -5n },
        { accountId: w, amount: 4n },
      ]),
    ).toBe('invalid');
    expect(
      await post([
        { accountId: w, amount: 0n },
        { accountId: clearing, amount: 0n },
      ]),
    ).toBe('invalid');
    expect(await post([{ accountId: w, amount: 5n }])).toBe('invalid');
    expect(
      await post([
        { accountId: w, amount: 5n },
        { accountId: w, amount: -5n },
      ]),
    ).toBe('invalid');
    expect(
      await post([
        { accountId: clearing, amount: -(2n ** 63n) },
        { accountId: w, amount: 2n ** 63n },
      ]),
    ).toBe('invalid');
    expect(
      await post([
        { accountId: '999999999', amount: -5n },
        { accountId: w, amount: 5n },
      ]),
    ).toBe('not_found');
    expect(await ledger.balance(w)).toBe(0n);
  });

  it('undoes an entry with a reversing one, once, and not with shells already spent', async () => {
    const w = await newWallet();
    await recharge(w, 1_000n, 'test:r4');
    const bought = await purchase(w, 400n, 'test:p4');
    await h.db.transaction().execute((tx) => ledger.reverse(tx, bought.entryId, 'test:p4:refund', 'refund'));
    expect(await ledger.balance(w)).toBe(1_000n);
    // Asked again with its key: the same reversal. Under another key: refused.
    expect((await h.db.transaction().execute((tx) => ledger.reverse(tx, bought.entryId, 'test:p4:refund', 'refund'))).replayed).toBe(true);
    expect(await refusal(h.db.transaction().execute((tx) => ledger.reverse(tx, bought.entryId, 'test:p4:again')))).toBe('already_reversed');
    // A recharge whose shells were spent cannot be taken back from the wallet.
    const r = await recharge(w, 500n, 'test:r4b');
    await purchase(w, 1_200n, 'test:p4b');
    expect(await refusal(h.db.transaction().execute((tx) => ledger.reverse(tx, r.entryId, 'test:r4b:back')))).toBe('insufficient');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });

  it('the database itself refuses edits, deletions, unbalanced entries and overdrafts', async () => {
    const w = await newWallet();
    const r = await recharge(w, 300n, 'test:r5');
    await expect(sql`UPDATE ledger_entries SET memo = 'x' WHERE id = ${r.entryId}`.execute(h.db)).rejects.toThrow(/never changed/);
    await expect(sql`DELETE FROM ledger_postings WHERE entry_id = ${r.entryId}`.execute(h.db)).rejects.toThrow(/never changed/);
    // Written past the service: an entry that does not balance fails at commit.
    const unbalanced = h.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('ledger_entries')
        .values({ idempotency_key: 'test:raw1', kind: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('ledger_postings').values({ entry_id: id, account_id: w, amount: '7' }).execute();
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    // ... and one that overdraws a wallet fails at once.
    const overdraw = h.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('ledger_entries')
        .values({ idempotency_key: 'test:raw2', kind: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('ledger_postings')
        .values([
          { entry_id: id, account_id: w, amount: '-301' },
          { entry_id: id, account_id: revenue, amount: '301' },
        ])
        .execute();
    });
    await expect(overdraw).rejects.toThrow(/no_overdraw/);
    expect(await ledger.balance(w)).toBe(300n);
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });

  it('50 purchases at once against a wallet that affords 7: exactly 7 go through', async () => {
    const w = await newWallet();
    await recharge(w, 700n, 'test:r6');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => refusal(purchase(w, 100n, `test:p6:${i}`))));
    expect(results.filter((r) => r === 'accepted')).toHaveLength(7);
    expect(results.filter((r) => r === 'insufficient')).toHaveLength(43);
    expect(await ledger.balance(w)).toBe(0n);
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });
});
