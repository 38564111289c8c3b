import fs from 'node:fs';
import path from 'node:path';
import { writeBackup } from '../../platform/backup/dump.ts';
import { checkBackup, restoreBackup } from '../../platform/backup/restore.ts';
import { createStorage } from '../../platform/storage-create.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { CommandFailed, withDatabase, type CliContext, type CommandGroup } from '../kit.ts';

/** Where the database is, in the operator's words. */
function where(ctx: CliContext): { pgdata: string; text: string } {
  const pgdata = path.join(ctx.config.dataDir, 'pgdata');
  return { pgdata, text: ctx.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgdata}` };
}

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

/** Where the uploads are, in the operator's words. */
const uploadsAt = (storage: FileStorage) => `${storage.where('public')} and ${storage.where('private')}`;

/** Runs `fn` with the server's storage (the bucket when CAB_S3_* name one), closed after. */
async function withStorage<T>(ctx: CliContext, fn: (storage: FileStorage) => Promise<T>): Promise<T> {
  const storage = await createStorage(ctx.config);
  try {
    return await fn(storage);
  } finally {
    storage.close();
  }
}

// Backup and restore see the database as it is: no migration first (a restore needs it empty).
const RAW = { raw: true } as const;

/** The database and the uploads into one new file (docs/backup.md). */
export const backup: CommandGroup = {
  name: 'backup',
  summary: 'the database and the uploads, into one new file',
  notes:
    'On PostgreSQL a backup may run beside a running server (it reads one snapshot); the embedded database belongs to one process: stop the server first. See docs/backup.md.',
  subcommands: [
    {
      name: '',
      args: '<file>',
      summary: 'the database and the uploads (CAB_DATA_DIR/files and private, or the S3 bucket), into one new file',
      run: async ([arg], ctx) => {
        const file = path.resolve(ctx.cwd, arg!);
        const { pgdata, text } = where(ctx);
        if (!ctx.config.databaseUrl && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
          throw new CommandFailed(
            `backup failed: there is no embedded database in ${pgdata} (set CAB_DATA_DIR, or DATABASE_URL for PostgreSQL): nothing to back up`,
          );
        }
        const started = Date.now();
        await withDatabase(
          ctx,
          async ({ db, kind }) =>
            withStorage(ctx, async (storage) => {
              const s = await writeBackup(db, kind, storage, file).catch((err: Error) => {
                throw new CommandFailed(`backup failed: ${err.message}`);
              });
              for (const name of s.skipped) ctx.err(`not backed up: ${name}`);
              ctx.out(
                `backed up ${text}: ${s.rows} rows in ${s.tables} tables, and ${s.files} files from ${uploadsAt(storage)}, ` +
                  `into ${file} (${(s.bytes / 1024).toFixed(0)} KB) in ${seconds(started)} s`,
              );
            }),
          { ...RAW, purpose: 'backup' },
        );
      },
    },
  ],
};

/** A backup into an EMPTY installation (docs/backup.md): it refuses a database or data directory that holds anything. */
export const restore: CommandGroup = {
  name: 'restore',
  summary: 'a backup file into an empty installation',
  notes:
    'The whole file is read and checked before the database is opened; a database or data directory that holds anything is refused, so nothing is overwritten. See docs/backup.md.',
  subcommands: [
    {
      name: '',
      args: '<file>',
      summary: 'a backup file into an EMPTY database and data directory',
      run: async ([arg], ctx) => {
        const file = path.resolve(ctx.cwd, arg!);
        const { text } = where(ctx);
        const started = Date.now();
        const failed = (err: Error) => {
          throw new CommandFailed(`restore failed: ${err.message}`);
        };
        const header = await checkBackup(file).catch(failed);
        await withDatabase(
          ctx,
          async ({ db }) =>
            withStorage(ctx, async (storage) => {
              const s = await restoreBackup(db, storage, file, header).catch(failed);
              ctx.out(
                `restored ${file} (made ${header.created_at} from ${header.source}) into ${text}: ${s.rows} rows in ${s.tables} tables, ` +
                  `and ${s.files} files into ${uploadsAt(storage)}, in ${seconds(started)} s` +
                  (s.migrated.length
                    ? ` (the empty database was first migrated to the backup's level: ${s.migrated.length} migrations)`
                    : '') +
                  '. Start the server: it applies any newer migrations.',
              );
            }),
          { ...RAW, purpose: 'restore' },
        );
      },
    },
  ],
};
