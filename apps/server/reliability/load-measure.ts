/**
 * What the load test measures besides latency: the server process's resident memory and
 * CPU (from /proc, Linux), its PostgreSQL backends' CPU, its live heap after a full
 * collection (load-heap.mjs, loaded into it), and its own request times from its log.
 */
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import type { RunningServer } from '../test/process.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The q-quantile of sorted values (nearest rank). */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
export const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
export const sorted = (v: readonly number[]): number[] => [...v].sort((a, b) => a - b);

/** The resident memory of a process in MB, or NaN where /proc has none. */
export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The CPU time a process has used, user and system, in ms (ticks of 10 ms), or NaN. */
export function cpuOf(pid: number): number {
  try {
    // After the command name (which may hold spaces), utime and stime are the 12th and 13th fields.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The PostgreSQL backends serving a database (the server's pool), by process id. */
async function backendsOf(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = await c.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/**
 * Starts counting the CPU of a database's backends (PostgreSQL runs on the same machine,
 * so its work is part of what a request costs); the answer gives the ms used since.
 * Backends the pool opens meanwhile count from their start.
 */
export async function databaseCpu(url: string | undefined): Promise<() => Promise<number>> {
  if (!url) return async () => NaN;
  const before = new Map((await backendsOf(url)).map((b) => [b, cpuOf(b)]));
  return async () => (await backendsOf(url)).map((b) => cpuOf(b) - (before.get(b) ?? 0)).reduce((s, v) => s + (Number.isNaN(v) ? 0 : v), 0);
}

/** The server's own request times (its log's `ms`) in a part of its output, sorted. */
export function serverTimes(log: string): number[] {
  const times: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as { ms?: number };
    if (typeof entry.ms === 'number') times.push(entry.ms);
  }
  return sorted(times);
}

export interface LiveHeap {
  heapUsed: number;
  external: number;
  rss: number;
}

/** The server's live heap after a full collection, asked of load-heap.mjs in its process (SIGUSR2). */
export async function liveHeap(s: RunningServer, file: string): Promise<LiveHeap> {
  const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  const before = lines().length;
  s.proc.kill('SIGUSR2');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
    const all = lines();
    if (all.length > before) return JSON.parse(all[all.length - 1] ?? '{}') as LiveHeap;
  }
  throw new Error('the server did not report its heap (is load-heap.mjs loaded?)');
}

/** Redis for nonces as deployed (REDIS_URL, or the local default when it answers); '' runs without. */
export async function redisUrl(): Promise<string> {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
  if (answers) return url;
  console.warn(`Redis does not answer at ${url}: the load runs with the in-process store`);
  return '';
}
