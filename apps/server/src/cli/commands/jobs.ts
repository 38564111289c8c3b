import { JobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { intArg, withDatabase, type CommandGroup } from '../kit.ts';
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
  ],
};
