/**
 * The operator's command for the community's official tab (product announcements,
 * docs/community.md); nobody writes them through the API:
 *
 *   npm run community -- list-official
 *   npm run community -- publish-official <file.md>   # first line the subject, the rest the message
 *   npm run community -- withdraw-official <tid>
 *
 * It uses the same database as the server (DATABASE_URL, else the embedded one in
 * CAB_DATA_DIR); with the embedded database, stop the server first (one process owns it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { listOfficial, publishOfficial, withdrawOfficial } from './modules/community/official.command.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const [verb, arg] = process.argv.slice(2);
  if (verb === 'publish-official') {
    if (!arg) throw new Error('publish-official needs a Markdown file');
    const tid = await publishOfficial(handle.db, fs.readFileSync(arg, 'utf8'));
    console.log(`published official thread ${tid}`);
  } else if (verb === 'withdraw-official') {
    if (!arg || !/^[1-9][0-9]{0,18}$/.test(arg)) throw new Error(`not a thread id: ${arg ?? '(none)'}`);
    console.log((await withdrawOfficial(handle.db, arg)) ? `withdrew official thread ${arg}` : `no live official thread ${arg}`);
  } else if (verb === 'list-official' || verb === undefined) {
    for (const t of await listOfficial(handle.db)) {
      console.log(`${t.id}  ${new Date(t.created_at).toISOString()}  ${t.deleted_at ? 'withdrawn' : 'live     '}  ${t.subject}`);
    }
  } else {
    throw new Error(`unknown command: ${verb} (list-official, publish-official <file.md>, withdraw-official <tid>)`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
