/**
 * Where a call's time goes, as a CPU profile of the server's own process (issue 26).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:profile            # computed reads (BENCH_PROFILE=flow or month: one of them)
 *   BENCH_PROFILE=create npm run bench:profile                                                # single expense creates
 *   BENCH_PROFILE=import npm run bench:profile                                                # batch creates of 1,000
 *
 * The real server in-process (a PostgreSQL database of its own, dropped at the end, or
 * PGlite), a book from the everyday template with BENCH_COUNT (10,000) records imported
 * through the API; then the calls are made through Fastify's inject one after another,
 * the way `bench:peers` times its in-process rows, by an instance that computes every
 * answer (CAB_ANSWER_CACHE=compute: tokens and memberships kept, as on a server that just
 * saw a write). Only those calls are profiled (node:inspector). It writes the profile
 * (open it in Chromium's DevTools, Performance tab, or speedscope) and prints the self time
 * by function and by where the code lives.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTING_PATHS, BATCH_MAX, STATISTICS_PATHS } from '@cab/contracts';
import { signedFetch } from '../../apps/server/test/process.ts';
import { summarizeProfile, type CpuProfile } from './profile-summary.ts';
import { signInWithBook, startBenchServer } from './server.ts';

const MODE = process.env.BENCH_PROFILE ?? 'reads';
const COUNT = Number(process.env.BENCH_COUNT ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? (MODE === 'import' ? 20 : 2000));
const OUT = process.env.BENCH_PROFILE_OUT ?? path.join(os.tmpdir(), `cab-${MODE}.cpuprofile`);

process.env.CAB_ANSWER_CACHE ||= 'compute';
const server = await startBenchServer({ ownDatabase: { prefix: 'cab_profile', keep: false } });
try {
  const { token, bookId } = await signInWithBook(server, 'daily');
  const inBook = { 'trading-entity': bookId };
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await signedFetch(server.base, method, url, body, token, inBook);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  type Item = { id: string; sub_categories?: Array<{ id: string }> };
  const categories = (await call<{ data: Item[] }>('GET', `${ACCOUNTING_PATHS.categories}?trade_type=Expense`)).data.flatMap((c) =>
    c.sub_categories?.length ? c.sub_categories : [c],
  );
  const accounts = (await call<{ data: Array<{ accounts: Array<{ id: string }> }> }>('GET', ACCOUNTING_PATHS.accounts)).data.flatMap(
    (g) => g.accounts,
  );
  const now = Date.now();
  const record = (i: number) => ({
    business_type: 'Expense',
    account: { id: accounts[i % accounts.length]!.id },
    category: { id: categories[i % categories.length]!.id },
    amount: `${1 + (i % 500)}.${String(i % 100).padStart(2, '0')}`,
    transaction_time: now - (i % 365) * 86_400_000 - (i % 1000) * 1000,
    remark: `咖啡 ${i}`,
  });
  const batch = (from: number) => ({ transaction_vo_list: Array.from({ length: BATCH_MAX }, (_, j) => record(from + j)) });
  for (let n = 0; n < COUNT; n += BATCH_MAX) await call('POST', ACCOUNTING_PATHS.batch, batch(n));

  const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
  const flow: [string, string, unknown] = ['POST', STATISTICS_PATHS.transactions, { page: { page_size: 50 } }];
  const monthTotals: [string, string, unknown] = [
    'POST',
    STATISTICS_PATHS.rollupGroups,
    {
      group: { group_by: 'CATEGORY_SECOND' },
      query: { category_types: ['Expense'] },
      group_filter: { group_key: 'TIME_MONTH', group_id: month },
    },
  ];
  const calls: Record<string, (i: number) => [string, string, unknown]> = {
    reads: (i) => (i % 2 ? flow : monthTotals),
    flow: () => flow,
    month: () => monthTotals,
    create: (i) => ['POST', ACCOUNTING_PATHS.expense, record(i)],
    import: (i) => ['POST', ACCOUNTING_PATHS.batch, batch(COUNT + i * BATCH_MAX)],
  };
  const make = calls[MODE];
  if (!make) throw new Error(`BENCH_PROFILE must be one of ${Object.keys(calls).join(', ')}`);
  const run = async (i: number) => {
    const [method, url, body] = make(i);
    const res = await server.injectComputed(method, url, body, token, inBook);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  };
  for (let i = 0; i < Math.min(CALLS, 200); i++) await run(i);

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await run(i);
  const ms = performance.now() - t0;
  const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
  session.disconnect();
  fs.writeFileSync(OUT, JSON.stringify(profile));
  console.log(
    `${MODE}: ${CALLS} calls in ${ms.toFixed(0)} ms (${(ms / CALLS).toFixed(3)} ms a call), ${server.kind}, load ${os.loadavg()[0]!.toFixed(1)}; profile: ${OUT}\n`,
  );
  console.log(summarizeProfile(profile).join('\n'));
} finally {
  await server.close();
}
