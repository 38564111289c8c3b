import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, IMPORT_PATHS, IMPORT_SOURCES, bookPath, type ImportRowView, type ImportView } from '@cab/contracts';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, inBook, startTestApp, uploadImport, type TestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

/**
 * Issue 31's broken files, for every format: a wrong encoding, a missing column, a bad
 * date, an amount with a thousands separator, an empty file and a 50 MB file. Each is
 * refused with `{code, message}` (nothing kept: no import, no file) or reported on its
 * row (the rest of the file reads).
 */
let t: TestApp;
let token: string;
let bookId: string;
beforeAll(async () => {
  t = await startTestApp();
  const u = await buildUser(t);
  token = u.token;
  bookId = (await buildBook(t, u.token, 'family')).id;
});
afterAll(async () => {
  await t.built.imports.idle();
  await t.close();
});

const SAMPLES = path.join(import.meta.dirname, 'formats', 'samples');
const text = (name: string) => fs.readFileSync(path.join(SAMPLES, name), 'utf8');
const TABLE_BANK = { time: 'Date', amount: 'Amount', merchant: 'Description', dateFormat: 'DMY', sign: 'expenseNegative' } as const;

/** Nothing of a refused upload stays: no import in the list, no file in storage. */
async function nothingKept(before: { imports: number; files: number }) {
  const list = (await t.client.get(IMPORT_PATHS.imports, inBook(token, bookId))).json().data as unknown[];
  expect(list).toHaveLength(before.imports);
  expect(files()).toBe(before.files);
}
const files = () => {
  const dir = `${t.filesDir}-private/imports`;
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const kept = async () => ({
  imports: ((await t.client.get(IMPORT_PATHS.imports, inBook(token, bookId))).json().data as unknown[]).length,
  files: files(),
});

/** Uploads (and maps, for a sheet of any shape) and answers the import once read. */
async function imported(bytes: Buffer, name: string, source: string, fields: Record<string, string> = {}): Promise<ImportView> {
  const up = await uploadImport(t, token, bookId, bytes, name, { source, ...fields });
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().data.id as string;
  if (source === 'table') {
    const res = await t.client.put(bookPath(IMPORT_PATHS.columns, { id }), { mapping: TABLE_BANK }, inBook(token, bookId));
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.built.imports.idle();
  return (await t.client.get(bookPath(IMPORT_PATHS.item, { id }), inBook(token, bookId))).json().data as ImportView;
}

async function rowsOf(id: string, kind: string): Promise<ImportRowView[]> {
  return (await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?kind=${kind}&limit=200`, inBook(token, bookId))).json()
    .data as ImportRowView[];
}

/** A format's sample and how to break one of its dates. */
const SAMPLE_OF: Record<string, { file: string; badDate: [string, string]; column: string; fields?: Record<string, string> }> = {
  alipay: { file: 'alipay-app-utf8.csv', badDate: ['2024/3/28 19:42', '2024/13/28 19:42'], column: '交易时间' },
  wechat: { file: 'wechat.csv', badDate: ['2024-03-29 12:30:00', '2024-02-30 12:30:00'], column: '交易时间' },
  suishouji: { file: 'suishouji.csv', badDate: ['2024-03-01 08:15', '2024-03-01 25:15'], column: '日期' },
  table: { file: 'table-bank.csv', badDate: ['03/01/2024', '03/14/2024'], column: 'Date' },
  ofx: { file: 'bank.ofx', badDate: ['20240105120000[+8:CST]', '20241305120000[+8:CST]'], column: 'DTPOSTED' },
  qif: { file: 'bank.qif', badDate: ["D1/5'24", 'D1/35/2024'], column: 'D', fields: { date_format: 'MDY' } },
  beancount: { file: 'ledger.beancount', badDate: ['2024-03-01 *', '2024-03-41 *'], column: 'date' },
};

describe('broken files of every format', () => {
  it('refuses an empty file and a 50 MB file of every source, keeping nothing', async () => {
    const before = await kept();
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    for (const source of IMPORT_SOURCES) {
      const empty = await uploadImport(t, token, bookId, Buffer.alloc(0), 'empty.csv', { source });
      expectRefused(empty, 422, ErrorCode.IMPORT_FILE_REFUSED);
      expect(empty.json().message).toBe('文件是空的');
      const blank = await uploadImport(t, token, bookId, Buffer.from('\uFEFF \r\n\r\n', 'utf8'), 'blank.csv', { source });
      expectRefused(blank, 422, ErrorCode.IMPORT_FILE_REFUSED);
      const large = await uploadImport(t, token, bookId, big, 'large.csv', { source });
      expectRefused(large, 413, ErrorCode.BODY_TOO_LARGE);
      expect(large.json().message).toBe('文件太大：最大 32 MB');
    }
    await nothingKept(before);
  });

  it('refuses text in a wrong encoding for every source, keeping nothing', async () => {
    const before = await kept();
    // Neither UTF-8 nor GBK: bytes no encoding of theirs has.
    const garbled = Buffer.concat([Buffer.from('交易时间,金额\n', 'utf8'), Buffer.from([0xff, 0xfe, 0x80, 0xff, 0x0a])]);
    for (const source of IMPORT_SOURCES) {
      const res = await uploadImport(t, token, bookId, garbled, 'bill.csv', { source });
      expectRefused(res, 422, ErrorCode.IMPORT_FILE_REFUSED);
      expect(res.json().message).toBe('读不出文件的文字：请存为 UTF-8 或 GBK 编码');
    }
    await nothingKept(before);
  });

  it('names the columns a bill should have when one is missing', async () => {
    const before = await kept();
    const cases: Array<[string, string, RegExp]> = [
      ['alipay', text('alipay-app-utf8.csv').replace(/交易时间/g, '时间'), /交易时间/],
      ['wechat', text('wechat.csv').replace(/金额\(元\)/g, '数目'), /金额/],
      ['suishouji', text('suishouji.csv').replace(/交易类型/g, '种类'), /交易类型/],
    ];
    for (const [source, body, named] of cases) {
      const res = await uploadImport(t, token, bookId, Buffer.from(body, 'utf8'), 'bill.csv', { source });
      expectRefused(res, 422, ErrorCode.IMPORT_FILE_REFUSED);
      expect(res.json().message).toMatch(/^认不出这个文件：应有这些列：/);
      expect(res.json().message).toMatch(named);
    }
    // A sheet mapped to a column it does not have.
    const up = await uploadImport(t, token, bookId, Buffer.from(text('table-bank.csv')), 'bank.csv', { source: 'table' });
    const id = up.json().data.id as string;
    expectRefused(
      await t.client.put(bookPath(IMPORT_PATHS.columns, { id }), { mapping: { ...TABLE_BANK, amount: 'Betrag' } }, inBook(token, bookId)),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.put(
        bookPath(IMPORT_PATHS.columns, { id }),
        { mapping: { time: 'Date', dateFormat: 'DMY', sign: 'twoColumns' } },
        inBook(token, bookId),
      ),
      400,
      ErrorCode.VALIDATION,
    );
    expect((await t.client.delete(bookPath(IMPORT_PATHS.item, { id }), undefined, inBook(token, bookId))).statusCode).toBe(204);
    // Text formats read without the structure they need are not that format.
    for (const source of ['ofx', 'qif', 'beancount']) {
      const res = await uploadImport(t, token, bookId, Buffer.from('日期,金额\n2024-01-01,1\n'), 'x.txt', { source });
      expectRefused(res, 422, ErrorCode.IMPORT_FILE_REFUSED);
    }
    await nothingKept({ imports: before.imports + 1, files: before.files });
  });

  for (const [source, s] of Object.entries(SAMPLE_OF)) {
    it(`reports a bad date of a ${source} file on its row, and reads the rest`, async () => {
      const original = text(s.file);
      expect(original).toContain(s.badDate[0]);
      const broken = original.replace(s.badDate[0], s.badDate[1]);
      const good = await imported(Buffer.from(original), s.file, source, s.fields);
      const view = await imported(Buffer.from(broken), s.file, source, s.fields);
      expect(view.status).toBe('ready');
      const problems = await rowsOf(view.id, 'problem');
      const fresh = problems.filter(
        (p) => p.reason === 'badDate' && p.message?.includes(s.badDate[1].replace(/^D/, '').trim().split(' ')[0]!),
      );
      expect(fresh, JSON.stringify(problems)).toHaveLength(1);
      expect(fresh[0]!.message).toContain(`“${s.column}”不是日期`);
      expect(view.counts.read).toBe(good.counts.read - 1);
      for (const id of [good.id, view.id]) await t.client.delete(bookPath(IMPORT_PATHS.item, { id }), undefined, inBook(token, bookId));
    });
  }

  it('asks for the password of the zip the app mailed, says when it is wrong, and reads it with the right one', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter(), { password: '135790' });
    await writer.add('支付宝交易明细(20240301-20240331).csv', new Uint8ArrayReader(fs.readFileSync(path.join(SAMPLES, 'alipay-app.csv'))));
    const zip = Buffer.from(await writer.close());
    const before = await kept();
    const none = await uploadImport(t, token, bookId, zip, 'alipay.zip', { source: 'alipay' });
    expectRefused(none, 422, ErrorCode.IMPORT_PASSWORD);
    expect(none.json().message).toBe('这个压缩包有密码，请输入解压密码');
    const wrong = await uploadImport(t, token, bookId, zip, 'alipay.zip', { source: 'alipay', password: '000000' });
    expectRefused(wrong, 422, ErrorCode.IMPORT_PASSWORD);
    expect(wrong.json().message).toBe('解压密码不对');
    await nothingKept(before);
    const view = await imported(zip, 'alipay.zip', 'alipay', { password: '135790' });
    expect(view).toMatchObject({ status: 'ready', counts: { read: 10, skipped: 2 } });
  });

  it('reads amounts with thousands separators, and reports one that is not an amount', async () => {
    const bill = text('alipay-app-utf8.csv');
    expect(bill).toContain('"1,288.00"');
    const view = await imported(Buffer.from(bill.replace('"1,288.00"', '"1,28,8.00"')), 'bill.csv', 'alipay');
    const problems = await rowsOf(view.id, 'problem');
    expect(problems).toMatchObject([{ row: 22, reason: 'badAmount', message: '“金额”不是金额：1,28,8.00' }]);
    const fine = await imported(Buffer.from(bill), 'bill.csv', 'alipay');
    expect((await rowsOf(fine.id, 'row')).find((r) => r.row === 22)?.amount).toBe('1288.00');
    const bank = await imported(Buffer.from(text('table-bank.csv')), 'bank.csv', 'table');
    expect((await rowsOf(bank.id, 'row')).find((r) => r.row === 5)?.amount).toBe('2350.00');
  });
});
