import crypto from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';

/**
 * The two areas of storage (docs/storage.md): public files are served to anyone under
 * /files/ (avatars, the market's covers, images and videos); private files never are
 * (transaction images, files being imported, archives), and reach a reader only through
 * a call that checks who asks.
 */
export type StorageArea = 'public' | 'private';

/** One byte range as a Range header asks it: from `first` (to `last`, inclusive), or the last `suffix` bytes. */
export type ByteRange = { first: number; last?: number | undefined } | { suffix: number };

export interface OpenedFile {
  stream: Readable;
  /** The whole file's size in bytes. */
  size: number;
  /** The bytes the stream holds (inclusive) when a range was asked and could be given; undefined: the whole file. */
  range: { first: number; last: number } | undefined;
  /** Differs whenever the bytes do: answers a conditional request. */
  etag: string;
  modified: Date;
}

export interface ListedFile {
  /** The file's path inside its area, `avatars/<hex>.png`. */
  path: string;
  size: number;
}

/** Where uploaded files live: a local directory (one instance) or an S3-compatible bucket (any number). */
export interface FileStorage {
  /** The directory served under /files by the static file plugin; undefined when the files are not on this machine. */
  readonly localRoot: string | undefined;
  /** Where an area's files are, in an operator's words (backup and restore messages). */
  where(area: StorageArea): string;
  /** Resolves when the storage can be used (the bucket answers with these credentials); rejects saying why not. */
  check(): Promise<void>;
  /** Lets go of connections held open (the process's stop, a test's end). */
  close(): void;

  /** Stores the bytes and answers the public URL path. */
  put(folder: string, ext: string, bytes: Buffer): Promise<string>;
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

  /** Every file of an area, by path (a backup; a restore's check that nothing is there). */
  list(area: StorageArea): AsyncIterable<ListedFile>;
  /** A file of an area by its path (serving /files/*, a backup), from `range` when one is asked; undefined when it is not there. */
  open(area: StorageArea, path: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  /** Writes a file of an area under its path, whole or not at all (a restore). */
  write(area: StorageArea, path: string, stream: Readable): Promise<void>;
  remove(area: StorageArea, path: string): Promise<void>;
}

/**
 * A path inside an area: plain segments, none starting with a dot. Nothing outside the
 * area can be named, and a name with a dot first is an upload still being written.
 */
const SAFE_PATH = /^(?:[^./\\\0][^/\\\0]*)(?:\/[^./\\\0][^/\\\0]*)*$/;
export const isSafePath = (p: string): boolean => SAFE_PATH.test(p) && p.length <= 1024;

/** A private file's key as this storage makes them: a folder and a random name ("book-12/<hex>.png"). */
const PRIVATE_KEY = /^[a-z0-9_-]+\/[0-9a-f]{32}\.[a-z0-9]{3,4}$/;
const EXTENSION = /^[a-z0-9]{3,4}$/;

const randomName = (ext: string) => {
  if (!EXTENSION.test(ext)) throw new Error(`"${ext}" is not an extension storage keeps`);
  return `${crypto.randomBytes(16).toString('hex')}.${ext}`;
};

function privateKey(folder: string, ext: string): string {
  const key = `${folder.replace(/[^a-z0-9_-]/gi, '').toLowerCase()}/${randomName(ext)}`;
  if (!PRIVATE_KEY.test(key)) throw new Error(`"${folder}" is not a folder storage keeps`);
  return key;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  webm: 'video/webm',
  mp4: 'video/mp4',
};
/** The type a public file is served with, from its name (the names are ours: the extension was read from the bytes). */
export const contentTypeOf = (p: string): string => TYPES[p.slice(p.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The bytes a range names in a file of `size` bytes; undefined when it names none (the whole file is answered). */
export function resolveRange(range: ByteRange | undefined, size: number): { first: number; last: number } | undefined {
  if (!range || size === 0) return undefined;
  if ('suffix' in range) return range.suffix > 0 ? { first: Math.max(0, size - range.suffix), last: size - 1 } : undefined;
  if (range.first >= size || (range.last !== undefined && range.last < range.first)) return undefined;
  return { first: range.first, last: Math.min(range.last ?? size - 1, size - 1) };
}

/**
 * Pipes `stream` into `into`, counting: answers the size, or undefined once past
 * `maxBytes`. The source is read to its end either way (a request must be drained), but
 * nothing past the limit is written.
 */
export async function copyCapped(stream: Readable, into: Writable, maxBytes: number): Promise<number | undefined> {
  let size = 0;
  let over = false;
  const count = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) over = true;
      if (!over) yield chunk;
    }
  };
  await pipeline(stream, count, into);
  return over ? undefined : size;
}

/**
 * What every storage shares: the names of new files, the checks on keys and paths, and
 * the private calls in terms of the area calls. An adapter only moves bytes.
 */
export abstract class BaseFileStorage implements FileStorage {
  abstract readonly localRoot: string | undefined;
  abstract where(area: StorageArea): string;
  abstract check(): Promise<void>;
  close(): void {}
  abstract list(area: StorageArea): AsyncIterable<ListedFile>;
  /** Writes the bytes under the path, whole or not at all. */
  protected abstract store(area: StorageArea, path: string, bytes: Buffer): Promise<void>;
  /** Streams into the path: the size, or undefined past `maxBytes` (then nothing is kept). */
  protected abstract storeStream(area: StorageArea, path: string, stream: Readable, maxBytes: number): Promise<number | undefined>;
  protected abstract openPath(area: StorageArea, path: string, range: ByteRange | undefined): Promise<OpenedFile | undefined>;
  protected abstract removePath(area: StorageArea, path: string): Promise<void>;

  async put(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const p = `${folder.replace(/[^a-z0-9_-]/gi, '')}/${randomName(ext)}`;
    if (!isSafePath(p)) throw new Error(`"${folder}" is not a folder storage keeps`);
    await this.store('public', p, bytes);
    return `/files/${p}`;
  }

  async putPrivate(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const key = privateKey(folder, ext);
    await this.store('private', key, bytes);
    return key;
  }

  async putPrivateStream(folder: string, ext: string, stream: Readable, maxBytes: number) {
    const key = privateKey(folder, ext);
    const size = await this.storeStream('private', key, stream, maxBytes);
    return size === undefined ? undefined : { key, size };
  }

  async openPrivate(key: string): Promise<Readable | undefined> {
    if (!PRIVATE_KEY.test(key)) return undefined;
    return (await this.openPath('private', key, undefined))?.stream;
  }

  async readPrivate(key: string): Promise<Buffer | undefined> {
    const stream = await this.openPrivate(key);
    return stream && buffer(stream);
  }

  async writePrivate(key: string, bytes: Buffer): Promise<boolean> {
    if (!PRIVATE_KEY.test(key)) return false;
    await this.store('private', key, bytes);
    return true;
  }

  async removePrivate(key: string): Promise<void> {
    if (PRIVATE_KEY.test(key)) await this.removePath('private', key);
  }

  async open(area: StorageArea, path: string, range?: ByteRange): Promise<OpenedFile | undefined> {
    return isSafePath(path) ? this.openPath(area, path, range) : undefined;
  }

  async write(area: StorageArea, path: string, stream: Readable): Promise<void> {
    if (!isSafePath(path)) throw new Error(`"${path}" is not a path inside storage`);
    await this.storeStream(area, path, stream, Number.MAX_SAFE_INTEGER);
  }

  async remove(area: StorageArea, path: string): Promise<void> {
    if (isSafePath(path)) await this.removePath(area, path);
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
