import { Text } from '@cab/contracts';
import { CommandFailed, UsageError, type CommandGroup, type Subcommand } from '../kit.ts';
import { printTable } from '../table.ts';
import { withBuiltApp } from '../with-app.ts';

const ID = /^[1-9][0-9]{0,18}$/;
const Remark = Text(200);

/** The operator's review of function applies (docs/cloud.md, "Function applies"). */
export const functions: CommandGroup = {
  name: 'functions',
  summary: 'function applies (private storage): the applications waiting, approve, reject',
  byDefault: 'list',
  notes: 'The applicant is told the decision in the message center; a rejected application may be made again. See docs/cloud.md.',
  subcommands: [
    {
      name: 'list',
      summary: 'the applications waiting for review, oldest first',
      run: (_args, ctx) =>
        withBuiltApp(ctx, async (built) => {
          const rows = (await built.cloud.functions.waiting()).map((r) => [
            r.id,
            r.user_id,
            r.biz_type,
            r.biz_code,
            r.applied_at.toISOString(),
          ]);
          printTable(ctx.out, ['id', 'user', 'type', 'function', 'applied'], rows, 'no applications waiting');
        }),
    },
    ...(['approve', 'reject'] as const).map((verb): Subcommand => ({
      name: verb,
      args: '<id>',
      summary: `${verb}s a waiting application${verb === 'reject' ? ', with --remark saying why' : ''}`,
      options: { remark: 'what the applicant is told (up to 200 characters)' },
      run: async (args, ctx, options) => {
        const [id, extra] = args;
        if (!id || extra !== undefined || !ID.test(id)) throw new UsageError(`functions ${verb} takes one application id`);
        const remark = Remark.safeParse(options.remark ?? '');
        if (!remark.success) throw new UsageError('--remark must be one line of at most 200 characters');
        await withBuiltApp(ctx, async (built) => {
          const row = await built.cloud.functions.decide(id, verb === 'approve' ? 'approved' : 'rejected', remark.data);
          if (!row) throw new CommandFailed(`application ${id} is not waiting for review`);
          ctx.out(`${verb === 'approve' ? 'approved' : 'rejected'} application ${id}: ${row.biz_code} of user ${row.user_id}`);
        });
      },
    })),
  ],
};
