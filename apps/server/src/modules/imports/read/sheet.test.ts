import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bytesFile } from './input.ts';
import { plainNumber, serialToText } from './sheet.ts';
import { tableRows } from './table.ts';
import { collect, fileProblem } from './test-support.ts';

/** A workbook as a person's Excel saves it: a blank first sheet, then the bill with real dates and numbers. */
function workbook(bookType: XLSX.BookType): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), '空白');
  const bill = XLSX.utils.aoa_to_sheet(
    [
      ['微信支付账单明细'],
      [],
      ['交易时间', '金额(元)', '交易单号', '备注'],
      // Built from local-time parts: SheetJS stores what the clock showed, as Excel does.
      [new Date(2024, 2, 5, 9, 5, 7), 1234.5, '4200000000202403050000000001\t', '早餐'],
      [new Date(2024, 11, 31, 23, 59, 59), 0.1 + 0.2, 2.0240305e27, true],
    ],
    { cellDates: true },
  );
  // A thousands-separated format and a date-only format must not reach the converter.
  const amount = bill['B4'] as XLSX.CellObject;
  amount.z = '#,##0.00';
  const date = bill['A5'] as XLSX.CellObject;
  bill['A5'] = { ...date, z: 'yyyy/m/d' };
  XLSX.utils.book_append_sheet(book, bill, '账单');
  return XLSX.write(book, { type: 'buffer', bookType }) as Uint8Array;
}

// The blank sheet before the bill is no sheet of it: the bill is sheet 0.
const EXPECTED = [
  { line: 1, cells: ['微信支付账单明细'], sheet: 0 },
  { line: 3, cells: ['交易时间', '金额(元)', '交易单号', '备注'], sheet: 0 },
  { line: 4, cells: ['2024-03-05 09:05:07', '1234.5', '4200000000202403050000000001', '早餐'], sheet: 0 },
  { line: 5, cells: ['2024-12-31 23:59:59', '0.3', '2024030500000000000000000000', 'TRUE'], sheet: 0 },
];

describe('spreadsheet rows', () => {
  it('come from the first non-empty sheet of an xlsx, dates as wall time and numbers plain', async () => {
    const rows = await collect(tableRows(bytesFile('账单.xlsx', workbook('xlsx'))));
    expect(rows.filter((r) => r.cells.some((c) => c !== ''))).toEqual(EXPECTED);
  });

  it('come the same from an xls (BIFF8), told by its bytes and not its name', async () => {
    const rows = await collect(tableRows(bytesFile('bill.csv', workbook('biff8'))));
    expect(rows.filter((r) => r.cells.some((c) => c !== ''))).toEqual(EXPECTED);
  });

  it('come from every sheet that holds anything, each numbered by its ordinal', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], ['1']]), '支出');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), '空白');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['b'], ['2']]), '收入');
    const rows = await collect(tableRows(bytesFile('x.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array)));
    expect(rows).toEqual([
      { line: 1, cells: ['a'], sheet: 0 },
      { line: 2, cells: ['1'], sheet: 0 },
      { line: 1, cells: ['b'], sheet: 1 },
      { line: 2, cells: ['2'], sheet: 1 },
    ]);
  });

  it('refuse a spreadsheet SheetJS cannot read', async () => {
    const fake = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(600).fill(0)]);
    expect(await fileProblem(() => collect(tableRows(bytesFile('x.xls', fake))))).toMatchObject({ problem: 'notTable' });
  });
});

describe('cell values', () => {
  it('read an Excel serial without the server zone, in both date systems', () => {
    expect(serialToText(45356.37855324074, false)).toBe('2024-03-05 09:05:07');
    expect(serialToText(45356.37855324074 - 1462, true)).toBe('2024-03-05 09:05:07');
    expect(serialToText(0.5, false)).toBe('12:00:00');
  });

  it('write numbers without exponents or binary noise', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(4200000000202403)).toBe('4200000000202400');
    expect(plainNumber(-1.23456789012345e16)).toBe('-12345678901234500');
    expect(plainNumber(1.5e-7)).toBe('0.00000015');
    expect(plainNumber(0.1 + 0.2)).toBe('0.3');
    expect(plainNumber(-12.5)).toBe('-12.5');
    expect(plainNumber(4200000000)).toBe('4200000000');
  });
});
