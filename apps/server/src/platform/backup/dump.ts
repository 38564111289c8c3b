import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/index.ts';
import { BackupRepository } from './backup.repository.ts';
import type { FileStorage } from '../storage.ts';
import { AREA_OF, listStoredFiles, type StoredFile } from './files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CHUNK_BYTES,
  type BackupEnd,
  type BackupHeader,
  type BackupLine,
  type SequenceValue,
} from './format.ts';
import { restoreOrder } from './order.ts';

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Uploads that could not be taken: not plain files, or removed by the server meanwhile. */
  skipped: string[];
  bytes: number;
}

const line = (l: BackupLine) => `${JSON.stringify(l)}\n`;

/** A stream's bytes in pieces of CHUNK_BYTES (the last one shorter). */
async function* chunks(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let length = 0;
  for await (const piece of stream) {
    held.push(piece);
    length += piece.length;
    while (length >= CHUNK_BYTES) {
      const all = Buffer.concat(held);
      yield all.subarray(0, CHUNK_BYTES);
      held = [all.subarray(CHUNK_BYTES)];
      length -= CHUNK_BYTES;
    }
  }
  if (length) yield Buffer.concat(held);
}

/**
 * The lines of one stored file: its entry, then its bytes in chunks. The entry carries
 * the digest, so the file is read twice: once for it, then for the bytes, checked against
 * it. Uploads get new names and are never rewritten, so both reads see the same bytes;
 * the second is opened before the entry is written, so a file removed meanwhile (unused
 * uploads and purged books' images go while the server runs) is left out whole.
 */
async function* fileLines(storage: FileStorage, f: StoredFile, taken: () => void, gone: () => void): AsyncGenerator<string> {
  const area = AREA_OF[f.root];
  const first = await storage.open(area, f.path);
  if (!first) return gone();
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const piece of first.stream) {
    hash.update(piece as Buffer);
    size += (piece as Buffer).length;
  }
  const digest = hash.digest('hex');
  const second = await storage.open(area, f.path);
  if (!second) return gone();
  yield line({ kind: 'file', root: f.root, path: f.path, size, sha256: digest });
  const again = crypto.createHash('sha256');
  let sent = 0;
  try {
    for await (const chunk of chunks(second.stream)) {
      again.update(chunk);
      sent += chunk.length;
      yield line({ kind: 'data', base64: chunk.toString('base64') });
    }
  } finally {
    second.stream.destroy();
  }
  if (sent !== size || again.digest('hex') !== digest) throw new Error(`${f.root}/${f.path} changed while being backed up`);
  taken();
}

/**
 * Writes a backup of the database and the uploads in storage to `file`
 * (docs/backup.md). The database is read in one REPEATABLE READ, read-only transaction:
 * one consistent snapshot, even while a server keeps writing. The file appears under its
 * name only once complete.
 */
export async function writeBackup(
  db: Database,
  source: BackupHeader['source'],
  storage: FileStorage,
  file: string,
): Promise<BackupSummary> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another name (a backup never overwrites a file)`);
  const partial = `${file}.partial-${process.pid}`;
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, skipped: [], bytes: 0 };
  try {
    await db.transaction().execute(async (tx) => {
      const repo = new BackupRepository(tx);
      await repo.beginSnapshot();
      const migrations = await repo.migrationNames();
      if (!migrations) throw new Error('the database holds no CAB schema (no schema_migrations table): nothing to back up');
      const tables = await repo.tables();
      const byName = new Map(tables.map((t) => [t.name, t]));
      const order = restoreOrder([...byName.keys()], await repo.foreignKeys());
      const header: BackupHeader = {
        kind: 'header',
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        source,
        migrations,
        tables: order.tables.map((n) => byName.get(n)!),
        sequences: await repo.sequenceNames(),
      };
      summary.tables = header.tables.length;
      async function* generate(): AsyncGenerator<string> {
        yield line(header);
        const end: BackupEnd = { kind: 'end', rows: {}, files: 0 };
        for (const table of header.tables) {
          let chunk: string[] = [];
          let chunkChars = 0;
          const flush = () => {
            const text = line({ kind: 'rows', table: table.name, rows: chunk });
            end.rows[table.name] = (end.rows[table.name] ?? 0) + chunk.length;
            summary.rows += chunk.length;
            chunk = [];
            chunkChars = 0;
            return text;
          };
          for await (const row of repo.rows(table)) {
            chunk.push(row);
            chunkChars += row.length;
            if (chunkChars >= CHUNK_BYTES) yield flush();
          }
          if (chunk.length) yield flush();
        }
        // After the rows: a sequence read now is never behind an id the snapshot holds.
        const values: SequenceValue[] = [];
        for (const name of header.sequences) values.push(await repo.sequenceValue(name));
        yield line({ kind: 'sequences', values });
        // The uploads after the snapshot: one uploaded meanwhile is extra, never missing from a row that names it.
        const { files, skipped } = await listStoredFiles(storage);
        summary.skipped.push(...skipped);
        for (const f of files) {
          yield* fileLines(
            storage,
            f,
            () => end.files++,
            () => summary.skipped.push(`${f.root}/${f.path} (removed while backing up)`),
          );
        }
        summary.files = end.files;
        yield line(end);
      }
      await pipeline(generate, createGzip(), fs.createWriteStream(partial, { flags: 'wx' }));
    });
    // On disk before it takes its name: a crash never leaves a named but partial backup.
    const fd = fs.openSync(partial, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    summary.bytes = fs.statSync(file).size;
    return summary;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}
