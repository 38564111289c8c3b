import * as XLSX from '@e965/xlsx';
import { COLUMNS, COLUMN_WIDTHS, type ExportRow } from './columns.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A workbook of one sheet: the header, then a row a record. Amounts are number cells
 * shown with two decimals (so they add up in Excel); everything else is text, which a
 * spreadsheet never runs as a formula, so no cell needs the CSV's guard. Empty cells are
 * left out. Built whole in memory (SheetJS CE writes no stream): the caller caps the rows.
 */
export function buildXlsx(sheetName: string, headers: readonly string[], rows: readonly ExportRow[]): Buffer {
  const data: XLSX.CellObject[][] = [headers.map((h) => ({ t: 's', v: h }))];
  for (const r of rows) {
    const line: XLSX.CellObject[] = [];
    COLUMNS.forEach((c, i) => {
      // Amounts are at most 9,999,999,999.99: exact in a double to the cent.
      if (c === 'amount') line[i] = { t: 'n', v: Number(r.amount), z: '0.00' };
      else if (r[c] !== '') line[i] = { t: 's', v: r[c] };
    });
    data.push(line);
  }
  const ref = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: COLUMNS.length - 1 } });
  const ws: XLSX.WorkSheet = {
    '!data': data,
    '!ref': ref,
    '!cols': COLUMNS.map((c) => ({ wch: COLUMN_WIDTHS[c] })),
    // A filter on the header row: SheetJS CE writes no frozen panes, and this keeps the header in use.
    '!autofilter': { ref },
  };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
