import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  BaseFileStorage,
  copyCapped,
  resolveRange,
  type ByteRange,
  type ListedFile,
  type OpenedFile,
  type StorageArea,
} from './storage.ts';

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Files in two local directories: the public one served under /files by the static file
 * plugin, the private one beside it. Only one instance can use it (docs/storage.md).
 */
export class LocalFileStorage extends BaseFileStorage {
  /** Private files live beside the public ones, outside the directory served under /files. */
  readonly privateRoot: string;

  constructor(
    readonly localRoot: string,
    privateRoot?: string,
  ) {
    super();
    this.privateRoot = privateRoot ?? `${localRoot.replace(/[\\/]+$/, '')}-private`;
  }

  where(area: StorageArea): string {
    return area === 'public' ? this.localRoot : this.privateRoot;
  }

  /** The directories are made as files come: a restore refused at once leaves no folder behind. */
  async check(): Promise<void> {}

  private file(area: StorageArea, p: string): string {
    return path.join(this.where(area), ...p.split('/'));
  }

  /** A name beside the file that no reader takes for an upload (a dot first), renamed onto it when whole. */
  private async temporary(file: string): Promise<string> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    return path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  }

  protected async store(area: StorageArea, p: string, bytes: Buffer): Promise<void> {
    const file = this.file(area, p);
    const tmp = await this.temporary(file);
    try {
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  protected async storeStream(area: StorageArea, p: string, stream: Readable, maxBytes: number): Promise<number | undefined> {
    const file = this.file(area, p);
    const tmp = await this.temporary(file);
    try {
      const size = await copyCapped(stream, createWriteStream(tmp), maxBytes);
      if (size !== undefined) await fs.rename(tmp, file);
      return size;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  protected async openPath(area: StorageArea, p: string, range: ByteRange | undefined): Promise<OpenedFile | undefined> {
    let fh: fs.FileHandle;
    try {
      // Opened now, not when first read: a file removed meanwhile is still read whole (a backup counts on it).
      fh = await fs.open(this.file(area, p), 'r');
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
    try {
      const stat = await fh.stat();
      if (!stat.isFile()) {
        await fh.close();
        return undefined;
      }
      const bytes = resolveRange(range, stat.size);
      const stream = fh.createReadStream(bytes ? { start: bytes.first, end: bytes.last } : {});
      return {
        stream,
        size: stat.size,
        range: bytes,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        modified: stat.mtime,
      };
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  protected async removePath(area: StorageArea, p: string): Promise<void> {
    await fs.rm(this.file(area, p), { force: true });
  }

  /** In name order, folder by folder. Names with a dot first are uploads being written; anything but a file is not ours. */
  async *list(area: StorageArea): AsyncIterable<ListedFile> {
    const root = this.where(area);
    const walk = async function* (rel: string): AsyncGenerator<ListedFile> {
      let entries;
      try {
        entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const e of entries.sort(byName)) {
        if (e.name.startsWith('.')) continue;
        const p = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(p);
        else if (e.isFile()) {
          const stat = await fs.stat(path.join(root, p)).catch((err: unknown) => (missing(err) ? undefined : Promise.reject(err)));
          if (stat) yield { path: p, size: stat.size };
        }
      }
    };
    yield* walk('');
  }
}
