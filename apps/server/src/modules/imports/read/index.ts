/**
 * The importers' reading layer: a stored file and a format's converter in, outcomes out.
 * Converters see only header-named cells (tables) or decoded text (OFX, QIF, Beancount);
 * encodings, zips, spreadsheets and headers are settled here once for all of them.
 */
import type { DateFormat, Outcome, TableConverter, TextConverter } from '../formats/types.ts';
import { decodeBytes } from './decode.ts';
import { ImportFileError } from './errors.ts';
import { convertTable, HEADER_SEARCH_ROWS, isBlank, trimCells } from './header.ts';
import type { ImportFile } from './input.ts';
import { tableRows, textFileBytes, type TableRow } from './table.ts';

export { ImportFileError, type FileProblem } from './errors.ts';
export type { ImportFile } from './input.ts';

export interface ReadOptions {
  /** Opens a zip the payment app encrypted. */
  password?: string;
  /** For text formats whose dates are ambiguous (QIF). */
  dateFormat?: DateFormat;
}

/** Text formats are read whole by their grammars; more than this is no statement a person keeps. */
export const MAX_TEXT_BYTES = 32 * 2 ** 20;

function isTextConverter(converter: TableConverter | TextConverter): converter is TextConverter {
  return 'sniff' in converter;
}

/** Every outcome of a file read by a converter, in file order. */
export async function* readOutcomes(
  file: ImportFile,
  converter: TableConverter | TextConverter,
  options: ReadOptions = {},
): AsyncGenerator<Outcome> {
  if (!isTextConverter(converter)) {
    yield* convertTable(tableRows(file, options), converter);
    return;
  }
  const text = decodeBytes(await textFileBytes(file, options, MAX_TEXT_BYTES));
  if (text.trim() === '') throw new ImportFileError('empty');
  if (!converter.sniff(text)) throw new ImportFileError('unknownFormat', { expected: converter.source });
  yield* converter.parse(text, options.dateFormat ? { dateFormat: options.dateFormat } : {});
}

export interface HeaderAndSample {
  header: string[];
  headerLine: number;
  rows: TableRow[];
}

/**
 * The start of a table for a person to map its columns: the header is simply the first
 * row with at least two non-empty cells (the title and account lines above a bank's
 * table have one), within the first 60 rows; then up to `sampleRows` non-blank rows.
 * Cells are trimmed. A file with no such row is 'notTable'.
 */
export async function readHeaderAndSample(file: ImportFile, options: ReadOptions = {}, sampleRows = 20): Promise<HeaderAndSample> {
  let header: { cells: string[]; line: number } | undefined;
  let sawContent = false;
  const rows: TableRow[] = [];
  for await (const row of tableRows(file, options)) {
    // The first sheet with anything on it is the table to map.
    if ((row.sheet ?? 0) > 0) break;
    const cells = trimCells(row.cells);
    if (isBlank(cells)) continue;
    sawContent = true;
    if (header) {
      rows.push({ line: row.line, cells });
      if (rows.length >= sampleRows) break;
    } else if (cells.filter((c) => c !== '').length >= 2) {
      header = { cells, line: row.line };
      if (sampleRows <= 0) break;
    } else if (row.line >= HEADER_SEARCH_ROWS) break;
  }
  if (!sawContent) throw new ImportFileError('empty');
  if (!header) throw new ImportFileError('notTable');
  return { header: header.cells, headerLine: header.line, rows };
}
