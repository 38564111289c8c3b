/**
 * Finding a format's header row wherever the app put it (WeChat 16 lines down, Alipay
 * about 25, a bank anywhere in its first screen) and handing the rows under it to the
 * converter by column name.
 */
import type { Cells, Outcome, TableConverter } from '../formats/types.ts';
import { rowKey, type TableRow } from './csv.ts';
import { ImportFileError } from './errors.ts';

/** How far down a header may sit; below this a file is not the format asked for. */
export const HEADER_SEARCH_ROWS = 60;

/**
 * A column name as compared: without BOM or padding, with full-width parentheses and
 * the spaces around them as half-width ones, since apps and Excel disagree on
 * '金额（元）' and '金额(元)' between versions.
 */
export function normalizeColumnName(name: string): string {
  return name
    .replace(/\uFEFF/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/\s*\(\s*/g, '(')
    .replace(/\s*\)/g, ')')
    .trim();
}

/** The cells of a row, trimmed (BOM and full-width spaces too). */
export function trimCells(cells: readonly string[]): string[] {
  return cells.map((c) => c.replace(/\uFEFF/g, '').trim());
}

export function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c === '');
}

/** Whether a row holds one name of every column the converter needs. */
export function isHeaderRow(cells: readonly string[], columns: TableConverter['columns']): boolean {
  const names = new Set(cells.map(normalizeColumnName));
  return columns.every((aliases) => aliases.some((a) => names.has(normalizeColumnName(a))));
}

/** What an unknown file is told was expected: each needed column by its first name. */
export function expectedColumns(converter: TableConverter): string {
  return converter.columns.map((aliases) => aliases[0] ?? '').join('、');
}

/** Column positions by normalised name; the first of two same-named columns wins. */
export function indexHeader(header: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalizeColumnName(name);
    if (key && !index.has(key)) index.set(key, i);
  });
  return index;
}

export function makeCells(index: ReadonlyMap<string, number>, raw: readonly string[]): Cells {
  return {
    raw,
    get(...names) {
      for (const name of names) {
        const at = index.get(normalizeColumnName(name));
        const value = at === undefined ? '' : (raw[at] ?? '');
        if (value) return value;
      }
      return '';
    },
    has(...names) {
      return names.some((name) => index.has(normalizeColumnName(name)));
    },
  };
}

/**
 * A table's outcomes by a converter: on each sheet (a CSV is one), the header found among
 * its first 60 rows, then each non-blank row under it until the converter's footer. A
 * sheet without the header is passed over. An empty table is 'empty'; one without the
 * header anywhere is 'unknownFormat', naming what was looked for.
 */
export async function* convertTable(rows: AsyncIterable<TableRow>, converter: TableConverter): AsyncGenerator<Outcome> {
  let index: Map<string, number> | undefined;
  let found = false;
  let ended = false;
  let sheet: number | undefined;
  let sawContent = false;
  for await (const row of rows) {
    if (row.sheet !== sheet) {
      sheet = row.sheet;
      index = undefined;
      ended = false;
    }
    if (ended) continue;
    const raw = trimCells(row.cells);
    if (isBlank(raw)) continue;
    sawContent = true;
    if (!index) {
      if (isHeaderRow(raw, converter.columns)) {
        index = indexHeader(raw);
        found = true;
      } else if (row.line >= HEADER_SEARCH_ROWS) ended = true;
      continue;
    }
    if (converter.end?.(raw)) {
      ended = true;
      continue;
    }
    yield converter.row(makeCells(index, raw), rowKey(row));
  }
  if (!sawContent) throw new ImportFileError('empty');
  if (!found) throw new ImportFileError('unknownFormat', { expected: expectedColumns(converter) });
}
