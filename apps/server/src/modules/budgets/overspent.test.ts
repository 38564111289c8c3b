import { ACCOUNTING_PATHS, BUDGET_PATHS, MESSAGE_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, bookDimensions, buildBook, buildUser, inBook, nextPhone, startTestApp, type TestApp } from '../../../test/harness.ts';
import { PAGE_ROUTES } from '../home/operation-input.ts';
import type { Notifier } from '../messages/notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Item = { kind: string; body: string; book_id: string | null; msg_state: string };
const overspent = async (token: string, locale: 'en' | 'zh-CN' = 'zh-CN'): Promise<Item[]> => {
  const res = await t.client.get(MESSAGE_PATHS.messages, { token, locale });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Item[]).filter((m) => m.kind === 'budget.overspent');
};

/** A book shared by an owner and a bookkeeper, with a monthly total of 100 and a food budget of 50. */
async function sharedBook(app: TestApp) {
  const phones = { owner: nextPhone(), keeper: nextPhone() };
  const [owner, keeper] = [await buildUser(app, phones.owner), await buildUser(app, phones.keeper)];
  const book = await buildBook(app, owner.token, 'family', '家庭账本');
  await addToBook(app, book.id, keeper.userid, 'bookkeeper');
  const d = await bookDimensions(app, owner.token, book.id);
  const o = inBook(owner.token, book.id);
  const add = (type: string, id: string, amount: string, budgetType = 'Expense') =>
    app.client.post(
      bookPath(BUDGET_PATHS.add, { type, id, budget_type: budgetType, recurrence_type: 'Month' }),
      { budget_amount: amount },
      o,
    );
  const food = d.expense[0]!;
  const total = await add('Book', book.id, '100');
  expect(total.statusCode, total.body).toBe(201);
  const foodBudget = await add('Category', food.id, '50');
  expect(foodBudget.statusCode, foodBudget.body).toBe(201);
  // After a month on the test's clock, sessions have long expired: log in again.
  const relogin = async () => {
    owner.token = (await buildUser(app, phones.owner)).token;
    keeper.token = (await buildUser(app, phones.keeper)).token;
  };
  const spend = async (category: string, amount: string, type: 'expense' | 'income' = 'expense') => {
    const res = await app.client.post(
      ACCOUNTING_PATHS[type],
      {
        business_type: type === 'expense' ? 'Expense' : 'Income',
        account: { id: d.accounts[0]!.id },
        category: { id: category },
        amount,
        remark: '',
        transaction_time: app.clock.now(),
      },
      inBook(keeper.token, book.id),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  return {
    owner,
    keeper,
    book,
    d,
    food,
    add,
    spend,
    o,
    relogin,
    totalId: total.json().data.budget_id as string,
    foodId: foodBudget.json().data.budget_id,
  };
}

describe('an overspent budget', () => {
  it('tells every member once per budget and period, in their language, linked to the budget center', async () => {
    const s = await sharedBook(t);
    await s.spend(s.food.id, '40');
    expect(await overspent(s.owner.token)).toEqual([]);

    // Food passes 50 (by a record in one of its subs): both members are told, the recorder too.
    await s.spend(s.food.subs[0]!, '20');
    const told = await overspent(s.owner.token);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ book_id: s.book.id, msg_state: 'unread' });
    expect(told[0]!.body).toBe(`「家庭账本」本月的「${s.food.name}」预算已超支：预算 50.00，已用 60.00`);
    expect((await overspent(s.keeper.token, 'en'))[0]!.body).toBe(
      `In "家庭账本", the "${s.food.name}" budget for this month is overspent: 60.00 used of 50.00`,
    );

    // More food spending in the same month is not news; passing the total is.
    await s.spend(s.d.expense[1]!.id, '45');
    const both = await overspent(s.owner.token);
    expect(both).toHaveLength(2);
    expect(both[0]!.body).toBe('「家庭账本」本月的总预算已超支：预算 100.00，已用 105.00');
    await s.spend(s.food.id, '1');
    expect(await overspent(s.keeper.token)).toHaveLength(2);

    // Raising the food budget and passing it again tells again; the total, unchanged, does not.
    const raised = await t.client.patch(bookPath(BUDGET_PATHS.budget, { budget_id: s.foodId }), { budget_amount: '200' }, s.o);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await overspent(s.owner.token)).toHaveLength(2);
    await s.spend(s.food.id, '150');
    const again = await overspent(s.owner.token);
    expect(again).toHaveLength(3);
    expect(again[0]!.body).toContain('预算 200.00，已用 211.00');

    // Lowering a budget below what its period used tells at once.
    const lowered = await t.client.patch(bookPath(BUDGET_PATHS.budget, { budget_id: s.foodId }), { budget_amount: '150' }, s.o);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await overspent(s.keeper.token))[0]!.body).toContain('预算 150.00，已用 211.00');

    // A new month is a new period.
    t.clock.advance(32 * 24 * 3600 * 1000);
    await s.relogin();
    await s.spend(s.d.expense[1]!.id, '120');
    const next = await overspent(s.owner.token);
    expect(next).toHaveLength(5);
    expect(next[0]!.body).toBe('「家庭账本」本月的总预算已超支：预算 100.00，已用 120.00');

    const rows = await t.db.selectFrom('messages').select(['kind', 'link']).where('kind', '=', 'budget.overspent').execute();
    for (const r of rows) {
      expect(r.link).toBe(`budget/index?bookId=${s.book.id}`);
      expect(PAGE_ROUTES.has(r.link.split('?')[0]!)).toBe(true);
    }
  });

  it('is not told for an income budget passed, nor for a budget with room left', async () => {
    const s = await sharedBook(t);
    const salary = s.d.income[0]!;
    expect((await s.add('Category', salary.id, '10', 'Income')).statusCode).toBe(201);
    await s.spend(salary.id, '5000', 'income');
    await s.spend(s.food.id, '50');
    expect(await overspent(s.owner.token)).toEqual([]);
  });

  it('is told when an edit raises an expense past the budget', async () => {
    const s = await sharedBook(t);
    const id = await s.spend(s.food.subs[0]!, '30');
    const edited = await t.client.patch(bookPath(ACCOUNTING_PATHS.update, { id }), { amount: '70' }, inBook(s.keeper.token, s.book.id));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await overspent(s.owner.token)).map((m) => m.body)).toEqual([
      `「家庭账本」本月的「${s.food.name}」预算已超支：预算 50.00，已用 70.00`,
    ]);
  });

  it('measures each budget as the budget screens do, in every recurrence (the check reads usage in its own statement)', async () => {
    const owner = await buildUser(t);
    const book = await buildBook(t, owner.token, 'family');
    const d = await bookDimensions(t, owner.token, book.id);
    const o = inBook(owner.token, book.id);
    const [food, other] = [d.expense[0]!, d.expense[1]!];
    for (const recurrence of ['Day', 'Week', 'Month', 'Season', 'Year', 'ALL']) {
      for (const [type, id] of [
        ['Book', book.id],
        ['Category', food.id],
      ] as const) {
        const res = await t.client.post(
          bookPath(BUDGET_PATHS.add, { type, id, budget_type: 'Expense', recurrence_type: recurrence }),
          { budget_amount: '0.01' },
          o,
        );
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const spend = (category: string, amount: string, daysAgo: number) =>
      t.client.post(
        ACCOUNTING_PATHS.expense,
        { account: { id: d.accounts[0]!.id }, category: { id: category }, amount, transaction_time: t.clock.now() - daysAgo * 86_400_000 },
        o,
      );
    // Records in this day, week, month, quarter and year or before them, in the food category, its subs and another.
    for (const [category, amount, daysAgo] of [
      [food.subs[0]!, '1.00', 400],
      [food.id, '2.00', 100],
      [food.subs[0]!, '4.00', 20],
      [other.subs[0] ?? other.id, '8.00', 3],
      [food.subs[1] ?? food.id, '16.00', 1],
    ] as const) {
      expect((await spend(category, amount, daysAgo)).statusCode).toBe(201);
    }
    const made = await spend(food.subs[0]!, '32.00', 0);
    expect(made.statusCode, made.body).toBe(201);
    const alerts = made.json().budget_alerts as Array<{ subject_type: 'Book' | 'Category'; recurrence_type: string; used: string }>;
    expect(alerts).toHaveLength(12);
    expect(new Set(alerts.map((a) => a.used)).size).toBeGreaterThan(2);
    for (const a of alerts) {
      const subject = { subject_type: a.subject_type, subject_id: a.subject_type === 'Book' ? book.id : food.id };
      const view = await t.client.get(
        `${bookPath(BUDGET_PATHS.subjectBudgets, subject)}?recurrence_type=${a.recurrence_type}&budget_type=Expense`,
        o,
      );
      expect(view.statusCode, view.body).toBe(200);
      expect(a.used, `${a.subject_type} ${a.recurrence_type}`).toBe(view.json().data.used_amount);
    }
  });

  it('two writes passing the budget at once tell each member once', async () => {
    const s = await sharedBook(t);
    await s.spend(s.food.id, '45');
    await Promise.all([s.spend(s.food.id, '10'), s.spend(s.food.id, '10')]);
    expect(await overspent(s.owner.token)).toHaveLength(1);
    expect(await overspent(s.keeper.token)).toHaveLength(1);
  });

  it('a check that fails leaves the write made and answered, and tells nobody', async () => {
    const lines: string[] = [];
    const failing: Notifier = {
      notify: () => Promise.reject(new Error('message store down')),
    };
    const f = await startTestApp({ LOG_LEVEL: 'warn' }, { notifier: failing, logSink: { write: (l) => void lines.push(l) } });
    try {
      const s = await sharedBook(f);
      await s.spend(s.food.id, '80');
      const rows = await f.db.selectFrom('transactions').select('id').where('book_id', '=', s.book.id).execute();
      expect(rows).toHaveLength(1);
      expect(await f.db.selectFrom('budget_alerts').selectAll().where('book_id', '=', s.book.id).execute()).toEqual([]);
      expect(lines.some((l) => l.includes('overspent budget check after the write failed'))).toBe(true);
    } finally {
      await f.close();
    }
  });
});
