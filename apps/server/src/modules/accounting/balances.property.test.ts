import { ACCOUNTING_PATHS, bookPath, minorToMoney, moneyToMinor } from '@cab/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
});
afterAll(() => t.close());

/** One step a user might take: record, edit or delete (indexes pick among what exists). */
type Op =
  | { kind: 'expense' | 'income'; account: number; minor: number; foreign: boolean }
  | { kind: 'transfer'; from: number; to: number; minor: number; received: number }
  | { kind: 'balance'; account: number; minor: number }
  | { kind: 'edit'; which: number; minor: number; account: number }
  | { kind: 'delete'; which: number };

const amount = fc.integer({ min: 1, max: 5_000_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('expense' as const, 'income' as const), account: fc.nat(5), minor: amount, foreign: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(5), to: fc.nat(5), minor: amount, received: amount }),
  fc.record({ kind: fc.constant('balance' as const), account: fc.nat(5), minor: fc.integer({ min: -3_000_000, max: 3_000_000 }) }),
  fc.record({ kind: fc.constant('edit' as const), which: fc.nat(20), minor: amount, account: fc.nat(5) }),
  fc.record({ kind: fc.constant('delete' as const), which: fc.nat(20) }),
);

interface Live {
  id: string;
  /** Signed movement of each account, computed by the test alone. */
  moves: Map<string, bigint>;
  editable: boolean;
  type: 'Expense' | 'Income';
}

describe('account balances', () => {
  it('equal a brute-force sum after any sequence of creates, edits and deletes across types, accounts and currencies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const book = await buildBook(t, token, 'daily');
        const o = inBook(token, book.id);
        // A US-dollar account beside the book's yuan ones.
        const usd = await t.client.post(ACCOUNTING_PATHS.accounts, { name: 'USD', group_name: '外币', type: 'Cash', currency: 'USD' }, o);
        expect(usd.statusCode, usd.body).toBe(201);
        const d = await bookDimensions(t, token, book.id);
        const accounts = d.accounts;
        const start = new Map(accounts.map((a) => [a.id, moneyToMinor(a.balance)]));
        const cat = { Expense: d.expense[0]!.subs[0]!, Income: d.income[0]!.subs[0]! };
        const live: Live[] = [];
        const model = () => {
          const m = new Map(start);
          for (const l of live) for (const [a, v] of l.moves) m.set(a, (m.get(a) ?? 0n) + v);
          return m;
        };
        // What the server's rate table makes of a foreign amount (the test's own rounding is not the subject).
        const converted = async (from: string, to: string, minor: number) => {
          if (from === to) return BigInt(minor);
          const r = await t.client.get(`${ACCOUNTING_PATHS.convert}?from=${from}&to=${to}&amount=${minorToMoney(minor)}`, o);
          return moneyToMinor(r.json().data.result);
        };
        for (const step of ops) {
          if (step.kind === 'expense' || step.kind === 'income') {
            const a = accounts[step.account % accounts.length]!;
            const currency = step.foreign ? (a.currency === 'USD' ? 'CNY' : 'USD') : a.currency;
            const type = step.kind === 'expense' ? 'Expense' : 'Income';
            const res = await t.client.post(
              ACCOUNTING_PATHS[step.kind],
              { account: { id: a.id }, category: { id: cat[type] }, amount: minorToMoney(step.minor), currency },
              o,
            );
            expect(res.statusCode, res.body).toBe(201);
            const inAccount = await converted(currency, a.currency, step.minor);
            live.push({
              id: res.json().data.id,
              moves: new Map([[a.id, type === 'Expense' ? -inAccount : inAccount]]),
              editable: currency === a.currency,
              type,
            });
          } else if (step.kind === 'transfer') {
            const from = accounts[step.from % accounts.length]!;
            const to = accounts[step.to % accounts.length]!;
            const res = await t.client.post(
              ACCOUNTING_PATHS.transfer,
              {
                from_account: { id: from.id },
                to_account: { id: to.id },
                from_amount: minorToMoney(step.minor),
                to_amount: minorToMoney(step.received),
              },
              o,
            );
            if (from.id === to.id) {
              expect(res.statusCode).toBe(422);
              continue;
            }
            expect(res.statusCode, res.body).toBe(201);
            live.push({
              id: res.json().data.id,
              moves: new Map([
                [from.id, -BigInt(step.minor)],
                [to.id, BigInt(step.received)],
              ]),
              editable: false,
              type: 'Expense',
            });
          } else if (step.kind === 'balance') {
            const a = accounts[step.account % accounts.length]!;
            const diff = BigInt(step.minor) - (model().get(a.id) ?? 0n);
            const res = await t.client.post(ACCOUNTING_PATHS.balance, { account: { id: a.id }, amount: minorToMoney(step.minor) }, o);
            if (diff === 0n) {
              expect(res.statusCode).toBe(422);
              continue;
            }
            expect(res.statusCode, res.body).toBe(201);
            live.push({ id: res.json().data.id, moves: new Map([[a.id, diff]]), editable: false, type: 'Expense' });
          } else if (step.kind === 'edit') {
            const target = live.filter((l) => l.editable)[step.which % Math.max(1, live.filter((l) => l.editable).length)];
            if (!target) continue;
            const a = accounts.filter((x) => x.currency === 'CNY')[step.account % 5]!;
            const res = await t.client.patch(
              bookPath(ACCOUNTING_PATHS.update, { id: target.id }),
              { amount: minorToMoney(step.minor), account: { id: a.id } },
              o,
            );
            expect(res.statusCode, res.body).toBe(200);
            target.moves = new Map([[a.id, target.type === 'Expense' ? -BigInt(step.minor) : BigInt(step.minor)]]);
          } else if (step.kind === 'delete') {
            const target = live[step.which % Math.max(1, live.length)];
            if (!target) continue;
            const res = await t.client.delete(ACCOUNTING_PATHS.remove, { ids: [target.id] }, o);
            expect(res.statusCode, res.body).toBe(204);
            live.splice(live.indexOf(target), 1);
          }
        }
        const expected = model();
        const after = await bookDimensions(t, token, book.id);
        for (const a of after.accounts) expect(moneyToMinor(a.balance), `account ${a.name}`).toBe(expected.get(a.id) ?? 0n);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
