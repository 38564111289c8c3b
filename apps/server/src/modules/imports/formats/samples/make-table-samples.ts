/**
 * Writes table-family.xlsx, the sample of a sheet read by the user's column mapping
 * (README.md says what it holds; table-bank.csv is plain text, kept by hand):
 *   cd apps/server && node --import tsx src/modules/imports/formats/samples/make-table-samples.ts
 * A family's own spreadsheet as people keep one: a title row, separate 收入 and 支出
 * columns, dates as real Excel dates and as typed text. Every name and number is made up.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';

/** An Excel date cell of a wall time, computed without the machine's zone so the file is the same anywhere. */
function excelDate(y: number, m: number, d: number, h = 0, mi = 0): XLSX.CellObject {
  const serial = Date.UTC(y, m - 1, d, h, mi) / 86_400_000 + 25_569;
  return { t: 'n', v: serial, z: h || mi ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd' };
}

const money = (v: number): XLSX.CellObject => ({ t: 'n', v, z: '#,##0.00' });

const rows: (string | XLSX.CellObject)[][] = [
  ['2024 年 2 月家庭账本'],
  ['日期', '分类', '子分类', '收入', '支出', '账户', '成员', '备注'],
  [excelDate(2024, 2, 1), '餐饮', '早餐', '', money(12.5), '现金', '妈妈', '包子豆浆'],
  ['2024/2/3', '工资', '', money(8000), '', '示例银行', '爸爸', '二月工资'],
  ['2024年2月5日', '购物', '日用品', '', '1,234.00', '支付宝', '妈妈', ''],
  [excelDate(2024, 2, 10, 18, 30), '交通', '打车', '', money(35), '微信', '爸爸', ''],
  ['2024-02-14', '红包', '', money(520), money(0), '微信', '妈妈', '情人节'],
];

const sheet = XLSX.utils.aoa_to_sheet(rows);
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, sheet, '2024年2月');
writeFileSync(
  path.join(import.meta.dirname, 'table-family.xlsx'),
  XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer,
);
