/**
 * The peer benchmark: CAB beside Actual Budget's Node API (`@actual-app/api`) on one
 * workload, on the same machine in one run.
 *
 *   npm run bench:peers                                   # CAB on embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:peers
 *   BENCH_RUNS=200 BENCH_WARMUP=500 BENCH_COUNT=10000 BENCH_IN_FLIGHT=2 npm run bench:peers
 *
 * The workload: 10,000 transactions over the 12 months up to today (every tenth an
 * income) across 20 expense and 2 income categories and 3 accounts, imported; the book
 * reopened; a month's category totals for each of the 12 months; the latest 50.
 *
 * CAB: the real server in-process (a database of its own on DATABASE_URL, dropped at the
 * end, or PGlite in a temp dir), signed calls over loopback HTTP as a phone makes them.
 * Actual: `bench/peers/actual/runner.mjs` in a child process, on a local budget in a temp
 * dir (no server), after CAB's server has stopped so the two never share the machine.
 * The peer lives in its own folder with its own package.json and lock, installed here
 * when missing, never by the app's install (bench/peers is not a workspace).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTING_PATHS, BATCH_MAX, BOOK_PATHS, STATISTICS_PATHS, type BatchCreateRequest } from '@cab/contracts';
import { CompiledQuery, type LogEvent } from 'kysely';
import { signedFetch, startServerProcess, waitForExit } from '../../apps/server/test/process.ts';
import { signInWithBook, startBenchServer } from './server.ts';
import { peerTable, type CabFigures, type PeerFigures, type Timing } from './peers-table.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
// Uncounted calls before each read is timed, on both sides alike: enough for the JIT to settle. With 20,
// CAB's in-process latest 50 measured 0.45 to 0.54 ms; with 500, 0.36 ms (bench/README.md).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
/** Reopens are heavier on the peer's side (it loads the whole file): fewer, both sides alike. */
const REOPEN_RUNS = 5;

const peerDir = fileURLToPath(new URL('../peers/actual/', import.meta.url));

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))] ?? 0;

/** Times `fn(i)` `runs` times one after another after `warmup` uncounted calls (the peer's runner does the same). */
/** How many import calls the second import keeps in flight. */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 2);

async function repeat(fn: (i: number) => Promise<unknown>, runs = RUNS, warmup = WARMUP): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return { p50: median(times), p95: p95(times), runs };
}

// ---------- the workload, shared with the peer through a file ----------

interface WorkloadTransaction {
  /** The book's local date, YYYY-MM-DD. */
  date: string;
  /** Indexes into the workload's accounts and categories. */
  account: number;
  category: number;
  /** Positive minor units; the category says whether it is an expense or an income. */
  cents: number;
  note: string;
}
interface Workload {
  accounts: string[];
  categories: Array<{ group: string; name: string; income: boolean }>;
  /** The 12 months, YYYY-MM, oldest first; the last is the current one. */
  months: string[];
  transactions: WorkloadTransaction[];
  runs: number;
  warmup: number;
  reopenRuns: number;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `count` transactions spread evenly over the days from the first of the month 11 months ago to today. */
function makeTransactions(count: number, expenseCategories: number, incomeCategories: number, accounts: number) {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1);
  const days = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - start) / 86_400_000) + 1;
  const months = Array.from({ length: 12 }, (_, m) => iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + m, 1)).slice(0, 7));
  const transactions: WorkloadTransaction[] = Array.from({ length: count }, (_, i) => {
    const income = i % 10 === 9;
    // The incomes and the expenses each take their categories in turn (every one is used).
    const incomes = Math.floor((i + 1) / 10);
    return {
      date: iso(start + Math.floor((i * days) / count) * 86_400_000),
      account: i % accounts,
      category: income ? expenseCategories + ((incomes - 1) % incomeCategories) : (i - incomes) % expenseCategories,
      cents: ((i * 37) % 500) * 100 + (i % 100) + 100,
      note: `bench ${i}`,
    };
  });
  return { months, transactions };
}

// ---------- the peer ----------

/** The peer's own install, outside the workspaces; npm's variables of this run are left out so they do not steer it. */
function installPeer(): void {
  if (fs.existsSync(path.join(peerDir, 'node_modules/@actual-app/api/package.json'))) return;
  console.log(`installing the peer in ${peerDir} (once; better-sqlite3 may build from source)`);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  const res = spawnSync('npm', ['install', '--prefix', peerDir, '--no-audit', '--no-fund'], { stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`npm install of the peer failed (${res.status ?? res.signal})`);
}

function runPeer(workloadFile: string): PeerFigures {
  const res = spawnSync(process.execPath, [path.join(peerDir, 'runner.mjs'), workloadFile], {
    cwd: peerDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = res.stdout.trim().split('\n').at(-1) ?? '';
  if (res.status !== 0 || !last.startsWith('{'))
    throw new Error(`the peer failed (${res.status ?? res.signal}):\n${res.stdout.slice(-4000)}`);
  return JSON.parse(last) as PeerFigures;
}

// ---------- CAB ----------

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  pipeline: boolean;
  /** As the server ran it (its driver's round trip included). */
  ms: number;
}
let recording: Statement[] | undefined;
// What a call's pipeline reads when nothing is kept (the token, with the membership since issue 26), told apart from the call's own.
const PIPELINE = /from "access_tokens"|from access_tokens|from "book_users" as "bu"/i;
const log = (e: LogEvent) => {
  if (recording && e.level === 'query')
    recording.push({ sql: e.query.sql, parameters: e.query.parameters, pipeline: PIPELINE.test(e.query.sql), ms: e.queryDurationMillis });
};

/** The import's statements summed by what they do, beside the calls' time over HTTP. */
function importBreakdown(statements: Statement[], callsMs: number): string[] {
  const kinds: Array<[string, RegExp]> = [
    // Since issue 26 one statement writes the rows, the activity entry, the balances and the day totals.
    ['write the transactions with their activity entry, balances and day totals', /^\s*with ins as \(\s*insert into transactions/i],
    ['look up what the records name and the recorder', /^\s*select 'a' as kind, id, name/i],
    ['the overspent-budget check (after the answer)', /from book_budgets b/i],
    ['insert the transactions', /insert into "transactions"/i],
    ['insert the activity rows', /insert into "book_activities"/i],
    ['add to the day totals', /insert into "?transaction_day_totals/i],
    ['the names and images of the answer', /from "book_images"|^\s*select 'a' as kind/i],
    ['look up categories and accounts', /from "book_categories"|from "book_accounts"/i],
    ['move the balances', /^update "book_accounts"/i],
    ['token and membership', PIPELINE],
  ];
  const sums = new Map<string, { n: number; ms: number }>();
  for (const s of statements) {
    const kind = kinds.find(([, re]) => re.test(s.sql))?.[0] ?? 'other (book, rates, begin, commit, ...)';
    const v = sums.get(kind) ?? { n: 0, ms: 0 };
    sums.set(kind, { n: v.n + 1, ms: v.ms + s.ms });
  }
  const sqlMs = statements.reduce((a, s) => a + s.ms, 0);
  return [
    '| part of the import | statements | ms | share of the calls |',
    '| --- | --- | --- | --- |',
    ...[...sums]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([k, v]) => `| ${k} | ${v.n} | ${v.ms.toFixed(0)} | ${((100 * v.ms) / callsMs).toFixed(0)} % |`),
    `| all SQL | ${statements.length} | ${sqlMs.toFixed(0)} | ${((100 * sqlMs) / callsMs).toFixed(0)} % |`,
    `| the rest: HTTP, signature, validation, JSON, rules in JS | | ${(callsMs - sqlMs).toFixed(0)} | ${((100 * (callsMs - sqlMs)) / callsMs).toFixed(0)} % |`,
  ];
}

installPeer();
// The machine's 1-minute load average, printed with the figures: on a shared machine it says how far to trust them.
const load = () => os.loadavg()[0]!.toFixed(1);
const loadStart = load();
const server = await startBenchServer({ ownDatabase: { prefix: 'cab_peers', keep: false }, log });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-peers-'));
// On PostgreSQL the calls over HTTP go to the production server in a process of its own, as a
// phone reaches it (and as `npm run bench` measures): the bench's own work (making bodies,
// reading 560 KB answers) does not run on the server's thread. The in-process instance makes
// the users and books, answers the in-process reads and records the statements of an import
// for the breakdown. Every write comes before the reads, so neither instance keeps an answer
// the other's writes would change. PGlite allows one process: there everything is in-process.
const own = server.databaseUrl
  ? await startServerProcess({ DATABASE_URL: server.databaseUrl, NODE_ENV: 'production', CAB_DATA_DIR: workDir, CAB_ANSWER_CACHE: 'on' })
  : undefined;
const httpBase = own?.base ?? server.base;
let cab: CabFigures;
let sqlBreakdown: string[];
let importParts: string[];
let workload: Workload;
try {
  // A user with a book from the everyday template: its accounts and categories are the
  // workload's, named the same on the peer's side (every book from the template alike).
  const openBook = async (base = httpBase) => {
    const { token, bookId } = await signInWithBook(server, 'daily');
    const inBook = { 'trading-entity': bookId };
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await signedFetch(base, method, url, body, token, inBook);
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    type Category = { id: string; name: string; sub_categories?: Array<{ id: string; name: string }> };
    const leaves = async (type: 'Expense' | 'Income', want: number) => {
      const tree = (await call<{ data: Category[] }>('GET', `${ACCOUNTING_PATHS.categories}?trade_type=${type}`)).data;
      const all = tree.flatMap((c) =>
        c.sub_categories?.length ? c.sub_categories.map((s) => ({ ...s, group: c.name })) : [{ ...c, group: c.name }],
      );
      if (all.length < want) throw new Error(`the template has ${all.length} ${type} categories, ${want} wanted`);
      // Spread over the first-level categories: every k-th leaf.
      return Array.from({ length: want }, (_, i) => all[Math.floor((i * all.length) / want)]!);
    };
    const expense = await leaves('Expense', 20);
    const income = await leaves('Income', 2);
    const accounts = (await call<{ data: Array<{ accounts: Array<{ id: string; name: string }> }> }>('GET', ACCOUNTING_PATHS.accounts)).data
      .flatMap((g) => g.accounts)
      .slice(0, 3);
    return { token, bookId, inBook, call, expense, income, accounts };
  };
  const main = await openBook();
  const { token, bookId, inBook, call, expense, income, accounts } = main;
  const categories = [...expense, ...income];
  const { months, transactions } = makeTransactions(COUNT, expense.length, income.length, accounts.length);
  workload = {
    accounts: accounts.map((a) => a.name),
    categories: categories.map((c, i) => ({ group: c.group, name: c.name, income: i >= expense.length })),
    months,
    transactions,
    runs: RUNS,
    warmup: WARMUP,
    reopenRuns: REOPEN_RUNS,
  };
  console.log(
    `CAB beside Actual: ${server.kind}, ${COUNT.toLocaleString('en')} transactions ${months[0]} to ${months.at(-1)}, ` +
      `${categories.length} categories, ${accounts.length} accounts; reads ${RUNS} runs after ${WARMUP} warm-up`,
  );

  // (a) The import: batches of BATCH_MAX (1,000) one after another, as an importer sends them.
  const batchesFor = (book: Awaited<ReturnType<typeof openBook>>) => {
    const cats = [...book.expense, ...book.income];
    const body = (t: WorkloadTransaction): BatchCreateRequest['transaction_vo_list'][number] => ({
      business_type: workload.categories[t.category]!.income ? 'Income' : 'Expense',
      account: { id: book.accounts[t.account]!.id },
      category: { id: cats[t.category]!.id },
      amount: `${Math.floor(t.cents / 100)}.${String(t.cents % 100).padStart(2, '0')}`,
      // Noon in the book's zone (UTC+8) is 04:00 UTC: the same date in any zone near it.
      transaction_time: Date.parse(`${t.date}T04:00:00Z`),
      remark: t.note,
    });
    return Array.from({ length: Math.ceil(transactions.length / BATCH_MAX) }, (_, b) => ({
      transaction_vo_list: transactions.slice(b * BATCH_MAX, (b + 1) * BATCH_MAX).map(body),
    }));
  };
  const send = async (book: Awaited<ReturnType<typeof openBook>>, batch: { transaction_vo_list: unknown[] }) => {
    const made = await book.call<{ data: unknown[] }>('POST', ACCOUNTING_PATHS.batch, batch);
    if (made.data.length !== batch.transaction_vo_list.length) throw new Error(`a batch made ${made.data.length} of ${BATCH_MAX}`);
  };
  // The server is timed warm, as it runs: one batch into another book first compiles its
  // code (the peer's second import runs warm the same way, after its first).
  const warm = await openBook();
  await send(warm, batchesFor(warm)[0]!);
  // Each import is timed three times, each into a book of its own, and the median kept: a
  // run takes well under a second, and one run moved by a tenth either way (garbage
  // collection, the compiler). The first goes into the book the reads use. The bodies are
  // made before the clock starts, as an importer has its rows ready.
  const timedImport = async (book: Awaited<ReturnType<typeof openBook>>, inFlight: number) => {
    const queue = batchesFor(book);
    const t = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        for (let batch = queue.shift(); batch; batch = queue.shift()) await send(book, batch);
      }),
    );
    return performance.now() - t;
  };
  const medianOf3 = async (first: Awaited<ReturnType<typeof openBook>> | undefined, inFlight: number) => {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await timedImport(i === 0 && first ? first : await openBook(), inFlight));
    return median(runs);
  };
  // One call after another; then with calls in flight (two by default: the server writes one
  // batch while it reads and checks the next).
  const importMs = await medianOf3(main, 1);
  const importTwoMs = await medianOf3(undefined, IN_FLIGHT);
  // Where the time goes: the same import once more, into a third book through the in-process
  // instance, its statements recorded with their times (the log is a push into an array).
  const traced = await openBook(server.base);
  const tracedBatches = batchesFor(traced);
  recording = [];
  const t2 = performance.now();
  for (const batch of tracedBatches) await send(traced, batch);
  importParts = importBreakdown(recording, performance.now() - t2);
  recording = undefined;
  // Seven imports made the table eight times larger within seconds; autovacuum refreshes the
  // planner's figures shortly after such a change, and here the reads would come before it.
  await server.db.executeQuery(CompiledQuery.raw('ANALYZE', []));

  const monthId = (m: string) => m.replace('-', '');
  const currentMonth = monthId(months.at(-1)!);
  const monthTotals = (m: string) => ({
    group: { group_by: 'CATEGORY_SECOND' },
    query: { category_types: ['Expense'] },
    group_filter: { group_key: 'TIME_MONTH', group_id: monthId(m) },
  });
  const latest = { page: { page_size: 50 } };
  type Rollup = { metric_data: Array<{ key: string; value: string }> };
  // The same check as the peer's: the first month's expenses, in minor units.
  const first = await call<Rollup>('POST', STATISTICS_PATHS.rollupGroups, monthTotals(months[0]!));
  const firstMonthExpenseCents = Math.round(Number(first.metric_data.find((x) => x.key === 'EXPENSE')?.value ?? NaN) * 100);

  // (b) Reopen: what the book's home (the dashboard) asks for when a book is opened, all at
  // once: the current-book info (openBook), the book, this month's totals, the accounts,
  // and what it prefetches for the flow: the first page and that page's month's day totals.
  const reopenCalls: Array<[string, string, unknown]> = [
    ['GET', BOOK_PATHS.currentInfo, undefined],
    ['GET', `${BOOK_PATHS.book}?id=${bookId}`, undefined],
    ['GET', ACCOUNTING_PATHS.monthSummary, undefined],
    ['GET', `${ACCOUNTING_PATHS.accounts}?scene=Accounting`, undefined],
    ['POST', STATISTICS_PATHS.transactions, { query: {} }],
    [
      'POST',
      STATISTICS_PATHS.rollupGroups,
      { group: { group_by: 'TIME_DAY' }, query: {}, group_filter: { group_key: 'TIME_MONTH', group_id: currentMonth } },
    ],
  ];
  const reopen = await repeat(() => Promise.all(reopenCalls.map(([m, u, b]) => call(m, u, b))), REOPEN_RUNS, 1);

  // (c) A month's category totals, the 12 months in turn; (d) the latest 50.
  const monthTotalsMs = await repeat((i) => call('POST', STATISTICS_PATHS.rollupGroups, monthTotals(months[i % months.length]!)));
  const latestMs = await repeat(() => call('POST', STATISTICS_PATHS.transactions, latest));

  // The same reads in the server's own process (Fastify's inject: signature, token, membership,
  // handler and answer, no socket): the layer the peer's figures are taken at. First as the
  // server answers them (kept answers: each is computed once, then kept until the book
  // changes), then through an instance that keeps no answers, so every call computes its
  // answer as the first read after a write does (the token and the membership stay kept:
  // a record does not change them), then through one that keeps nothing at all.
  const injectWith = (into: typeof server.inject) => async (url: string, b: unknown) => {
    const res = await into('POST', url, b, token, inBook);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
    return JSON.parse(res.body) as unknown;
  };
  const reads = async (into: typeof server.inject) => ({
    monthTotals: await repeat((i) => injectWith(into)(STATISTICS_PATHS.rollupGroups, monthTotals(months[i % months.length]!))),
    latest50: await repeat(() => injectWith(into)(STATISTICS_PATHS.transactions, latest)),
  });
  const inProcess = await reads(server.inject);
  const computed = await reads(server.injectComputed);
  const nothingKept = await reads(server.injectNothingKept);

  cab = {
    count: COUNT,
    import: importMs,
    importTwoAtATime: importTwoMs,
    reopen,
    monthTotals: monthTotalsMs,
    latest50: latestMs,
    inProcess,
    computed,
    nothingKept,
    firstMonthExpenseCents,
  };

  // Where CAB's time goes: each read's statements captured from one call and run again
  // through the server's own database handle (no HTTP), and a call that runs no SQL.
  const sqlOf = async (
    name: string,
    method: string,
    url: string,
    b: unknown,
    api: Timing,
    kept: Timing,
    computedMs: Timing,
    none: Timing,
  ) => {
    // Captured from the instance that keeps nothing: its own statements and the pipeline's.
    recording = [];
    await server.injectNothingKept(method, url, b, token, inBook);
    const all = recording;
    recording = undefined;
    const own = all.filter((s) => !s.pipeline);
    const run = (list: Statement[]) => async () => {
      for (const s of list) await server.db.executeQuery(CompiledQuery.raw(s.sql, [...s.parameters]));
    };
    const ownMs = await repeat(run(own));
    const allMs = await repeat(run(all));
    return (
      `| ${name} | ${api.p50.toFixed(2)} | ${kept.p50.toFixed(2)} | ${computedMs.p50.toFixed(2)} | ${none.p50.toFixed(2)} | ${own.length} | ${ownMs.p50.toFixed(2)} | ` +
      `${all.length} | ${allMs.p50.toFixed(2)} | ${(computedMs.p50 - ownMs.p50).toFixed(2)} | ${(none.p50 - allMs.p50).toFixed(2)} |`
    );
  };
  const info = await repeat(async () => {
    const res = await signedFetch(httpBase, 'GET', '/server/info');
    await res.arrayBuffer();
  });
  sqlBreakdown = [
    "| call | HTTP p50 ms | in-process, kept p50 ms | in-process, computed p50 ms | in-process, nothing kept p50 ms | own statements | their SQL p50 ms | with the pipeline's | all SQL p50 ms | computed minus own SQL ms | nothing kept minus all SQL ms |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    await sqlOf(
      "a month's category totals",
      'POST',
      STATISTICS_PATHS.rollupGroups,
      monthTotals(months[6]!),
      monthTotalsMs,
      inProcess.monthTotals,
      computed.monthTotals,
      nothingKept.monthTotals,
    ),
    await sqlOf(
      'the latest 50',
      'POST',
      STATISTICS_PATHS.transactions,
      latest,
      latestMs,
      inProcess.latest50,
      computed.latest50,
      nothingKept.latest50,
    ),
    `| (reference) GET /server/info, no SQL | ${info.p50.toFixed(2)} | | | | 0 | | 0 | | | |`,
  ];
} finally {
  if (own) {
    own.proc.kill('SIGTERM');
    await waitForExit(own.proc);
  }
  await server.close();
}

const workloadFile = path.join(workDir, 'workload.json');
fs.writeFileSync(workloadFile, JSON.stringify(workload));
const loadPeer = load();
console.log('running the peer (Actual) on the same workload ...');
const peer = runPeer(workloadFile);
fs.rmSync(workDir, { recursive: true, force: true });
if (peer.firstMonthExpenseCents !== cab.firstMonthExpenseCents)
  throw new Error(
    `the two sides disagree on the first month's expenses: CAB ${cab.firstMonthExpenseCents}, Actual ${peer.firstMonthExpenseCents}`,
  );

console.log(
  `\nCAB (${server.kind}, Node ${process.version}; HTTP calls to ${own ? 'the production server in a process of its own' : 'the in-process server'}) beside Actual ${peer.version}, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}; ` +
    `1-minute load average at the start, the peer's start and the end: ${loadStart}, ${loadPeer}, ${load()}`,
);
console.log(peerTable(cab, peer).join('\n'));
console.log(
  `\nWhere CAB's import time goes (${server.kind}, ${cab.count.toLocaleString('en')} in calls of ${BATCH_MAX} one after another, ` +
    `through the in-process instance, its statements recorded):\n${importParts.join('\n')}`,
);
console.log(`\nWhere CAB's read time goes (${server.kind}):\n${sqlBreakdown.join('\n')}`);
