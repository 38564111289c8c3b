import { ACCOUNTING_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type BookDimensions, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'daily')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const balanceOf = async (id: string) => (await bookDimensions(t, token, bookId)).accounts.find((a) => a.id === id)!.balance;

describe('Idempotency-Key', () => {
  it('records one transaction when one create is sent twice with one key, and answers the first result', async () => {
    const body = { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '8.88' };
    const o = inBook(token, bookId, { 'idempotency-key': 'retry-1' });
    const n = await count();
    const first = await t.client.post(ACCOUNTING_PATHS.expense, body, o);
    const second = await t.client.post(ACCOUNTING_PATHS.expense, body, o);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await count()).toBe(n + 1);
    expect(await balanceOf(d.accounts[0]!.id)).toBe('-8.88');
  });

  it('records one when the same create arrives twice at once', async () => {
    const body = { account: { id: d.accounts[1]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '1.00' };
    const o = inBook(token, bookId, { 'idempotency-key': 'retry-2' });
    const n = await count();
    const [a, b] = await Promise.all([t.client.post(ACCOUNTING_PATHS.expense, body, o), t.client.post(ACCOUNTING_PATHS.expense, body, o)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await count()).toBe(n + 1);
  });

  it('refuses the key with a different body, and a malformed key', async () => {
    const body = { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0] }, amount: '8.88' };
    const n = await count();
    const other = await t.client.post(
      ACCOUNTING_PATHS.expense,
      { ...body, amount: '9.99' },
      inBook(token, bookId, { 'idempotency-key': 'retry-1' }),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    const bad = await t.client.post(ACCOUNTING_PATHS.expense, body, inBook(token, bookId, { 'idempotency-key': 'has space' }));
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(n);
  });

  it('lets a key whose first attempt failed record on the retry', async () => {
    const o = inBook(token, bookId, { 'idempotency-key': 'retry-3' });
    const n = await count();
    const failed = await t.client.post(
      ACCOUNTING_PATHS.batch,
      { transaction_vo_list: [{ business_type: 'Expense', account: { id: '999999999' }, amount: '1.00' }] },
      o,
    );
    expect(failed.statusCode).toBe(422);
    const fixed = await t.client.post(
      ACCOUNTING_PATHS.batch,
      { transaction_vo_list: [{ business_type: 'Expense', account: { id: '999999999' }, amount: '1.00' }] },
      o,
    );
    expect(fixed.statusCode).toBe(422);
    expect(await count()).toBe(n);
  });
});

describe('concurrent writers', () => {
  it('leave the right balance after 50 concurrent creates on one account', async () => {
    const account = d.accounts[2]!;
    const before = Number(await balanceOf(account.id));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.client.post(
          i % 2 ? ACCOUNTING_PATHS.income : ACCOUNTING_PATHS.expense,
          { account: { id: account.id }, category: { id: i % 2 ? d.income[0]!.subs[0] : d.expense[0]!.subs[0] }, amount: `${i + 1}.01` },
          inBook(token, bookId),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    // Odd i add i+1.01, even i take i+1.01.
    const expected = Array.from({ length: 50 }, (_, i) => (i % 2 ? 1 : -1) * (i + 1.01)).reduce((a, b) => a + b, before);
    expect(await balanceOf(account.id)).toBe(expected.toFixed(2));
  });
});
