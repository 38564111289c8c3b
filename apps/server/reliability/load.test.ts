/**
 * Load (issue 12): the real server as a process in production mode, on a PostgreSQL
 * database of its own and Redis, under a family's mix of reads and writes (load-mix.ts)
 * from six users in four books, at a fixed rate for a minute. Requests are sent on a
 * schedule, not one after another (open loop, load-loop.ts): a slow answer does not hold
 * back the next request, and each latency runs from the moment the request was due, so a
 * stall shows in the figures instead of hiding in fewer requests (coordinated omission).
 *
 *   CAB_LOAD_SECONDS (60)  CAB_LOAD_RATE (50/s)  CAB_LOAD_WARMUP_SECONDS (10)  CAB_LOAD_PER_BOOK (3000)
 *   CAB_LOAD_P99_MS (250)  CAB_LOAD_RSS_GROWTH (0.3)  CAB_LOAD_HEAP_GROWTH_MB (10)
 *
 * docs/reliability.md ("Load") says why these values.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedFetch, startServerProcess, waitForExit, type RunningServer } from '../test/process.ts';
import { postgresAvailable, scratchDatabase, type ScratchDatabase } from './databases.ts';
import { openLoop, type RunResult } from './load-loop.ts';
import { READ_SHARE, WRITE_SHARE, mixOf } from './load-mix.ts';
import { cpuOf, databaseCpu, liveHeap, mean, quantile, redisUrl, rssOf, serverTimes, sorted } from './load-measure.ts';
import { makeFamily, random } from './load-setup.ts';

const SECONDS = Number(process.env.CAB_LOAD_SECONDS ?? 60);
const RATE = Number(process.env.CAB_LOAD_RATE ?? 50);
const WARMUP_SECONDS = Number(process.env.CAB_LOAD_WARMUP_SECONDS ?? 10);
const PER_BOOK = Number(process.env.CAB_LOAD_PER_BOOK ?? 3000);
const P99_BOUND_MS = Number(process.env.CAB_LOAD_P99_MS ?? 250);
/** How much the mean RSS of the run's last quarter may exceed its second quarter's. */
const RSS_GROWTH_BOUND = Number(process.env.CAB_LOAD_RSS_GROWTH ?? 0.3);
/** How much the live heap after a full collection may grow from before the run to after it. */
const HEAP_GROWTH_BOUND_MB = Number(process.env.CAB_LOAD_HEAP_GROWTH_MB ?? 10);
/** The server must answer at least this share of the scheduled rate. */
const THROUGHPUT_SHARE = 0.95;

const havePostgres = await postgresAvailable();
let db: ScratchDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  if (server && server.proc.exitCode === null) {
    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
  }
  await db?.drop();
});

const ms = (v: number) => `${Math.round(v)} ms`;
const mb = (v: number) => `${Math.round(v)} MB`;
const core = (cpuMs: number, wallMs: number) => `${Math.round((cpuMs / wallMs) * 100)}%`;

describe.skipIf(!havePostgres)('load on PostgreSQL', () => {
  it(`answers a family mix at ${RATE}/s for ${SECONDS} s without errors, within the p99 bound, with bounded memory`, async () => {
    db = await scratchDatabase('postgres', 'load');
    const heapFile = path.join(db.dataDir, 'heap.jsonl');
    // Production, as deployed: no dev outbox, the default log level, codes sent to an SMS gateway (a local one), Redis.
    server = await startServerProcess({
      ...db.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      REDIS_URL: await redisUrl(),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(import.meta.dirname, 'load-heap.mjs')}`.trim(),
      CAB_LOAD_HEAP_FILE: heapFile,
    });
    const pid = server.proc.pid;
    if (pid === undefined) throw new Error('the server process has no pid');
    const t0 = performance.now();
    const { users, books } = await makeFamily(server, PER_BOOK);
    const setupSeconds = (performance.now() - t0) / 1000;
    const plan = mixOf(random(2024), books);

    // Warm-up at the same rate: the JIT, the connection pool and the heap settle before measuring.
    const warm = await openLoop(server.base, plan, RATE, WARMUP_SECONDS);
    expect(warm.failures.slice(0, 20), 'failures during warm-up').toEqual([]);

    const heapBefore = await liveHeap(server, heapFile);
    const samples: number[] = [rssOf(pid)];
    const sampler = setInterval(() => samples.push(rssOf(pid)), 1000);
    const logFrom = server.output().length;
    const databaseCpuSince = await databaseCpu(db.url);
    const [serverCpu, clientCpu] = [cpuOf(pid), process.cpuUsage()];
    let run: RunResult;
    try {
      run = await openLoop(server.base, plan, RATE, SECONDS);
    } finally {
      clearInterval(sampler);
    }
    samples.push(rssOf(pid));
    const wall = run.end - run.start;
    const cpu = { server: cpuOf(pid) - serverCpu, database: await databaseCpuSince(), client: process.cpuUsage(clientCpu) };
    const heapAfter = await liveHeap(server, heapFile);
    const heapGrowthMb = (heapAfter.heapUsed - heapBefore.heapUsed) / 2 ** 20;

    const all = sorted(run.outcomes.map((o) => o.ms));
    const [p50, p95, p99, max] = [quantile(all, 0.5), quantile(all, 0.95), quantile(all, 0.99), all[all.length - 1] ?? NaN];
    const achieved = run.outcomes.length / (wall / 1000);
    // RSS rises and falls by tens of MB with V8's collection cycle: a mean over a quarter of
    // the run (15 s) is steadier than any one sample, and a leak lifts the last quarter's.
    const quarter = (k: number) => samples.slice(Math.floor((k * samples.length) / 4), Math.floor(((k + 1) * samples.length) / 4));
    const [q2, q4] = [mean(quarter(1)), mean(quarter(3))];
    const rssGrowth = q4 / q2 - 1;
    const writes = run.outcomes.filter((o) => o.write).length;
    const serverMs = serverTimes(server.output().slice(logFrom));

    console.log(
      `load: ${run.outcomes.length} requests in ${SECONDS} s at ${RATE}/s on postgres, p50 ${ms(p50)} p95 ${ms(p95)} p99 ${ms(p99)} max ${ms(max)}, ` +
        `errors ${run.failures.length}, RSS start ${mb(samples[0] ?? NaN)} end ${mb(samples[samples.length - 1] ?? NaN)} peak ${mb(Math.max(...samples))}`,
    );
    console.log(
      `load set-up: ${users.length} users, ${books.length} books (${books.filter((b) => b.members.length > 1).length} shared) of ${PER_BOOK} transactions, ` +
        `made in ${setupSeconds.toFixed(0)} s; mix ${READ_SHARE}% reads ${WRITE_SHARE}% writes (sent ${run.outcomes.length - writes} reads, ${writes} writes); ` +
        `warm-up ${WARMUP_SECONDS} s, p99 ${ms(quantile(sorted(warm.outcomes.map((o) => o.ms)), 0.99))}`,
    );
    console.log(
      `load details: achieved ${achieved.toFixed(1)}/s, at most ${run.maxInFlight} in flight, client late by up to ${ms(run.maxLateMs)}; ` +
        `server-side p50 ${ms(quantile(serverMs, 0.5))} p99 ${ms(quantile(serverMs, 0.99))}; ` +
        `CPU (of one core) server ${core(cpu.server, wall)} PostgreSQL ${core(cpu.database, wall)} client ${core((cpu.client.user + cpu.client.system) / 1000, wall)}; ` +
        `RSS mean 2nd quarter ${mb(q2)} last ${mb(q4)} (${(rssGrowth * 100).toFixed(1)}%), every 5 s ${samples
          .filter((_, i) => i % 5 === 0)
          .map(Math.round)
          .join(' ')}; ` +
        `live heap after full GC ${mb(heapBefore.heapUsed / 2 ** 20)} -> ${mb(heapAfter.heapUsed / 2 ** 20)} (${heapGrowthMb >= 0 ? '+' : ''}${heapGrowthMb.toFixed(1)} MB)`,
    );
    const byName = new Map<string, number[]>();
    for (const o of run.outcomes) {
      const list = byName.get(o.name);
      if (list) list.push(o.ms);
      else byName.set(o.name, [o.ms]);
    }
    const calls = [...byName].map(([name, v]) => {
      const s = sorted(v);
      return `${name} ${s.length} ${Math.round(quantile(s, 0.5))}/${Math.round(quantile(s, 0.99))}`;
    });
    console.log(`load by call (n, p50/p99 ms): ${calls.join(', ')}`);

    expect(run.failures.slice(0, 20), 'every answer a 2xx, no connection errors').toEqual([]);
    expect(run.outcomes.every((o) => o.status >= 200 && o.status < 300)).toBe(true);
    expect(p99, `p99 within ${P99_BOUND_MS} ms`).toBeLessThanOrEqual(P99_BOUND_MS);
    expect(achieved, `at least ${THROUGHPUT_SHARE * 100}% of ${RATE}/s answered`).toBeGreaterThanOrEqual(RATE * THROUGHPUT_SHARE);
    expect(heapGrowthMb, `live heap grew by at most ${HEAP_GROWTH_BOUND_MB} MB`).toBeLessThanOrEqual(HEAP_GROWTH_BOUND_MB);
    expect(rssGrowth, `RSS of the last quarter within ${RSS_GROWTH_BOUND * 100}% of the second's`).toBeLessThanOrEqual(RSS_GROWTH_BOUND);

    // Still healthy after the load, and it stops cleanly.
    expect((await signedFetch(server.base, 'GET', '/server/info')).status).toBe(200);
    server.proc.kill('SIGTERM');
    expect(await waitForExit(server.proc)).toBe(0);
  });
});
