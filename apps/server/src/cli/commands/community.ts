import fs from 'node:fs/promises';
import path from 'node:path';
import { listOfficial, publishOfficial, withdrawOfficial } from '../../modules/community/official.command.ts';
import { CommandFailed, confirm, idArg, withDatabase, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

/** The official tab of every community: product announcements (docs/community.md); nobody writes them through the API. */
export const community: CommandGroup = {
  name: 'community',
  summary: "the official announcements of every book's community",
  byDefault: 'list-official',
  notes: 'An announcement file: first line the subject ("# " optional), the rest the message. See docs/community.md.',
  subcommands: [
    {
      name: 'list-official',
      summary: 'every announcement, withdrawn ones too',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const rows = (await listOfficial(db)).map((t) => [
            t.id,
            new Date(t.created_at).toISOString(),
            t.deleted_at ? 'withdrawn' : 'live',
            t.subject,
          ]);
          printTable(ctx.out, ['id', 'published', 'state', 'subject'], rows, 'no announcements');
        }),
    },
    {
      name: 'publish-official',
      args: '<file.md>',
      summary: 'publish an announcement to every community',
      run: async ([file], ctx) => {
        const text = await fs.readFile(path.resolve(ctx.cwd, file!), 'utf8').catch(() => {
          throw new CommandFailed(`cannot read ${file}`);
        });
        await withDatabase(ctx, async ({ db }) => {
          const tid = await publishOfficial(db, text, ctx.now()).catch((err: Error) => {
            throw new CommandFailed(`${file}: ${err.message}`);
          });
          ctx.out(`published official thread ${tid}`);
        });
      },
    },
    {
      name: 'withdraw-official',
      args: '<threadId>',
      summary: 'withdraw an announcement for good (destructive: asks, or --yes)',
      run: async ([arg], ctx) => {
        const tid = idArg(arg, 'thread id');
        await confirm(ctx, `withdrawing official thread ${tid}`);
        await withDatabase(ctx, async ({ db }) => {
          if (!(await withdrawOfficial(db, tid, ctx.now()))) throw new CommandFailed(`no live official thread ${tid}`);
          ctx.out(`withdrew official thread ${tid}`);
        });
      },
    },
  ],
};
