import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type BookDimensions, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
let other: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
  const otherBook = (await buildBook(t, token, 'daily')).id;
  other = await bookDimensions(t, token, otherBook);
});
afterAll(() => t.close());

const o = () => inBook(token, bookId);
const acc = (i: number) => ({ id: d.accounts[i]!.id });
const food = () => ({ id: d.expense[0]!.subs[0]! });
const state = async () => ({
  rows: Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).n,
  ),
  balances: (await bookDimensions(t, token, bookId)).accounts.map((a) => a.balance).join(','),
});

const expense = (over: Record<string, unknown>) => ({ account: acc(0), category: food(), amount: '1.00', ...over });

describe('bad input is refused with {code, message} and changes nothing', () => {
  const cases: Array<[string, string, () => unknown, number, number]> = [
    ['a zero expense', ACCOUNTING_PATHS.expense, () => expense({ amount: '0' }), 422, ErrorCode.TRANSACTION_REFUSED],
    ['a negative expense', ACCOUNTING_PATHS.expense, () => expense({ amount: '-5.00' }), 422, ErrorCode.TRANSACTION_REFUSED],
    ['three decimals', ACCOUNTING_PATHS.expense, () => expense({ amount: '1.234' }), 400, ErrorCode.VALIDATION],
    ['a number instead of a decimal string', ACCOUNTING_PATHS.expense, () => expense({ amount: 1.5 }), 400, ErrorCode.VALIDATION],
    ['more than the maximum', ACCOUNTING_PATHS.expense, () => expense({ amount: '10000000000.00' }), 422, ErrorCode.TRANSACTION_REFUSED],
    [
      'an account of another book',
      ACCOUNTING_PATHS.expense,
      () => expense({ account: { id: other.accounts[0]!.id } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a category of another book',
      ACCOUNTING_PATHS.expense,
      () => expense({ category: { id: other.expense[0]!.subs[0] } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a member of another book',
      ACCOUNTING_PATHS.expense,
      () => expense({ member: { id: other.members[0]!.id } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a merchant of another book',
      ACCOUNTING_PATHS.expense,
      () => expense({ merchant: { id: other.merchants[0]?.id ?? '999999' } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a project of another book',
      ACCOUNTING_PATHS.expense,
      () => expense({ project: { id: other.projects[0]?.id ?? '999999' } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a member id used as a merchant',
      ACCOUNTING_PATHS.expense,
      () => expense({ merchant: { id: d.members[0]!.id } }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'an income category on an expense',
      ACCOUNTING_PATHS.expense,
      () => expense({ category: { id: d.income[0]!.subs[0] } }),
      422,
      ErrorCode.TRANSACTION_REFUSED,
    ],
    [
      'an expense without a category',
      ACCOUNTING_PATHS.expense,
      () => ({ account: acc(0), amount: '1.00' }),
      422,
      ErrorCode.TRANSACTION_REFUSED,
    ],
    ['an unknown account id', ACCOUNTING_PATHS.expense, () => expense({ account: { id: '987654321' } }), 422, ErrorCode.DIMENSION_UNKNOWN],
    ['a malformed id', ACCOUNTING_PATHS.expense, () => expense({ account: { id: 'abc' } }), 400, ErrorCode.VALIDATION],
    ['a NUL byte in the remark', ACCOUNTING_PATHS.expense, () => expense({ remark: 'a\u0000b' }), 400, ErrorCode.VALIDATION],
    ['a control character in the remark', ACCOUNTING_PATHS.expense, () => expense({ remark: 'a\u0007b' }), 400, ErrorCode.VALIDATION],
    [
      'a C1 control character (NEL) in the remark',
      ACCOUNTING_PATHS.expense,
      () => expense({ remark: 'a\u0085b' }),
      400,
      ErrorCode.VALIDATION,
    ],
    ['a remark too long', ACCOUNTING_PATHS.expense, () => expense({ remark: 'x'.repeat(201) }), 400, ErrorCode.VALIDATION],
    [
      'a tenth image',
      ACCOUNTING_PATHS.expense,
      () => expense({ images: Array.from({ length: 10 }, (_, i) => String(i + 1)) }),
      400,
      ErrorCode.VALIDATION,
    ],
    [
      'an image that was never uploaded',
      ACCOUNTING_PATHS.expense,
      () => expense({ images: ['123456789'] }),
      422,
      ErrorCode.DIMENSION_UNKNOWN,
    ],
    [
      'a time years ahead',
      ACCOUNTING_PATHS.expense,
      () => expense({ transaction_time: Date.now() + 5 * 366 * 86_400_000 }),
      422,
      ErrorCode.TRANSACTION_REFUSED,
    ],
    [
      'a transfer to the same account',
      ACCOUNTING_PATHS.transfer,
      () => ({ from_account: acc(0), to_account: acc(0), from_amount: '1.00' }),
      422,
      ErrorCode.TRANSACTION_REFUSED,
    ],
    [
      'a zero transfer',
      ACCOUNTING_PATHS.transfer,
      () => ({ from_account: acc(0), to_account: acc(1), from_amount: '0.00' }),
      422,
      ErrorCode.TRANSACTION_REFUSED,
    ],
    [
      'a transfer without a target',
      ACCOUNTING_PATHS.transfer,
      () => ({ from_account: acc(0), from_amount: '1.00' }),
      400,
      ErrorCode.VALIDATION,
    ],
    [
      'an unknown field type on the batch',
      ACCOUNTING_PATHS.batch,
      () => ({ transaction_vo_list: [{ business_type: 'Gift', account: acc(0), amount: '1' }] }),
      400,
      ErrorCode.VALIDATION,
    ],
    ['an empty batch', ACCOUNTING_PATHS.batch, () => ({ transaction_vo_list: [] }), 400, ErrorCode.VALIDATION],
  ];
  for (const [name, url, body, status, code] of cases) {
    it(name, async () => {
      const before = await state();
      const res = await t.client.post(url, body(), o());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, message: expect.any(String) });
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
      expect(await state()).toEqual(before);
    });
  }

  it('names the field in the message, in the language asked for', async () => {
    const zh = await t.client.post(ACCOUNTING_PATHS.expense, expense({ remark: 'a\u0000b' }), o());
    expect(zh.json().message).toBe('备注不能包含控制字符');
    const en = await t.client.post(ACCOUNTING_PATHS.expense, expense({ amount: '0' }), { ...o(), locale: 'en' });
    expect(en.json().message).toBe('The amount must be greater than 0');
  });

  it('refuses a NUL byte in a book name, a remark and a nickname with 400, not 500', async () => {
    const book = await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { name: 'a\u0000' }, { token });
    expect(book.statusCode).toBe(400);
    const remark = await t.client.patch(bookPath(BOOK_PATHS.update, { bookId }), { remark: 'x\u0000y' }, { token });
    expect(remark.statusCode).toBe(400);
    const nick = await t.client.patch(AUTH_PATHS.updateUser, { nickname: '\u0000' }, { token });
    expect(nick.statusCode).toBe(400);
    expect(nick.json().code).toBe(ErrorCode.VALIDATION);
  });

  it('refuses edits of a deleted transaction and of unknown ids', async () => {
    const created = (await t.client.post(ACCOUNTING_PATHS.expense, expense({}), o())).json().data;
    const del = await t.client.delete(ACCOUNTING_PATHS.remove, { ids: [created.id] }, o());
    expect(del.statusCode).toBe(204);
    const before = await state();
    const edit = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id: created.id }), { amount: '5.00' }, o());
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe(ErrorCode.TRANSACTION_NOT_FOUND);
    const again = await t.client.delete(ACCOUNTING_PATHS.remove, { ids: [created.id] }, o());
    expect(again.statusCode).toBe(404);
    const get = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: '999999999' }), o());
    expect(get.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('deletes a batch all or nothing: one unknown id keeps every transaction', async () => {
    const a = (await t.client.post(ACCOUNTING_PATHS.expense, expense({}), o())).json().data;
    const before = await state();
    const res = await t.client.delete(ACCOUNTING_PATHS.remove, { ids: [a.id, '999999999'] }, o());
    expect(res.statusCode).toBe(404);
    expect(await state()).toEqual(before);
    expect((await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: a.id }), o())).statusCode).toBe(200);
  });
});

describe('edits', () => {
  it('moves balances by the difference when the amount, the account or the type changes', async () => {
    const start = Object.fromEntries((await bookDimensions(t, token, bookId)).accounts.map((a) => [a.id, Number(a.balance)]));
    const tx = (await t.client.post(ACCOUNTING_PATHS.expense, expense({ amount: '10.00' }), o())).json().data;
    const e1 = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id: tx.id }), { amount: '25.50' }, o());
    expect(e1.statusCode, e1.body).toBe(200);
    expect(e1.json().data.amount).toBe('25.50');
    const e2 = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id: tx.id }), { account: acc(1) }, o());
    expect(e2.statusCode, e2.body).toBe(200);
    const now = Object.fromEntries((await bookDimensions(t, token, bookId)).accounts.map((a) => [a.id, Number(a.balance)]));
    expect(now[acc(0).id]).toBeCloseTo(start[acc(0).id]!, 2);
    expect(now[acc(1).id]).toBeCloseTo(start[acc(1).id]! - 25.5, 2);
    const toIncome = await t.client.patch(
      bookPath(ACCOUNTING_PATHS.update, { id: tx.id }),
      { business_type: 'Income', category: { id: d.income[0]!.subs[0] } },
      o(),
    );
    expect(toIncome.statusCode, toIncome.body).toBe(200);
    const after = Object.fromEntries((await bookDimensions(t, token, bookId)).accounts.map((a) => [a.id, Number(a.balance)]));
    expect(after[acc(1).id]).toBeCloseTo(start[acc(1).id]! + 25.5, 2);
    const toTransfer = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id: tx.id }), { business_type: 'Transfer' }, o());
    expect(toTransfer.statusCode).toBe(422);
  });
});
