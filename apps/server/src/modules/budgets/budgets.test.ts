import { ACCOUNTING_PATHS, BUDGET_PATHS, ErrorCode, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBook,
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  type BookDimensions,
  type TestApp,
} from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { PremiumRepository } from '../premium/premium.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const view = (o: ReturnType<typeof inBook>, type: 'Book' | 'Category', id: string, q = 'recurrence_type=Month&budget_type=Expense') =>
  t.client.get(`${bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: type, subject_id: id })}?${q}`, o);
const add = (o: ReturnType<typeof inBook>, type: string, id: string, amount: unknown, recurrence = 'Month', budgetType = 'Expense') =>
  t.client.post(
    bookPath(BUDGET_PATHS.add, { type, id, budget_type: budgetType, recurrence_type: recurrence }),
    { budget_amount: amount },
    o,
  );
const budgetRows = () => t.db.selectFrom('book_budgets').select(['id', 'amount_minor', 'recurrence_type']).orderBy('id').execute();

async function spend(o: ReturnType<typeof inBook>, d: BookDimensions, category: string, amount: string) {
  const res = await t.client.post(
    ACCOUNTING_PATHS.expense,
    { business_type: 'Expense', account: { id: d.accounts[0]!.id }, category: { id: category }, amount, transaction_time: t.clock.now() },
    o,
  );
  expect(res.statusCode, res.body).toBe(201);
}

describe('budgets', () => {
  it('keep a monthly total and a food budget with what was used, remaining and the percentage, past 100% overspent', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const d = await bookDimensions(t, owner.token, book.id);
    const food = d.expense[0]!;
    const total = await add(o, 'Book', book.id, '3000');
    expect(total.statusCode, total.body).toBe(201);
    expect(total.json().data).toMatchObject({
      budget_amount: '3000.00',
      subject_type: 'Book',
      recurrence_type: 'Month',
      used_amount: '0.00',
      percent_used: 0,
    });
    expect((await add(o, 'Category', food.id, '500.00')).statusCode).toBe(201);
    await spend(o, d, food.subs[0]!, '320.00');
    await spend(o, d, food.id, '280.50');
    await spend(o, d, d.expense[1]!.id, '99.50');

    const center = (await view(o, 'Book', book.id)).json().data;
    expect(center.budget).toMatchObject({ used_amount: '700.00', remaining_amount: '2300.00', percent_used: 23.3, overspent: false });
    const row = center.children.find((c: { subject: { id: string } }) => c.subject.id === food.id);
    expect(row.budget).toMatchObject({
      budget_amount: '500.00',
      used_amount: '600.50',
      remaining_amount: '-100.50',
      percent_used: 120.1,
      overspent: true,
    });
    expect(center.children_sum).toBe('500.00');
    expect(center.features).toEqual({ budget_advanced: false });
    expect(center.period.recurrence_type).toBe('Month');
    expect(center.period.end_time).toBeGreaterThan(center.period.start_time);

    // A year: no yearly budget yet, the year's use.
    const year = (await view(o, 'Book', book.id, 'recurrence_type=Year')).json().data;
    expect(year.budget).toBeNull();
    expect(year.used_amount).toBe('700.00');

    // Update, sum (the total becomes the categories' sum) and delete.
    const patched = await t.client.patch(bookPath(BUDGET_PATHS.budget, { budget_id: row.budget.budget_id }), { budget_amount: '800' }, o);
    expect(patched.json().data).toMatchObject({ budget_amount: '800.00', overspent: false, percent_used: 75.1 });
    const summed = await t.client.put(
      bookPath(BUDGET_PATHS.sum, { type: 'Book', id: book.id }),
      { budget_type: 'Expense', recurrence_type: 'Month' },
      o,
    );
    expect(summed.json().data).toMatchObject({ budget_id: total.json().data.budget_id, budget_amount: '800.00' });
    expect((await t.client.delete(bookPath(BUDGET_PATHS.budget, { budget_id: row.budget.budget_id }), undefined, o)).statusCode).toBe(204);
    expect((await view(o, 'Book', book.id)).json().data.children_sum).toBe('0.00');
  });

  it('refuses bad amounts, unknown subjects, recurrences outside the list, categories of another book or type, twice the same budget, changing nothing', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const other = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const d = await bookDimensions(t, owner.token, book.id);
    const theirs = (await bookDimensions(t, owner.token, other.id)).expense[0]!.id;
    expect((await add(o, 'Category', d.expense[0]!.id, '100')).statusCode).toBe(201);
    const before = await budgetRows();
    for (const amount of ['-5', '0', '0.00', '1.234', 'abc', 12, '', '99999999999']) {
      expectRefused(await add(o, 'Book', book.id, amount), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await add(o, 'Category', d.expense[0]!.id, '100'), 409, ErrorCode.BUDGET_EXISTS);
    expectRefused(await add(o, 'Category', theirs, '100'), 422, ErrorCode.BUDGET_SUBJECT_UNKNOWN);
    expectRefused(await add(o, 'Category', '424242', '100'), 422, ErrorCode.BUDGET_SUBJECT_UNKNOWN);
    expectRefused(await add(o, 'Book', other.id, '100'), 422, ErrorCode.BUDGET_SUBJECT_UNKNOWN);
    expectRefused(await add(o, 'Category', d.income[0]!.id, '100'), 422, ErrorCode.BUDGET_SUBJECT_UNKNOWN);
    expectRefused(await add(o, 'Account', d.accounts[0]!.id, '100'), 400, ErrorCode.VALIDATION);
    expectRefused(await add(o, 'Book', book.id, '100', 'Fortnight'), 400, ErrorCode.VALIDATION);
    expectRefused(await add(o, 'Book', book.id, '100', 'Month', 'Transfer'), 400, ErrorCode.VALIDATION);
    expectRefused(await view(o, 'Book', book.id, 'recurrence_type=Hour'), 400, ErrorCode.VALIDATION);
    expectRefused(
      await t.client.patch(bookPath(BUDGET_PATHS.budget, { budget_id: '999999' }), { budget_amount: '1' }, o),
      404,
      ErrorCode.BUDGET_NOT_FOUND,
    );
    expectRefused(
      await t.client.patch(bookPath(BUDGET_PATHS.budget, { budget_id: before[0]!.id }), { budget_amount: '-1' }, o),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await t.client.put(bookPath(BUDGET_PATHS.sum, { type: 'Category', id: d.expense[1]!.id }), {}, o),
      422,
      ErrorCode.BUDGET_REFUSED,
    );
    // A member who may not edit the flows may not set budgets; an outsider learns nothing.
    const viewer = await buildUser(t);
    await addToBook(t, book.id, viewer.userid, 'viewer');
    expectRefused(await add(inBook(viewer.token, book.id), 'Book', book.id, '100'), 403, ErrorCode.FORBIDDEN);
    expect((await view(inBook(viewer.token, book.id), 'Book', book.id)).statusCode).toBe(200);
    const stranger = await buildUser(t);
    expectRefused(await view(inBook(stranger.token, book.id), 'Book', book.id), 404, ErrorCode.BOOK_NOT_FOUND);
    expect(await budgetRows()).toEqual(before);
  });

  it('gates second-level budgets and extending behind the advanced budgets feature an operator grants', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token);
    const o = inBook(owner.token, book.id);
    const food = (await bookDimensions(t, owner.token, book.id)).expense[0]!;
    expect((await add(o, 'Category', food.id, '600')).statusCode).toBe(201);
    const extend = { subject_type: 'Category', subject_id: food.id, from_recurrence_type: 'Month', to_recurrence_type: 'Year' };
    expectRefused(await add(o, 'Category', food.subs[0]!, '200'), 403, ErrorCode.FEATURE_NOT_OPENED);
    expectRefused(await t.client.post(BUDGET_PATHS.extend, extend, o), 403, ErrorCode.FEATURE_NOT_OPENED);
    expect((await budgetRows()).filter((b) => b.recurrence_type === 'Year')).toEqual([]);

    await new PremiumRepository(t.db).grant(book.id, 'budget_advanced', null, 'operator');
    expect((await add(o, 'Category', food.subs[0]!, '200')).statusCode).toBe(201);
    expect((await add(o, 'Category', food.subs[1]!, '150')).statusCode).toBe(201);
    const summed = await t.client.put(bookPath(BUDGET_PATHS.sum, { type: 'Category', id: food.id }), { recurrence_type: 'Month' }, o);
    expect(summed.json().data.budget_amount).toBe('350.00');
    const extended = await t.client.post(BUDGET_PATHS.extend, extend, o);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(
      extended
        .json()
        .data.map((b: { budget_amount: string }) => b.budget_amount)
        .sort(),
    ).toEqual(['1800.00', '2400.00', '4200.00']);
    const yearly = (await view(o, 'Category', food.id, 'recurrence_type=Year')).json().data;
    expect(yearly.budget.budget_amount).toBe('4200.00');
    expect(yearly.features.budget_advanced).toBe(true);
    expectRefused(await t.client.post(BUDGET_PATHS.extend, { ...extend, to_recurrence_type: 'Week' }, o), 422, ErrorCode.BUDGET_REFUSED);
    expectRefused(await t.client.post(BUDGET_PATHS.extend, { ...extend, to_recurrence_type: 'Month' }, o), 400, ErrorCode.VALIDATION);
  });
});
