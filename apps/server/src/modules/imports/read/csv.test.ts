import { describe, expect, it } from 'vitest';
import { cleanCell, detectDelimiter } from './csv.ts';
import { bytesFile } from './input.ts';
import { tableRows } from './table.ts';
import { collect, encodeGbk, fileProblem } from './test-support.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const rowsOf = (bytes: Uint8Array, chunk = 64 * 1024) => collect(tableRows(bytesFile('bill.csv', bytes, chunk)));

const BILL = [
  '账单明细',
  '',
  '交易时间,交易对方,金额(元),备注',
  '2024-03-05 09:05:00,青禾面馆,￥36.50,"牛肉面,加蛋"',
  '2024-03-06 12:00:00,早点铺子,12.00,',
].join('\r\n');
const BILL_ROWS = [
  { line: 1, cells: ['账单明细'] },
  { line: 2, cells: [''] },
  { line: 3, cells: ['交易时间', '交易对方', '金额(元)', '备注'] },
  { line: 4, cells: ['2024-03-05 09:05:00', '青禾面馆', '￥36.50', '牛肉面,加蛋'] },
  { line: 5, cells: ['2024-03-06 12:00:00', '早点铺子', '12.00', ''] },
];

describe('CSV rows', () => {
  it('are the same from GBK, UTF-8 and UTF-8 with a BOM, in any chunking', async () => {
    const files = [encodeGbk(BILL), utf8(BILL), Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(BILL)])];
    for (const bytes of files) {
      for (const chunk of [1, 5, 4096]) expect(await rowsOf(bytes, chunk)).toEqual(BILL_ROWS);
    }
  });

  it('unwrap Excel\'s ="..." and ids padded outside their quotes, keeping a person\'s own quotes', async () => {
    const text = 'id,order,note\n="0012345",="",x\n"4200000001"\t,"M01"\t  ,"""quoted"""\n"=""007""",a"b,c\n';
    expect(await rowsOf(utf8(text))).toEqual([
      { line: 1, cells: ['id', 'order', 'note'] },
      { line: 2, cells: ['0012345', '', 'x'] },
      { line: 3, cells: ['4200000001', 'M01', '"quoted"'] },
      { line: 4, cells: ['007', 'a"b', 'c'] },
    ]);
    expect(cleanCell(' ="12" ')).toBe('12');
  });

  it('keep ragged lines: short and long rows, trailing delimiters', async () => {
    const text = 'a,b,c,\n1,2\n1,2,3,4,5,\n\n';
    expect(await rowsOf(utf8(text))).toEqual([
      { line: 1, cells: ['a', 'b', 'c', ''] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: ['1', '2', '3', '4', '5', ''] },
      { line: 4, cells: [''] },
    ]);
  });

  it('number a record that spans lines by the line it starts on', async () => {
    const text = 'a,b\n"one\ntwo",x\nlast,y';
    expect(await rowsOf(utf8(text))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['one\ntwo', 'x'] },
      { line: 4, cells: ['last', 'y'] },
    ]);
  });

  it('read TSV and semicolon files by their delimiter', async () => {
    expect(await rowsOf(utf8('日期\t金额\t备注\n2024-01-02\t3,50\ta,b,c\n'))).toEqual([
      { line: 1, cells: ['日期', '金额', '备注'] },
      { line: 2, cells: ['2024-01-02', '3,50', 'a,b,c'] },
    ]);
    expect(await rowsOf(utf8('Date;Amount\n02.01.2024;3,50\n'))).toEqual([
      { line: 1, cells: ['Date', 'Amount'] },
      { line: 2, cells: ['02.01.2024', '3,50'] },
    ]);
  });

  it('choose the delimiter by its steady count, not by stray ones', () => {
    // Alipay: a comma file whose ids end in a tab.
    expect(detectDelimiter('说明\n交易时间,金额,订单号,\n2024-01-02,1.00,123\t,\n2024-01-03,2.00,124\t,\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1\t"x,y,z,w"\t3\n4\t5, 6, 7, 8, 9\t6\n')).toBe('\t');
    expect(detectDelimiter('just one column\n')).toBe(',');
  });

  it('refuse a quote that never closes as not a table', async () => {
    expect(await fileProblem(() => rowsOf(utf8('a,b\n1,2\n"open,3\n4,5\n')))).toEqual({ problem: 'notTable', params: {} });
  });

  it('report a wrong encoding in the middle of the stream', async () => {
    const bytes = Uint8Array.from([...utf8('金额,备注\n1.00,早餐\n'), 0xff, 0xff, 0x0a]);
    expect(await fileProblem(() => rowsOf(bytes, 3))).toEqual({ problem: 'encoding', params: {} });
  });
});
