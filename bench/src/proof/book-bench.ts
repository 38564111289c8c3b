/**
 * One book size of `npm run bench`: a database of its own with a family book of `size`
 * transactions, the server under measurement, and each row beside its floor (floor.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTING_PATHS, BOOK_PATHS, BUDGET_PATHS, STATISTICS_PATHS, bookPath, periodId } from '@cab/contracts';
import { signedFetch, startServerProcess, waitForExit } from '../../../apps/server/test/process.ts';
import { fillLargeBook } from '../../../apps/server/test/large-book.ts';
import { signInWithBook, startBenchServer } from '../server.ts';
import { StatementRecorder, median, percentile, pgRunner, pgliteRunner, timeConcurrent, timeRuns, type Statement } from './floor.ts';
import { PURCHASE_PATH, benchPurchase } from './purchase-bench.ts';

export interface BenchOptions {
  size: number;
  runs: number;
  writes: number;
  concurrency: number;
}

export interface Row {
  book: string;
  name: string;
  api: string;
  floor: string;
  /** The API's median over the floor's (what the server adds to the least the work can cost). */
  ratio: number;
}

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;
const p = (times: number[]) => `p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}`;

export async function benchBook(o: BenchOptions, log: (line: string) => void): Promise<Row[]> {
  const recorder = new StatementRecorder();
  const setup = await startBenchServer({ ownDatabase: { prefix: 'cab_proof', keep: false }, log: recorder.log });
  const label = o.size >= 1_000_000 ? `${o.size / 1_000_000}M` : `${o.size / 1000}k`;
  const rows: Row[] = [];
  let timed: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-proof-'));
  try {
    const { token, bookId, userId } = await signInWithBook(setup, 'family');
    const years = o.size >= 100_000 ? 5 : 1;
    const t0 = performance.now();
    await fillLargeBook(setup.db, { bookId, userId, count: o.size, years });
    log(
      `${label}: filled ${o.size.toLocaleString('en')} transactions over ${years} year(s) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const raw = setup.kind === 'postgres' ? await pgRunner(setup.databaseUrl!, 3) : pgliteRunner(setup.db);
    if (setup.kind === 'postgres') await raw.run([{ sql: 'VACUUM ANALYZE', parameters: [] }], false);
    // On PostgreSQL the server under measurement is a production process of its own, as a phone
    // reaches it; PGlite allows one process, so there it is the in-process server.
    if (setup.kind === 'postgres')
      timed = await startServerProcess({ DATABASE_URL: setup.databaseUrl!, NODE_ENV: 'production', CAB_DATA_DIR: filesDir });
    const base = timed?.base ?? setup.base;
    const inBook = { 'trading-entity': bookId };
    const call = (on: string, method: string, url: string, body?: unknown, extra: Record<string, string> = {}) =>
      signedFetch(on, method, url, body, token, { ...inBook, ...extra });
    const ok = async (res: Promise<Response>) => {
      const r = await res;
      const text = await r.text();
      if (!r.ok) throw new Error(`${r.status}: ${text.slice(0, 300)}`);
      return text;
    };

    // The empty route: signature, nonce and HTTP, no SQL.
    const empty = await timeRuns(o.runs, async () => void (await ok(signedFetch(base, 'GET', '/server/info'))));
    const emptyP50 = median(empty);
    rows.push({ book: label, name: 'empty route (GET /server/info)', api: p(empty), floor: '', ratio: NaN });

    const accounts = JSON.parse(await ok(call(base, 'GET', ACCOUNTING_PATHS.accounts))) as {
      data: Array<{ accounts: Array<{ id: string }> }>;
    };
    const account = accounts.data[0]!.accounts[0]!.id;
    const categories = JSON.parse(await ok(call(base, 'GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`))) as {
      data: Array<{ id: string; sub_categories: Array<{ id: string }> }>;
    };
    for (const c of categories.data.slice(0, 3))
      await ok(
        call(base, 'POST', bookPath(BUDGET_PATHS.add, { type: 'Category', id: c.id, budget_type: 'Expense', recurrence_type: 'Month' }), {
          budget_amount: '2000',
        }),
      );
    await ok(
      call(base, 'POST', bookPath(BUDGET_PATHS.add, { type: 'Book', id: bookId, budget_type: 'Expense', recurrence_type: 'Month' }), {
        budget_amount: '9000',
      }),
    );

    /** A read: the API's runs, beside the same statements through the driver plus the empty route. */
    const read = async (name: string, calls: Array<[string, string, unknown?]>) => {
      const send = (on: string) => Promise.all(calls.map(([method, url, body]) => ok(call(on, method, url, body))));
      await send(setup.base);
      const captured: Statement[][] = [];
      for (const [method, url, body] of calls) captured.push(await recorder.capture(() => call(setup.base, method, url, body)));
      const api = await timeRuns(o.runs, async () => void (await send(base)));
      const sqlTimes = await timeRuns(o.runs, () => raw.parallel(captured));
      const floor = median(sqlTimes) + emptyP50;
      const statements = captured.reduce((n, c) => n + c.length, 0);
      rows.push({
        book: label,
        name,
        api: p(api),
        floor: `${ms(floor)} (SQL ${ms(median(sqlTimes))}, ${statements} statements)`,
        ratio: median(api) / floor,
      });
      log(`${label}: ${name}: ${p(api)}; floor ${ms(floor)}`);
    };

    const now = new Date();
    const monthAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 15));
    const month = periodId('TIME_MONTH', { y: monthAgo.getUTCFullYear(), m: monthAgo.getUTCMonth() + 1, d: 15, h: 12 });
    await read('open a book (book, month summary, accounts)', [
      ['GET', `${BOOK_PATHS.book}?id=${bookId}`],
      ['GET', ACCOUNTING_PATHS.monthSummary],
      ['GET', `${ACCOUNTING_PATHS.accounts}?scene=Accounting`],
    ]);
    await read(`a month's expense by category (${month})`, [
      [
        'POST',
        STATISTICS_PATHS.rollupGroups,
        {
          group: { group_by: 'CATEGORY_SECOND' },
          query: { category_types: ['Expense'] },
          group_filter: { group_key: 'TIME_MONTH', group_id: month },
        },
      ],
    ]);
    await read('the flow: latest 50', [['POST', STATISTICS_PATHS.transactions, { page: { page_size: 50 } }]]);
    // A deep page, reached by cursor as a client scrolling there would (a 10,000-record book has 200 pages of 50).
    const deep = Math.min(500, Math.floor(o.size / 50));
    let cursor: string | undefined;
    for (let page = 1; page < deep; page++) {
      const body = JSON.parse(
        await ok(call(base, 'POST', STATISTICS_PATHS.transactions, { page: { page_size: 50, ...(cursor ? { cursor } : {}) } })),
      ) as {
        paging: { next_cursor: string };
      };
      cursor = body.paging.next_cursor;
    }
    await read(`the flow: page ${deep}`, [['POST', STATISTICS_PATHS.transactions, { page: { page_size: 50, cursor } }]]);
    await read('keyword 咖啡, latest 50', [
      ['POST', STATISTICS_PATHS.transactions, { query: { keyword: '咖啡' }, page: { page_size: 50 } }],
    ]);
    await read('the budget center (book total and categories, this month)', [
      [
        'GET',
        `${bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Book', subject_id: bookId })}?recurrence_type=Month&budget_type=Expense`,
      ],
    ]);

    // Writes come after the reads, so every read saw a book of exactly `size` records.
    const bought = await benchPurchase({
      db: setup.db,
      userId,
      runs: o.runs,
      recorder,
      raw,
      buy: (on) => call(on, 'POST', PURCHASE_PATH, { combo_id: 'budget_advanced_30' }),
      captureOn: setup.base,
      timedOn: base,
      emptyP50,
    });
    rows.push({
      book: label,
      name: 'buy a package from the wallet (order, ledger entry, feature)',
      api: p(bought.api),
      floor: `${ms(bought.floor)} (SQL ${ms(median(bought.sql))}, ${bought.statements} statements)`,
      ratio: median(bought.api) / bought.floor,
    });
    log(`${label}: buy a package: ${p(bought.api)}; floor ${ms(bought.floor)}`);

    const category = categories.data[0]!.sub_categories[0]!.id;
    const expense = (i: number) => ({
      account: { id: account },
      category: { id: category },
      amount: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      remark: `bench ${i}`,
    });
    const one = await recorder.capture(() => call(setup.base, 'POST', ACCOUNTING_PATHS.expense, expense(0)));
    const oneSeq = await timeRuns(o.runs, async () => void (await ok(call(base, 'POST', ACCOUNTING_PATHS.expense, expense(1)))));
    const conc = await timeConcurrent(
      o.writes,
      o.concurrency,
      async (i) => void (await ok(call(base, 'POST', ACCOUNTING_PATHS.expense, expense(i)))),
    );
    const emptyConc = await timeConcurrent(o.writes, o.concurrency, async () => void (await ok(signedFetch(base, 'GET', '/server/info'))));
    const oneSql = await timeRuns(o.runs, () => raw.run(one, true));
    const oneFloor = median(oneSql) + emptyP50;
    rows.push({
      book: label,
      name: `record one expense (${o.concurrency} at a time; 1 at a time)`,
      api: `${conc.perSecond.toFixed(0)} req/s, ${p(conc.times)}; 1 at a time ${p(oneSeq)}`,
      floor: `empty route ${emptyConc.perSecond.toFixed(0)} req/s, ${p(emptyConc.times)}; 1 at a time ${ms(oneFloor)} (SQL ${ms(median(oneSql))}, ${one.length} statements)`,
      ratio: median(oneSeq) / oneFloor,
    });
    log(`${label}: record one: ${conc.perSecond.toFixed(0)} req/s`);

    const batch = { transaction_vo_list: Array.from({ length: 1000 }, (_, i) => ({ business_type: 'Expense', ...expense(i) })) };
    const batchSql = await recorder.capture(() => call(setup.base, 'POST', ACCOUNTING_PATHS.batch, batch));
    const tb = performance.now();
    for (let i = 0; i < 10; i++) await ok(call(base, 'POST', ACCOUNTING_PATHS.batch, batch));
    const importMs = performance.now() - tb;
    const sqlMs = (await timeRuns(10, () => raw.run(batchSql, true), 0)).reduce((a, b) => a + b, 0);
    const importFloor = sqlMs + 10 * emptyP50;
    rows.push({
      book: label,
      name: 'import 10,000 (10 batches of 1,000, one after another)',
      api: `${ms(importMs)} (${Math.round(10_000 / (importMs / 1000)).toLocaleString('en')} records/s)`,
      floor: `${ms(importFloor)} (SQL ${ms(sqlMs)}, ${batchSql.length} statements a batch)`,
      ratio: importMs / importFloor,
    });
    log(`${label}: import 10,000 in ${ms(importMs)}`);
    await raw.close();
    return rows;
  } finally {
    if (timed) {
      timed.proc.kill('SIGTERM');
      await waitForExit(timed.proc);
    }
    await setup.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}
