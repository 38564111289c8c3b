/**
 * xls and xlsx rows through SheetJS, as the text a person sees: dates as
 * 'YYYY-MM-DD HH:mm:ss' whether the app wrote text or Excel resaved them as real
 * dates, numbers as plain digits (no thousands separator, no 1.2E+27).
 */
import * as XLSX from '@e965/xlsx';
import type { TableRow } from './csv.ts';
import { cleanCell, MAX_SHEETS } from './csv.ts';
import { ImportFileError } from './errors.ts';

export function isLegacyOffice(head: Uint8Array): boolean {
  // The OLE compound file of .xls (and of password-protected .xlsx, which SheetJS CE cannot open).
  return head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * An Excel serial date as wall time. Serials count days from 1899-12-30 with no zone,
 * so they are read with UTC arithmetic: the server's own zone must not shift a bill's
 * 23:30 into the next day.
 */
export function serialToText(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  const d = new Date(Math.round((days - 25569) * 86400) * 1000);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  // A time alone (a serial under a day) has no date to give.
  if (days >= 0 && days < 1) return time;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${time}`;
}

/**
 * A number as plain decimal text, as Excel shows it: 15 significant digits, the rest
 * zeros (a 28-digit trade number Excel turned into a number is already cut to 15 digits;
 * the binary noise past them is no digit of it either).
 */
export function plainNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  if (Math.abs(v) >= 1e15) {
    const [mantissa = '0', exponent = '0'] = v.toPrecision(15).split('e');
    const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
    const digits = whole + fraction;
    const sign = v < 0 ? '-' : '';
    return sign + digits.padEnd(Number(exponent) + whole.length, '0').slice(0, Number(exponent) + whole.length);
  }
  const rounded = Number(v.toPrecision(15));
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  return rounded.toFixed(20).replace(/\.?0+$/, '');
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  const v = cell.v;
  if (cell.t === 'n' && typeof v === 'number') {
    return cell.z !== undefined && XLSX.SSF.is_date(cell.z) ? serialToText(v, date1904) : plainNumber(v);
  }
  if (v instanceof Date) {
    // SheetJS hands stored ISO dates over as UTC-based wall time.
    return serialToText(v.getTime() / 86400000 + 25569, false);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return '';
  return cleanCell(String(v));
}

function readWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  try {
    // cellDates off: dates stay serials with their number format, read above without a zone.
    return XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellDates: false, cellHTML: false });
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    throw new ImportFileError('notTable', /password|encrypt/i.test(message) ? { reason: 'encrypted' } : {});
  }
}

/**
 * The rows of every sheet that has a non-empty row, sheet by sheet; `line` is the sheet's
 * row number and `sheet` its ordinal among those sheets. 随手记 puts each kind of record
 * on a sheet of its own; other apps write one sheet and people add blank ones.
 */
export function* sheetRows(bytes: Uint8Array): Generator<TableRow> {
  const workbook = readWorkbook(bytes);
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const texts = (row: XLSX.CellObject[]) => Array.from(row, (cell) => cellText(cell, date1904));
  let sheet = 0;
  for (const name of workbook.SheetNames) {
    const data: (XLSX.CellObject[] | undefined)[] | undefined = workbook.Sheets[name]?.['!data'];
    if (!data?.some((row) => row && texts(row).some((c) => c !== ''))) continue;
    if (sheet >= MAX_SHEETS) return;
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (row) yield { line: r + 1, cells: texts(row), sheet };
    }
    sheet++;
  }
}
