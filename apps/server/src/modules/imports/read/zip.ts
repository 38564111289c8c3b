/**
 * Zips as payment apps mail them: one bill file inside, usually encrypted with a
 * password sent by text message (WeChat: ZipCrypto or AES; Alipay: AES).
 *
 * The inner file is kept in memory, not written to a temporary file: it is capped at
 * 64 MB (a year of a busy account's bill is a few MB), it is read whole by SheetJS
 * anyway when it is a spreadsheet, and memory needs no cleanup when a request fails
 * half way.
 */
import { configure, Uint8ArrayReader, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js';
import { ImportFileError } from './errors.ts';

// Node has no web workers to hand; the codecs run in the request's own thread.
configure({ useWebWorkers: false });

/** The most a zip may hold once inflated: beyond it, it is refused as a zip bomb (or not a bill). */
export const MAX_UNZIPPED_BYTES = 64 * 2 ** 20;

const TABLE_NAMES = /\.(csv|tsv|txt|xlsx|xls)$/i;
const TEXT_NAMES = /\.(ofx|qfx|qif|beancount|bean)$/i;

export function isZip(head: Uint8Array): boolean {
  // A local file header, or the end record alone (an empty zip, refused later).
  return head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

async function entriesOf(bytes: Uint8Array): Promise<Entry[]> {
  try {
    return await new ZipReader(new Uint8ArrayReader(bytes)).getEntries();
  } catch {
    throw new ImportFileError('badZip');
  }
}

/** Whether a zip is an Office Open XML document (xlsx) rather than a zip of files. */
export async function isOfficeDocument(bytes: Uint8Array): Promise<boolean> {
  try {
    const entries = await new ZipReader(new Uint8ArrayReader(bytes)).getEntries();
    return entries.some((e) => e.filename === '[Content_Types].xml');
  } catch {
    return false;
  }
}

/** The bill among a zip's entries: the only file, or the only table (or text) file beside notes. */
function billEntry(entries: Entry[]): FileEntry {
  const files = entries.filter((e): e is FileEntry => !e.directory && !/(^|\/)(__MACOSX\/|\.)/.test(e.filename));
  for (const pick of [(e: FileEntry) => TABLE_NAMES.test(e.filename), (e: FileEntry) => TEXT_NAMES.test(e.filename), () => true]) {
    const found = files.filter(pick);
    if (found.length === 1 && found[0]) return found[0];
    if (found.length > 1) break;
  }
  throw new ImportFileError('badZip');
}

/** Collects an entry's inflated bytes, stopping as soon as they pass the limit whatever the zip declared. */
export class CappedSink {
  readonly parts: Uint8Array[] = [];
  length = 0;
  overflow = false;
  constructor(private readonly limit: number) {}
  stream(): WritableStream<Uint8Array> {
    return new WritableStream<Uint8Array>({
      write: (chunk) => {
        this.length += chunk.length;
        if (this.length > this.limit) {
          this.overflow = true;
          throw new ImportFileError('tooLarge', { max: Math.round(this.limit / 2 ** 20) });
        }
        this.parts.push(chunk);
      },
    });
  }
}

/**
 * The bill file inside a zip, with its name. `password` opens an encrypted entry;
 * `limit` is the most its content may inflate to.
 */
export async function unzipBill(
  bytes: Uint8Array,
  password: string | undefined,
  limit = MAX_UNZIPPED_BYTES,
): Promise<{ name: string; bytes: Uint8Array }> {
  const entry = billEntry(await entriesOf(bytes));
  const tooLarge = new ImportFileError('tooLarge', { max: Math.round(limit / 2 ** 20) });
  if (entry.uncompressedSize > limit) throw tooLarge;
  if (entry.encrypted && !password) throw new ImportFileError('passwordNeeded');
  const sink = new CappedSink(limit);
  try {
    await entry.getData(sink.stream(), entry.encrypted ? { password } : {});
  } catch (e) {
    if (sink.overflow) throw tooLarge;
    const message = e instanceof Error ? e.message : '';
    // ZipCrypto checks a password by one byte: a wrong one passes 1 time in 256 and then
    // fails on the checksum, which is still a wrong password, not a broken zip.
    if (entry.encrypted && /password|crc|signature|compressed data|authentication/i.test(message)) {
      throw new ImportFileError('passwordWrong');
    }
    throw new ImportFileError('badZip');
  }
  return { name: entry.filename, bytes: Buffer.concat(sink.parts) };
}
