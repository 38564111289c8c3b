import path from 'node:path';
import readline from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { CommandFailed, type CliContext } from './kit.ts';

/** The one way every subcommand opens the server's database. */
async function open(ctx: Pick<CliContext, 'config'>, o: { raw?: boolean; purpose?: string } = {}): Promise<DatabaseHandle> {
  const { databaseUrl, dataDir } = ctx.config;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pgdata') });
  } catch (err) {
    const message = (err as Error).message;
    if (!databaseUrl && message.includes('in use by another CAB server')) {
      throw new CommandFailed(
        `${message}.\nThe embedded database belongs to the running server: stop it, run the ${o.purpose ?? 'command'} again, then start the server.` +
          ' (On PostgreSQL, with DATABASE_URL, the commands can run while the server runs.)',
      );
    }
    throw err;
  }
  if (!o.raw) {
    try {
      // As at server start, so a new installation has the tables the command works on.
      await migrate(handle.db);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
  return handle;
}

/** The context of the real process: stdout and stderr, the environment, a terminal when there is one. */
export function processContext(): CliContext {
  const config = loadConfig();
  const ctx: CliContext = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    config,
    // npm runs the script in apps/server; INIT_CWD is where the operator typed the command.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    yes: false,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    ask: async (question) => {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
    openDatabase: (o) => open(ctx, o),
    now: () => new Date(),
  };
  return ctx;
}
