import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { ARCHIVE_VERSION } from '@cab/contracts';
import { configure, ZipReaderStream } from '@zip.js/zip.js';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import {
  IMAGE_KEY,
  IMAGES_DIR,
  Manifest,
  ManifestHead,
  MANIFEST_ENTRY,
  MAX_IMAGE_BYTES,
  MAX_LINE_BYTES,
  MAX_MANIFEST_BYTES,
  ROWS_SUFFIX,
  TABLES_DIR,
} from './archive-format.ts';
import type { ArchiveRepository } from './archive.repository.ts';

configure({ useWebWorkers: false });

/** An image as read from the archive: where this server keeps it now, and what it was. */
export interface ReadImage {
  newKey: string;
  size: number;
  sha256: string;
}

/** What a pass through the archive found: the manifest, the lines staged per table, the images written. */
export interface ReadArchive {
  manifest: Manifest;
  lines: Map<string, number>;
  images: Map<string, ReadImage>;
}

const damaged = (part: string) => new AppError('archive.damaged', { part });
const tooLarge = (part: string) => new AppError('archive.entryTooLarge', { part });

/** The extension of an image key ('images/….png' → 'png'). */
const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * Reads an archive through once, in entry order, within the import's transaction: each
 * table's lines into a temporary table (never all in memory), each image into storage
 * under a new key (`written` collects them, so a refusal removes them), the manifest
 * parsed. Every entry is capped as it inflates, whatever its header claims.
 */
export async function readArchive(
  tx: Database,
  repo: ArchiveRepository,
  storage: FileStorage,
  source: Readable,
  /** Where the images go: the new book's folder, as uploads keep them. */
  folder: string,
  written: string[],
): Promise<ReadArchive> {
  let manifestText: string | undefined;
  const lines = new Map<string, number>();
  const images = new Map<string, ReadImage>();
  await repo.createLines(tx);
  const zip = new ZipReaderStream<Uint8Array>();
  const entries = (Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>).pipeThrough(zip);
  let sawEntry = false;
  try {
    for await (const entry of entries as unknown as AsyncIterable<{
      filename: string;
      directory: boolean;
      readable?: ReadableStream<Uint8Array>;
    }>) {
      sawEntry = true;
      const name = entry.filename;
      if (entry.directory || !entry.readable) continue;
      if (name === MANIFEST_ENTRY) {
        if (manifestText !== undefined) throw damaged(name);
        manifestText = await readText(entry.readable, MAX_MANIFEST_BYTES, name);
      } else if (name.startsWith(TABLES_DIR) && name.endsWith(ROWS_SUFFIX)) {
        const table = name.slice(TABLES_DIR.length, -ROWS_SUFFIX.length);
        if (lines.has(table) || !/^[a-z][a-z0-9_]{0,62}$/.test(table)) throw damaged(name);
        lines.set(table, await stageLines(tx, repo, table, entry.readable, name));
      } else if (name.startsWith(IMAGES_DIR) && IMAGE_KEY.test(name.slice(IMAGES_DIR.length))) {
        const key = name.slice(IMAGES_DIR.length);
        if (images.has(key)) throw damaged(name);
        images.set(key, await storeImage(storage, folder, key, entry.readable, written));
      } else {
        throw damaged(name);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The zip itself: a file that is not one, cut short, or its data not inflating.
    throw new AppError(sawEntry ? 'archive.damaged' : 'archive.notArchive', { part: 'zip' });
  }
  if (manifestText === undefined) throw new AppError('archive.notArchive');
  return { manifest: parseManifest(manifestText), lines, images };
}

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(MANIFEST_ENTRY);
  }
  const head = ManifestHead.safeParse(value);
  if (!head.success) throw new AppError('archive.notArchive');
  if (head.data.version > ARCHIVE_VERSION) throw new AppError('archive.newer');
  const manifest = Manifest.safeParse(value);
  if (!manifest.success) throw damaged(MANIFEST_ENTRY);
  return manifest.data;
}

/** Reads a stream whole as UTF-8, up to `max` bytes. */
async function readText(stream: ReadableStream<Uint8Array>, max: number, part: string): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) {
      await stream.cancel().catch(() => undefined);
      throw tooLarge(part);
    }
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Splits a table entry into its lines (each a JSON string of row text) and stages them in batches. */
async function stageLines(
  tx: Database,
  repo: ArchiveRepository,
  table: string,
  stream: ReadableStream<Uint8Array>,
  part: string,
): Promise<number> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let batch: string[] = [];
  let batchChars = 0;
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    await repo.addLines(tx, table, n - batch.length + 1, batch);
    batch = [];
    batchChars = 0;
  };
  const take = async (line: string) => {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw damaged(part);
    }
    if (typeof row !== 'string') throw damaged(part);
    n++;
    batch.push(row);
    batchChars += row.length;
    if (batch.length >= 2000 || batchChars > 4 * 2 ** 20) await flush();
  };
  try {
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        await take(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
      if (pending.length > MAX_LINE_BYTES) throw tooLarge(part);
    }
    pending += decoder.decode();
  } catch (err) {
    await stream.cancel().catch(() => undefined);
    if (err instanceof AppError) throw err;
    throw damaged(part);
  }
  if (pending.length) throw damaged(part);
  await flush();
  return n;
}

/** Streams an image into storage under a new key, hashing and counting it; capped. */
async function storeImage(
  storage: FileStorage,
  folder: string,
  key: string,
  stream: ReadableStream<Uint8Array>,
  written: string[],
): Promise<ReadImage> {
  const hash = crypto.createHash('sha256');
  // Lazy: nothing flows before storage reads it (a 'data' listener would drop what comes before).
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  const stored = await storage.putPrivateStream(folder, extOf(key), counted, MAX_IMAGE_BYTES);
  if (!stored) throw tooLarge(key);
  written.push(stored.key);
  return { newKey: stored.key, size: stored.size, sha256: hash.digest('hex') };
}
