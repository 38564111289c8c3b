import { LedgerService } from '../../modules/ledger/ledger.service.ts';
import { CommandFailed, withDatabase, type CommandGroup } from '../kit.ts';

/** The banana-shell ledger (docs/commerce.md): what an operator checks after an incident. */
export const ledger: CommandGroup = {
  name: 'ledger',
  summary: 'the banana-shell ledger',
  byDefault: 'check',
  notes: 'See docs/commerce.md. Balances are never changed by hand: a wrong movement is undone by a reversing entry.',
  subcommands: [
    {
      name: 'check',
      summary:
        'recompute every balance from its postings; exit 1 if any entry does not balance, any kept balance differs or a wallet is overdrawn',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const found = await new LedgerService(db, { now: () => ctx.now().getTime() }).audit(db);
          const problems = [
            ...found.unbalanced.map((id) => `entry ${id}: postings do not sum to zero`),
            ...found.mismatched.map((id) => `account ${id}: kept balance differs from its postings`),
            ...found.overdrawn.map((id) => `account ${id}: below zero`),
          ];
          for (const p of problems) ctx.out(p);
          if (problems.length > 0) throw new CommandFailed(`the ledger has ${problems.length} problem(s)`);
          ctx.out('the ledger balances: every entry sums to zero, every balance is the sum of its postings, no wallet below zero');
        }),
    },
  ],
};
