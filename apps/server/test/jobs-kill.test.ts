import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../src/platform/jobs/runner.ts';
import { freshDatabaseUrl } from './harness.ts';
import { waitForExit } from './process.ts';

/**
 * Issue 32: a job killed halfway on one instance is finished by another, exactly once,
 * with instances as processes of their own on one PostgreSQL (test/job-worker.ts). Runs
 * on PostgreSQL (`npm run test:pg`, in .ci/run); an embedded PGlite is one process's alone.
 */
const url = await freshDatabaseUrl();
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const LEASE_MS = 8000;

interface Worker {
  proc: ChildProcess;
  lines: string[];
}
const workers: Worker[] = [];
afterAll(() => {
  for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
});

function startWorker(name: string, halt: boolean): Worker {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: url, WORKER: name, LEASE_MS: String(LEASE_MS), ...(halt ? { HALT: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: Worker = { proc, lines: [] };
  let rest = '';
  proc.stdout?.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n');
    rest = parts.pop() ?? '';
    w.lines.push(...parts);
  });
  proc.stderr?.on('data', (d: Buffer) => w.lines.push(`stderr: ${d.toString()}`));
  workers.push(w);
  return w;
}

async function until(what: string, ok: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}: ${workers.map((w) => w.lines.slice(-3).join(' | ')).join(' || ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Each tick's results for the run, from a worker's lines. */
const resultsFor = (w: Worker, run: string): RunResult[] =>
  w.lines
    .filter((l) => l.startsWith('['))
    .flatMap((l) => JSON.parse(l) as RunResult[])
    .filter((r) => r.runKey === run);

describe.runIf(url)('a job killed halfway (two more instances on one PostgreSQL)', () => {
  it('is finished once, by one of the others, after its lease runs out', { timeout: 120_000 }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE test_job_effects (run_key text, step int, worker text, PRIMARY KEY (run_key, step))');
      await client.query('CREATE TABLE test_job_log (run_key text, step int, worker text)');

      const a = startWorker('a', true);
      await until('a halfway', () => a.lines.some((l) => l.startsWith('halfway ')));
      const [run = '', leaseEnd = ''] = a.lines
        .find((l) => l.startsWith('halfway '))!
        .slice('halfway '.length)
        .split(' ');
      const [b, c] = [startWorker('b', false), startWorker('c', false)];
      // Both tick before the kill (while a holds the run they leave it: the database check below).
      await until('b and c ticking', () => [b, c].every((w) => resultsFor(w, run).length > 0));
      a.proc.kill('SIGKILL');
      await waitForExit(a.proc);
      await until('the run taken over', () => [b, c].some((w) => resultsFor(w, run).some((r) => r.result === 'ran')));
      // A few more ticks each: nobody runs it again.
      const ticks = b.lines.length + c.lines.length;
      await until('more ticks', () => b.lines.length + c.lines.length > ticks + 6);
      for (const w of [b, c]) w.proc.kill('SIGTERM');
      for (const w of [b, c]) expect(await waitForExit(w.proc)).toBe(0);

      const ran = [b, c].flatMap((w) => resultsFor(w, run)).filter((r) => r.result === 'ran');
      expect(ran).toHaveLength(1);
      expect([b, c].flatMap((w) => resultsFor(w, run)).filter((r) => r.result === 'failed')).toEqual([]);
      const taker = ran[0]!.outcome.replace('done by ', '');
      const effects = (await client.query('SELECT step, worker FROM test_job_effects WHERE run_key = $1 ORDER BY step', [run])).rows;
      expect(effects).toEqual([
        { step: 1, worker: 'a' },
        { step: 2, worker: taker },
      ]);
      // The first step was done again by the taker (keyed, so nothing changed); the second once only.
      const log = (await client.query('SELECT step, worker FROM test_job_log WHERE run_key = $1 ORDER BY step, worker', [run])).rows;
      expect(log).toEqual([
        { step: 1, worker: 'a' },
        { step: 1, worker: taker },
        { step: 2, worker: taker },
      ]);
      const runs = (
        await client.query("SELECT status, owner, attempts, started_at FROM job_runs WHERE job = 'kill-test' AND run_key = $1", [run])
      ).rows as Array<{ started_at: Date }>;
      expect(runs).toEqual([{ status: 'done', owner: taker, attempts: 2, started_at: expect.any(Date) }]);
      // Taken over only once a's lease had run out.
      expect(runs[0]!.started_at.getTime()).toBeGreaterThan(Date.parse(leaseEnd));
    } finally {
      await client.end();
    }
  });
});
