/**
 * Crash during payments: buyers recharge through the sandbox provider (a process of its
 * own that outlives CAB), confirm at its cashier and buy packages, while the CAB server is
 * killed with SIGKILL at a random moment and started again on the same address, several
 * rounds in a row, on PGlite and on PostgreSQL. Afterwards every payment the provider
 * confirmed is credited (by its notification, delivered again until taken, or by asking
 * the provider), every acknowledged purchase is paid once, an unanswered create retried
 * with its Idempotency-Key is applied once, and each wallet is exactly its paid recharges
 * less its paid purchases, with a ledger that balances. CAB_CRASH_ROUNDS, CAB_CRASH_SEED.
 */
import path from 'node:path';
import { COMMERCE_PATHS } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { systemClock } from '../src/platform/clock.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { startSandboxProcess, type SandboxProcess } from '../test/payments.ts';
import { freePort, startServerProcess, waitForExit, type RunningServer } from '../test/process.ts';
import { call, fromMigratedDump, makeBook, makeRng, type BookSetup, type Rng } from './client.ts';
import { postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';

const ROUNDS = Number(process.env.CAB_CRASH_ROUNDS ?? 2);
const SEED = Number(process.env.CAB_CRASH_SEED ?? Date.now() % 1_000_000);
const BUYERS = 4;
const ACKED_BEFORE_KILL = 12;
const figures = { rounds: 0, confirmed: 0, purchases: 0, retried: 0 };
const running: RunningServer[] = [];

afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  console.log(
    `commerce crash: ${figures.rounds} rounds, ${figures.confirmed} payments confirmed at the provider all credited, ` +
      `${figures.purchases} acknowledged purchases paid once, ${figures.retried} unanswered creates retried with their key (seed ${SEED})`,
  );
});

interface Buyer {
  setup: BookSetup;
  /** Recharges the provider confirmed to the payer. */
  confirmed: string[];
  /** Purchases answered 201, with their status then. */
  purchases: Array<{ orderNo: string; status: string }>;
  /** Creates that got no answer: retried with the same key after the restart. */
  unanswered: Array<{ url: string; body: object; key: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function buyerLoop(base: () => string, sandbox: SandboxProcess, b: Buyer, rng: Rng, prefix: string, stop: () => boolean) {
  for (let i = 0; !stop(); i++) {
    const recharge = {
      url: COMMERCE_PATHS.recharge,
      body: { amount: rng() < 0.5 ? '6' : '12.5', pay_type: 7, channel: 'sandbox' },
      key: `${prefix}:r${i}`,
    };
    const r = await call(base(), 'POST', recharge.url, recharge.body, b.setup.token, { 'idempotency-key': recharge.key });
    if (r.status === null) {
      b.unanswered.push(recharge);
      continue;
    }
    if (r.status !== 201) continue;
    const order = (r.body as { data: { order_no: string; cashier_url: string } }).data;
    const paymentId = order.cashier_url.split('/').at(-1)!;
    if (rng() < 0.8) {
      const back = await sandbox.decide(paymentId, 'confirm');
      if (back.includes('result=success')) b.confirmed.push(order.order_no);
    }
    const buy = { url: COMMERCE_PATHS.purchase, body: { combo_id: 'budget_advanced_30' }, key: `${prefix}:p${i}` };
    const p = await call(base(), 'POST', buy.url, buy.body, b.setup.token, {
      'idempotency-key': buy.key,
      'trading-entity': b.setup.bookId,
    });
    if (p.status === null) b.unanswered.push(buy);
    else if (p.status === 201) {
      const data = (p.body as { data: { order_no: string; status: string } }).data;
      b.purchases.push({ orderNo: data.order_no, status: data.status });
    }
  }
}

async function crashRounds(kind: 'pglite' | 'postgres'): Promise<void> {
  const db: ScratchDatabase = await scratchDatabase(kind, 'paycrash');
  const sandbox = await startSandboxProcess({ SANDBOX_RETRY_DELAYS_MS: '0,300,1000,2000,3000,5000,8000,13000' });
  const port = await freePort();
  const env = {
    ...db.env,
    CAB_PAY_SANDBOX_URL: sandbox.url,
    CAB_PAY_SANDBOX_API_KEY: sandbox.apiKey,
    CAB_PAY_SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
    CAB_PAY_NOTIFY_BASE: `http://127.0.0.1:${port}`,
  };
  const start = async () => {
    const s = await startServerProcess(env, { port });
    running.push(s);
    return s;
  };
  const buyers: Buyer[] = [];
  try {
    await fromMigratedDump(db);
    let server = await start();
    for (let round = 0; round < ROUNDS; round++) {
      const rng = makeRng(SEED * 17 + round);
      const fresh: Buyer[] = [];
      for (let i = 0; i < BUYERS; i++) fresh.push({ setup: await makeBook(server.base), confirmed: [], purchases: [], unanswered: [] });
      buyers.push(...fresh);
      let killed = false;
      const loops = fresh.map((b, i) =>
        buyerLoop(
          () => server.base,
          sandbox,
          b,
          makeRng(rng() * 2 ** 32),
          `k${kind}${SEED}r${round}b${i}`,
          () => killed,
        ),
      );
      const acked = () => fresh.reduce((n, b) => n + b.purchases.length + b.confirmed.length, 0);
      while (acked() < ACKED_BEFORE_KILL) await sleep(50);
      await sleep(rng() * 800);
      server.proc.kill('SIGKILL');
      killed = true;
      await Promise.all(loops);
      await waitForExit(server.proc);
      server = await start();
      // Unanswered creates, sent again with their keys: applied once.
      for (const b of fresh) {
        for (const u of b.unanswered) {
          const extra: Record<string, string> = {
            'idempotency-key': u.key,
            ...(u.url === COMMERCE_PATHS.purchase ? { 'trading-entity': b.setup.bookId } : {}),
          };
          const again = await call(server.base, 'POST', u.url, u.body, b.setup.token, extra);
          expect(again.status, JSON.stringify(again)).toBe(201);
          figures.retried += 1;
        }
      }
      figures.rounds += 1;
    }
    // Every payment the provider confirmed ends paid: its notification arrives again, or the order's read asks the provider.
    for (const b of buyers) {
      for (const no of b.confirmed) {
        let status = '';
        for (let i = 0; i < 120 && status !== 'paid'; i++) {
          const r = await call(server.base, 'GET', COMMERCE_PATHS.rechargeOrder.replace(':id', no), undefined, b.setup.token);
          status = r.status === 200 ? (r.body as { data: { status: string } }).data.status : '';
          if (status !== 'paid') await sleep(250);
        }
        expect(status, `recharge ${no} confirmed at the provider`).toBe('paid');
        figures.confirmed += 1;
      }
      for (const p of b.purchases.filter((x) => x.status === 'paid')) {
        const r = await call(server.base, 'GET', COMMERCE_PATHS.purchasingOrder.replace(':id', p.orderNo), undefined, b.setup.token);
        expect(r.status === 200 && (r.body as { data: { status: string } }).data.status).toBe('paid');
        figures.purchases += 1;
      }
    }
    const balances = new Map<string, string>();
    for (const b of buyers) {
      const r = await call(server.base, 'GET', COMMERCE_PATHS.accounts, undefined, b.setup.token);
      if (r.status !== 200) throw new Error(`accounts: ${JSON.stringify(r)}`);
      balances.set(b.setup.token, (r.body as { data: Array<{ balance: string }> }).data[0]!.balance);
    }
    server.proc.kill('SIGTERM');
    expect(await waitForExit(server.proc)).toBe(0);

    const handle = await openDatabase(db.url ? { databaseUrl: db.url } : { dataDir: path.join(db.dataDir, 'pgdata') });
    try {
      expect(await new LedgerService(handle.db, systemClock).audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
      const twice = await sql<{ order_no: string }>`
        SELECT order_no FROM ledger_entries WHERE reverses_id IS NULL AND kind IN ('recharge', 'purchase')
        GROUP BY order_no, kind HAVING count(*) > 1`.execute(handle.db);
      expect(twice.rows).toEqual([]);
      // Each wallet: its paid recharges (with any bonus) less its paid purchases, nothing else.
      const wallets = await sql<{ user_id: string; wallet: string; expected: string }>`
        SELECT a.owner_id AS user_id, a.balance::text AS wallet,
          ((SELECT coalesce(sum(amount + bonus), 0) FROM recharge_orders r WHERE r.user_id = a.owner_id AND r.status = 'paid')
           - (SELECT coalesce(sum(price), 0) FROM purchasing_orders p WHERE p.user_id = a.owner_id AND p.status = 'paid'))::text AS expected
        FROM ledger_accounts a WHERE a.kind = 'wallet'`.execute(handle.db);
      expect(wallets.rows.filter((w) => w.wallet !== w.expected)).toEqual([]);
      expect(wallets.rows.length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    expect([...balances.values()].every((v) => /^\d+\.\d\d$/.test(v))).toBe(true);
  } finally {
    for (const s of running) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await sandbox.stop();
    await db.drop();
  }
}

describe('crash: SIGKILL during payments and purchases', () => {
  it('loses no confirmed payment and charges nothing twice, on PGlite', async () => {
    await crashRounds('pglite');
  });

  it('loses no confirmed payment and charges nothing twice, on PostgreSQL', async () => {
    if (!(await postgresAvailable())) return;
    await crashRounds('postgres');
  });
});
