import { DEFAULT_TIME_ZONE } from '@cab/contracts';
import { serverJobs } from '../../jobs.ts';
import { systemClock } from '../../platform/clock.ts';
import { JobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { CATCH_UP_MS, JobRunner, runKey } from '../../platform/jobs/runner.ts';
import { CommandFailed, UsageError, intArg, withDatabase, type CliContext, type CommandGroup } from '../kit.ts';
import { withBuiltApp } from '../with-app.ts';
import { printTable } from '../table.ts';

/** The background jobs' runs (docs/jobs.md). */
export const jobs: CommandGroup = {
  name: 'jobs',
  summary: "background jobs' runs",
  byDefault: 'list',
  notes: 'Each job runs once per period, by one instance. See docs/jobs.md.',
  subcommands: [
    {
      name: 'list',
      summary:
        'the latest runs, newest first: job, period, status, instance, attempts, next try, what it did (50 unless --limit, 1 to 1000)',
      options: { limit: 'how many runs, 1 to 1000 (default 50)' },
      run: (_args, ctx, options) => listRuns(ctx, options.limit, false),
    },
    {
      name: 'failures',
      summary:
        'runs not done: failed ones with their next try (5, 10, 20, 40, then every 60 minutes) and running ones whose instance stopped',
      options: { limit: 'how many runs, 1 to 1000 (default 50)' },
      run: (_args, ctx, options) => listRuns(ctx, options.limit, true),
    },
    {
      name: 'run',
      args: '<job>',
      summary: 'runs a job now for the period of --at (default now), unless that run is done or another instance holds it',
      options: { at: 'a moment of the period to run, as an ISO time such as 2026-11-27T00:30:00+08:00' },
      run: (args, ctx, options) => runJob(args, ctx, options.at),
    },
  ],
};

/** The runs as a table; a run's next try is when another tick may take it (failed, or its instance stopped). */
function listRuns(ctx: CliContext, limitOption: string | undefined, notDone: boolean): Promise<void> {
  return withDatabase(ctx, async ({ db }) => {
    const limit = limitOption === undefined ? 50 : intArg(limitOption, '--limit', 1, 1000);
    const now = ctx.now().getTime();
    const runs = await new JobsRepository(db).latest(limit, { notDone });
    const nextTry = (r: (typeof runs)[number]) => {
      if (r.status === 'done') return '-';
      const lease = new Date(r.lease_until).getTime();
      if (lease > now) return r.status === 'failed' ? new Date(lease).toISOString() : '-';
      // Past its period, a minutely run is left to the next one (which does the same work); others are taken up for 7 days.
      const current = runKey(
        r.run_key.includes(':') ? 'minutely' : r.run_key.includes('T') ? 'hourly' : 'daily',
        ctx.now(),
        DEFAULT_TIME_ZONE,
      );
      if (r.run_key !== current && (r.run_key.includes(':') || !r.run_at || new Date(r.run_at).getTime() < now - CATCH_UP_MS))
        return 'never (left to later runs)';
      return r.status === 'running' ? 'at the next tick (its instance stopped)' : 'at the next tick';
    };
    const rows = runs.map((r) => [
      r.job,
      r.run_key,
      r.status,
      r.owner,
      String(r.attempts),
      new Date(r.started_at).toISOString(),
      nextTry(r),
      r.outcome,
    ]);
    printTable(
      ctx.out,
      ['job', 'period', 'status', 'instance', 'attempts', 'started', 'next try', 'outcome'],
      rows,
      notDone ? 'every run is done' : 'no runs yet',
    );
  });
}

/** One job run as the server runs it, on the server's database and settings (a payment provider included). */
async function runJob(args: readonly string[], ctx: CliContext, atOption: string | undefined): Promise<void> {
  const [name, extra] = args;
  if (!name || extra !== undefined) throw new UsageError('jobs run takes one job name');
  const at = atOption === undefined ? ctx.now() : new Date(atOption);
  if (Number.isNaN(at.getTime()) || (atOption !== undefined && !/^\d{4}-\d{2}-\d{2}T/.test(atOption)))
    throw new UsageError(`--at must be an ISO time such as 2026-11-27T00:30:00+08:00, not ${atOption}`);
  await withBuiltApp(ctx, async (built, db) => {
    const runner = new JobRunner(db, systemClock, { zone: DEFAULT_TIME_ZONE, owner: 'cab jobs run' });
    for (const job of serverJobs(built)) runner.register(job);
    if (!runner.names().includes(name)) throw new UsageError(`no job ${name} (one of ${runner.names().join(', ')})`);
    const r = await runner.run(name, at);
    if (r.result === 'failed') throw new CommandFailed(`${r.job} ${r.runKey} failed: ${r.outcome}`);
    ctx.out(
      r.result === 'held'
        ? `${r.job} ${r.runKey}: done already, or another instance holds it`
        : `${r.job} ${r.runKey}: ${r.outcome || 'nothing to do'}`,
    );
  });
}
