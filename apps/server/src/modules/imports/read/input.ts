/**
 * The uploaded file as the reader takes it: it stays in storage and is read as a
 * stream, so a bill of a hundred thousand lines never sits in memory whole. Only
 * spreadsheets and zips, which their libraries read whole, are buffered, and only up
 * to a limit.
 */
import { Readable } from 'node:stream';
import { ImportFileError } from './errors.ts';

export interface ImportFile {
  name: string;
  /** Bytes, as storage says; used to refuse a too large file before reading it. */
  size: number;
  /** A new stream of the file's bytes from its start; the reader may call it once per read. */
  open(): NodeJS.ReadableStream | Readable;
}

/** The first bytes of a stream (to tell a zip, a spreadsheet and text apart) and all of its bytes. */
export interface Peeked {
  head: Uint8Array;
  chunks: AsyncIterable<Uint8Array>;
  /** Frees the file when the chunks will not be read after all (an iterator never started has nothing to end). */
  close(): Promise<void>;
}

const HEAD_BYTES = 8;

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('import file: the stream gave something that is not bytes');
}

/**
 * Reads just enough of a stream to know what it holds, without losing those bytes:
 * the returned chunks start from the first byte again. The stream is closed when the
 * chunks are read to the end or left early.
 */
export async function peek(stream: NodeJS.ReadableStream | Readable): Promise<Peeked> {
  const iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let length = 0;
  let done = false;
  try {
    while (length < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      const bytes = toBytes(next.value);
      taken.push(bytes);
      length += bytes.length;
    }
  } catch (e) {
    await iterator.return?.();
    throw e;
  }
  const head = Buffer.concat(taken).subarray(0, HEAD_BYTES);
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield* taken;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield toBytes(next.value);
      }
    } finally {
      // Leaving early (a header search that gave up, a sample taken) must free the file.
      await iterator.return?.();
    }
  }
  return {
    head,
    chunks: all(),
    close: async () => {
      await iterator.return?.();
    },
  };
}

/** Every byte, refusing more than `limit` as it reads rather than after. */
export async function readAll(chunks: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length > limit) throw new ImportFileError('tooLarge', { max: Math.round(limit / 2 ** 20) });
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Bytes as a file (a zip's inner file, a test's sample), cut in chunks of `chunkSize` to read like storage does. */
export function bytesFile(name: string, bytes: Uint8Array, chunkSize = 64 * 1024): ImportFile {
  return {
    name,
    size: bytes.length,
    open() {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
      return Readable.from(chunks);
    },
  };
}
