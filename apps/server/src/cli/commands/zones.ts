import { CommandFailed, UsageError, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';
import { withBuiltApp } from '../with-app.ts';

const ID = /^[1-9][0-9]{0,6}$/;
const when = (d: Date | null) => (d ? d.toISOString() : '-');

/** The operator's view of private zones and the moves of books between zones (docs/zones.md). */
export const zones: CommandGroup = {
  name: 'zones',
  summary: 'private zones: the registered zones, the moves of books, revoking a zone',
  byDefault: 'list',
  notes:
    "A revoked zone's signed calls are refused at once and its books answer 0xF115 until it is registered again. Registration is reviewed with `functions approve`. See docs/zones.md.",
  subcommands: [
    {
      name: 'list',
      summary: 'the registered zones, newest first: owner, address, when its server last answered, its books',
      run: (_args, ctx) =>
        withBuiltApp(ctx, async (built) => {
          const rows = (await built.zones.zones.operatorZones()).map((z) => [
            z.id,
            z.user_id,
            z.name,
            z.base_url,
            when(z.deployed_at),
            when(z.last_seen_at),
            z.revoked_at ? 'revoked' : 'active',
            String(z.books),
          ]);
          printTable(
            ctx.out,
            ['id', 'user', 'name', 'address', 'deployed', 'last answered', 'state', 'books'],
            rows,
            'no zones registered',
          );
        }),
    },
    {
      name: 'moves',
      summary: 'the moves of books between zones: those under way first, then the latest ended',
      run: (_args, ctx) =>
        withBuiltApp(ctx, async (built) => {
          const rows = (await built.zones.zones.operatorMoves()).map((m) => [
            m.id,
            m.book_id,
            m.zone_id,
            m.migration_type,
            m.source ? 'sending' : 'receiving',
            m.status,
            `${m.rows_copied}/${m.rows_total} rows, ${m.images_copied}/${m.images_total} files`,
            m.started_at.toISOString(),
            m.error ?? '',
          ]);
          printTable(ctx.out, ['id', 'book', 'zone', 'type', 'side', 'status', 'progress', 'started', 'last error'], rows, 'no moves yet');
        }),
    },
    {
      name: 'revoke',
      args: '<zone id>',
      summary: 'revokes a zone: its signatures are refused from now on (trust between zones ends at once)',
      run: async (args, ctx) => {
        const [id, extra] = args;
        if (!id || extra !== undefined || !ID.test(id)) throw new UsageError('zones revoke takes one zone id');
        await withBuiltApp(ctx, async (built) => {
          const row = await built.zones.zones.revoke(id);
          if (!row) throw new CommandFailed(`zone ${id} does not exist or is revoked already`);
          ctx.out(`revoked zone ${id} (${row.name}, ${row.base_url}) of user ${row.user_id}`);
        });
      },
    },
  ],
};
