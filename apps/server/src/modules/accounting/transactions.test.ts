import { ACCOUNTING_PATHS, ErrorCode, MEMBER_PATHS, bookPath } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookDimensions,
  buildBook,
  buildUser,
  inBook,
  startTestApp,
  uploadImage,
  type BookDimensions,
  type TestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let userId: string;
let bookId: string;
let d: BookDimensions;
beforeAll(async () => {
  t = await startTestApp();
  const u = await buildUser(t);
  token = u.token;
  userId = u.userid;
  bookId = (await buildBook(t, token, 'family')).id;
  d = await bookDimensions(t, token, bookId);
});
afterAll(() => t.close());

const o = () => inBook(token, bookId);
const balances = async () => {
  const all = await bookDimensions(t, token, bookId);
  return Object.fromEntries(all.accounts.map((a) => [a.id, a.balance]));
};
const acc = (i: number) => d.accounts[i]!.id;
const food = () => d.expense[0]!.subs[0]!;
const salary = () => d.income[0]!.subs[0]!;
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('book_id', '=', bookId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('recording', () => {
  it('records an expense in the WIRE A shape, with recorder, activity and the account balance moved', async () => {
    const before = await balances();
    const res = await t.client.post(
      ACCOUNTING_PATHS.expense,
      {
        business_type: 'Expense',
        account: { id: acc(0) },
        category: { id: food() },
        amount: '12.34',
        remark: '早餐',
        transaction_time: 1755000000000,
        member: { id: d.members[0]!.id },
        merchant: { id: d.merchants[0]!.id },
        project: { id: d.projects[0]!.id },
        images: [],
      },
      o(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const tx = res.json().data;
    expect(tx).toMatchObject({
      business_type: 'Expense',
      amount: '12.34',
      currency: 'CNY',
      account: { id: acc(0) },
      category: { id: food() },
      member: { id: d.members[0]!.id },
      merchant: { id: d.merchants[0]!.id },
      project: { id: d.projects[0]!.id },
      remark: '早餐',
      transaction_time: 1755000000000,
      recorder: { id: userId },
      images: [],
    });
    const after = await balances();
    expect(after[acc(0)]).toBe((Number(before[acc(0)]) - 12.34).toFixed(2));
    const got = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: tx.id }), o());
    expect(got.json().data).toEqual(tx);
    const act = await t.db
      .selectFrom('book_activities')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('entity', '=', 'transaction')
      .where('entity_id', '=', tx.id)
      .executeTakeFirstOrThrow();
    expect(act).toMatchObject({ user_id: userId, action: 'create', after: { amount: '12.34', account_id: acc(0) } });
  });

  it('records an income, a transfer and a balance, each moving the right accounts', async () => {
    const b0 = await balances();
    const inc = await t.client.post(ACCOUNTING_PATHS.income, { account: { id: acc(1) }, category: { id: salary() }, amount: '1000' }, o());
    expect(inc.statusCode, inc.body).toBe(201);
    expect(inc.json().data.business_type).toBe('Income');
    const tr = await t.client.post(
      ACCOUNTING_PATHS.transfer,
      {
        business_type: 'Transfer',
        from_account: { id: acc(1) },
        to_account: { id: acc(2) },
        from_amount: '0.66',
        to_amount: '0.66',
        remark: '',
      },
      o(),
    );
    expect(tr.statusCode, tr.body).toBe(201);
    expect(tr.json().data).toMatchObject({
      from_account: { id: acc(1) },
      to_account: { id: acc(2) },
      from_amount: '0.66',
      to_amount: '0.66',
    });
    const bal = await t.client.post(ACCOUNTING_PATHS.balance, { account: { id: acc(3) }, amount: '-50.5' }, o());
    expect(bal.statusCode, bal.body).toBe(201);
    expect(bal.json().data).toMatchObject({ business_type: 'Balance_Changed', amount: (-50.5 - Number(b0[acc(3)])).toFixed(2) });
    const b1 = await balances();
    expect(b1[acc(1)]).toBe((Number(b0[acc(1)]) + 1000 - 0.66).toFixed(2));
    expect(b1[acc(2)]).toBe((Number(b0[acc(2)]) + 0.66).toFixed(2));
    expect(b1[acc(3)]).toBe('-50.50');
    const same = await t.client.post(ACCOUNTING_PATHS.balance, { account: { id: acc(3) }, amount: '-50.50' }, o());
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe(ErrorCode.TRANSACTION_REFUSED);
  });

  it('batch-creates every type of SPEC section 1 in one go, all or nothing', async () => {
    const n = await count();
    const list = [
      { business_type: 'Expense', account: { id: acc(0) }, category: { id: food() }, amount: '1.00' },
      { business_type: 'Income', account: { id: acc(0) }, category: { id: salary() }, amount: '2.00' },
      { business_type: 'Transfer', from_account: { id: acc(0) }, to_account: { id: acc(1) }, from_amount: '3.00' },
      { business_type: 'Balance', account: { id: acc(4) }, amount: '100.00' },
      ...['Loan', 'Borrow', 'Collection', 'Repayment', 'Payment', 'Reimbursement', 'Refund', 'Template'].map((business_type) => ({
        business_type,
        account: { id: acc(0) },
        amount: '1.00',
      })),
      ...['Balance_Changed', 'Liability_Changed', 'Creditor_Changed'].map((business_type) => ({
        business_type,
        account: { id: acc(0) },
        amount: '-1.00',
      })),
    ];
    const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toHaveLength(list.length);
    expect(await count()).toBe(n + list.length);
    const broken = await t.client.post(
      ACCOUNTING_PATHS.batch,
      { transaction_vo_list: [list[0], { ...list[1], category: { id: food() } }] },
      o(),
    );
    expect(broken.statusCode).toBe(422);
    expect(await count()).toBe(n + list.length);
  });

  it('keeps a large batch exact and in order (it is written as one JSON parameter)', async () => {
    const list = Array.from({ length: 30 }, (_, i) => ({
      business_type: i % 3 ? 'Expense' : 'Income',
      account: { id: acc(0) },
      category: { id: i % 3 ? food() : salary() },
      amount: `${i + 1}.${String(i).padStart(2, '0')}`,
      remark: `第${i}笔 "quoted" \\ back\u{1F600}`,
      transaction_time: 1_700_000_000 + i,
    }));
    const before = await balances();
    const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as Array<{ amount: string; remark: string; transaction_time: number }>;
    expect(made.map((r) => [r.amount, r.remark, r.transaction_time])).toEqual(list.map((r) => [r.amount, r.remark, r.transaction_time]));
    const moved = list.reduce((sum, r, i) => sum + (i % 3 ? -1 : 1) * Math.round(Number(r.amount) * 100), 0);
    expect(Math.round(Number((await balances())[acc(0)]) * 100)).toBe(Math.round(Number(before[acc(0)]) * 100) + moved);
    // The batch is one entry of the activity log: how many, and which.
    const log = await t.client.get(`${MEMBER_PATHS.activities}?page_size=1`, o());
    expect(log.json().data).toMatchObject([
      {
        action: 'import',
        entity: 'transaction',
        entity_id: res.json().data[0].id,
        after: { count: 30, ids: res.json().data.map((r: { id: string }) => r.id) },
      },
    ]);
  });

  it('answers a batch as each record reads when fetched: names, rates, images, amounts', async () => {
    const usd = await t.client.post(ACCOUNTING_PATHS.accounts, { name: '美元卡', group_name: '外币', type: 'Cash', currency: 'USD' }, o());
    expect(usd.statusCode).toBe(201);
    const image = (await uploadImage(t, token, bookId)).json().data as { id: string };
    const list = [
      {
        business_type: 'Expense',
        account: { id: acc(0) },
        category: { id: food() },
        amount: '12.30',
        remark: '早餐',
        member: { id: d.members[0]!.id },
        merchant: d.merchants[0] ? { id: d.merchants[0].id } : undefined,
        project: d.projects[0] ? { id: d.projects[0].id } : undefined,
        images: [image.id],
        transaction_time: Date.UTC(2026, 4, 1, 4),
      },
      {
        business_type: 'Income',
        account: { id: acc(1) },
        category: { id: salary() },
        amount: '8000',
        transaction_time: Date.UTC(2026, 4, 2, 4),
      },
      {
        business_type: 'Transfer',
        from_account: { id: acc(0) },
        to_account: { id: usd.json().data.id },
        from_amount: '71',
        transaction_time: Date.UTC(2026, 4, 3, 4),
      },
      {
        business_type: 'Expense',
        account: { id: acc(0) },
        category: { id: food() },
        amount: '3.5',
        currency: 'USD',
        transaction_time: Date.UTC(2026, 4, 4, 4),
      },
      { business_type: 'Balance', account: { id: acc(1) }, amount: '9000', remark: 'counted', transaction_time: Date.UTC(2026, 4, 5, 4) },
    ];
    const res = await t.client.post(ACCOUNTING_PATHS.batch, { transaction_vo_list: list }, o());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as Array<{ id: string; rate: string | null; images: unknown[] }>;
    expect(made[3]!.rate).not.toBeNull();
    expect(made[0]!.images).toHaveLength(1);
    for (const m of made) {
      const fetched = await t.client.get(bookPath(ACCOUNTING_PATHS.get, { id: m.id }), o());
      expect(m).toEqual(fetched.json().data);
    }
  });
});
