/**
 * The operator's backup and restore (docs/backup.md):
 *
 *   npm run backup -- <file>     # the database and the uploads, into one new file
 *   npm run restore -- <file>    # into an EMPTY database and data directory
 *
 * Both use the server's configuration: DATABASE_URL, else the embedded database in
 * CAB_DATA_DIR, and the uploads in CAB_DATA_DIR/files and CAB_DATA_DIR/private. On
 * PostgreSQL a backup may run beside a running server (it reads one snapshot); the
 * embedded database belongs to one process, so there the server must be stopped first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/index.ts';
import { writeBackup } from './platform/backup/dump.ts';
import { checkBackup, restoreBackup } from './platform/backup/restore.ts';

const USAGE = 'usage: npm run backup -- <file>   or   npm run restore -- <file>';

async function open(databaseUrl: string | undefined, pgdata: string, verb: string): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl, dataDir: pgdata });
  } catch (err) {
    const message = (err as Error).message;
    if (!databaseUrl && message.includes('in use by another CAB server')) {
      throw new Error(
        `${message}.\nThe embedded database belongs to the running server: stop it, run the ${verb} again, then start the server. ` +
          '(On PostgreSQL, with DATABASE_URL, a backup can be taken while the server runs.)',
      );
    }
    throw err;
  }
}

const config = loadConfig();
const [verb, arg, extra] = process.argv.slice(2);
// npm runs the script in apps/server; a relative file is meant from where the operator typed the command.
const file = arg ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : '';
const pgdata = path.join(config.dataDir, 'pgdata');
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgdata}`;
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
let handle: DatabaseHandle | undefined;
try {
  if ((verb !== 'backup' && verb !== 'restore') || !arg || extra !== undefined) throw new Error(USAGE);
  if (verb === 'backup') {
    if (!config.databaseUrl && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
      throw new Error(`there is no embedded database in ${pgdata} (set CAB_DATA_DIR, or DATABASE_URL for PostgreSQL): nothing to back up`);
    }
    handle = await open(config.databaseUrl, pgdata, 'backup');
    const s = await writeBackup(handle.db, handle.kind, config.dataDir, file);
    for (const name of s.skipped) console.warn(`not backed up: ${name}`);
    console.log(
      `backed up ${where}: ${s.rows} rows in ${s.tables} tables, and ${s.files} files from ${config.dataDir}, ` +
        `into ${file} (${(s.bytes / 1024).toFixed(0)} KB) in ${seconds()} s`,
    );
  } else {
    // The whole file is read and checked before the database is opened.
    const header = await checkBackup(file);
    handle = await open(config.databaseUrl, pgdata, 'restore');
    const s = await restoreBackup(handle.db, config.dataDir, file, header);
    console.log(
      `restored ${file} (made ${header.created_at} from ${header.source}) into ${where}: ${s.rows} rows in ${s.tables} tables, ` +
        `and ${s.files} files into ${config.dataDir}, in ${seconds()} s` +
        (s.migrated.length ? ` (the empty database was first migrated to the backup's level: ${s.migrated.length} migrations)` : '') +
        '. Start the server: it applies any newer migrations.',
    );
  }
} catch (err) {
  console.error(`${verb === 'restore' ? 'restore' : 'backup'} failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
