import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FileStorage, StorageArea } from '../storage.ts';
import { FILE_ROOTS, isSafeFilePath, type FileEntry, type FileRoot } from './format.ts';

/** The storage area of each root of the backup file (`files` is the public area, served under /files/). */
export const AREA_OF: Record<FileRoot, StorageArea> = { files: 'public', private: 'private' };

/** A stored upload: its root (public files or private images) and its path inside it. */
export interface StoredFile {
  root: FileRoot;
  path: string;
}

/**
 * Every upload in storage, by root and path. Storage leaves out uploads still being
 * written; a path a restore could not write back (not plain segments) is named instead.
 */
export async function listStoredFiles(storage: FileStorage): Promise<{ files: StoredFile[]; skipped: string[] }> {
  const files: StoredFile[] = [];
  const skipped: string[] = [];
  for (const root of FILE_ROOTS) {
    for await (const f of storage.list(AREA_OF[root])) {
      if (isSafeFilePath(f.path)) files.push({ root, path: f.path });
      else skipped.push(`${root}/${f.path}`);
    }
  }
  return { files, skipped };
}

/** Where the storage areas that hold a file are (empty folders do not count). */
export async function nonEmptyFileRoots(storage: FileStorage): Promise<string[]> {
  const full: string[] = [];
  for (const root of FILE_ROOTS) {
    for await (const _ of storage.list(AREA_OF[root])) {
      full.push(storage.where(AREA_OF[root]));
      break;
    }
  }
  return full;
}

/**
 * Restored files go into storage as the backup is read, each streamed (never held
 * whole); a restore that fails removes every file it wrote, so it leaves none behind.
 */
export class RestoredFiles {
  private readonly written: StoredFile[] = [];
  private current: { pass: PassThrough; done: Promise<void>; failed: Error | undefined } | undefined;

  constructor(private readonly storage: FileStorage) {}

  start(entry: FileEntry): void {
    const pass = new PassThrough();
    const file = { root: entry.root, path: entry.path };
    this.written.push(file);
    const current = { pass, done: Promise.resolve(), failed: undefined as Error | undefined };
    // Caught here and handed on at the next write or the end: nothing waits on it meanwhile.
    current.done = this.storage.write(AREA_OF[file.root], file.path, pass).catch((err: Error) => {
      current.failed = err;
      pass.destroy();
    });
    this.current = current;
  }

  async write(bytes: Buffer): Promise<void> {
    const c = this.current;
    if (!c) throw new Error('file data before its file');
    if (c.failed) throw c.failed;
    if (!c.pass.write(bytes)) await Promise.race([once(c.pass, 'drain'), c.done]);
    if (c.failed) throw c.failed;
  }

  async end(): Promise<void> {
    const c = this.current;
    this.current = undefined;
    if (!c) return;
    c.pass.end();
    await c.done;
    if (c.failed) throw c.failed;
  }

  /** Removes every file the restore wrote (or began to). */
  async discard(): Promise<void> {
    if (this.current) {
      this.current.pass.destroy();
      await this.current.done;
      this.current = undefined;
    }
    for (const f of this.written) await this.storage.remove(AREA_OF[f.root], f.path);
  }
}
