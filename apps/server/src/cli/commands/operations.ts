import fs from 'node:fs';
import path from 'node:path';
import { operationCells, operationsCommand } from '../../modules/home/operations.command.ts';
import { OperationsRepository } from '../../modules/home/operations.repository.ts';
import { CommandFailed, withDatabase, type CliContext, type Subcommand } from '../kit.ts';
import type { CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

/** The operations module's command on the server's database, seeded as at server start so a new installation lists what the server will show. */
function viaModule(verb: string): Subcommand['run'] {
  return (args, ctx: CliContext) =>
    withDatabase(ctx, async ({ db }) => {
      const repo = new OperationsRepository(db);
      await repo.seed();
      const lines = await operationsCommand(repo, [verb, ...args], {
        now: ctx.now(),
        readFile: (file) => fs.readFileSync(path.resolve(ctx.cwd, file), 'utf8'),
      }).catch((err: Error) => {
        throw new CommandFailed(err.message);
      });
      lines.forEach((l) => ctx.out(l));
    });
}

/** The home info flow's cards, guides and popups (docs/market.md, "Home tags and operations"). */
export const operations: CommandGroup = {
  name: 'operations',
  summary: "the home info flow's cards, guides and popups",
  byDefault: 'list',
  notes: 'A file holds one operation or an array of them; a file with any bad one changes nothing. See docs/market.md.',
  subcommands: [
    {
      name: 'list',
      summary: 'every operation: code, placement, position, whether on show, title',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const repo = new OperationsRepository(db);
          await repo.seed();
          const now = ctx.now();
          const rows = (await repo.list()).map((r) => operationCells(r, now));
          printTable(ctx.out, ['code', 'placement', 'position', 'state', 'title'], rows, 'no operations');
        }),
    },
    { name: 'publish', args: '<file.json>', summary: 'create, or update by code (and put back on show)', run: viaModule('publish') },
    { name: 'withdraw', args: '<code>', summary: 'take one off show (publish it again to bring it back)', run: viaModule('withdraw') },
  ],
};
