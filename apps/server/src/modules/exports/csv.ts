import { COLUMNS, type ExportRow } from './columns.ts';

/** Excel reads a CSV as UTF-8 only when it starts with the byte order mark; otherwise as the system's code page. */
export const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"):
 * = + - @ as written, and tab and carriage return, which some programs strip before
 * looking (OWASP's list).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it must be (RFC 4180): a comma, a quote or a line break. */
export function csvField(value: string, guard: boolean): string {
  const v = guard && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** The header line, with its byte order mark: what the file starts with. */
export const csvHead = (headers: readonly string[]) => BOM + headers.map((h) => csvField(h, true)).join(',') + EOL;

/**
 * Lines of records. The amount is left as written ("-5.00" is a number, and a guard would
 * make it text); every other cell is someone's text and is guarded.
 */
export const csvLines = (rows: readonly ExportRow[]) =>
  rows.map((r) => COLUMNS.map((c) => csvField(r[c], c !== 'amount')).join(',') + EOL).join('');
