import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/index.ts';
import { BackupRepository } from './backup.repository.ts';
import { listStoredFiles, type StoredFile } from './files.ts';
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

/** The lines of one stored file: its entry, then its bytes in chunks. Undefined when it is gone. */
async function* fileLines(f: StoredFile, taken: () => void, gone: () => void): AsyncGenerator<string> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(f.absolute, 'r');
  } catch (err) {
    // The server removes unused uploads and purged books' images; one may go between listing and reading.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return gone();
    throw err;
  }
  try {
    // Both passes read the one open file: uploads are replaced by rename, never rewritten,
    // so the digest and the bytes always describe the same content.
    const { size } = await fh.stat();
    const buf = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    const read = async (pos: number) => {
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, size - pos), pos);
      if (!bytesRead) throw new Error(`${f.absolute} became shorter while being backed up`);
      return buf.subarray(0, bytesRead);
    };
    const hash = crypto.createHash('sha256');
    for (let pos = 0; pos < size;) {
      const chunk = await read(pos);
      hash.update(chunk);
      pos += chunk.length;
    }
    yield line({ kind: 'file', root: f.root, path: f.path, size, sha256: hash.digest('hex') });
    for (let pos = 0; pos < size;) {
      const chunk = await read(pos);
      pos += chunk.length;
      yield line({ kind: 'data', base64: chunk.toString('base64') });
    }
    taken();
  } finally {
    await fh.close();
  }
}

/**
 * Writes a backup of the database and the data directory's uploads to `file`
 * (docs/backup.md). The database is read in one REPEATABLE READ, read-only transaction:
 * one consistent snapshot, even while a server keeps writing. The file appears under its
 * name only once complete.
 */
export async function writeBackup(db: Database, source: BackupHeader['source'], dataDir: string, file: string): Promise<BackupSummary> {
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
        const { files, skipped } = listStoredFiles(dataDir);
        summary.skipped.push(...skipped);
        for (const f of files) {
          yield* fileLines(
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
