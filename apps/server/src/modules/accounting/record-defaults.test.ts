import { ACCOUNTING_PATHS, BOOK_NAME_MAX, BOOK_PATHS, BUDGET_PATHS, REMARK_MAX, bookPath, dimensionPaths } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDimensions, buildBook, buildUser, inBook, startTestApp, type BookDimensions, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t)).token;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const o = () => inBook(token, bookId);
const ids = (res: { json: () => { data: Array<{ id: string }> } }) => res.json().data.map((x) => x.id);

describe('recently used, per type (SPEC 3 defaults)', () => {
  it("answers an expense's labels and accounts from expenses only, whatever a transfer or an income used since", async () => {
    const [m1, m2] = [d.members[0]!.id, d.members[1]?.id ?? d.members[0]!.id];
    const expense = await t.client.post(
      ACCOUNTING_PATHS.expense,
      { account: { id: d.accounts[0]!.id }, category: { id: d.expense[0]!.subs[0]! }, amount: '3.00', member: { id: m1 } },
      o(),
    );
    expect(expense.statusCode).toBe(201);
    t.clock.advance(1000);
    const transfer = await t.client.post(
      ACCOUNTING_PATHS.transfer,
      { from_account: { id: d.accounts[1]!.id }, to_account: { id: d.accounts[0]!.id }, from_amount: '1.00', member: { id: m2 } },
      o(),
    );
    expect(transfer.statusCode).toBe(201);
    t.clock.advance(1000);
    const income = await t.client.post(
      ACCOUNTING_PATHS.income,
      { account: { id: d.accounts[1]!.id }, category: { id: d.income[0]!.subs[0] ?? d.income[0]!.id }, amount: '2.00', member: { id: m2 } },
      o(),
    );
    expect(income.statusCode).toBe(201);

    const members = (type?: string) => t.client.get(`${dimensionPaths('members').recent}${type ? `?trade_type=${type}` : ''}`, o());
    expect(ids(await members('Expense'))).toEqual([m1]);
    expect(ids(await members('Income'))).toEqual([m2]);
    // Without a type: every record, newest first (management and older clients).
    expect(ids(await members())[0]).toBe(m2);
    const accounts = await t.client.get(`${dimensionPaths('accounts').recent}?trade_type=Expense`, o());
    expect(ids(accounts)).toEqual([d.accounts[0]!.id]);
    expect((await t.client.get(`${dimensionPaths('projects').recent}?trade_type=Expense`, o())).json().data).toEqual([]);
  });

  it('refuses a trade type it does not know', async () => {
    const res = await t.client.get(`${dimensionPaths('members').recent}?trade_type=Transfer`, o());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });
});

describe('text lengths count what a person sees', () => {
  const FAMILY = '👨‍👩‍👧‍👦';
  const FLAG = '🇨🇳';

  it('takes a book name of as many ZWJ emoji as its limit, and refuses one more', async () => {
    const path = bookPath(BOOK_PATHS.update, { bookId });
    const ok = await t.client.patch(path, { name: FAMILY.repeat(BOOK_NAME_MAX) }, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await t.client.patch(path, { name: FAMILY.repeat(BOOK_NAME_MAX + 1) }, { token, locale: 'zh-CN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(String(BOOK_NAME_MAX));
  });

  it("takes a record's remark of flags and CJK up to its limit, and refuses one more", async () => {
    const body = (remark: string) => ({
      account: { id: d.accounts[0]!.id },
      category: { id: d.expense[0]!.subs[0]! },
      amount: '1.00',
      remark,
    });
    const ok = await t.client.post(ACCOUNTING_PATHS.expense, body(`${FLAG}账`.repeat(REMARK_MAX / 2)), o());
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await t.client.post(ACCOUNTING_PATHS.expense, body(`${FLAG}账`.repeat(REMARK_MAX / 2) + 'x'), o());
    expect(bad.statusCode).toBe(400);
  });
});

describe('saving a record that overspends a budget', () => {
  it('answers the expense budgets the record leaves overspent, every time, and nothing while within them', async () => {
    const book = (await buildBook(t, token, 'family')).id;
    const dims = await bookDimensions(t, token, book);
    const category = dims.expense[0]!.subs[0]!;
    const add = (type: 'Book' | 'Category', id: string, amount: string) =>
      t.client.post(
        bookPath(BUDGET_PATHS.add, { type, id, budget_type: 'Expense', recurrence_type: 'Month' }),
        { budget_amount: amount },
        inBook(token, book),
      );
    expect((await add('Book', book, '5.00')).statusCode).toBe(201);
    expect((await add('Category', dims.expense[0]!.id, '2.00')).statusCode).toBe(201);
    const spend = (amount: string) =>
      t.client.post(
        ACCOUNTING_PATHS.expense,
        { account: { id: dims.accounts[0]!.id }, category: { id: category }, amount },
        inBook(token, book),
      );
    const within = await spend('1.50');
    expect(within.statusCode).toBe(201);
    expect(within.json().budget_alerts).toBeUndefined();

    const over = await spend('1.00');
    expect(over.statusCode).toBe(201);
    expect(over.json().budget_alerts).toEqual([
      expect.objectContaining({ subject_type: 'Category', recurrence_type: 'Month', amount: '2.00', used: '2.50', over_by: '0.50' }),
    ]);
    expect(over.json().budget_alerts[0].subject_name).toEqual(expect.any(String));

    // Told to the members once, but said to the recorder on every save that stays over.
    const again = await spend('3.00');
    expect(again.json().budget_alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject_type: 'Category', over_by: '3.50' }),
        expect.objectContaining({ subject_type: 'Book', amount: '5.00', used: '5.50', over_by: '0.50' }),
      ]),
    );
    // An income never overspends.
    const income = await t.client.post(
      ACCOUNTING_PATHS.income,
      { account: { id: dims.accounts[0]!.id }, category: { id: dims.income[0]!.subs[0] ?? dims.income[0]!.id }, amount: '9.00' },
      inBook(token, book),
    );
    expect(income.statusCode).toBe(201);
    expect(income.json().budget_alerts).toBeUndefined();
  });
});
