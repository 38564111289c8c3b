/**
 * CSV and TSV rows as payment apps and Excel write them: any of UTF-8, GBK, UTF-16;
 * comma, tab or semicolon; ragged lines; ids padded with a tab after the closing
 * quote ("123"\t) or escaped for Excel (="123"). Streams: only the current record is
 * in memory.
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { decodeChunks } from './decode.ts';
import { ImportFileError } from './errors.ts';

/** One row of a table: its 1-based row number and its cells, trimmed. */
export interface TableRow {
  line: number;
  cells: string[];
  /** A workbook's sheet, 0-based among the sheets that hold anything (absent: CSV and TSV). */
  sheet?: number;
}

/**
 * A row's key across a workbook's sheets: a later sheet's rows count from its ordinal
 * times this (Excel's sheets end at 1,048,576 rows), so every row of a file has its own
 * line and the first sheet's lines are its row numbers.
 */
export const SHEET_LINES = 10_000_000;
/** Sheets read of one workbook: the keys stay within a 32-bit line. */
export const MAX_SHEETS = 200;

/** The line a row is known by (its row number on the first sheet). */
export const rowKey = (row: TableRow) => (row.sheet ?? 0) * SHEET_LINES + row.line;

/** Enough text to see the header and a few records under the longest account details (Alipay's ~25 lines). */
const SNIFF_CHARS = 32 * 1024;
const SNIFF_LINES = 80;
/** A record longer than this is a quote that never closed, not a bill line; it would swallow the file. */
const MAX_RECORD_CHARS = 1_000_000;

const DELIMITERS = [',', '\t', ';'] as const;
type Delimiter = (typeof DELIMITERS)[number];

function countOutsideQuotes(line: string, delimiter: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) n++;
  }
  return n;
}

/**
 * The delimiter whose count per line is the steadiest: for each candidate, the most
 * common non-zero count times how many lines have it. A TSV whose remarks hold commas,
 * or Alipay's comma lines whose ids end in a tab, still read right; ties go to the comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = text.split(/\r\n|\n|\r/).slice(0, SNIFF_LINES);
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const line of lines) {
      const n = countOutsideQuotes(line, delimiter);
      if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    }
    let score = 0;
    for (const [count, lineCount] of frequency) score = Math.max(score, count * lineCount);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * A cell as a person means it: trimmed; `="0123"` (Excel's keep-as-text escape) and a
 * quoted value padded outside its quotes (`"0123"\t`, which the CSV parser leaves
 * quoted) unwrapped.
 */
export function cleanCell(value: string): string {
  const t = value.trim();
  const excel = /^="(.*)"$/s.exec(t);
  if (excel) return (excel[1] ?? '').replace(/""/g, '"').trim();
  // Only when padded: a value that is quoted once fully parsed ("""x""" → "x") is the person's text.
  if (t !== value && t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/""/g, '"').trim();
  return t;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

function isParsedRecord(x: unknown): x is ParsedRecord {
  if (typeof x !== 'object' || x === null || !('record' in x) || !('info' in x)) return false;
  const { record, info } = x as { record: unknown; info: unknown };
  return Array.isArray(record) && typeof info === 'object' && info !== null && typeof (info as { lines?: unknown }).lines === 'number';
}

/** Text chunks, the first ones joined until there is enough to choose the delimiter. */
async function withHead(texts: AsyncIterable<string>): Promise<{ head: string; all: AsyncIterable<string> }> {
  const iterator = texts[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  while (head.length < SNIFF_CHARS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  async function* all(): AsyncGenerator<string> {
    try {
      if (head) yield head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, all: all() };
}

/** The rows of a CSV or TSV file's bytes. `line` is the line where each record starts, as an editor counts. */
export async function* csvRows(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<TableRow> {
  const { head, all } = await withHead(decodeChunks(chunks));
  const parser = parse({
    delimiter: detectDelimiter(head),
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
  });
  const source = Readable.from(all);
  // A decoding error in the middle of the file must end the parse with that error, not a truncated table.
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let line = 1;
  try {
    for await (const item of parser as AsyncIterable<unknown>) {
      if (!isParsedRecord(item)) continue;
      yield { line, cells: item.record.map((c) => cleanCell(String(c))) };
      line = item.info.lines + 1;
    }
  } catch (e) {
    // Only a quote left open (a record past 1M characters) gets here with the relaxed options.
    if (e instanceof CsvError) throw new ImportFileError('notTable');
    throw e;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
