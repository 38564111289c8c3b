import { sql } from 'kysely';
import type { Database } from '../db/index.ts';

export interface JobRunRow {
  job: string;
  run_key: string;
  status: string;
  owner: string;
  lease_until: Date;
  attempts: number;
  started_at: Date;
  finished_at: Date | null;
  outcome: string;
  run_at: Date | null;
}

/** A run to take up: not done, its lease run out (its instance died, or it failed and may be tried again). */
export interface OpenRun {
  job: string;
  run_key: string;
  run_at: Date;
}

/** SQL of job runs (migration 0022). */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the run for `owner` when nobody has it, or when it is not done and its lease has
   * run out (its instance died, or it failed and may be tried again). One statement: two
   * instances asking at once cannot both get it.
   */
  async claim(
    job: string,
    runKey: string,
    owner: string,
    now: Date,
    leaseUntil: Date,
    runAt: Date,
  ): Promise<{ attempts: number } | undefined> {
    const res = await sql<{ attempts: number }>`
      INSERT INTO job_runs (job, run_key, status, owner, lease_until, started_at, run_at)
      VALUES (${job}, ${runKey}, 'running', ${owner}, ${leaseUntil}, ${now}, ${runAt})
      ON CONFLICT (job, run_key) DO UPDATE
        SET status = 'running', owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until,
            started_at = EXCLUDED.started_at, finished_at = NULL, attempts = job_runs.attempts + 1,
            run_at = COALESCE(job_runs.run_at, EXCLUDED.run_at)
        WHERE job_runs.status <> 'done' AND job_runs.lease_until < ${now}
      RETURNING attempts`.execute(this.db);
    return res.rows[0];
  }

  /**
   * Runs of past periods of these jobs that are not done and whose lease has run out, for
   * moments since `since`, oldest first: a failed run, or one whose instance died, after its
   * period ended.
   */
  open(jobs: readonly string[], now: Date, since: Date, limit: number): Promise<OpenRun[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('job_runs')
      .select(['job', 'run_key', 'run_at'])
      .where('status', '<>', 'done')
      .where('lease_until', '<', now)
      .where('job', 'in', jobs)
      .where('run_at', '>=', since)
      .orderBy('run_at')
      .limit(limit)
      .$narrowType<{ run_at: Date }>()
      .execute();
  }

  /** Ends the owner's run (done, or failed to be taken over once `retryAt` has passed). */
  async finish(
    job: string,
    runKey: string,
    owner: string,
    status: 'done' | 'failed',
    outcome: string,
    now: Date,
    retryAt: Date,
  ): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ status, outcome: outcome.slice(0, 500), finished_at: now, lease_until: status === 'done' ? now : retryAt })
      .where('job', '=', job)
      .where('run_key', '=', runKey)
      .where('owner', '=', owner)
      .execute();
  }

  /** The latest runs, newest first (the operator's listing). */
  latest(limit: number, o: { job?: string; notDone?: boolean } = {}): Promise<JobRunRow[]> {
    let q = this.db.selectFrom('job_runs').selectAll();
    if (o.job) q = q.where('job', '=', o.job);
    if (o.notDone) q = q.where('status', '<>', 'done');
    return q.orderBy('started_at', 'desc').limit(limit).execute();
  }

  /** Done runs finished before `before`; minutely runs (their key has the minute) before `minutelyBefore`. */
  async dropFinished(before: Date, minutelyBefore: Date = before): Promise<number> {
    const res = await this.db
      .deleteFrom('job_runs')
      .where('status', '=', 'done')
      .where((eb) =>
        eb.or([eb('finished_at', '<', before), eb.and([eb('run_key', 'like', '%:%'), eb('finished_at', '<', minutelyBefore)])]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
