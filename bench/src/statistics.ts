/**
 * Statistics benchmark (issue 9): the calls people make on a large book, each beside the
 * raw SQL of the same call run directly through the driver.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:statistics
 *   BENCH_LARGE_DATABASE_URL=<url printed by bench:large-book> npm run bench:statistics   # reuse a large book
 *
 * Without BENCH_LARGE_DATABASE_URL it makes a database of its own with a user, a family
 * book and BENCH_COUNT transactions (default 1,000,000) over 5 years, then drops it
 * (BENCH_KEEP=1 keeps it). Each call runs BENCH_RUNS times (default 200) one after
 * another after a warm-up; the table shows the API's median and p95 over loopback HTTP,
 * the median of the same statements run directly through the driver, and their ratio.
 *
 * "The same statements": every statement the call's handler runs (book settings, id
 * checks, the statistics queries, the transactions' names and images), captured from an
 * in-process server's log of that call; the pipeline's token and membership lookups are
 * not counted in the raw time (they are the same for every call, see `npm run bench`); a
 * second raw figure runs them too, so its ratio is what HTTP and the server's own work add.
 * The API is timed against the server in a process of its own (NODE_ENV=production), as
 * a phone would call it, so the client's own work does not share the server's thread.
 */
import { STATISTICS_PATHS, periodId } from '@cab/contracts';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { signedFetch, startServerProcess, waitForExit } from '../../apps/server/test/process.ts';
import { fillLargeBook } from '../../apps/server/test/large-book.ts';
import { signIn, signInWithBook, startBenchServer } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const existing = process.env.BENCH_LARGE_DATABASE_URL || undefined;

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}
let recording: Array<Statement & { pipeline: boolean }> | undefined;
const PIPELINE = /from "access_tokens"|from "book_users" as "bu"/i;
const log = (e: LogEvent) => {
  if (recording && e.level === 'query')
    recording.push({ sql: e.query.sql, parameters: e.query.parameters, pipeline: PIPELINE.test(e.query.sql) });
};

const server = await startBenchServer({ ownDatabase: { prefix: 'cab_stats', keep: process.env.BENCH_KEEP === '1' }, existing, log });
if (server.kind !== 'postgres') console.log('note: embedded PGlite (set DATABASE_URL for the PostgreSQL figures the targets are about)');
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))] ?? 0;

try {
  let token: string;
  let bookId: string;
  if (existing) {
    const owner = await server.db
      .selectFrom('book_users as bu')
      .innerJoin('users as u', 'u.id', 'bu.user_id')
      .innerJoin('book_roles as r', (j) => j.onRef('r.book_id', '=', 'bu.book_id').onRef('r.id', '=', 'bu.role_id'))
      .select(['bu.book_id', 'u.phone'])
      .where('r.kind', '=', 'owner')
      .orderBy('bu.book_id')
      .executeTakeFirstOrThrow();
    bookId = owner.book_id;
    token = (await signIn(server, owner.phone!)).token;
  } else {
    const made = await signInWithBook(server, 'family');
    ({ token, bookId } = made);
    const t0 = performance.now();
    await fillLargeBook(server.db, { bookId, userId: made.userId, count: COUNT, years: 5 });
    console.log(`filled ${COUNT.toLocaleString('en')} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const rows = await server.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  // The raw side: a connection of its own, straight through the driver.
  const raw = new pg.Client({ connectionString: server.databaseUrl ?? existing ?? process.env.DATABASE_URL });
  if (server.kind === 'postgres') {
    await raw.connect();
    await raw.query('VACUUM ANALYZE transactions');
    await raw.query('VACUUM ANALYZE transaction_day_totals');
  }
  // The server under measurement: its own process on the same database.
  const timed = await startServerProcess({
    DATABASE_URL: server.databaseUrl ?? existing ?? '',
    NODE_ENV: 'production',
    CAB_DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/cab-bench-stats-${process.pid}`,
  });
  const call = (base: string, path: string, body: unknown) => signedFetch(base, 'POST', path, body, token, { 'trading-entity': bookId });
  const api = (path: string, body: unknown) => call(timed.base, path, body);
  const month = periodId('TIME_MONTH', { y: new Date().getUTCFullYear() - 1, m: 6, d: 15, h: 12 });
  console.log(
    `CAB statistics bench: ${server.kind}, book ${bookId} with ${Number(rows.n).toLocaleString('en')} transactions, ${RUNS} runs each`,
  );

  // Page 500 of the flow: walk there by cursor, as a client scrolling would.
  let cursor: string | undefined;
  for (let page = 1; page < 500; page++) {
    const res = await api(STATISTICS_PATHS.transactions, { page: { page_size: 50, ...(cursor ? { cursor } : {}) } });
    cursor = ((await res.json()) as { paging: { next_cursor: string } }).paging.next_cursor;
  }

  const calls: Array<[string, string, unknown]> = [
    ['month summary', STATISTICS_PATHS.summaries, { group_filter: { group_key: 'TIME_MONTH', group_id: month } }],
    [
      'month by category',
      STATISTICS_PATHS.rollupGroups,
      {
        group: { group_by: 'CATEGORY_SECOND' },
        query: { category_types: ['Expense'] },
        group_filter: { group_key: 'TIME_MONTH', group_id: month },
      },
    ],
    ['whole book by month', STATISTICS_PATHS.rollupGroups, { group: { group_by: 'TIME_MONTH' } }],
    ['flow: latest 50', STATISTICS_PATHS.transactions, { page: { page_size: 50 } }],
    ['flow: page 500', STATISTICS_PATHS.transactions, { page: { page_size: 50, cursor } }],
    ['keyword 咖啡 (common)', STATISTICS_PATHS.transactions, { query: { keyword: '咖啡' }, page: { page_size: 50 } }],
    ['keyword 咖啡 12345 (rare)', STATISTICS_PATHS.transactions, { query: { keyword: '咖啡 12345' }, page: { page_size: 50 } }],
    ['keyword summary 咖啡', STATISTICS_PATHS.summaries, { query: { keyword: '咖啡' } }],
  ];
  const table: string[] = [
    '| call | API p50 ms | API p95 ms | raw SQL p50 ms | statements | ratio | with token and membership p50 ms | ratio to all SQL |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const timeRaw = async (statements: Statement[]) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      for (const st of statements) await raw.query(st.sql, [...st.parameters]);
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  for (const [name, path, body] of calls) {
    for (let i = 0; i < 10; i++) await (await api(path, body)).arrayBuffer();
    recording = [];
    const check = await call(server.base, path, body);
    if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    const all = recording;
    const statements = all.filter((st) => !st.pipeline);
    recording = undefined;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await (await api(path, body)).arrayBuffer();
      times.push(performance.now() - t0);
    }
    if (process.env.BENCH_EXPLAIN === '1' && server.kind === 'postgres') {
      for (const st of statements) {
        const plan = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, [...st.parameters]);
        console.log(`-- ${name}\n${st.sql}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`);
      }
    }
    const rawMedian = server.kind === 'postgres' ? await timeRaw(statements) : NaN;
    const allMedian = server.kind === 'postgres' ? await timeRaw(all) : NaN;
    const apiMedian = median(times);
    const line = `| ${name} | ${apiMedian.toFixed(2)} | ${p95(times).toFixed(2)} | ${rawMedian.toFixed(2)} | ${statements.length} | ${(apiMedian / rawMedian).toFixed(2)} | ${allMedian.toFixed(2)} | ${(apiMedian / allMedian).toFixed(2)} |`;
    table.push(line);
    console.log(line);
  }
  const info: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await (await signedFetch(timed.base, 'GET', '/server/info')).arrayBuffer();
    info.push(performance.now() - t0);
  }
  table.push(`| (reference) GET /server/info, no SQL | ${median(info).toFixed(2)} | ${p95(info).toFixed(2)} | | 0 | | | |`);
  console.log(`\n${table.join('\n')}`);
  timed.proc.kill('SIGTERM');
  await waitForExit(timed.proc);
  if (server.kind === 'postgres') await raw.end();
} finally {
  await server.close();
}
