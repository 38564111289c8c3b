import crypto from 'node:crypto';
import { COMMERCE_PATHS, type PurchaseOrder, type RechargeOrder } from '@cab/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildCouponBatch, buildPaidRole, buildUser, giveCoupon, inBook } from '../../../test/harness.ts';
import { notifyPath, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

/**
 * Random sequences of the commerce calls through HTTP against a model of the wallets:
 * recharges paid (with the first-recharge bonus once), failed, cancelled and paid late,
 * left open and paid later; notifications delivered twice; purchases with and without a
 * coupon, paid at once or left waiting for a recharge; the operator's refunds; days of
 * billing of a paid role, into arrears and out of them; consumption trials. After every
 * step each wallet is the model's and the book's bill status follows its unpaid bills;
 * after each sequence every entry sums to zero, every balance is the sum of its
 * postings, no wallet is below zero and no order was paid twice. On PGlite, and on
 * PostgreSQL when the suite runs there.
 */
let p: PayingApp;
let ledger: LedgerService;
beforeAll(async () => {
  p = await startPayingApp();
  ledger = new LedgerService(p.t.db, p.t.clock);
}, 60_000);
afterAll(() => p.close());

const DAY = 86_400_000;
const STAIRS: Record<string, bigint> = { '6': 100n, '30': 600n };
const AMOUNTS = ['6', '30', '12.5'] as const;
const minor = (s: string) => BigInt(Math.round(Number(s) * 100));

const op = fc.oneof(
  fc.record({
    op: fc.constant('recharge' as const),
    who: fc.nat(1),
    amount: fc.constantFrom(...AMOUNTS),
    outcome: fc.constantFrom('paid' as const, 'paidTwice' as const, 'failed' as const, 'cancelledThenPaid' as const, 'later' as const),
  }),
  fc.record({ op: fc.constant('payLater' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('purchase' as const), coupon: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('bill' as const) }),
  fc.record({ op: fc.constant('trial' as const) }),
);

interface ModelOrder {
  no: string;
  who: number;
  amount: bigint;
  storedBonus: bigint;
  gaveBonus: boolean;
  state: 'paying' | 'paid' | 'refunded' | 'closed';
  paymentId: string;
}

describe('commerce through HTTP against a model', () => {
  it('keeps every wallet the model’s, balances every entry and pays no order twice', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (sequence) => {
        run += 1;
        const from = `10.27.${run}.1`;
        const users = [await buildUser(p.t, undefined, from), await buildUser(p.t, undefined, from)];
        const member = await buildUser(p.t, undefined, from);
        const book = await buildBook(p.t, users[0]!.token);
        await addToBook(p.t, book.id, member.userid, 'viewer');
        const role = await buildPaidRole(p.t, book.id, 100n, 'PerDay');
        const batch = await buildCouponBatch(p.t, { reduceAmount: 150n });
        const coupon = await giveCoupon(p.t, users[0]!.userid, batch);
        let couponUsed = false;

        const wallet = [0n, 0n];
        const hasPaid = [false, false];
        const bonusGiven = [false, false];
        const unpaid: bigint[] = [];
        const orders: ModelOrder[] = [];
        const events: Array<{ headers: Record<string, string>; payload: string }> = [];
        let day = 0;

        const send = async (e: { headers: Record<string, string>; payload: string }) => {
          const res = await p.t.app.inject({ method: 'POST', url: notifyPath(), headers: e.headers, payload: e.payload });
          expect(res.statusCode, res.body).toBe(200);
        };
        const event = (o: ModelOrder, type: 'payment.succeeded' | 'payment.failed') =>
          p.signed({
            id: `evt_${crypto.randomBytes(10).toString('hex')}`,
            type,
            created: Math.floor(p.t.clock.now() / 1000),
            data: { payment_id: o.paymentId, order_no: o.no, amount_cny: o.amount.toString() },
          });
        const payBills = () => {
          while (unpaid.length && wallet[0]! >= unpaid[0]!) wallet[0] = wallet[0]! - unpaid.shift()!;
        };
        const credit = (o: ModelOrder) => {
          o.state = 'paid';
          hasPaid[o.who] = true;
          wallet[o.who] = wallet[o.who]! + o.amount;
          if (o.storedBonus > 0n && !bonusGiven[o.who]) {
            bonusGiven[o.who] = true;
            o.gaveBonus = true;
            wallet[o.who] = wallet[o.who]! + o.storedBonus;
          }
          if (o.who === 0) payBills();
        };
        const create = async (who: number, amount: string): Promise<ModelOrder> => {
          const res = await p.t.client.post(
            COMMERCE_PATHS.recharge,
            { amount, pay_type: 7, channel: 'sandbox' },
            { token: users[who]!.token },
          );
          expect(res.statusCode, res.body).toBe(201);
          const r = res.json().data as RechargeOrder;
          const row = await p.t.db
            .selectFrom('recharge_orders')
            .select('payment_id')
            .where('order_no', '=', r.order_no)
            .executeTakeFirstOrThrow();
          const o: ModelOrder = {
            no: r.order_no,
            who,
            amount: minor(amount),
            storedBonus: hasPaid[who] ? 0n : (STAIRS[amount] ?? 0n),
            gaveBonus: false,
            state: 'paying',
            paymentId: row.payment_id!,
          };
          expect(minor(r.bonus)).toBe(o.storedBonus);
          orders.push(o);
          return o;
        };
        const payNow = async (o: ModelOrder, twice = false) => {
          const e = event(o, 'payment.succeeded');
          events.push(e);
          await send(e);
          if (twice) await send(e);
          credit(o);
        };

        // Every run starts with the owner's paid role running (its first day paid at purchase).
        await payNow(await create(0, '6'));
        const assigned = await p.t.client.post(
          COMMERCE_PATHS.payForAssign.replace(':id', role),
          { user_ids: [member.userid] },
          inBook(users[0]!.token, book.id),
        );
        expect(assigned.json().data.status).toBe('paid');
        wallet[0] = wallet[0]! - 100n;

        for (const o of sequence) {
          if (o.op === 'recharge') {
            const order = await create(o.who, o.amount);
            if (o.outcome === 'paid' || o.outcome === 'paidTwice') await payNow(order, o.outcome === 'paidTwice');
            else if (o.outcome === 'failed') {
              await send(event(order, 'payment.failed'));
              order.state = 'closed';
            } else if (o.outcome === 'cancelledThenPaid') {
              await p.t.client.post(COMMERCE_PATHS.cancelRecharge.replace(':id', order.no), undefined, { token: users[o.who]!.token });
              await send(event(order, 'payment.succeeded'));
              order.state = 'closed';
            }
          } else if (o.op === 'payLater') {
            const open = orders.filter((x) => x.state === 'paying');
            const order = open[o.pick % Math.max(1, open.length)];
            if (order) await payNow(order);
          } else if (o.op === 'purchase') {
            const useCoupon = o.coupon && !couponUsed;
            const price = useCoupon ? 450n : 600n;
            const res = await p.t.client.post(
              COMMERCE_PATHS.purchase,
              { combo_id: 'budget_advanced_30', ...(useCoupon ? { coupon_id: coupon } : {}) },
              inBook(users[0]!.token, book.id),
            );
            expect(res.statusCode, res.body).toBe(201);
            const bought = res.json().data as PurchaseOrder;
            if (useCoupon) couponUsed = true;
            if (wallet[0]! >= price) {
              expect(bought.status).toBe('paid');
              wallet[0] = wallet[0]! - price;
            } else {
              expect(bought.status).toBe('awaiting_recharge');
              expect(minor(bought.shortfall)).toBe(price - wallet[0]!);
              orders.push({
                no: bought.recharge!.order_no,
                who: 0,
                amount: minor(bought.recharge!.amount),
                storedBonus: 0n,
                gaveBonus: false,
                state: 'closed',
                paymentId: '',
              });
            }
          } else if (o.op === 'refund') {
            const paid = orders.filter((x) => x.state === 'paid');
            const order = paid[o.pick % Math.max(1, paid.length)];
            if (!order) continue;
            const back = order.amount + (order.gaveBonus ? order.storedBonus : 0n);
            const refused = await p.t.built.commerce.settlement.refundPaid(order.no).then(
              () => false,
              () => true,
            );
            expect(refused).toBe(wallet[order.who]! < back);
            if (!refused) {
              wallet[order.who] = wallet[order.who]! - back;
              order.state = 'refunded';
            }
          } else if (o.op === 'replay') {
            const e = events[o.pick % Math.max(1, events.length)];
            if (e) await send(e);
          } else if (o.op === 'bill') {
            day += 1;
            const billing = p.t.built.commerce.billing;
            await billing.runDay(billing.dayOf(p.t.clock.now() + day * DAY));
            unpaid.push(100n);
            payBills();
          } else {
            const q = await p.t.client.post(
              COMMERCE_PATHS.featureTrial.replace(':featureCode', 'budget_advanced'),
              {},
              inBook(users[0]!.token, book.id),
            );
            expect(q.json().data.balance).toBe((Number(wallet[0]) / 100).toFixed(2));
          }
          for (const [i, u] of users.entries()) {
            const got = (await p.t.client.get(COMMERCE_PATHS.accounts, { token: u.token })).json().data[0].balance as string;
            expect(minor(got), `wallet ${i} after ${JSON.stringify(o)} (run ${run})`).toBe(wallet[i]);
          }
          const summary = (await p.t.client.get(COMMERCE_PATHS.serviceSummary, inBook(users[0]!.token, book.id))).json().data;
          expect(summary.bill_status).toBe(unpaid.length ? 'arrears' : 'normal');
        }

        expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
        const twice = await sql<{ order_no: string }>`
          SELECT order_no FROM ledger_entries WHERE kind IN ('recharge', 'purchase') AND reverses_id IS NULL
          GROUP BY order_no, kind HAVING count(*) > 1`.execute(p.t.db);
        expect(twice.rows).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
