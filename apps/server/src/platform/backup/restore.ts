import fs from 'node:fs';
import type { Database } from '../db/index.ts';
import { migrate, migrationNames, MIGRATIONS_DIR } from '../db/migrate.ts';
import { BackupRepository } from './backup.repository.ts';
import type { FileStorage } from '../storage.ts';
import { nonEmptyFileRoots, RestoredFiles } from './files.ts';
import { BackupFileError, readBackup, type BackupHeader, type TableInfo } from './format.ts';

/** Why the target cannot take the backup; nothing was changed. */
export class RestoreRefused extends Error {}

/**
 * The tables a database holds rows in before anyone uses it: the migration records,
 * the exchange rates a migration seeds and the template catalogue and the operations the
 * server seeds at start. A restore replaces them with the backup's (an operator may have
 * changed rates and operations, and templates count their uses); rows in any other table
 * are someone's data, and a restore refuses to mix books.
 */
export const PRESEEDED_TABLES: ReadonlySet<string> = new Set([
  'schema_migrations',
  'currency_rates',
  'template_categories',
  'book_templates',
  'cover_materials',
  'operations',
  // The market's first articles and video, and their tags (modules/content/content.seed.ts).
  'content_tags',
  'contents',
  'content_tag_links',
  // The ledger's platform accounts (migration 0021); users' accounts come with their entries.
  'ledger_accounts',
  // What is on sale when CAB starts (migration 0023).
  'premium_features',
  'packages',
  'activities',
  'activity_packages',
  'recharge_stairs',
  // The recharge page's banner (migration 0024).
  'operation_space_items',
]);

/**
 * Columns a trigger keeps from rows inserted after them: restored as 0, they are rebuilt
 * as the backup's later rows go in (a ledger account's balance, as its postings arrive).
 */
const KEPT_BY_TRIGGERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['ledger_accounts', new Set(['balance', 'debits', 'credits'])],
]);

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  /** Migrations applied to bring the empty target to the backup's level. */
  migrated: string[];
}

/**
 * Checks a backup end to end before anything is touched: a damaged or truncated file is
 * refused here. Then checks this code can restore it: every migration it was made at
 * must be one the code knows (a backup from a newer CAB needs that CAB).
 */
export async function checkBackup(file: string, dir = MIGRATIONS_DIR): Promise<BackupHeader> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`no such file: ${file}`);
  let header: BackupHeader;
  try {
    header = await readBackup(file);
  } catch (err) {
    if (!(err instanceof BackupFileError)) throw err;
    throw new RestoreRefused(`${file} is not a whole CAB backup (${err.message}); nothing was changed`);
  }
  const known = new Set(migrationNames(dir));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new RestoreRefused(
      `the backup was made by a newer CAB (its schema has migrations this code does not know: ${unknown.join(', ')}); restore it with that version or later`,
    );
  }
  return header;
}

/** The storage must hold no file either. */
async function checkFilesEmpty(storage: FileStorage): Promise<void> {
  const full = await nonEmptyFileRoots(storage);
  if (full.length) {
    throw new RestoreRefused(
      `${full.join(' and ')} already hold files: a restore only goes into an empty data directory (set CAB_DATA_DIR) or an empty bucket (CAB_S3_BUCKET)`,
    );
  }
}

async function refuseUserData(repo: BackupRepository, tables: readonly TableInfo[]): Promise<void> {
  const full = await repo.nonEmpty(tables.filter((t) => !PRESEEDED_TABLES.has(t.name)).map((t) => t.name));
  if (full.length) {
    throw new RestoreRefused(
      `the target database is not empty (${full.join(', ')} hold rows): a restore only goes into an empty database ` +
        '(create a new one for DATABASE_URL, or point CAB_DATA_DIR at an empty directory); nothing was changed',
    );
  }
}

/** The target, once migrated, must have exactly the backup's tables, columns and sequences. */
function sameSchema(header: BackupHeader, tables: readonly TableInfo[], sequences: readonly string[]): string[] {
  const differences: string[] = [];
  const describe = (t: TableInfo) => t.columns.map((c) => `${c.name} ${c.type}${c.generated ? ' generated' : ''}`).join(', ');
  const mine = new Map(tables.map((t) => [t.name, t]));
  for (const t of header.tables) {
    const m = mine.get(t.name);
    if (!m) differences.push(`table ${t.name} is missing`);
    else if (describe(m) !== describe(t)) differences.push(`table ${t.name} has (${describe(m)}), the backup (${describe(t)})`);
    mine.delete(t.name);
  }
  for (const name of mine.keys()) differences.push(`table ${name} is not in the backup`);
  if (sequences.join() !== [...header.sequences].sort().join()) differences.push('the sequences differ');
  return differences;
}

/**
 * Brings the empty target to the backup's level, refusing (before any change) a target
 * that holds data or is migrated past the backup, and checks that the migrated schema
 * is the backup's and that the backup's table order suits its foreign keys.
 */
async function prepareTarget(db: Database, storage: FileStorage, header: BackupHeader) {
  const repo = new BackupRepository(db);
  const ahead = ((await repo.migrationNames()) ?? []).filter((m) => !header.migrations.includes(m));
  if (ahead.length) {
    throw new RestoreRefused(
      `the target database is already migrated past the backup (${ahead.join(', ')}): restore into a new, empty database; nothing was changed`,
    );
  }
  await refuseUserData(repo, await repo.tables());
  await checkFilesEmpty(storage);

  const migrated = await migrate(db, MIGRATIONS_DIR, header.migrations.at(-1) ?? '');
  const level = (await repo.migrationNames()) ?? [];
  if (level.join() !== header.migrations.join()) {
    throw new RestoreRefused(`the target's migrations (${level.join(', ')}) do not match the backup's (${header.migrations.join(', ')})`);
  }
  const tables = await repo.tables();
  const differences = sameSchema(header, tables, await repo.sequenceNames());
  if (differences.length) throw new RestoreRefused(`the target's schema differs from the backup's: ${differences.join('; ')}`);
  // The backup's order must hold for the target's keys; a table pointing to itself is staged instead.
  const selfReferencing = new Set<string>();
  const position = new Map(header.tables.map((t, i) => [t.name, i]));
  for (const k of await repo.foreignKeys()) {
    if (k.child === k.parent) selfReferencing.add(k.child);
    else if (position.get(k.parent)! > position.get(k.child)!) throw new RestoreRefused(`the backup has ${k.child} before ${k.parent}`);
  }
  return { tables, selfReferencing, migrated };
}

/**
 * Restores a checked backup into the empty database and storage: migrates the database
 * to the backup's level, then in ONE transaction locks every table, checks again that
 * none holds user data, inserts every row in foreign key order and sets the sequences
 * where they stood, so new rows get fresh ids. Files go into storage as they come. A
 * failure anywhere leaves the database without data and removes the files written.
 */
export async function restoreBackup(db: Database, storage: FileStorage, file: string, header: BackupHeader): Promise<RestoreSummary> {
  const { tables, selfReferencing, migrated } = await prepareTarget(db, storage, header);
  const summary: RestoreSummary = { tables: tables.length, rows: 0, files: 0, migrated };
  const files = new RestoredFiles(storage);
  try {
    await db.transaction().execute(async (tx) => {
      const r = new BackupRepository(tx);
      const names = tables.map((t) => t.name);
      await r.lockAll(names);
      // Again under the locks: a server started on the target meanwhile cannot slip rows in.
      await refuseUserData(r, tables);
      await r.truncateAll(names);
      let staged: { table: TableInfo; stage: string } | undefined;
      const flushStage = async () => {
        if (staged) await r.flushStage(staged.table, staged.stage);
        staged = undefined;
      };
      await readBackup(file, {
        rows: async (table, rows) => {
          if (staged && staged.table.name !== table.name) await flushStage();
          if (selfReferencing.has(table.name)) {
            staged ??= { table, stage: await r.createStage(table) };
            await r.insertRows(table, rows, staged.stage);
          } else {
            await r.insertRows(table, rows, undefined, KEPT_BY_TRIGGERS.get(table.name));
          }
          summary.rows += rows.length;
        },
        sequences: async (values) => {
          await flushStage();
          for (const v of values) await r.setSequence(v);
        },
        fileStart: async (entry) => files.start(entry),
        fileData: async (bytes) => files.write(bytes),
        fileEnd: async () => {
          await files.end();
          summary.files++;
        },
      });
    });
  } catch (err) {
    await files.discard();
    throw err;
  }
  return summary;
}
