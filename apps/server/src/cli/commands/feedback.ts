import { FeedbackRepository } from '../../modules/feedback/feedback.repository.ts';
import { intArg, withDatabase, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 10_000;

/** What users sent from the mine page's 意见反馈. */
export const feedback: CommandGroup = {
  name: 'feedback',
  summary: "what users sent from the mine page's feedback form",
  byDefault: 'list',
  notes: 'A line break in a message is shown as a space, so each feedback is one row.',
  subcommands: [
    {
      name: 'list',
      summary: `the newest feedback first: id, when, user, phone, contact, message (${LIMIT_DEFAULT} unless --limit)`,
      options: { limit: `how many, 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT})` },
      run: async (_args, ctx, options) => {
        const limit = options.limit === undefined ? LIMIT_DEFAULT : intArg(options.limit, '--limit', 1, LIMIT_MAX);
        await withDatabase(ctx, async ({ db }) => {
          const rows = (await new FeedbackRepository(db).latest(limit)).map((f) => [
            f.id,
            new Date(f.created_at).toISOString(),
            f.user_id,
            f.phone ?? '',
            f.contact,
            f.content,
          ]);
          printTable(ctx.out, ['id', 'sent', 'user', 'phone', 'contact', 'message'], rows, 'no feedback');
        });
      },
    },
  ],
};
