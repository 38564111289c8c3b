import { DEFAULT_TIME_ZONE } from '@cab/contracts';
import { serverJobs } from '../../jobs.ts';
import { systemClock } from '../../platform/clock.ts';
import { JobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
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
      summary: 'the latest runs, newest first: job, period, status, instance, attempts, what it did (50 unless --limit, 1 to 1000)',
      options: { limit: 'how many runs, 1 to 1000 (default 50)' },
      run: (_args, ctx, options) =>
        withDatabase(ctx, async ({ db }) => {
          const limit = options.limit === undefined ? 50 : intArg(options.limit, '--limit', 1, 1000);
          const runs = await new JobsRepository(db).latest(limit);
          const rows = runs.map((r) => [
            r.job,
            r.run_key,
            r.status,
            r.owner,
            String(r.attempts),
            new Date(r.started_at).toISOString(),
            r.outcome,
          ]);
          printTable(ctx.out, ['job', 'period', 'status', 'instance', 'attempts', 'started', 'outcome'], rows, 'no runs yet');
        }),
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
