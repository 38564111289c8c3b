/**
 * The purchase row of `npm run bench`: buying a package for the book, paid from the wallet
 * at once (an order, its ledger entry of two postings, the feature opened, the payer told),
 * beside its floor: the same statements through the driver, each replay under an order
 * number of its own (an order number and a ledger key are written once), plus the empty route.
 */
import { COMMERCE_PATHS } from '@cab/contracts';
import { LedgerService, moveBetween } from '../../../apps/server/src/modules/ledger/ledger.service.ts';
import { systemClock } from '../../../apps/server/src/platform/clock.ts';
import type { Database } from '../../../apps/server/src/platform/db/index.ts';
import { median, timeRuns, type RawRunner, type StatementRecorder, type Statement } from './floor.ts';

export interface PurchaseBench {
  db: Database;
  userId: string;
  runs: number;
  recorder: StatementRecorder;
  raw: RawRunner;
  /** A call of the purchase on a server (the in-process one is captured, the measured one timed). */
  buy: (on: string) => Promise<Response>;
  captureOn: string;
  timedOn: string;
  emptyP50: number;
}

/** The captured statements with the captured order number replaced by another (in the order row and the entry's key). */
function renumbered(statements: readonly Statement[], from: string, to: string): Statement[] {
  return statements.map((s) => ({
    sql: s.sql,
    parameters: s.parameters.map((v) => (typeof v === 'string' && v.includes(from) ? v.replaceAll(from, to) : v)),
  }));
}

export async function benchPurchase(b: PurchaseBench): Promise<{ api: number[]; sql: number[]; floor: number; statements: number }> {
  // Enough shells for every purchase the row makes.
  const ledger = new LedgerService(b.db, systemClock);
  await ledger.postNow({
    key: `bench:fund:${b.userId}:${Date.now()}`,
    kind: 'recharge',
    postings: moveBetween(await ledger.platformAccount(b.db, 'clearing'), await ledger.wallet(b.db, b.userId), 1_000_000_000n),
  });
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    const text = await r.text();
    if (r.status !== 201 || !text.includes('"status":"paid"')) throw new Error(`purchase: ${r.status} ${text.slice(0, 300)}`);
  };
  await ok(b.buy(b.captureOn));
  const captured = await b.recorder.capture(() => b.buy(b.captureOn));
  const orderNo = captured.flatMap((s) => s.parameters).find((v): v is string => typeof v === 'string' && /^P[0-9]{22}$/.test(v));
  if (!orderNo) throw new Error('the purchase wrote no order number');
  const api = await timeRuns(b.runs, () => ok(b.buy(b.timedOn)));
  let n = 0;
  const sql = await timeRuns(b.runs, () => b.raw.run(renumbered(captured, orderNo, `P${String(++n).padStart(22, '9')}`), true));
  return { api, sql, floor: median(sql) + b.emptyP50, statements: captured.length };
}

export const PURCHASE_PATH = COMMERCE_PATHS.purchase;
