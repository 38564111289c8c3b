import { formatRate, parseRate, RatesRepository } from '../../modules/accounting/rates.ts';
import { UsageError, withDatabase, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

const RATE = /^([A-Z]{3})=(\d{1,14}(?:\.\d{1,10})?)$/;

/** The exchange-rate table, in units of CNY per unit (docs/accounting.md). */
export const rates: CommandGroup = {
  name: 'rates',
  summary: 'the exchange-rate table (units of CNY per unit)',
  byDefault: 'list',
  notes: 'A rate is CODE=units of CNY, e.g. USD=7.12; a new code adds the currency. See docs/accounting.md.',
  subcommands: [
    {
      name: 'list',
      summary: 'the table: currency, rate, when it was set',
      run: (_args, ctx) =>
        withDatabase(ctx, async ({ db }) => {
          const rows = (await new RatesRepository(db).list()).map((r) => [
            r.currency,
            formatRate(parseRate(r.rate)),
            new Date(r.updated_at).toISOString(),
          ]);
          printTable(ctx.out, ['currency', 'rate (CNY)', 'updated'], rows, 'no rates');
        }),
    },
    {
      name: 'set',
      args: '<CODE=rate>...',
      summary: 'set rates, e.g. USD=7.12 EUR=7.7 (all or none: one bad rate changes nothing)',
      run: async (args, ctx) => {
        const changes = args.map((arg) => {
          const m = RATE.exec(arg);
          if (!m || parseRate(m[2]!) <= 0n) throw new UsageError(`not a rate: ${arg} (write CODE=units of CNY, e.g. USD=7.12)`);
          return { currency: m[1]!, rate: m[2]! };
        });
        await withDatabase(ctx, async ({ db }) => {
          const at = ctx.now();
          await db.transaction().execute(async (tx) => {
            const repo = new RatesRepository(tx);
            for (const c of changes) await repo.set(c.currency, c.rate, at);
          });
          for (const c of changes) ctx.out(`${c.currency} = ${c.rate} CNY`);
        });
      },
    },
  ],
};
