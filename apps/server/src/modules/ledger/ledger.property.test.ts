import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { systemClock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { LedgerError, LedgerService, moveBetween, type EntryInput } from './ledger.service.ts';

/**
 * Random sequences of movements against a model of the ledger: recharges, bonuses,
 * purchases, payments into a book's service balance and its daily charge, refunds (a
 * reversal), and any of them asked for again with its key. After each sequence every
 * balance is the model's, every entry sums to zero, every kept balance is the sum of its
 * postings, and no wallet or service balance is below zero. (The commerce calls' own
 * property test, with orders and notifications, drives these through HTTP.)
 */
let h: DatabaseHandle;
let ledger: LedgerService;
let run = 0;
beforeAll(async () => {
  h = await freshDatabase();
  ledger = new LedgerService(h.db, systemClock);
});
afterAll(() => h.close());

const amount = fc.integer({ min: 1, max: 50_000 });
const ops = fc.array(
  fc.oneof(
    fc.record({ op: fc.constantFrom('recharge' as const, 'bonus' as const, 'purchase' as const, 'fund' as const), who: fc.nat(2), amount }),
    fc.record({ op: fc.constant('charge' as const), book: fc.nat(1), amount }),
    fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('again' as const), pick: fc.nat() }),
  ),
  { minLength: 1, maxLength: 30 },
);

describe('the ledger against a model', () => {
  it('keeps every balance, sums to zero and never overdraws, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const r = ++run;
        const wallets = await Promise.all([0, 1, 2].map((i) => ledger.wallet(h.db, String(8_000_000 + r * 10 + i))));
        const books = await Promise.all([0, 1].map((i) => ledger.bookService(h.db, String(7_000_000 + r * 10 + i))));
        const clearing = await ledger.platformAccount(h.db, 'clearing');
        const promotion = await ledger.platformAccount(h.db, 'promotion');
        const revenue = await ledger.platformAccount(h.db, 'revenue');
        const platform = [clearing, promotion, revenue];
        const platformBefore = await Promise.all(platform.map((a) => ledger.balance(a)));
        const model = new Map<string, bigint>([...wallets, ...books, clearing, promotion, revenue].map((a) => [a, 0n]));
        const done: Array<{ input: EntryInput; entryId: string; reversed: boolean }> = [];
        const apply = (input: EntryInput) =>
          input.postings.forEach((p) => model.set(p.accountId, (model.get(p.accountId) ?? 0n) + p.amount));
        const affords = (input: EntryInput) =>
          input.postings.every(
            (p) => p.amount > 0n || ![...wallets, ...books].includes(p.accountId) || (model.get(p.accountId) ?? 0n) + p.amount >= 0n,
          );

        for (const [i, o] of sequence.entries()) {
          const key = `prop:${r}:${i}`;
          if (o.op === 'again' || o.op === 'refund') {
            const earlier = done[o.pick % Math.max(1, done.length)];
            if (!earlier) continue;
            if (o.op === 'again') {
              const again = await ledger.postNow(earlier.input);
              expect(again).toEqual({ entryId: earlier.entryId, replayed: true });
              continue;
            }
            const back: EntryInput = {
              key: `${key}:back`,
              kind: 'refund',
              postings: earlier.input.postings.map((p) => ({ ...p, amount: -p.amount })),
            };
            const outcome = await h.db
              .transaction()
              .execute((tx) => ledger.reverse(tx, earlier.entryId, back.key, 'refund'))
              .then(
                () => 'ok',
                (e: unknown) => (e instanceof LedgerError ? e.reason : String(e)),
              );
            const expected = earlier.reversed ? 'already_reversed' : affords(back) ? 'ok' : 'insufficient';
            expect(outcome).toBe(expected);
            if (outcome === 'ok') {
              apply(back);
              earlier.reversed = true;
            }
            continue;
          }
          const n = BigInt(o.amount);
          const pair = (): [string, string] => {
            if (o.op === 'charge') return [books[o.book]!, revenue];
            const wallet = wallets[o.who]!;
            if (o.op === 'recharge') return [clearing, wallet];
            if (o.op === 'bonus') return [promotion, wallet];
            return o.op === 'purchase' ? [wallet, revenue] : [wallet, books[o.who % 2]!];
          };
          const [from, to] = pair();
          const input: EntryInput = {
            key,
            kind: o.op,
            postings: moveBetween(from, to, n),
          };
          const ok = affords(input);
          const outcome = await ledger.postNow(input).then(
            (p) => p,
            (e: unknown) => (e instanceof LedgerError ? e.reason : String(e)),
          );
          if (!ok) {
            expect(outcome).toBe('insufficient');
            continue;
          }
          if (typeof outcome === 'string') throw new Error(`refused: ${outcome}`);
          apply(input);
          done.push({ input, entryId: outcome.entryId, reversed: false });
        }

        for (const a of [...wallets, ...books]) {
          expect(await ledger.balance(a)).toBe(model.get(a));
          expect(model.get(a)! >= 0n).toBe(true);
        }
        const platformAfter = await Promise.all(platform.map((a) => ledger.balance(a)));
        platformAfter.forEach((b, i) => expect(b - platformBefore[i]!).toBe(model.get(platform[i]!)));
        expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
      }),
      { numRuns: 25 },
    );
  });
});
