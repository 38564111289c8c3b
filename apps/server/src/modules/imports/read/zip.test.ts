import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { bytesFile } from './input.ts';
import { tableRows } from './table.ts';
import { collect, encodeGbk, fileProblem } from './test-support.ts';
import { CappedSink, MAX_UNZIPPED_BYTES, unzipBill } from './zip.ts';

const BILL = '交易时间,金额\n2024-03-05 09:05:00,12.00\n';

async function zipOf(
  files: Record<string, string | Uint8Array>,
  options: { password?: string; zipCrypto?: boolean } = {},
): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), options);
  for (const [name, content] of Object.entries(files)) {
    await writer.add(name, typeof content === 'string' ? new TextReader(content) : new Uint8ArrayReader(content));
  }
  return writer.close();
}

const rowsOf = (bytes: Uint8Array, password?: string) =>
  collect(tableRows(bytesFile('bill.zip', bytes), password === undefined ? {} : { password }));
const BILL_ROWS = [
  { line: 1, cells: ['交易时间', '金额'] },
  { line: 2, cells: ['2024-03-05 09:05:00', '12.00'] },
];

/** Writes `size` into the central directory's uncompressed size of every entry: a zip that lies. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('a zipped bill', () => {
  it('is read from an AES and from a ZipCrypto zip with its password', async () => {
    for (const zipCrypto of [false, true]) {
      const zip = await zipOf({ '微信支付账单(20240301-20240331).csv': encodeGbk(BILL) }, { password: '135790', zipCrypto });
      expect(await rowsOf(zip, '135790')).toEqual(BILL_ROWS);
    }
  });

  it('asks for the password when none is given, and says when it is wrong', async () => {
    for (const zipCrypto of [false, true]) {
      const zip = await zipOf({ 'bill.csv': BILL }, { password: '135790', zipCrypto });
      expect(await fileProblem(() => rowsOf(zip))).toEqual({ problem: 'passwordNeeded', params: {} });
      expect(await fileProblem(() => rowsOf(zip, ''))).toEqual({ problem: 'passwordNeeded', params: {} });
      expect(await fileProblem(() => rowsOf(zip, '000000'))).toEqual({ problem: 'passwordWrong', params: {} });
    }
  });

  it('opens a zip without a password, its password ignored, and skips notes and folders beside the bill', async () => {
    const zip = await zipOf({ '__MACOSX/._bill.csv': 'x', 'readme.md': 'notes', 'bills/bill.csv': BILL });
    expect(await rowsOf(zip, 'whatever')).toEqual(BILL_ROWS);
  });

  it('refuses a zip with two bills, none, or that is broken', async () => {
    expect(await fileProblem(async () => rowsOf(await zipOf({ 'a.csv': BILL, 'b.xlsx': BILL })))).toEqual({
      problem: 'badZip',
      params: {},
    });
    expect(await fileProblem(async () => rowsOf(await zipOf({})))).toEqual({ problem: 'badZip', params: {} });
    const broken = Uint8Array.from([0x50, 0x4b, 3, 4, ...new Array<number>(200).fill(7)]);
    expect(await fileProblem(() => rowsOf(broken))).toEqual({ problem: 'badZip', params: {} });
    expect(await fileProblem(async () => rowsOf(await zipOf({ 'inner.zip': await zipOf({ 'bill.csv': BILL }) })))).toMatchObject({
      problem: 'badZip',
    });
  });

  it('refuses a zip bomb by its declared size', async () => {
    const zip = declareSize(await zipOf({ 'bill.csv': BILL }), MAX_UNZIPPED_BYTES + 1);
    expect(await fileProblem(() => rowsOf(zip))).toEqual({ problem: 'tooLarge', params: { max: 64 } });
  });

  it('refuses a zip bomb that lies about its size: inflating stops at the size declared', async () => {
    const zeros = new Uint8Array(3 * 2 ** 20);
    const zip = declareSize(await zipOf({ 'bill.csv': zeros }), 100);
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(await fileProblem(() => unzipBill(zip, undefined))).toEqual({ problem: 'badZip', params: {} });
  });

  it('counts what it inflates, whatever the zip declared', async () => {
    const sink = new CappedSink(10);
    const writer = sink.stream().getWriter();
    await writer.write(new Uint8Array(6));
    await expect(writer.write(new Uint8Array(6))).rejects.toMatchObject({ problem: 'tooLarge', params: { max: 0 } });
    expect(sink.overflow).toBe(true);
    expect(sink.parts).toHaveLength(1);
  });
});
