/**
 * The operator's command for operations: the home info flow's cards, guides and popups
 * (docs/market.md, "Home tags and operations"):
 *
 *   npm run operations                          # list every operation and whether it is on show
 *   npm run operations -- publish <file.json>   # create, or update by code (and put back on show)
 *   npm run operations -- withdraw <code>       # take one off show
 *
 * It uses the same database as the server (DATABASE_URL, else the embedded one in
 * CAB_DATA_DIR); with the embedded database, stop the server first (one process owns it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { operationsCommand } from './modules/home/operations.command.ts';
import { OperationsRepository } from './modules/home/operations.repository.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const repo = new OperationsRepository(handle.db);
  // As at server start, so a new installation lists what the server will show.
  await repo.seed();
  // npm runs the script in apps/server: a relative file is the operator's, from where they typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const lines = await operationsCommand(repo, process.argv.slice(2), {
    now: new Date(),
    readFile: (file) => fs.readFileSync(path.resolve(cwd, file), 'utf8'),
  });
  for (const line of lines) console.log(line);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
