/**
 * A table file's rows, whatever it came as: CSV or TSV text, xls, xlsx, or one of
 * those inside a (password-protected) zip. What a file is comes from its first bytes,
 * not its name: Excel happily saves a CSV as "bill.xls" and people rename files.
 */
import { csvRows, type TableRow } from './csv.ts';
import { ImportFileError } from './errors.ts';
import { peek, readAll, type ImportFile } from './input.ts';
import { isLegacyOffice, sheetRows } from './sheet.ts';
import { isOfficeDocument, isZip, MAX_UNZIPPED_BYTES, unzipBill } from './zip.ts';

export type { TableRow } from './csv.ts';

/** A spreadsheet or zip is read whole (its libraries need it); beyond this it is refused. */
export const MAX_BUFFERED_BYTES = 64 * 2 ** 20;

export interface TableOptions {
  /** Opens an encrypted zip. */
  password?: string;
}

async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function tooLarge(limit: number): ImportFileError {
  return new ImportFileError('tooLarge', { max: Math.round(limit / 2 ** 20) });
}

/** Rows of bytes already in memory (a spreadsheet, or what a zip held). */
async function* rowsOfBytes(bytes: Uint8Array, options: TableOptions, insideZip: boolean): AsyncGenerator<TableRow> {
  if (isLegacyOffice(bytes)) {
    yield* sheetRows(bytes);
  } else if (isZip(bytes)) {
    if (await isOfficeDocument(bytes)) {
      yield* sheetRows(bytes);
    } else {
      // A zip in a zip is no bill an app sends.
      if (insideZip) throw new ImportFileError('badZip');
      const inner = await unzipBill(bytes, options.password, MAX_UNZIPPED_BYTES);
      yield* rowsOfBytes(inner.bytes, options, true);
    }
  } else {
    yield* csvRows(chunksOf(bytes));
  }
}

/** Every row of a table file, in order, blank ones included (they keep the row numbers right). */
export async function* tableRows(file: ImportFile, options: TableOptions = {}): AsyncGenerator<TableRow> {
  const { head, chunks, close } = await peek(file.open());
  if (!isZip(head) && !isLegacyOffice(head)) {
    yield* csvRows(chunks);
    return;
  }
  if (file.size > MAX_BUFFERED_BYTES) {
    await close();
    throw tooLarge(MAX_BUFFERED_BYTES);
  }
  yield* rowsOfBytes(await readAll(chunks, MAX_BUFFERED_BYTES), options, false);
}

/**
 * A text file's whole content as bytes (for OFX, QIF, Beancount), unzipped when it came
 * zipped; a spreadsheet is refused as 'notText'.
 */
export async function textFileBytes(file: ImportFile, options: TableOptions, limit: number): Promise<Uint8Array> {
  // Zipped or not, a file past the limit holds more text than the limit (zips of text shrink it).
  if (file.size > limit) throw tooLarge(limit);
  const { head, chunks, close } = await peek(file.open());
  if (isLegacyOffice(head)) {
    await close();
    throw new ImportFileError('notText');
  }
  if (!isZip(head)) return readAll(chunks, limit);
  const bytes = await readAll(chunks, MAX_BUFFERED_BYTES);
  if (await isOfficeDocument(bytes)) throw new ImportFileError('notText');
  const inner = await unzipBill(bytes, options.password, Math.min(limit, MAX_UNZIPPED_BYTES));
  if (isLegacyOffice(inner.bytes) || isZip(inner.bytes)) throw new ImportFileError('notText');
  return inner.bytes;
}
