import { ACCOUNTING_PATHS, BOOK_PATHS, EXPORT_PATHS, EXPORT_XLSX_ROWS_MAX, ErrorCode, bookPath, type ExportRequest } from '@cab/contracts';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildRole,
  buildUser,
  inBook,
  nextPhone,
  startTestApp,
  uploadImage,
  type BookDimensions,
  type TestApp,
} from '../../../test/harness.ts';
import { FlowsRepository } from '../statistics/flows.repository.ts';
import { ExportsRepository } from './exports.repository.ts';
import { originOf } from './exports.routes.ts';
import { PAGE_ROWS } from './exports.service.ts';

let t: TestApp;
let token: string;
let phone: string;
let bookId: string;
let d: BookDimensions;
let images: string[];
/** The categories' names by id: [parent, own]. */
const categories = new Map<string, [string, string]>();
const HOST = 'cab.test';
const T0 = Date.UTC(2024, 2, 15, 4, 5); // 2024-03-15 12:05 in Shanghai
const HOUR = 3_600_000;
const REMARK = 'a, "quoted"\nline';

beforeAll(async () => {
  t = await startTestApp();
  phone = nextPhone();
  token = (await buildUser(t, phone)).token;
  bookId = (await buildBook(t, token, 'family', '家庭账本')).id;
  d = await bookDimensions(t, token, bookId);
  for (const type of ['Expense', 'Income']) {
    const res = await t.client.get(`/cab-config-ws/v2/account-book/categories?trade_type=${type}`, inBook(token, bookId));
    for (const c of res.json().data as Array<{ name: string; sub_categories: Array<{ id: string; name: string }> }>)
      for (const s of c.sub_categories) categories.set(s.id, [c.name, s.name]);
  }
  images = [];
  for (let i = 0; i < 2; i++) images.push((await uploadImage(t, token, bookId)).json().data.id);
  const acc = (i: number) => ({ id: d.accounts[i]!.id });
  const list = [
    {
      business_type: 'Expense',
      account: acc(0),
      category: { id: d.expense[0]!.subs[0] },
      amount: '12.50',
      remark: REMARK,
      transaction_time: T0,
      member: { id: d.members[1]!.id },
      merchant: { id: d.merchants[0]!.id },
      project: { id: d.projects[0]!.id },
      images,
      place: { name: '咖啡馆', address: '南京西路 1 号', latitude: 31.2304, longitude: 121.4737 },
    },
    {
      business_type: 'Expense',
      account: acc(1),
      category: { id: d.expense[1]!.subs[0] },
      amount: '30',
      remark: '=SUM(A1:A9)',
      transaction_time: T0 + HOUR,
    },
    {
      business_type: 'Income',
      account: acc(1),
      category: { id: d.income[0]!.subs[0] },
      amount: '8000',
      remark: '工资',
      transaction_time: T0 - 24 * HOUR,
    },
    { business_type: 'Transfer', from_account: acc(0), to_account: acc(1), from_amount: '100', transaction_time: T0 + 2 * HOUR },
    {
      business_type: 'Refund',
      account: acc(0),
      category: { id: d.expense[0]!.subs[0] },
      amount: '5.00',
      remark: '@退货',
      transaction_time: Date.UTC(2024, 3, 2, 4),
    },
  ];
  const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const exportCall = (body: ExportRequest, o: { locale?: string; as?: string; book?: string } = {}) =>
  t.client.post(EXPORT_PATHS.transactions, body, {
    ...inBook(o.as ?? token, o.book ?? bookId, { host: HOST }),
    ...(o.locale ? { locale: o.locale } : {}),
  });

/** The rows every export of the whole book holds, oldest first, as the reader of `locale` reads them. */
function expected(locale: 'zh-CN' | 'en', tz: 'Shanghai' | 'New York' = 'Shanghai') {
  const zh = locale === 'zh-CN';
  const cat = (id: string | undefined) => categories.get(id!)!.join('/');
  const acc = (i: number) => d.accounts[i]!.name;
  const nick = zh ? `用户${phone.slice(-4)}` : `User ${phone.slice(-4)}`;
  const link = (id: string) => `http://${HOST}/cab-accounting-ws/v2/image/${bookId}/${id}`;
  const times =
    tz === 'Shanghai'
      ? ['2024-03-14 12:05', '2024-03-15 12:05', '2024-03-15 13:05', '2024-03-15 14:05', '2024-04-02 12:00']
      : ['2024-03-14 00:05', '2024-03-15 00:05', '2024-03-15 01:05', '2024-03-15 02:05', '2024-04-02 00:00'];
  const row = (
    time: string,
    type: string,
    amount: string,
    rest: Partial<Record<'category' | 'account' | 'to' | 'member' | 'merchant' | 'project' | 'remark' | 'place' | 'images', string>>,
  ) => [
    time,
    type,
    amount,
    'CNY',
    rest.category ?? '',
    rest.account ?? '',
    rest.to ?? '',
    rest.member ?? '',
    rest.merchant ?? '',
    rest.project ?? '',
    rest.remark ?? '',
    nick,
    rest.place ?? '',
    rest.images ?? '',
  ];
  return [
    zh
      ? ['时间', '类型', '金额', '币种', '分类', '账户', '转入账户', '成员', '商家', '项目', '备注', '记账人', '地点', '图片']
      : [
          'Time',
          'Type',
          'Amount',
          'Currency',
          'Category',
          'Account',
          'To account',
          'Member',
          'Merchant',
          'Project',
          'Remark',
          'Recorded by',
          'Place',
          'Images',
        ],
    row(times[0]!, zh ? '收入' : 'Income', '8000.00', { category: cat(d.income[0]!.subs[0]), account: acc(1), remark: '工资' }),
    row(times[1]!, zh ? '支出' : 'Expense', '12.50', {
      category: cat(d.expense[0]!.subs[0]),
      account: acc(0),
      member: d.members[1]!.name,
      merchant: d.merchants[0]!.name,
      project: d.projects[0]!.name,
      remark: REMARK,
      place: '咖啡馆 · 南京西路 1 号',
      images: images.map(link).join('\n'),
    }),
    row(times[2]!, zh ? '支出' : 'Expense', '30.00', { category: cat(d.expense[1]!.subs[0]), account: acc(1), remark: '=SUM(A1:A9)' }),
    row(times[3]!, zh ? '转账' : 'Transfer', '100.00', { account: acc(0), to: acc(1) }),
    row(times[4]!, zh ? '退款' : 'Refund', '5.00', { category: cat(d.expense[0]!.subs[0]), account: acc(0), remark: '@退货' }),
  ];
}

/** A CSV's rows, the formula guard taken back off the text cells (it is checked on the raw text). */
const csvRows = (text: string) =>
  (parse(text, { bom: true, relax_column_count: false }) as string[][]).map((r) => r.map((c) => c.replace(/^'(?=[=+\-@])/, '')));

function xlsxRows(bytes: Buffer) {
  const wb = XLSX.read(bytes, { cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]!]!;
  return { name: wb.SheetNames[0], ws, rows: XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, defval: '', raw: true }) };
}

/** Expected rows as a sheet reads them: the amounts as numbers. */
const asSheet = (rows: string[][]) => rows.map((r, i) => (i === 0 ? r : r.map((c, j) => (j === 2 ? Number(c) : c))));

const fileName = (disposition: string | string[] | number | undefined) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(disposition))![1]!);

describe('exporting the flow', () => {
  it('writes the whole book as CSV: BOM, CRLF, quoting, the formula guard, every field of every row', async () => {
    const res = await exportCall({ format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="flow-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
    expect(fileName(res.headers['content-disposition'])).toMatch(/^家庭账本-流水-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = res.body;
    expect(text.startsWith('\uFEFF时间,类型,金额,')).toBe(true);
    // Every record ends in CRLF; the only bare LFs are inside quoted cells.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(7);
    expect(text).toContain(`,"a, ""quoted""\nline",`);
    expect(text).toContain(",'=SUM(A1:A9),");
    expect(text).toContain(",'@退货,");
    expect(csvRows(text)).toEqual(expected('zh-CN'));
  });

  it('writes the same rows as an xlsx: amounts as numbers with two decimals, the rest as text', async () => {
    const res = await exportCall({ format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName(res.headers['content-disposition'])).toMatch(/^家庭账本-流水-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { name, ws, rows } = xlsxRows(res.rawPayload);
    expect(name).toBe('流水');
    expect(rows).toEqual(asSheet(expected('zh-CN')));
    expect(ws['C3']).toMatchObject({ t: 'n', v: 12.5, z: '0.00', w: '12.50' });
    // A remark starting with "=" is text, never a formula.
    expect(ws['K4']).toMatchObject({ t: 's', v: '=SUM(A1:A9)' });
    expect(ws['K4'].f).toBeUndefined();
    expect(ws['!autofilter']).toEqual({ ref: 'A1:N6' });
  });

  it('speaks English to an English Device, names and all', async () => {
    const csv = await exportCall({ format: 'csv', group_filter: { group_key: 'TIME_MONTH', group_id: '202403' } }, { locale: 'en' });
    expect(csvRows(csv.body)).toEqual(expected('en').slice(0, 5));
    expect(fileName(csv.headers['content-disposition'])).toBe('家庭账本-Flow-2024-03.csv');
    const xlsx = await exportCall({ format: 'xlsx' }, { locale: 'en' });
    const { name, rows } = xlsxRows(xlsx.rawPayload);
    expect(name).toBe('Flow');
    expect(rows).toEqual(asSheet(expected('en')));
  });

  it("writes times in the book's time zone", async () => {
    const zone = (time_zone: string) => t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { time_zone }, { token });
    expect((await zone('America/New_York')).statusCode).toBe(200);
    try {
      const res = await exportCall({ format: 'csv' });
      expect(csvRows(res.body).map((r) => r[0])).toEqual(expected('zh-CN', 'New York').map((r) => r[0]));
    } finally {
      await zone('Asia/Shanghai');
    }
  });

  it('exports what the flow filter keeps, in the order asked for', async () => {
    const all = expected('zh-CN');
    const month = await exportCall({ format: 'csv', group_filter: { group_key: 'TIME_MONTH', group_id: '202404' } });
    expect(csvRows(month.body)).toEqual([all[0], all[5]]);
    expect(fileName(month.headers['content-disposition'])).toBe('家庭账本-流水-2024-04.csv');
    // A first-level category holds its subcategories.
    const category = await exportCall({ format: 'xlsx', query: { category_ids: [d.expense[0]!.id] } });
    expect(xlsxRows(category.rawPayload).rows.map((r) => r[0])).toEqual([all[0]![0], all[2]![0], all[5]![0]]);
    const range = await exportCall({ format: 'csv', query: { start_time: T0, end_time: T0 + HOUR, keyword: 'SUM' } });
    expect(csvRows(range.body)).toEqual([all[0], all[3]]);
    expect(fileName(range.headers['content-disposition'])).toBe('家庭账本-流水-2024-03-15.csv');
    const newest = await exportCall({ format: 'csv', sort: { order_by: 'DESC' } });
    expect(csvRows(newest.body)).toEqual([all[0], ...all.slice(1).reverse()]);
    const none = await exportCall({ format: 'csv', query: { category_types: ['Loan'] } });
    expect(none.body).toBe(`\uFEFF${all[0]!.join(',')}\r\n`);
  });

  it('links images that open for members only', async () => {
    const url = new URL(expected('zh-CN')[2]![13]!.split('\n')[0]!);
    const get = (auth?: string) =>
      t.app.inject({ method: 'GET', url: url.pathname, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    expect((await get(token)).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(401);
    expect((await get((await buildUser(t)).token)).statusCode).toBe(404);
    expect(originOf({ protocol: 'https', host: 'a.example' } as FastifyRequest, '')).toBe('https://a.example');
    expect(originOf({ protocol: 'http', host: 'a.example' } as FastifyRequest, 'https://cab.example.com/app')).toBe(
      'https://cab.example.com/app',
    );
  });

  it('refuses an xlsx past its cap with a message that points to CSV; CSV has none', async () => {
    const count = vi.spyOn(ExportsRepository.prototype, 'countUpTo').mockResolvedValue(EXPORT_XLSX_ROWS_MAX + 1);
    const zh = await exportCall({ format: 'xlsx' });
    expect(zh.statusCode).toBe(422);
    expect(zh.json()).toEqual({
      code: ErrorCode.EXPORT_TOO_LARGE,
      message: '记录超过 100,000 条，Excel 一次最多导出 100,000 条：请改用 CSV，或缩小筛选范围',
    });
    const en = await exportCall({ format: 'xlsx' }, { locale: 'en' });
    expect(en.json().message).toBe(
      'More than 100,000 records match, and Excel takes at most 100,000 at once: export as CSV, or narrow the filter',
    );
    expect(count).toHaveBeenCalledWith(expect.objectContaining({ bookId }), EXPORT_XLSX_ROWS_MAX + 1);
    expect((await exportCall({ format: 'csv' })).statusCode).toBe(200);
  });

  it('refuses bad requests with {code, message}', async () => {
    const cases: Array<[unknown, number, number, string]> = [
      [{ format: 'pdf' }, 400, ErrorCode.VALIDATION, '导出格式不在可选范围内'],
      [{}, 400, ErrorCode.VALIDATION, '导出格式不能为空'],
      [{ format: 'csv', query: { category_ids: ['99999999999999999999'] } }, 400, ErrorCode.VALIDATION, ''],
      [{ format: 'csv', query: { category_ids: ['999999'] } }, 422, ErrorCode.DIMENSION_UNKNOWN, '所选分类不存在'],
      [{ format: 'xlsx', group_filter: { group_key: 'TIME_MONTH', group_id: '202413' } }, 400, ErrorCode.VALIDATION, ''],
      [{ format: 'csv', query: { start_time: T0, end_time: T0 - 1 } }, 400, ErrorCode.VALIDATION, ''],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await exportCall(body as ExportRequest);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code, message: message || expect.any(String) });
    }
    const en = await exportCall({ format: 'pdf' } as unknown as ExportRequest, { locale: 'en' });
    expect(en.json().message).toBe('Export format is not one of the allowed values');
  });

  it('answers members who may read the flow only', async () => {
    const outsider = await buildUser(t);
    expect((await exportCall({ format: 'csv' }, { as: outsider.token })).statusCode).toBe(404);
    const viewer = await buildUser(t);
    await addToBook(t, bookId, viewer.userid, 'viewer');
    expect((await exportCall({ format: 'csv' }, { as: viewer.token })).statusCode).toBe(200);
    const basic = await buildUser(t);
    await addToBook(t, bookId, basic.userid, { roleId: await buildRole(t, bookId, ['02']) });
    const refused = await exportCall({ format: 'xlsx' }, { as: basic.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, message: expect.any(String) });
  });

  it('reads a large book a page at a time and writes every record of it', async () => {
    const big = (await buildBook(t, token, 'family', '大账本')).id;
    const dims = await bookDimensions(t, token, big);
    const n = 2_500;
    // Three records a second: pages end between records of the same time, which the keyset tells apart by id.
    const all = Array.from({ length: n }, (_, i) => ({
      business_type: 'Expense',
      account: { id: dims.accounts[0]!.id },
      category: { id: dims.expense[0]!.subs[0] },
      amount: `${i + 1}.00`,
      remark: `#${i}`,
      transaction_time: T0 + Math.floor(i / 3) * 1000,
    }));
    for (let i = 0; i < n; i += 1000) {
      const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: all.slice(i, i + 1000) }, inBook(token, big));
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = vi.spyOn(FlowsRepository.prototype, 'page');
    const res = await exportCall({ format: 'csv' }, { book: big });
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).slice(1);
    expect(rows).toHaveLength(n);
    // Recorded in one batch order, so oldest first is the order they were written in.
    expect(rows.map((r) => r[10])).toEqual(all.map((r) => r.remark));
    expect(new Set(rows.map((r) => r[2])).size).toBe(n);
    expect(page.mock.calls.map(([, q]) => q.limit)).toEqual([PAGE_ROWS, PAGE_ROWS, PAGE_ROWS]);
    const f = { bookId: big, timeZone: 'Asia/Shanghai', gaps: { dateGap: 1, dayGap: 1 } };
    expect(await new ExportsRepository(t.db).countUpTo(f, 1001)).toBe(1001);
    expect(await new ExportsRepository(t.db).countUpTo(f, 5000)).toBe(n);
  });
});
