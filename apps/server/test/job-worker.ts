import { sql } from 'kysely';
import { systemClock } from '../src/platform/clock.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { JobRunner, runKey, type Job } from '../src/platform/jobs/runner.ts';

/**
 * One instance of the job mechanism in a process of its own, for jobs-kill.test.ts: the
 * test's daily job on the PostgreSQL of DATABASE_URL, ticked every 200 ms, each tick's
 * results printed as a line of JSON. The job does two steps and notes each one it does in
 * test_job_log; its first step is keyed by the run (test_job_effects), so doing it again
 * after a crash changes nothing. With HALT set it stops after the first step, says
 * `halfway <run>`, and waits to be killed.
 */
const ZONE = 'Asia/Shanghai';
const worker = process.env.WORKER ?? `worker-${process.pid}`;
const { db } = await openDatabase({ databaseUrl: process.env.DATABASE_URL });

const step = async (run: string, n: number) => {
  await sql`INSERT INTO test_job_effects (run_key, step, worker) VALUES (${run}, ${n}, ${worker}) ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO test_job_log (run_key, step, worker) VALUES (${run}, ${n}, ${worker})`.execute(db);
};

const job: Job = {
  name: 'kill-test',
  period: 'daily',
  leaseMs: Number(process.env.LEASE_MS ?? 3000),
  run: async (at) => {
    const run = runKey('daily', at, ZONE);
    await step(run, 1);
    if (process.env.HALT) {
      // With the end of its lease: the test checks nobody took the run before it.
      const lease = await sql<{ lease_until: Date }>`SELECT lease_until FROM job_runs WHERE job = 'kill-test' AND run_key = ${run}`.execute(
        db,
      );
      console.log(`halfway ${run} ${lease.rows[0]?.lease_until.toISOString()}`);
      // Killed here: the second step never comes from this process.
      await new Promise(() => setInterval(() => {}, 60_000));
    }
    await step(run, 2);
    return `done by ${worker}`;
  },
};

const runner = new JobRunner(db, systemClock, { zone: ZONE, owner: worker }).register(job);
let stopping = false;
process.once('SIGTERM', () => (stopping = true));
while (!stopping) {
  console.log(JSON.stringify(await runner.tick()));
  await new Promise((r) => setTimeout(r, 200));
}
await db.destroy();
