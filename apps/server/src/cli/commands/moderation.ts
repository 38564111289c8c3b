import { ModerationRepository, resolveReport } from '../../modules/messages/moderation.ts';
import { CommandFailed, UsageError, confirm, idArg, withDatabase, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

/** The reports people made of messages and posts (docs/messages.md). */
export const moderation: CommandGroup = {
  name: 'moderation',
  summary: 'the reports people made of messages and posts',
  byDefault: 'list',
  notes: 'See docs/messages.md.',
  subcommands: [
    {
      name: 'list',
      summary: 'the open reports, oldest first',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const rows = (await new ModerationRepository(db).openReports()).map((r) => [
            r.id,
            `${r.target_type} ${r.target_id}`,
            `user ${r.reporter_id}`,
            new Date(r.created_at).toISOString(),
            JSON.stringify(r.reason),
          ]);
          printTable(ctx.out, ['id', 'target', 'by', 'reported', 'reason'], rows, 'no open reports');
        }),
    },
    {
      name: 'resolve',
      args: '<reportId> <keep|remove>',
      summary: 'close a report: keep the target, or remove it (remove is destructive: asks, or --yes)',
      run: async ([idWord, decision], ctx) => {
        const id = idArg(idWord, 'report id');
        if (decision !== 'keep' && decision !== 'remove') throw new UsageError(`decide keep or remove, not ${decision}`);
        if (decision === 'remove') await confirm(ctx, `removing the target of report ${id}`);
        await withDatabase(ctx, async ({ db }) => {
          const done = await resolveReport(db, id, decision, ctx.now());
          if (!done) throw new CommandFailed(`no open report ${id}`);
          ctx.out(done);
        });
      },
    },
  ],
};
