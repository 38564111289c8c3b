import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import type { Outcome, TableConverter, TextConverter } from '../formats/types.ts';
import { MAX_TEXT_BYTES, readHeaderAndSample, readOutcomes } from './index.ts';
import { bytesFile, type ImportFile } from './input.ts';
import { collect, encodeGbk, fileProblem } from './test-support.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Each data row as a skip of its line, plus its amount as a problem's value, to see it arrived. */
const amounts: TableConverter = {
  source: 'table',
  columns: [['日期'], ['金额', '金额(元)']],
  end: (raw) => raw[0] === '合计',
  row: (cells, line): Outcome => ({ kind: 'problem', line, problem: 'badAmount', column: '金额', value: cells.get('金额', '金额(元)') }),
};

/** A text format that is lines starting with '!': each line a skip. */
const bangs: TextConverter = {
  source: 'qif',
  sniff: (text) => text.startsWith('!'),
  *parse(text, options) {
    let line = 0;
    for (const l of text.split('\n')) {
      line++;
      if (l) yield { kind: 'problem', line, problem: 'badDate', column: options.dateFormat ?? 'auto', value: l };
    }
  },
};

/** A file whose stream gives `count` chunks of `chunk`, and whose size says `size`. */
function streamedFile(chunk: Uint8Array, count: number, size: number): ImportFile {
  return {
    name: 'big.qif',
    size,
    open: () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < count; i++) yield chunk;
        })(),
      ),
  };
}

describe('readOutcomes', () => {
  it('reads a GBK CSV table under its details, to its footer', async () => {
    const text = '某银行流水\n\n日期,金额（元）\n2024-01-02,"1,234.50"\n\n2024-01-03,7\n合计,1241.50\n2024-01-04,9\n';
    expect(await collect(readOutcomes(bytesFile('a.csv', encodeGbk(text)), amounts, {}))).toEqual([
      { kind: 'problem', line: 4, problem: 'badAmount', column: '金额', value: '1,234.50' },
      { kind: 'problem', line: 6, problem: 'badAmount', column: '金额', value: '7' },
    ]);
  });

  it('reads an xlsx inside a password zip', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['日期', '金额'],
      ['2024-01-02', 3],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
    const writer = new ZipWriter(new Uint8ArrayWriter(), { password: 'pw' });
    await writer.add('bill.xlsx', new (await import('@zip.js/zip.js')).Uint8ArrayReader(xlsx));
    const zip = await writer.close();
    expect(await collect(readOutcomes(bytesFile('a.zip', zip), amounts, { password: 'pw' }))).toEqual([
      { kind: 'problem', line: 2, problem: 'badAmount', column: '金额', value: '3' },
    ]);
  });

  it('says a table without the header is an unknown format, naming the columns', async () => {
    const file = bytesFile('a.csv', utf8('x,y\n1,2\n'));
    expect(await fileProblem(() => collect(readOutcomes(file, amounts, {})))).toEqual({
      problem: 'unknownFormat',
      params: { expected: '日期、金额' },
    });
  });

  it('calls a file of nothing, or of a BOM and blank lines, empty', async () => {
    for (const bytes of [new Uint8Array(0), Uint8Array.from([0xef, 0xbb, 0xbf, 0x0d, 0x0a, 0x20, 0x0a])]) {
      expect(await fileProblem(() => collect(readOutcomes(bytesFile('a.csv', bytes), amounts, {})))).toEqual({
        problem: 'empty',
        params: {},
      });
      expect(await fileProblem(() => collect(readOutcomes(bytesFile('a.qif', bytes), bangs, {})))).toEqual({
        problem: 'empty',
        params: {},
      });
    }
  });

  it('hands a text format the whole decoded text and the date format', async () => {
    const file = bytesFile('a.qif', encodeGbk('!Type:Bank\nD01/02/2024\n'), 3);
    expect(await collect(readOutcomes(file, bangs, { dateFormat: 'DMY' }))).toEqual([
      { kind: 'problem', line: 1, problem: 'badDate', column: 'DMY', value: '!Type:Bank' },
      { kind: 'problem', line: 2, problem: 'badDate', column: 'DMY', value: 'D01/02/2024' },
    ]);
  });

  it('refuses a text that is not the format, a spreadsheet given as text, and too much text', async () => {
    expect(await fileProblem(() => collect(readOutcomes(bytesFile('a.qif', utf8('hello')), bangs, {})))).toEqual({
      problem: 'unknownFormat',
      params: { expected: 'qif' },
    });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a']]), 'S');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
    expect(await fileProblem(() => collect(readOutcomes(bytesFile('a.qif', xlsx), bangs, {})))).toMatchObject({ problem: 'notText' });
    const mb = new Uint8Array(2 ** 20).fill(0x21);
    // Refused by its size in storage, and by counting when the size was wrong.
    expect(await fileProblem(() => collect(readOutcomes(streamedFile(mb, 1, MAX_TEXT_BYTES + 1), bangs, {})))).toEqual({
      problem: 'tooLarge',
      params: { max: 32 },
    });
    expect(await fileProblem(() => collect(readOutcomes(streamedFile(mb, 33, 100), bangs, {})))).toEqual({
      problem: 'tooLarge',
      params: { max: 32 },
    });
  });

  it('reads a zipped text format', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter());
    await writer.add('export.qif', new TextReader('!Type:Cash\n'));
    const zip = await writer.close();
    expect(await collect(readOutcomes(bytesFile('a.zip', zip), bangs, {}))).toHaveLength(1);
  });
});

describe('readHeaderAndSample', () => {
  it('takes the first row of two cells as the header and samples the rows under it', async () => {
    const text =
      '招商银行交易明细\n账号：6214****1234\n\n记账日期,交易金额,摘要\n2024-01-02,-3.00,快捷支付\n\n2024-01-03,100.00,工资\n2024-01-04,1.00,利息\n';
    const file = bytesFile('a.csv', utf8(text));
    expect(await readHeaderAndSample(file, {}, 2)).toEqual({
      header: ['记账日期', '交易金额', '摘要'],
      headerLine: 4,
      rows: [
        { line: 5, cells: ['2024-01-02', '-3.00', '快捷支付'] },
        { line: 7, cells: ['2024-01-03', '100.00', '工资'] },
      ],
    });
    expect((await readHeaderAndSample(file)).rows).toHaveLength(3);
  });

  it('refuses a file of one column as not a table, and an empty one as empty', async () => {
    expect(await fileProblem(() => readHeaderAndSample(bytesFile('a.csv', utf8('one\ntwo\n'))))).toEqual({
      problem: 'notTable',
      params: {},
    });
    expect(await fileProblem(() => readHeaderAndSample(bytesFile('a.csv', new Uint8Array(0))))).toEqual({ problem: 'empty', params: {} });
  });
});
