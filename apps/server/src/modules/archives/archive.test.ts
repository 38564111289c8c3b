import fs from 'node:fs';
import path from 'node:path';
import {
  ACCOUNTING_PATHS,
  ARCHIVE_PATHS,
  BUDGET_PATHS,
  ErrorCode,
  FORUM_PATHS,
  STATISTICS_PATHS,
  bookPath,
  type ImportView,
} from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildRole,
  buildUser,
  inBook,
  paddedPng,
  startTestApp,
  uploadImage,
  uploadImport,
  type TestApp,
} from '../../../test/harness.ts';
import { bookIdsOf, buildInvitation, expectRefused } from '../../../test/members.ts';
import { BookRows } from '../zones/book-rows.ts';
import { ArchiveRepository, SOFT_REFS, SPECIAL_ID_COLUMNS } from './archive.repository.ts';
import { bookCanon, imageBytes, postArchive, unzip, zipOf } from '../../../test/archives.ts';

/**
 * The acceptance of docs/archive.md: a book with every kind of record exported over HTTP,
 * imported as another user's new book on the same server and on another (a second app
 * with its own database), and compared table by table once ids are mapped, and through
 * the API: flows, images' bytes, balances, budgets, roles, members. Then the refusals.
 */
let t: TestApp;
let other: TestApp;
let owner: { token: string; userid: string };
let member: { token: string; userid: string };
let bookId: string;
let archive: Buffer;

const SAMPLES = path.join(import.meta.dirname, '..', 'imports', 'formats', 'samples');

async function settledImport(token: string, book: string, id: string): Promise<ImportView> {
  for (let i = 0; i < 200; i++) {
    const v = (await t.client.get(bookPath('/cab-accounting-ws/v2/account-book/imports/:id', { id }), inBook(token, book))).json()
      .data as ImportView;
    if (!['reading', 'committing'].includes(v.status)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not settle');
}

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp();
  owner = await buildUser(t);
  member = await buildUser(t);
  bookId = (await buildBook(t, owner.token, 'family', '家庭账本')).id;
  const o = inBook(owner.token, bookId);
  const role = await buildRole(t, bookId, ['01', '010001', '02'], '记账助手');
  await addToBook(t, bookId, member.userid, { roleId: role });
  const usd = await t.client.post(ACCOUNTING_PATHS.accounts, { name: '美元卡', group_name: '外币', type: 'Cash', currency: 'USD' }, o);
  expect(usd.statusCode, usd.body).toBe(201);
  const d = await bookDimensions(t, owner.token, bookId);
  const images = [];
  for (let i = 0; i < 2; i++) images.push((await uploadImage(t, owner.token, bookId, paddedPng(2 + i))).json().data.id as string);
  const acc = (i: number) => ({ id: d.accounts[i]!.id });
  const T0 = Date.UTC(2024, 2, 15, 4, 5);
  const list = [
    {
      business_type: 'Expense',
      account: acc(0),
      category: { id: d.expense[0]!.subs[0] },
      amount: '12.50',
      remark: 'a, "quoted"\nline',
      transaction_time: T0,
      member: { id: d.members[1]!.id },
      merchant: { id: d.merchants[0]!.id },
      project: { id: d.projects[0]!.id },
      images,
      place: { name: '咖啡馆', address: '南京西路 1 号', latitude: 31.2304, longitude: 121.4737 },
    },
    {
      business_type: 'Expense',
      account: { id: usd.json().data.id },
      category: { id: d.expense[1]!.subs[0] },
      amount: '30',
      transaction_time: T0 + 1,
    },
    {
      business_type: 'Income',
      account: acc(1),
      category: { id: d.income[0]!.subs[0] },
      amount: '8000',
      remark: '工资',
      transaction_time: T0 - 9,
    },
    { business_type: 'Transfer', from_account: acc(0), to_account: acc(1), from_amount: '100', transaction_time: T0 + 2 },
    { business_type: 'Refund', account: acc(0), category: { id: d.expense[0]!.subs[0] }, amount: '5.00', transaction_time: T0 + 3 },
    {
      business_type: 'Template',
      account: acc(0),
      category: { id: d.expense[0]!.subs[0] },
      amount: '9.90',
      remark: '早餐',
      transaction_time: T0,
    },
  ];
  const batch = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, inBook(member.token, bookId));
  expect(batch.statusCode, batch.body).toBe(201);
  expect((await t.client.post(ACCOUNTING_PATHS.balance, { account: { id: acc(2).id }, amount: '-50.5' }, o)).statusCode).toBeLessThan(300);
  const budget = await t.client.post(
    bookPath(BUDGET_PATHS.add, { type: 'Book', id: bookId, budget_type: 'Expense', recurrence_type: 'Month' }),
    { budget_amount: '3000.00' },
    o,
  );
  expect(budget.statusCode, budget.body).toBeLessThan(300);
  await buildInvitation(t, owner.token, bookId, { audit_type: 'NoReviewDesignatedRole', link_validity: 7, role_ids: [role] });
  const thread = await t.client.post(FORUM_PATHS.thread, { subject: '周末聚餐', message: '去哪吃？' }, inBook(member.token, bookId));
  expect(thread.statusCode, thread.body).toBeLessThan(300);
  const up = await uploadImport(t, owner.token, bookId, fs.readFileSync(path.join(SAMPLES, 'bank.ofx')), 'bank.ofx', { source: 'ofx' });
  expect(up.statusCode, up.body).toBe(201);
  await settledImport(owner.token, bookId, up.json().data.id);
  const commit = await t.client.post(
    bookPath('/cab-accounting-ws/v2/account-book/imports/:id/commit', { id: up.json().data.id }),
    { expense_category_id: d.expense[0]!.id, income_category_id: d.income[0]!.id },
    o,
  );
  expect(commit.statusCode, commit.body).toBe(202);
  expect((await settledImport(owner.token, bookId, up.json().data.id)).status).toBe('done');

  const res = await t.client.get(ARCHIVE_PATHS.export, o);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('家庭账本.cabbook.zip')}`);
  archive = res.rawPayload;
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** Imports the archive as `token`'s new book on `app`, and compares it with the original, table by table and through the API. */
async function importAndCompare(app: TestApp, token: string, userId: string) {
  const res = await postArchive(app, token, archive);
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { book_id: string; name: string; rows: Record<string, number>; images: number };
  expect(data).toMatchObject({ name: '家庭账本', images: 2 });
  expect(await bookIdsOf(app, token)).toContain(data.book_id);

  // Table by table: every id as its rank in its table, every person as their name, the exporter as "the owner".
  const before = await bookCanon(t, bookId, owner.userid);
  const after = await bookCanon(app, data.book_id, userId);
  for (const table of Object.keys(before)) {
    if (table === 'book_premium_features') continue;
    // Placeholders get no membership: only the owner's stays.
    if (table === 'book_users') expect(after[table]).toEqual(before[table]!.filter((r) => r.user_id === 'OWNER'));
    else expect(after[table], table).toEqual(before[table]);
  }

  // Through the API: the flow record by record, the images' bytes, the dimensions and balances, budgets, roles.
  const flow = async (a: TestApp, tok: string, b: string) => {
    const r = await a.client.post(STATISTICS_PATHS.transactions, { page: { page_size: 100 } }, inBook(tok, b));
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Array<Record<string, unknown> & { id: string; images?: Array<{ id: string }> }>;
  };
  // The exporter's records are the importer's now: both read as OWNER.
  const nick = async (a: TestApp, id: string) =>
    (await a.db.selectFrom('users').select('nickname').where('id', '=', id).executeTakeFirstOrThrow()).nickname;
  const [n0, n1] = [await nick(t, owner.userid), await nick(app, userId)];
  const strip = (rows: unknown[], me = n0) =>
    JSON.parse(
      JSON.stringify(rows)
        .replace(/"(id|book_id|url|image_url|thumbnail_url|src)":"[^"]*"/g, '"$1":"#"')
        .replaceAll(`"${me}"`, '"OWNER"'),
    ) as unknown;
  const [f0, f1] = [await flow(t, owner.token, bookId), await flow(app, token, data.book_id)];
  expect(f1.length).toBeGreaterThanOrEqual(11);
  expect(strip(f1, n1)).toEqual(strip(f0));
  const withImages = f0.findIndex((r) => (r.images?.length ?? 0) === 2);
  expect(withImages).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < 2; i++) {
    const a = await imageBytes(t, owner.token, bookId, f0[withImages]!.images![i]!.id);
    const b = await imageBytes(app, token, data.book_id, f1[withImages]!.images![i]!.id);
    expect(b.equals(a)).toBe(true);
  }
  const d0 = await bookDimensions(t, owner.token, bookId);
  const d1 = await bookDimensions(app, token, data.book_id);
  expect(strip(d1.accounts, n1)).toEqual(strip(d0.accounts));
  expect(d1.expense.map((c) => [c.name, c.subs.length])).toEqual(d0.expense.map((c) => [c.name, c.subs.length]));
  expect(d1.members.map((m) => m.name)).toEqual(d0.members.map((m) => m.name));
  return data;
}

describe('a book archive', () => {
  it('knows what every id column of a moving table names (a new table with an unmapped id fails here)', async () => {
    const rows = new BookRows(t.db);
    const repo = new ArchiveRepository(t.db);
    const { ordered } = await rows.catalogue();
    const names = ordered.map((x) => x.info.name);
    const identity = await repo.identityTables(t.db, names);
    const refs = new Set(
      [...(await repo.foreignIdRefs(t.db, names, [...identity, 'users'])), ...SOFT_REFS].map((r) => `${r.table}.${r.column}`),
    );
    const unknown = ordered.flatMap((x) =>
      x.info.columns
        .filter((c) => /_ids?$/.test(c.name) && c.name !== 'book_id')
        .map((c) => `${x.info.name}.${c.name}`)
        .filter((c) => !refs.has(c) && !SPECIAL_ID_COLUMNS.has(c)),
    );
    expect(unknown).toEqual([]);
  });

  it('imports as a new book of another user on the same server, equal row by row', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const data = await importAndCompare(t, u.token, u.userid);
    expect(data.rows.transactions).toBeGreaterThanOrEqual(11);
    // The original is untouched and still its owner's.
    expect(await bookIdsOf(t, owner.token)).toContain(bookId);
  });

  it('imports on another CAB server (its own database) equal row by row', { timeout: 60_000 }, async () => {
    const u = await buildUser(other);
    await importAndCompare(other, u.token, u.userid);
  });

  it('is the owner’s alone: a member 403, a stranger 404, no token 401', async () => {
    expectRefused(await t.client.get(ARCHIVE_PATHS.export, inBook(member.token, bookId)), 403, ErrorCode.FORBIDDEN);
    const stranger = await buildUser(t);
    expectRefused(await t.client.get(ARCHIVE_PATHS.export, inBook(stranger.token, bookId)), 404, ErrorCode.BOOK_NOT_FOUND);
    expect((await t.client.get(ARCHIVE_PATHS.export, { headers: { 'trading-entity': bookId } })).statusCode).toBe(401);
    expect((await postArchive(t, undefined, archive)).statusCode).toBe(401);
  });

  it('refuses a damaged archive with {code, message} and leaves nothing', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const books = await bookIdsOf(t, u.token);
    const users = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // Files only: an empty folder of the refused book's may stay (storage removes files, not folders).
    const root = `${t.filesDir}-private`;
    const files = () =>
      (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
    const filesBefore = files();
    const entries = await unzip(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as { migrations: string[]; images: Array<{ key: string }> };
    const changed = async (change: (e: Map<string, Buffer>) => void) => {
      const copy = new Map(entries);
      change(copy);
      return postArchive(t, u.token, await zipOf(copy));
    };
    const cases: Array<[string, () => ReturnType<typeof postArchive>, number, number]> = [
      ['not a zip', () => postArchive(t, u.token, Buffer.from('just some text, not a zip')), 422, ErrorCode.ARCHIVE_REFUSED],
      [
        'a table changed',
        () =>
          changed((e) =>
            e.set('tables/transactions.rows', Buffer.from(e.get('tables/transactions.rows')!.toString().replace('工资', '奖金'))),
          ),
        422,
        ErrorCode.ARCHIVE_REFUSED,
      ],
      ['an image missing', () => changed((e) => e.delete(`images/${manifest.images[0]!.key}`)), 422, ErrorCode.ARCHIVE_REFUSED],
      [
        'a newer schema',
        () =>
          changed((e) =>
            e.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '9999_future.sql'] }))),
          ),
        422,
        ErrorCode.ARCHIVE_NEWER,
      ],
      ['a huge entry', () => changed((e) => e.set('tables/books.rows', Buffer.alloc(40 * 2 ** 20, 0x61))), 422, ErrorCode.ARCHIVE_REFUSED],
    ];
    for (const [what, call, status, code] of cases) {
      const res = await call();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json(), what).toMatchObject({ code, message: expect.any(String) });
    }
    expect(await bookIdsOf(t, u.token)).toEqual(books);
    expect(
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(users);
    expect(files()).toEqual(filesBefore);
    expect(fs.readdirSync(`${t.filesDir}-private/archives`).filter((f) => !f.startsWith('.'))).toEqual([]);
  });
});
