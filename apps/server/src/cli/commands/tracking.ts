import { UsageError, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';
import { withBuiltApp } from '../with-app.ts';

/** The operator's view of the behaviour events the collector keeps (docs/host.md, "Tracking"). */
export const tracking: CommandGroup = {
  name: 'tracking',
  summary: 'behaviour events: counts by day, host and event',
  byDefault: 'counts',
  notes: 'Events are kept CAB_TRACKING_RETENTION_DAYS days (90); the daily tracking job drops older ones. See docs/host.md.',
  subcommands: [
    {
      name: 'counts',
      summary: 'the events of the latest --days days (7), by day (China Standard Time), host and event',
      options: { days: 'how many days back, 1 to 3650' },
      run: async (_args, ctx, options) => {
        const days = Number(options.days ?? 7);
        if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError('--days must be whole days from 1 to 3650');
        await withBuiltApp(ctx, async (built) => {
          const rows = (await built.tracking.counts(days)).map((r) => [r.day, r.host, r.event_key, String(r.count)]);
          printTable(ctx.out, ['day', 'host', 'event', 'count'], rows, 'no events');
        });
      },
    },
  ],
};
