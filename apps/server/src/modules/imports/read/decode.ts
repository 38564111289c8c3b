/**
 * Bytes to text for files people export from Chinese apps and banks: UTF-8 (with or
 * without Excel's BOM), UTF-16 with a BOM, or GBK/GB18030 (Alipay's CSV, Excel's
 * "CSV" on a Chinese Windows). The choice is made once, from the start of the file, so
 * a CSV decodes as it streams in.
 */
import { ImportFileError } from './errors.ts';

/**
 * How much text after the first non-ASCII byte decides between UTF-8 and GB18030.
 * GBK text is almost never valid UTF-8 over more than a few characters; 64 KB makes
 * the rare exceptions (a file of a few two-byte words) negligible.
 */
const SNIFF_BYTES = 64 * 1024;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

/** A leading byte-order mark and the encoding it announces. */
function byteOrderMark(bytes: Uint8Array): { encoding: Encoding; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** Whether these bytes are UTF-8, a character cut at their end allowed (the rest comes in the next chunk). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function firstNonAscii(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return i;
  return -1;
}

/**
 * A decoder fed chunk by chunk. Until the first non-ASCII byte it passes text through
 * (ASCII reads the same in every candidate), then it holds up to 64 KB to choose, and
 * decodes the rest strictly: a byte the chosen encoding refuses, or a U+FFFD or NUL in
 * the text (a file already garbled by an earlier wrong decoding, or not text at all),
 * is an 'encoding' error rather than question marks in someone's books.
 */
export class TextChunks {
  private decoder: TextDecoder | undefined;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private started = false;
  /** Whether a non-ASCII byte has come: the held bytes start with it and wait for the choice. */
  private sniffing = false;

  /** The text these bytes complete (possibly ''). */
  push(chunk: Uint8Array): string {
    if (this.decoder) return this.decode(chunk, true);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    return this.settle(false);
  }

  /** The rest of the text; throws when the file ends inside a character. */
  end(): string {
    // Without a decoder yet, settling at the end chooses one and flushes it.
    return this.decoder ? this.decode(new Uint8Array(0), false) : this.settle(true);
  }

  private settle(atEnd: boolean): string {
    // Joining the held chunks only once there is enough to choose keeps tiny chunks linear.
    if (this.sniffing && this.heldBytes < SNIFF_BYTES && !atEnd) return '';
    let bytes = this.held.length === 1 ? (this.held[0] ?? new Uint8Array(0)) : Buffer.concat(this.held);
    if (!this.started) {
      if (bytes.length < 3 && !atEnd) return '';
      this.started = true;
      const bom = byteOrderMark(bytes);
      if (bom) return this.choose(bom.encoding, bytes.subarray(bom.length), atEnd);
    }
    if (!this.sniffing) {
      const at = firstNonAscii(bytes);
      if (at < 0) {
        // All ASCII so far: it is the same text whatever the file turns out to be.
        this.held = [];
        this.heldBytes = 0;
        return checked(Buffer.from(bytes).toString('latin1'));
      }
      const ascii = Buffer.from(bytes.subarray(0, at)).toString('latin1');
      bytes = bytes.subarray(at);
      this.held = [bytes];
      this.heldBytes = bytes.length;
      this.sniffing = true;
      return checked(ascii) + this.settle(atEnd);
    }
    const window = bytes.subarray(0, SNIFF_BYTES);
    return this.choose(isUtf8(window) ? 'utf-8' : 'gb18030', bytes, atEnd);
  }

  private choose(encoding: Encoding, bytes: Uint8Array, atEnd: boolean): string {
    // ignoreBOM: the BOM, when there was one, is already cut off; a second one is text.
    this.decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    this.held = [];
    this.heldBytes = 0;
    const text = this.decode(bytes, true);
    return atEnd ? text + this.decode(new Uint8Array(0), false) : text;
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      return checked((this.decoder as TextDecoder).decode(bytes, { stream }));
    } catch (e) {
      if (e instanceof ImportFileError) throw e;
      throw new ImportFileError('encoding');
    }
  }
}

function checked(text: string): string {
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw new ImportFileError('encoding');
  return text;
}

/** A whole file's bytes as text. */
export function decodeBytes(bytes: Uint8Array): string {
  const chunks = new TextChunks();
  return chunks.push(bytes) + chunks.end();
}

/** A stream of bytes as a stream of text, decided on its first chunks. */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextChunks();
  for await (const chunk of chunks) {
    const text = decoder.push(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
