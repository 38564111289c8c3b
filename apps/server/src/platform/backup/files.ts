import fs from 'node:fs';
import path from 'node:path';
import { FILE_ROOTS, isSafeFilePath, type FileEntry, type FileRoot } from './format.ts';

/** A stored upload: its root (public files or private images) and its path inside it. */
export interface StoredFile {
  root: FileRoot;
  path: string;
  absolute: string;
}

/**
 * Every upload under the data directory's files/ and private/, by path. Names starting
 * with a dot are left out: storage writes `.name.tmp` first and renames it when whole,
 * so such a file is an upload still being written (or one a crash cut short).
 */
export function listStoredFiles(dataDir: string): { files: StoredFile[]; skipped: string[] } {
  const files: StoredFile[] = [];
  const skipped: string[] = [];
  for (const root of FILE_ROOTS) {
    const base = path.join(dataDir, root);
    const walk = (rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(path.join(base, rel), { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const p = rel ? `${rel}/${e.name}` : e.name;
        if (e.name.startsWith('.')) continue;
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && isSafeFilePath(p)) files.push({ root, path: p, absolute: path.join(base, p) });
        else skipped.push(`${root}/${p}`);
      }
    };
    walk('');
  }
  return { files, skipped };
}

/** The upload roots of a data directory that hold a file (empty folders do not count). */
export function nonEmptyFileRoots(dataDir: string): string[] {
  const holds = (dir: string): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    return entries.some((e) => !e.isDirectory() || holds(path.join(dir, e.name)));
  };
  return FILE_ROOTS.filter((r) => holds(path.join(dataDir, r))).map((r) => path.join(dataDir, r));
}

/** Removes a tree of empty folders; a file found in it (one that came meanwhile) stops the removal. */
function removeEmptyFolders(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) throw new Error(`${path.join(dir, e.name)} appeared during the restore`);
    removeEmptyFolders(path.join(dir, e.name));
  }
  fs.rmdirSync(dir);
}

/**
 * Restored files are written beside the data directory's roots, in a staging folder, and
 * moved into place only after the database has committed: a restore that fails leaves
 * no file behind.
 */
export class FileStage {
  private readonly dir: string;
  private fd: number | undefined;

  constructor(private readonly dataDir: string) {
    this.dir = path.join(dataDir, `.restore-${process.pid}`);
  }

  start(entry: FileEntry): void {
    const target = path.join(this.dir, entry.root, ...entry.path.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    this.fd = fs.openSync(target, 'wx');
  }

  write(bytes: Buffer): void {
    if (this.fd === undefined) throw new Error('file data before its file');
    fs.writeSync(this.fd, bytes);
  }

  end(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Moves the staged roots into the data directory (whose roots are empty or missing). */
  commit(): void {
    this.end();
    for (const root of FILE_ROOTS) {
      const staged = path.join(this.dir, root);
      if (!fs.existsSync(staged)) continue;
      const target = path.join(this.dataDir, root);
      try {
        removeEmptyFolders(target);
      } catch (err) {
        throw new Error(`the database is restored, but ${(err as Error).message}: the restored files wait in ${staged}; move them by hand`);
      }
      fs.renameSync(staged, target);
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  discard(): void {
    this.end();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
