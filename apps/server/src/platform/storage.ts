import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live. The default is a local directory served under /files. */
export interface FileStorage {
  /** Stores the bytes and answers the public URL path. */
  put(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /** Absolute directory whose files are served under /files (local storage only). */
  readonly localRoot: string | undefined;
  /** Stores bytes that are never served from a public path (transaction images); answers their key. */
  putPrivate(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /** The bytes of a private file, or undefined when it is gone. */
  readPrivate(key: string): Promise<Buffer | undefined>;
  removePrivate(key: string): Promise<void>;
  /**
   * Streams bytes into private storage without holding them (an import's file): answers
   * the key and size, or undefined when the stream ran past `maxBytes` (nothing is kept).
   */
  putPrivateStream(folder: string, ext: string, stream: Readable, maxBytes: number): Promise<{ key: string; size: number } | undefined>;
  /** A private file's bytes as a stream, or undefined when it is gone. */
  openPrivate(key: string): Promise<Readable | undefined>;
  /** Stores bytes under a key another server gave them (a book moving between zones); false for a key that is not one of ours. */
  writePrivate(key: string, bytes: Buffer): Promise<boolean>;
}

const PRIVATE_KEY = /^[a-z0-9_-]+\/[0-9a-f]{32}\.[a-z]{3,4}$/;

export class LocalFileStorage implements FileStorage {
  /** Private files live beside the public ones, outside the directory served under /files. */
  readonly privateRoot: string;

  constructor(
    readonly localRoot: string,
    privateRoot?: string,
  ) {
    this.privateRoot = privateRoot ?? `${localRoot.replace(/[\\/]+$/, '')}-private`;
  }

  async putPrivate(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const safeFolder = folder.replace(/[^a-z0-9_-]/gi, '').toLowerCase();
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    const dir = path.join(this.privateRoot, safeFolder);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.tmp`);
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path.join(dir, name));
    return `${safeFolder}/${name}`;
  }

  async putPrivateStream(
    folder: string,
    ext: string,
    stream: Readable,
    maxBytes: number,
  ): Promise<{ key: string; size: number } | undefined> {
    const safeFolder = folder.replace(/[^a-z0-9_-]/gi, '').toLowerCase();
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    const dir = path.join(this.privateRoot, safeFolder);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.tmp`);
    let size = 0;
    let over = false;
    const count = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        // Read on to the end (the request must be drained) but keep nothing past the limit.
        if (size > maxBytes) over = true;
        if (!over) yield chunk;
      }
    };
    try {
      await pipeline(stream, count, createWriteStream(tmp));
      if (over) return undefined;
      await fs.rename(tmp, path.join(dir, name));
      return { key: `${safeFolder}/${name}`, size };
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async openPrivate(key: string): Promise<Readable | undefined> {
    if (!PRIVATE_KEY.test(key)) return undefined;
    const file = path.join(this.privateRoot, key);
    try {
      await fs.access(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async readPrivate(key: string): Promise<Buffer | undefined> {
    if (!PRIVATE_KEY.test(key)) return undefined;
    try {
      return await fs.readFile(path.join(this.privateRoot, key));
    } catch {
      return undefined;
    }
  }

  async writePrivate(key: string, bytes: Buffer): Promise<boolean> {
    if (!PRIVATE_KEY.test(key)) return false;
    const file = path.join(this.privateRoot, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return true;
  }

  async removePrivate(key: string): Promise<void> {
    if (!PRIVATE_KEY.test(key)) return;
    await fs.rm(path.join(this.privateRoot, key), { force: true });
  }

  async put(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const safeFolder = folder.replace(/[^a-z0-9_-]/gi, '');
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    const dir = path.join(this.localRoot, safeFolder);
    await fs.mkdir(dir, { recursive: true });
    // Written under a temporary name and renamed, so a crash never leaves half a file.
    const tmp = path.join(dir, `.${name}.tmp`);
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path.join(dir, name));
    return `/files/${safeFolder}/${name}`;
  }
}

const SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a' },
  { ext: 'webp', test: (b) => b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP' },
];

/** The image type read from the bytes themselves, never from the name or the declared type. */
export function sniffImage(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(bytes))?.ext;
}
