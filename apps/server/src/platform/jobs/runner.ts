import os from 'node:os';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/index.ts';
import { JobsRepository } from './jobs.repository.ts';

/** A background job: run once per period, by one instance, whatever the number of instances. */
export interface Job {
  name: string;
  /** minutely: work that waits for nothing but a free moment (resuming moves whose instance died). */
  period: 'minutely' | 'hourly' | 'daily';
  /** How long a run may take before another instance may take it over (its own died). */
  leaseMs: number;
  /**
   * The work of the run for `at` (a moment of its period). It must be safe to run again
   * after a crash part-way: each piece keyed by the run (the billing job keys each charge
   * by role and day), so a second attempt does only what the first did not.
   * Answers a line saying what it did.
   */
  run(at: Date): Promise<string>;
}

export interface RunResult {
  job: string;
  runKey: string;
  /** ran: this instance ran it now; held: another instance has it or it is done; failed: it threw. */
  result: 'ran' | 'held' | 'failed';
  outcome: string;
}

/** How soon a failed run is tried again the first time; each failure after doubles it, up to RETRY_MAX_MS. */
const RETRY_MS = 5 * 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** How far back a tick takes up runs of past periods (a minutely job's next run does the same work: never). */
export const CATCH_UP_MS = 7 * 86_400_000;
/** Past runs taken up in one tick, at most (each tick takes the next ones). */
const CATCH_UP_PER_TICK = 20;

/** The wait before the next try of a run that failed on its `attempts`th try: 5, 10, 20, 40, then 60 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MS * 2 ** Math.max(0, Math.min(attempts, 20) - 1), RETRY_MAX_MS);
}
/** Finished runs are kept this long for the operator's listing (a minutely job's a day: 1,440 rows). */
const KEEP_MS = 30 * 86_400_000;
const KEEP_MINUTELY_MS = 86_400_000;

/** The run a moment belongs to, in the zone the periods are counted in ('2026-11-26' daily, '2026-11-26T09' hourly, '2026-11-26T09:05' minutely). */
export function runKey(period: Job['period'], at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (period === 'minutely') return `${day}T${parts.hour}:${parts.minute}`;
  return period === 'daily' ? day : `${day}T${parts.hour}`;
}

/**
 * The one job mechanism (docs/jobs.md). Every instance ticks; the database decides which
 * one runs a period's run (job_runs, one row per job and period): exactly one at a time,
 * never again once done, taken over when the instance running it died.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly repo: JobsRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly o: { zone: string; owner?: string; log?: (level: 'info' | 'error', msg: string, fields: object) => void },
  ) {
    this.repo = new JobsRepository(db);
  }

  private get owner(): string {
    return this.o.owner ?? `${os.hostname()}:${process.pid}`;
  }

  register(job: Job): this {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
    return this;
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs every job whose current period's run nobody has done or holds (each minute, from start). */
  async tick(): Promise<RunResult[]> {
    const at = new Date(this.clock.now());
    const results: RunResult[] = [];
    for (const job of this.jobs.values()) results.push(await this.runFor(job, at));
    // Then runs of past periods left failed, or by an instance that died, while in their period or after it.
    const catchUp = [...this.jobs.values()].filter((j) => j.period !== 'minutely').map((j) => j.name);
    for (const open of await this.repo.open(catchUp, at, new Date(at.getTime() - CATCH_UP_MS), CATCH_UP_PER_TICK)) {
      const job = this.jobs.get(open.job);
      if (job) results.push(await this.runFor(job, new Date(open.run_at)));
    }
    await this.repo.dropFinished(new Date(at.getTime() - KEEP_MS), new Date(at.getTime() - KEEP_MINUTELY_MS));
    return results;
  }

  /** One job's run for the period of `at` (the operator's command names the moment). */
  async run(name: string, at: Date): Promise<RunResult> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name} (one of ${this.names().join(', ')})`);
    return this.runFor(job, at);
  }

  private async runFor(job: Job, at: Date): Promise<RunResult> {
    const key = runKey(job.period, at, this.o.zone);
    const now = new Date(this.clock.now());
    const owner = this.owner;
    const claimed = await this.repo.claim(job.name, key, owner, now, new Date(now.getTime() + job.leaseMs), at);
    if (!claimed) return { job: job.name, runKey: key, result: 'held', outcome: '' };
    try {
      const outcome = await job.run(at);
      await this.repo.finish(job.name, key, owner, 'done', outcome, new Date(this.clock.now()), new Date(this.clock.now()));
      if (outcome) this.o.log?.('info', `job ${job.name} ran`, { job: job.name, run: key, outcome });
      return { job: job.name, runKey: key, result: 'ran', outcome };
    } catch (err) {
      const outcome = err instanceof Error ? err.message : String(err);
      const end = this.clock.now();
      await this.repo.finish(job.name, key, owner, 'failed', outcome, new Date(end), new Date(end + retryDelay(claimed.attempts)));
      this.o.log?.('error', `job ${job.name} failed`, { job: job.name, run: key, err });
      return { job: job.name, runKey: key, result: 'failed', outcome };
    }
  }

  /**
   * Ticks now and every `everyMs` until the returned stop is called; a tick that fails is
   * logged, not fatal. The stop answers when the tick in flight has ended, so that the
   * database is not closed under a job's transaction.
   */
  start(everyMs = 60_000): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = running.then(() => this.tick()).catch((err: unknown) => this.o.log?.('error', 'job tick failed', { err }));
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    tick();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
