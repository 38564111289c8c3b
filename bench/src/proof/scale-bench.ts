/**
 * The rows of `npm run bench` for several instances (issue 32, docs/scale.md): the
 * everyday mix (apps/server/reliability/load-mix.ts, a family's day: 60% reads, 40%
 * writes) sent in an open loop at rising rates to one instance without a proxy, then
 * through HAProxy (ops/haproxy/cab.cfg) to 1, 2 and 3 instances on one PostgreSQL and one
 * Redis. Each row is the highest rate answered with a p99 under 100 ms, every answer a
 * 2xx and at least 95% of the schedule kept; beside it, what one core of each part
 * (CAB, PostgreSQL, HAProxy) spent per request at that rate, from /proc.
 *
 * Everything runs on this machine: the load's client, the instances, PostgreSQL and
 * HAProxy share its cores, so more instances gain only while a core is idle. The
 * per-core figures are what carries to a machine of other size.
 */
import os from 'node:os';
import pg from 'pg';
import { startCluster, buildServer, clusterPrerequisites, type Cluster } from '../../../apps/server/reliability/cluster.ts';
import { openLoop, type RunResult } from '../../../apps/server/reliability/load-loop.ts';
import { cpuOf, databaseCpu, quantile, sleep, sorted } from '../../../apps/server/reliability/load-measure.ts';
import { mixOf, type Planned } from '../../../apps/server/reliability/load-mix.ts';
import { makeFamily, random, type LoadBook } from '../../../apps/server/reliability/load-setup.ts';
import type { Row } from './book-bench.ts';

export const P99_BOUND_MS = 100;
const KEPT_SHARE = 0.95;
const IDLE_MS = 5000;

export interface ScaleOptions {
  /** The rates tried, in order, until one fails its bound; then one between the last good and the failed. */
  rates: number[];
  stepSeconds: number;
  warmupSeconds: number;
  /** Families of six members and four books (1 to 5: one network may ask 30 sign-in codes an hour). */
  families: number;
  /** Transactions in each book before the run. */
  perBook: number;
  /** The configurations, of 'direct' (one instance, no proxy) and 1 to 4 (instances behind HAProxy). */
  configs: Array<'direct' | number>;
}

/** One step of the ramp: a rate held for stepSeconds, and what it cost. */
export interface Step {
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
  /** How late the client itself sent a request (its own event loop busy), and the call of the slowest answer. */
  lateMs: number;
  slowest: string;
  /** WAL PostgreSQL wrote per write request, in bytes (the whole server's: nothing else writes meanwhile). */
  walPerWrite: number;
  /** CPU in ms per request: the CAB instances together, PostgreSQL's backends, HAProxy, the load's client. */
  cpu: { cab: number; pg: number; proxy: number; client: number };
  ok: boolean;
}

export interface ScaleResult {
  label: string;
  steps: Step[];
  best: Step | undefined;
}

/** PostgreSQL's WAL insert position, in bytes from its start. */
async function walPosition(url: string | undefined): Promise<number> {
  if (!url) return NaN;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ at: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS at");
    return Number(r.rows[0]?.at ?? NaN);
  } finally {
    await c.end();
  }
}

/** The running instances' process ids. */
const instancePids = (c: Cluster) => c.instances.map((x) => x.server?.proc.pid).filter((p): p is number => p !== undefined);

const round = (v: number) => (v >= 10 ? Math.round(v).toString() : v.toFixed(1));

async function step(c: Cluster, base: string, plan: () => Planned, rate: number, seconds: number): Promise<Step> {
  const pids = instancePids(c);
  const proxyPid = c.haproxy.proc.pid;
  const cabCpu = () => pids.reduce((s, p) => s + cpuOf(p), 0);
  const [cab0, proxy0, client0] = [cabCpu(), proxyPid === undefined ? NaN : cpuOf(proxyPid), process.cpuUsage()];
  const pgSince = await databaseCpu(c.db.url);
  const wal0 = await walPosition(c.db.url);
  const run: RunResult = await openLoop(base, plan, rate, seconds);
  const pg = await pgSince();
  const wal = (await walPosition(c.db.url)) - wal0;
  const client = process.cpuUsage(client0);
  const n = run.outcomes.length;
  const times = sorted(run.outcomes.map((o) => o.ms));
  const achieved = n / ((run.end - run.start) / 1000);
  const errors = run.outcomes.filter((o) => o.status < 200 || o.status >= 300).length;
  const p99 = quantile(times, 0.99);
  return {
    rate,
    achieved,
    p50: quantile(times, 0.5),
    p99,
    errors,
    lateMs: run.maxLateMs,
    walPerWrite: wal / Math.max(1, run.outcomes.filter((o) => o.write).length),
    slowest: run.outcomes.reduce((a, b) => (b.ms > a.ms ? b : a), { name: '', ms: 0 }).name,
    cpu: {
      cab: (cabCpu() - cab0) / n,
      pg: pg / n,
      proxy: proxyPid === undefined ? NaN : (cpuOf(proxyPid) - proxy0) / n,
      client: (client.user + client.system) / 1000 / n,
    },
    ok: errors === 0 && p99 < P99_BOUND_MS && achieved >= rate * KEPT_SHARE,
  };
}

interface Target {
  label: string;
  base: string;
}

/**
 * Climbs the rates, each target of one cluster in turn at each rate (one process measured
 * with and without the proxy alternately, so neither gets the other's warmer JIT or
 * fuller book), until a rate fails twice in a row for it; then tries once between its
 * last good rate and the failed one.
 */
async function ramp(c: Cluster, targets: Target[], o: ScaleOptions, log: (line: string) => void): Promise<ScaleResult[]> {
  // Several families: a proxy that sends each book to one instance needs more books than instances to share them out.
  const books: LoadBook[] = [];
  for (let i = 0; i < o.families; i++) books.push(...(await makeFamily(c.target, o.perBook)).books);
  const plan = mixOf(random(3200), books);
  // The JIT, the pools and the kept answers settle first.
  for (const t of targets) await openLoop(t.base, plan, o.rates[1] ?? o.rates[0] ?? 20, o.warmupSeconds);
  // What the instances spend with nothing to answer (timers, jobs, Redis, collection): each one's share of a core.
  const pids = instancePids(c);
  const idle0 = pids.map(cpuOf);
  await sleep(IDLE_MS);
  log(
    `${targets.map((t) => t.label).join(' / ')}: idle, CPU of each instance ${pids.map((p, i) => `${(((cpuOf(p) - (idle0[i] ?? 0)) / IDLE_MS) * 100).toFixed(1)}%`).join(', ')} of a core`,
  );
  const tell = (t: Target, s: Step) =>
    log(
      `${t.label}: ${s.rate}/s for ${o.stepSeconds} s: answered ${s.achieved.toFixed(1)}/s, p50 ${round(s.p50)} ms, p99 ${round(s.p99)} ms, ` +
        `errors ${s.errors}, client late by up to ${round(s.lateMs)} ms, slowest: ${s.slowest}; CPU ms a request: CAB ${s.cpu.cab.toFixed(2)}, PostgreSQL ${s.cpu.pg.toFixed(2)}, ` +
        `HAProxy ${s.cpu.proxy.toFixed(2)}, client ${s.cpu.client.toFixed(2)}; WAL a write ${Math.round(s.walPerWrite / 1024)} KB${s.ok ? '' : '  <- over the bound'}`,
    );
  const run = async (t: Target, steps: Step[], rate: number) => {
    // A pause between steps: what an overloaded step left (its queue, PostgreSQL's writes) is not the next one's.
    await sleep(2000);
    const s = await step(c, t.base, plan, rate, o.stepSeconds);
    steps.push(s);
    tell(t, s);
    return s;
  };
  const state = targets.map((t) => ({ t, steps: [] as Step[], failed: undefined as Step | undefined }));
  for (const rate of o.rates) {
    const climbing = state.filter((x) => !x.failed);
    if (climbing.length === 0) break;
    for (const x of climbing) {
      // Once more before giving up: one checkpoint or collection can spoil a step's p99.
      const s = (await run(x.t, x.steps, rate)).ok ? undefined : await run(x.t, x.steps, rate);
      if (s && !s.ok) x.failed = s;
    }
  }
  const results: ScaleResult[] = [];
  // One at a time: two targets' steps at once would share the machine.
  for (const x of state) {
    const good = x.steps.filter((s) => s.ok);
    const last = good[good.length - 1];
    if (x.failed && last && x.failed.rate - last.rate > 10) await run(x.t, x.steps, Math.round((last.rate + x.failed.rate) / 2));
    const best = x.steps.filter((s) => s.ok).sort((a, b) => b.rate - a.rate)[0];
    results.push({ label: x.t.label, steps: x.steps, best });
  }
  return results;
}

const perCore = (ms: number) => (ms > 0 ? Math.round(1000 / ms).toLocaleString('en') : '-');

/** The rows: each configuration's capacity beside one instance without the proxy. */
export async function benchScale(o: ScaleOptions, log: (line: string) => void): Promise<Row[]> {
  const ready = await clusterPrerequisites();
  if (typeof ready === 'string') {
    log(`scale: left out, ${ready}`);
    return [];
  }
  buildServer();
  const results: ScaleResult[] = [];
  const configs = [...o.configs];
  // One instance is measured without and with the proxy on the same process and database: the proxy's cost alone.
  const direct = 'one instance, no proxy';
  // One instance is measured without and with the proxy on the same process and database: the proxy's cost alone.
  if (configs.includes('direct') || configs.includes(1)) {
    const c = await startCluster({
      instances: 1,
      redisUrl: ready.redisUrl,
      build: false,
      label: 'scale1',
      env: { CAB_ANSWER_CACHE: 'on' },
    });
    try {
      const targets: Target[] = [];
      const [x] = c.instances;
      if (configs.includes('direct') && x) targets.push({ label: direct, base: x.base });
      if (configs.includes(1)) targets.push({ label: 'HAProxy, 1 instance', base: c.proxy });
      results.push(...(await ramp(c, targets, o, log)));
    } finally {
      await c.stop();
    }
  }
  for (const n of configs) {
    if (n === 'direct' || n === 1) continue;
    const c = await startCluster({
      instances: n,
      redisUrl: ready.redisUrl,
      build: false,
      label: `scale${n}`,
      env: { CAB_ANSWER_CACHE: 'on' },
    });
    try {
      results.push(...(await ramp(c, [{ label: `HAProxy, ${n} instances`, base: c.proxy }], o, log)));
    } finally {
      await c.stop();
    }
  }

  const floor = results.find((r) => r.label === direct)?.best;
  log(
    `scale: ${os.cpus().length} cores shared by the client, the instances, PostgreSQL and HAProxy; ` +
      `req/s a core at the best rate: ${results
        .map((r) => (r.best ? `${r.label}: CAB ${perCore(r.best.cpu.cab)}, PostgreSQL ${perCore(r.best.cpu.pg)}` : `${r.label}: none`))
        .join('; ')}`,
  );
  return results.map((r) => {
    const b = r.best;
    return {
      book: 'everyday mix',
      name: r.label,
      api: b
        ? `${b.rate}/s at p99 ${round(b.p99)} ms (p50 ${round(b.p50)}); a core: CAB ${perCore(b.cpu.cab)}/s, PG ${perCore(b.cpu.pg)}/s`
        : `under ${o.rates[0]}/s`,
      floor: floor ? `no proxy, 1 instance: ${floor.rate}/s` : '',
      // Above 1: this configuration answers less than one instance without a proxy.
      ratio: floor && b ? floor.rate / b.rate : NaN,
    };
  });
}

const numbers = (raw: string) =>
  raw
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((v) => Number.isFinite(v) && v > 0);

/** BENCH_SCALE_RATES, BENCH_SCALE_STEP_SECONDS, BENCH_SCALE_WARMUP_SECONDS, BENCH_SCALE_FAMILIES, BENCH_SCALE_PER_BOOK, BENCH_SCALE_CONFIGS. */
export function scaleOptions(env: NodeJS.ProcessEnv): ScaleOptions {
  const configs = (env.BENCH_SCALE_CONFIGS ?? 'direct,1,2,3')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => (v === 'direct' ? ('direct' as const) : Number(v)));
  const bad = configs.find((c) => c !== 'direct' && !(Number.isInteger(c) && c >= 1 && c <= 4));
  if (bad !== undefined) throw new Error(`BENCH_SCALE_CONFIGS: direct or 1 to 4 instances, not ${bad}`);
  return {
    rates: numbers(env.BENCH_SCALE_RATES ?? '50,75,100,125,150,175,200,250,300,400,500'),
    stepSeconds: Number(env.BENCH_SCALE_STEP_SECONDS ?? 10),
    warmupSeconds: Number(env.BENCH_SCALE_WARMUP_SECONDS ?? 10),
    families: Math.min(5, Math.max(1, Number(env.BENCH_SCALE_FAMILIES ?? 4))),
    perBook: Number(env.BENCH_SCALE_PER_BOOK ?? 1000),
    configs,
  };
}
