import fs from 'node:fs';
import path from 'node:path';
import { offersCommand, offersListing } from '../../modules/offers/offers.command.ts';
import { CommandFailed, withDatabase, type CliContext, type Subcommand } from '../kit.ts';
import type { CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

/** The offers module's command on the server's database; what it throws is the operator's to mend (status 1). */
function viaModule(verb: string): Subcommand['run'] {
  return (args, ctx: CliContext) =>
    withDatabase(ctx, async ({ db }) => {
      const lines = await offersCommand(db, [verb, ...args], {
        now: ctx.now(),
        readFile: (file) => fs.readFileSync(path.resolve(ctx.cwd, file), 'utf8'),
      }).catch((err: Error) => {
        throw new CommandFailed(err.message);
      });
      lines.forEach((l) => ctx.out(l));
    });
}

/** The commerce catalogue: features, packages, activities, coupon batches, recharge stairs, operation spaces (docs/commerce.md). */
export const offers: CommandGroup = {
  name: 'offers',
  summary: 'the commerce catalogue: packages, activities, coupons, recharge stairs',
  byDefault: 'list',
  notes:
    'A publish file holds any of the arrays features, packages, activities, couponBatches, stairs, spaceItems; ' +
    'each entry is created or updated by its code, and a file with anything wrong changes nothing. ' +
    'Amounts are banana shells ("6.00"). See docs/commerce.md, "The catalogue".',
  subcommands: [
    {
      name: 'list',
      summary: 'every feature, package, activity, coupon batch, recharge stair and operation space item',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          (await offersListing(db, ctx.now())).forEach((s, i) => {
            if (i > 0) ctx.out('');
            ctx.out(`${s.title}:`);
            printTable(ctx.out, s.header, s.rows, s.empty);
          });
        }),
    },
    {
      name: 'publish',
      args: '<file.json>',
      summary: 'create, or update by code (and put back on sale), all or nothing',
      run: viaModule('publish'),
    },
    {
      name: 'withdraw',
      args: '<kind> <code>',
      summary: 'take a package off sale, or an activity or a space item (<spaceCode>/<code>) off show; kind: package, activity, space-item',
      run: viaModule('withdraw'),
    },
    {
      name: 'give-coupon',
      args: '<batchCode> <userId>',
      summary: 'give a user a coupon of the batch (once per user and batch: source operator:<batchCode>)',
      run: viaModule('give-coupon'),
    },
  ],
};
