import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNTING_PATHS, ErrorCode, IMPORT_PATHS, MEMBER_PATHS, STATISTICS_PATHS, bookPath, type ImportView } from '@cab/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  uploadImport,
  type TestApp,
} from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';

/**
 * The import flow over HTTP (docs/imports.md): upload, the rows read, names and defaults,
 * duplicates, the commit as one background job, cancelling; and every call's bad inputs
 * and callers who may not make it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.built.imports.idle();
  await t.close();
});

const SAMPLES = path.join(import.meta.dirname, 'formats', 'samples');
const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));
const item = (id: string) => bookPath(IMPORT_PATHS.item, { id });

async function settled(token: string, bookId: string, id: string): Promise<ImportView> {
  await t.built.imports.idle();
  const res = await t.client.get(item(id), inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportView;
}

async function flows(token: string, bookId: string) {
  const res = await t.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 100 } }, inBook(token, bookId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<
    Record<string, unknown> & { id: string; amount: string; business_type: string; transaction_time: number }
  >;
}

describe('importing a bank statement (OFX)', () => {
  it('reads the rows, asks for defaults, records them once in one job with one activity entry, and skips them when imported again', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token, 'family');
    const up = await uploadImport(t, u.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().data.id as string;
    const ready = await settled(u.token, book.id, id);
    expect(ready).toMatchObject({
      status: 'ready',
      source: 'ofx',
      file_name: 'bank.ofx',
      counts: { read: 5, skipped: 0, problem: 0, duplicate: 0 },
    });
    // The statement names its account; it has no categories, so both trees need a default.
    expect(ready.names).toContainEqual({ kind: 'account', name: 'EXAMPLEBANK 62000012', trade: null, rows: 5, match: null });
    expect(ready.defaults?.needs).toEqual({ account: false, expense_category: true, income_category: true });

    const rows = (await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?kind=row&limit=2`, inBook(u.token, book.id))).json();
    expect(rows.data.map((r: { line: number }) => r.line)).toEqual([39, 47]);
    expect(rows.data[0]).toMatchObject({
      type: 'Expense',
      amount: '35.50',
      time: Date.parse('2024-01-05T12:00:00+08:00'),
      merchant: 'Sample Noodle House',
    });
    expect(rows.next).toBe(47);

    const commitUrl = bookPath(IMPORT_PATHS.commit, { id });
    expectRefused(await t.client.post(commitUrl, {}, inBook(u.token, book.id)), 400, ErrorCode.VALIDATION);
    const dims = await bookDimensions(t, u.token, book.id);
    const choice = { expense_category_id: dims.expense[0]!.id, income_category_id: dims.income[0]!.id };
    // A merchant left out on purpose: none of them is made.
    const names = ready.names!.filter((n) => n.kind === 'merchant').map((n) => ({ kind: n.kind, name: n.name, to: 'none' }));
    const commit = await t.client.post(commitUrl, { ...choice, names }, inBook(u.token, book.id));
    expect(commit.statusCode, commit.body).toBe(202);
    expect(commit.json().data.status).toBe('committing');
    const done = await settled(u.token, book.id, id);
    expect(done).toMatchObject({ status: 'done', counts: { recorded: 5 }, error: null });

    const recorded = await flows(u.token, book.id);
    expect(recorded).toHaveLength(5 + 0);
    const byTime = recorded.sort((a, b) => a.transaction_time - b.transaction_time);
    expect(byTime.map((r) => [r.business_type, r.amount, r.transaction_time])).toEqual([
      ['Expense', '35.50', Date.parse('2024-01-05T12:00:00+08:00')],
      // Wall times without an offset are the book's (Asia/Shanghai).
      ['Income', '12500.00', Date.parse('2024-01-10T00:00:00+08:00')],
      ['Expense', '1280.00', Date.parse('2024-01-12T08:30:15-05:00')],
      ['Expense', '200.00', Date.parse('2024-01-20T18:00:00+08:00')],
      ['Income', '1.23', Date.parse('2024-01-31T00:00:00+08:00')],
    ]);
    expect(byTime.every((r) => r.merchant === null || r.merchant === undefined)).toBe(true);
    const after = await bookDimensions(t, u.token, book.id);
    const account = after.accounts.find((a) => a.name === 'EXAMPLEBANK 62000012');
    expect(account?.balance).toBe('10985.73');
    expect(after.merchants).toEqual(dims.merchants);

    // One activity entry for the whole import.
    const log = await t.client.get(`${MEMBER_PATHS.activities}?page_size=50`, inBook(u.token, book.id));
    const imported = (log.json().data as Array<{ action: string; entity: string; after: { count: number } }>).filter(
      (a) => a.entity === 'transaction',
    );
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ action: 'import', after: { count: 5 } });

    // The same statement again: every trade is known; nothing to record.
    const again = await uploadImport(t, u.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    const second = await settled(u.token, book.id, again.json().data.id);
    expect(second.counts).toMatchObject({ read: 5, duplicate: 5 });
    const dup = (await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id: second.id })}?kind=duplicate`, inBook(u.token, book.id))).json();
    expect(dup.data.map((r: { duplicate: string }) => r.duplicate)).toEqual(['ref', 'ref', 'ref', 'ref', 'ref']);
    expect(dup.data.map((r: { duplicate_of: string }) => r.duplicate_of).sort()).toEqual(recorded.map((r) => r.id).sort());
    expectRefused(
      await t.client.post(bookPath(IMPORT_PATHS.commit, { id: second.id }), choice, inBook(u.token, book.id)),
      409,
      ErrorCode.IMPORT_STATE,
    );
    // Kept on purpose: the one line the user says is not a repeat is recorded.
    const keep = await t.client.post(
      bookPath(IMPORT_PATHS.commit, { id: second.id }),
      { ...choice, include_duplicates: [39] },
      inBook(u.token, book.id),
    );
    expect(keep.statusCode, keep.body).toBe(202);
    // The trade id is the book's already: the whole import fails, nothing is added.
    const kept = await settled(u.token, book.id, second.id);
    expect(kept.status).toBe('failed');
    expect(kept.error).toMatchObject({ code: ErrorCode.IMPORT_STATE, message: '这个账单的交易已经导入过了' });
    expect(await flows(u.token, book.id)).toHaveLength(5);
  });

  it('marks a record of the same minute and amount made by hand as a duplicate', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token, 'family');
    const dims = await bookDimensions(t, u.token, book.id);
    const made = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        account: { id: dims.accounts[0]!.id },
        category: { id: dims.expense[0]!.id },
        amount: '35.50',
        transaction_time: Date.parse('2024-01-05T12:00:40+08:00'),
        remark: '面',
      },
      inBook(u.token, book.id),
    );
    expect(made.statusCode, made.body).toBe(201);
    const up = await uploadImport(t, u.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    const view = await settled(u.token, book.id, up.json().data.id);
    expect(view.counts.duplicate).toBe(1);
    const dup = (await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id: view.id })}?kind=duplicate`, inBook(u.token, book.id))).json();
    expect(dup.data).toMatchObject([{ line: 39, duplicate: 'match', duplicate_of: made.json().data.id }]);
  });
});

describe('an import whose instance died', () => {
  /** The state a driver leaves behind when its instance is killed mid-commit: committing, its lease run out (by the server's clock). */
  async function orphan(id: string, choices: object) {
    await sql`UPDATE book_imports SET status = 'committing', choices = ${JSON.stringify({ names: [], include_duplicates: [], locale: 'zh-CN', ...choices })}::jsonb,
      lease_owner = 'dead-instance', lease_until = ${new Date(t.clock.now() - 1000)} WHERE id = ${id}`.execute(t.db);
  }

  it('is taken up by the job and recorded exactly once, however often the job runs', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token, 'family');
    const dims = await bookDimensions(t, u.token, book.id);
    const up = await uploadImport(t, u.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    const id = up.json().data.id as string;
    await t.built.imports.idle();
    await orphan(id, { expense_category_id: dims.expense[0]!.id, income_category_id: dims.income[0]!.id });
    const during = (await t.client.get(item(id), inBook(u.token, book.id))).json().data as ImportView;
    expect(during).toMatchObject({ status: 'committing', progress: { done: 0, total: 5 } });
    await Promise.all([t.built.imports.imports.resume(), t.built.imports.imports.resume()]);
    await t.built.imports.idle();
    await t.built.imports.imports.resume();
    expect(await settled(u.token, book.id, id)).toMatchObject({ status: 'done', counts: { recorded: 5 } });
    expect(await flows(u.token, book.id)).toHaveLength(5);
  });

  it('stops with nothing recorded when the importer lost the right to record meanwhile', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family');
    const keeper = await buildUser(t);
    await addToBook(t, book.id, keeper.userid, 'bookkeeper');
    const dims = await bookDimensions(t, owner.token, book.id);
    const up = await uploadImport(t, keeper.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    const id = up.json().data.id as string;
    await t.built.imports.idle();
    await orphan(id, { expense_category_id: dims.expense[0]!.id, income_category_id: dims.income[0]!.id });
    const removed = await t.client.delete(
      bookPath(MEMBER_PATHS.memberDetail, { id: keeper.userid }),
      undefined,
      inBook(owner.token, book.id),
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await t.built.imports.imports.resume();
    await t.built.imports.idle();
    const view = (await t.client.get(item(id), inBook(owner.token, book.id))).json().data as ImportView;
    expect(view).toMatchObject({ status: 'failed', error: { code: ErrorCode.FORBIDDEN } });
    expect(await flows(owner.token, book.id)).toHaveLength(0);
  });
});

describe('what the import calls refuse', () => {
  it('refuses bad files and bad fields, with nothing left behind', async () => {
    const u = await buildUser(t);
    const book = await buildBook(t, u.token, 'family');
    const up = (bytes: Buffer, name: string, fields: Record<string, string>) => uploadImport(t, u.token, book.id, bytes, name, fields);
    const privateDir = `${t.filesDir}-private/imports`;
    const files = () => (fs.existsSync(privateDir) ? fs.readdirSync(privateDir) : []).sort();
    const before = files();
    expectRefused(await up(Buffer.from(''), 'a.csv', { source: 'alipay' }), 422, ErrorCode.IMPORT_FILE_REFUSED);
    expectRefused(await up(Buffer.from('a,b\n1,2\n'), 'a.ofx', { source: 'ofx' }), 422, ErrorCode.IMPORT_FILE_REFUSED);
    expectRefused(await up(Buffer.from('x'), 'a.csv', { source: 'paypal' }), 400, ErrorCode.VALIDATION);
    expectRefused(await up(Buffer.from('x'), 'a.csv', {}), 400, ErrorCode.VALIDATION);
    const big = await up(Buffer.alloc(33 * 1024 * 1024, 0x61), 'big.csv', { source: 'alipay' });
    expectRefused(big, 413, ErrorCode.BODY_TOO_LARGE);
    expect(big.json().message).toBe('文件太大：最大 32 MB');
    const json = await t.client.post(IMPORT_PATHS.imports, { source: 'ofx' }, inBook(u.token, book.id));
    expectRefused(json, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const list = await t.client.get(IMPORT_PATHS.imports, inBook(u.token, book.id));
    expect(list.json().data).toEqual([]);
    expect(files()).toEqual(before);
  });

  it('keeps imports to their book and to members who may record', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family');
    const stranger = await buildUser(t);
    const viewer = await buildUser(t);
    await addToBook(t, book.id, viewer.userid, 'viewer');
    const other = await buildBook(t, stranger.token, 'family');
    const up = await uploadImport(t, owner.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' });
    const id = up.json().data.id as string;
    await t.built.imports.idle();
    expectRefused(
      await uploadImport(t, stranger.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' }),
      404,
      ErrorCode.BOOK_NOT_FOUND,
    );
    expectRefused(
      await uploadImport(t, viewer.token, book.id, sample('bank.ofx'), 'bank.ofx', { source: 'ofx' }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectRefused(await t.client.get(item(id), inBook(viewer.token, book.id)), 403, ErrorCode.FORBIDDEN);
    expectRefused(await t.client.get(item(id), inBook(stranger.token, other.id)), 404, ErrorCode.IMPORT_NOT_FOUND);
    expectRefused(await t.client.delete(item(id), undefined, inBook(stranger.token, other.id)), 404, ErrorCode.IMPORT_NOT_FOUND);
    expectRefused(await t.client.get(item('0'), inBook(owner.token, book.id)), 400, ErrorCode.VALIDATION);
    expectRefused(
      await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?kind=every`, inBook(owner.token, book.id)),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?limit=500`, inBook(owner.token, book.id)),
      400,
      ErrorCode.VALIDATION,
    );
    const commitUrl = bookPath(IMPORT_PATHS.commit, { id });
    expectRefused(
      await t.client.post(
        commitUrl,
        { account_id: '999999', expense_category_id: '1', income_category_id: '1' },
        inBook(owner.token, book.id),
      ),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    );
    expectRefused(
      await t.client.post(commitUrl, { names: [{ kind: 'shop', name: 'x', to: 'new' }] }, inBook(owner.token, book.id)),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.put(
        bookPath(IMPORT_PATHS.columns, { id }),
        { mapping: { time: 'a', dateFormat: 'auto', sign: 'expenseNegative', amount: 'b' } },
        inBook(owner.token, book.id),
      ),
      409,
      ErrorCode.IMPORT_STATE,
    );
    // Cancelled: its rows go, and it can be neither recorded nor cancelled again.
    expect((await t.client.delete(item(id), undefined, inBook(owner.token, book.id))).statusCode).toBe(204);
    expect((await t.client.get(item(id), inBook(owner.token, book.id))).json().data.status).toBe('cancelled');
    expectRefused(await t.client.post(commitUrl, {}, inBook(owner.token, book.id)), 409, ErrorCode.IMPORT_STATE);
    expectRefused(await t.client.delete(item(id), undefined, inBook(owner.token, book.id)), 409, ErrorCode.IMPORT_STATE);
    expect((await t.client.get(`${bookPath(IMPORT_PATHS.rows, { id })}?kind=row`, inBook(owner.token, book.id))).json().data).toEqual([]);
  });
});
