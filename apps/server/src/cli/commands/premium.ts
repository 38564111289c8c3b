import { PREMIUM_FEATURES } from '@cab/contracts';
import { PremiumRepository } from '../../modules/premium/premium.repository.ts';
import { CommandFailed, UsageError, confirm, idArg, intArg, withDatabase, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

const FEATURES: readonly string[] = Object.values(PREMIUM_FEATURES);

function featureArg(value: string | undefined): string {
  if (!value || !FEATURES.includes(value)) throw new UsageError(`not a feature: ${value ?? '(none)'} (one of ${FEATURES.join(', ')})`);
  return value;
}

/** A book's premium features (SPEC 6), until the commerce area sells them; docs/budgets.md. */
export const premium: CommandGroup = {
  name: 'premium',
  summary: "a book's premium features",
  byDefault: 'list',
  notes: `Features: ${FEATURES.join(', ')}. See docs/budgets.md.`,
  subcommands: [
    {
      name: 'list',
      summary: 'every grant: book, feature, source, expiry',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const grants = await new PremiumRepository(db).list();
          const rows = grants.map((g) => [
            g.book_id,
            g.feature_code,
            g.source,
            g.expires_at ? new Date(g.expires_at).toISOString() : 'no expiry',
          ]);
          printTable(ctx.out, ['book', 'feature', 'source', 'expires'], rows, 'no grants');
        }),
    },
    {
      name: 'grant',
      args: '<bookId> <feature> [days]',
      summary: 'grant a feature to a book, for good or for so many days (1 to 99999)',
      run: async ([bookArg, featureWord, days], ctx) => {
        const bookId = idArg(bookArg, 'book id');
        const feature = featureArg(featureWord);
        const expires = days === undefined ? null : new Date(ctx.now().getTime() + intArg(days, 'days', 1, 99_999) * 86_400_000);
        await withDatabase(ctx, async ({ db }) => {
          const repo = new PremiumRepository(db);
          if (!(await repo.bookExists(bookId))) throw new CommandFailed(`no such book: ${bookId}`);
          await repo.grant(bookId, feature, expires, 'operator');
          ctx.out(`granted ${feature} to book ${bookId}${expires ? ` until ${expires.toISOString()}` : ''}`);
        });
      },
    },
    {
      name: 'revoke',
      args: '<bookId> <feature>',
      summary: 'take a feature away from a book (destructive: asks, or --yes)',
      run: async ([bookArg, featureWord], ctx) => {
        const bookId = idArg(bookArg, 'book id');
        const feature = featureArg(featureWord);
        await confirm(ctx, `revoking ${feature} from book ${bookId}`);
        await withDatabase(ctx, async ({ db }) => {
          const repo = new PremiumRepository(db);
          if (!(await repo.bookExists(bookId))) throw new CommandFailed(`no such book: ${bookId}`);
          ctx.out(
            (await repo.revoke(bookId, feature)) ? `revoked ${feature} from book ${bookId}` : `book ${bookId} did not hold ${feature}`,
          );
        });
      },
    },
  ],
};
