import { COMMERCE_PATHS, ErrorCode, MEMBER_PATHS, type PurchaseOrder } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBook, buildBook, buildPaidRole, buildUser, inBook, runCab } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { eventually, payAt, rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { serverJobs } from '../../jobs.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

let p: PayingApp;
let ledger: LedgerService;
beforeAll(async () => {
  p = await startPayingApp();
  ledger = new LedgerService(p.t.db, p.t.clock);
}, 60_000);
afterAll(() => p.close());

const DAY = 86_400_000;
const balance = async (token: string) => (await p.t.client.get(COMMERCE_PATHS.accounts, { token })).json().data[0].balance as string;
const trial = (token: string, bookId: string, userId: string, roleId: string) =>
  p.t.client.post(COMMERCE_PATHS.roleTrial.replace(':id', userId), { role_id: roleId }, inBook(token, bookId));
const payForAssign = (token: string, bookId: string, roleId: string, body: object, headers: Record<string, string> = {}) =>
  p.t.client.post(COMMERCE_PATHS.payForAssign.replace(':id', roleId), body, inBook(token, bookId, headers));
const roleOf = async (bookId: string, userId: string) =>
  (
    await p.t.db
      .selectFrom('book_users')
      .select('role_id')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).role_id;
const summary = async (token: string, bookId: string) =>
  (await p.t.client.get(COMMERCE_PATHS.serviceSummary, inBook(token, bookId))).json().data;
const billing = () => p.t.built.commerce.billing;
const dayAfter = (days: number) => billing().dayOf(p.t.clock.now() + days * DAY);

async function bookWithMember() {
  const owner = await buildUser(p.t);
  const member = await buildUser(p.t);
  const book = await buildBook(p.t, owner.token);
  await addToBook(p.t, book.id, member.userid, 'viewer');
  return { owner, member, book };
}

describe('a paid role per person per day', () => {
  it('is quoted, bought for a member, then billed each day by the job: arrears when short, normal when paid', async () => {
    const { owner, member, book } = await bookWithMember();
    const role = await buildPaidRole(p.t, book.id, 300n, 'PerPersonPerDay');
    await rechargePaid(p, owner.token, '6');
    expect(await balance(owner.token)).toBe('7.00');

    const q = await trial(owner.token, book.id, member.userid, role);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data).toMatchObject({
      billing_type: 'PerPersonPerDay',
      price: '3.00',
      persons: 1,
      daily_expense: '3.00',
      trial_price: '3.00',
      balance: '7.00',
      enough: true,
    });
    // The members screen's plain role change does not give a paid role away.
    const free = await p.t.client.patch(
      MEMBER_PATHS.memberRole.replace(':id', member.userid),
      { role_id: role },
      { ...inBook(owner.token, book.id), locale: 'zh-CN' },
    );
    expectRefused(free, 409, ErrorCode.ORDER_REFUSED);
    expect(free.json().message).toBe('这是付费角色，需要支付后才能分配');

    const bought = await payForAssign(owner.token, book.id, role, { user_ids: [member.userid] }, { 'idempotency-key': 'role-1' });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data).toMatchObject({ status: 'paid', kind: 'role', role_id: role, member_ids: [member.userid], price: '3.00' });
    expect(
      (await payForAssign(owner.token, book.id, role, { user_ids: [member.userid] }, { 'idempotency-key': 'role-1' })).json().data.order_no,
    ).toBe(bought.json().data.order_no);
    expect(await roleOf(book.id, member.userid)).toBe(role);
    expect(await balance(owner.token)).toBe('4.00');
    const s = await summary(owner.token, book.id);
    expect(s).toMatchObject({ bill_status: 'normal', unpaid: '0.00', auth_status: 'normal' });
    expect(s.services).toHaveLength(1);
    expect(s.services[0]).toMatchObject({ kind: 'role', role_id: role, billing_type: 'PerPersonPerDay', price: '3.00', status: 'running' });
    const serviceNo = s.services[0].order_no as string;

    // Today was paid by the purchase: today's run charges nothing more.
    await billing().runDay(dayAfter(0));
    expect(await balance(owner.token)).toBe('4.00');
    // The next day, by the operator's command with the day named: 3.00 more.
    const next = new Date(p.t.clock.now() + DAY).toISOString();
    const run = await runCab(p.t, ['jobs', 'run', 'billing', '--at', next]);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out.join('\n')).toContain(`billing ${dayAfter(1)}: billed 1 of 1 running services`);
    expect(await balance(owner.token)).toBe('1.00');
    // Again for the same day: done already, nothing charged.
    const again = await runCab(p.t, ['jobs', 'run', 'billing', '--at', next]);
    expect(again.out.join('\n')).toContain('done already');
    expect(await balance(owner.token)).toBe('1.00');

    // The day after: the wallet is short. The book is in arrears and the payer is told.
    await billing().runDay(dayAfter(2));
    expect(await balance(owner.token)).toBe('1.00');
    expect(await summary(owner.token, book.id)).toMatchObject({ bill_status: 'arrears', unpaid: '3.00' });
    expect(
      (await p.t.client.get(COMMERCE_PATHS.serviceOrder.replace(':id', serviceNo), { token: member.token })).json().data,
    ).toMatchObject({
      unpaid: '3.00',
      last_bill_day: dayAfter(2),
    });
    // A recharge pays what is owed at once.
    await rechargePaid(p, owner.token, '6');
    expect(await balance(owner.token)).toBe('4.00');
    expect(await summary(owner.token, book.id)).toMatchObject({ bill_status: 'normal', unpaid: '0.00' });
    const kinds = (await p.t.db.selectFrom('messages').select('kind').where('user_id', '=', owner.userid).orderBy('id').execute()).map(
      (m) => m.kind,
    );
    expect(kinds).toEqual(['payment.succeeded', 'purchase.paid', 'bill.arrears', 'payment.succeeded', 'bill.settled']);
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
  });

  it('is billed once a day even when two instances run the job at once', async () => {
    const { owner, member, book } = await bookWithMember();
    const role = await buildPaidRole(p.t, book.id, 100n, 'PerDay');
    await rechargePaid(p, owner.token, '30');
    await payForAssign(owner.token, book.id, role, { user_ids: [member.userid] });
    expect(await balance(owner.token)).toBe('35.00');
    const at = new Date(p.t.clock.now() + 3 * DAY);
    const runners = ['a', 'b'].map((owner) => {
      const r = new JobRunner(p.t.db, p.t.clock, { zone: 'Asia/Shanghai', owner });
      for (const job of serverJobs(p.t.built)) r.register(job);
      return r;
    });
    const results = await Promise.all(runners.map((r) => r.run('billing', at)));
    expect(results.map((r) => r.result).sort()).toEqual(['held', 'ran']);
    // Even the day's work done twice by hand charges once (the bill's and the entry's keys).
    await billing().runDay(billing().dayOf(at.getTime()));
    // Every running service of the whole suite's database was billed for that day; this book's once.
    const bills = await p.t.db
      .selectFrom('service_bills')
      .select(['bill_day', 'status', 'amount'])
      .where('book_id', '=', book.id)
      .orderBy('bill_day')
      .execute();
    expect(bills.map((b) => [b.status, b.amount])).toEqual([
      ['paid', '100'],
      ['paid', '100'],
    ]);
    expect(await balance(owner.token)).toBe('34.00');
  });
});

describe('buying a role', () => {
  it('one-off: the price for each member, no daily service', async () => {
    const { owner, member, book } = await bookWithMember();
    const second = await buildUser(p.t);
    await addToBook(p.t, book.id, second.userid, 'viewer');
    const role = await buildPaidRole(p.t, book.id, 250n, 'OneOff');
    await rechargePaid(p, owner.token, '6');
    const res = await payForAssign(owner.token, book.id, role, { user_ids: [member.userid, second.userid] });
    expect(res.json().data).toMatchObject({ status: 'paid', price: '5.00' });
    expect(await roleOf(book.id, second.userid)).toBe(role);
    expect((await summary(owner.token, book.id)).services).toEqual([]);
    expect(await balance(owner.token)).toBe('2.00');
  });

  it('waits for the recharge of a shortfall; the member waits for distribution meanwhile', async () => {
    const { owner, member, book } = await bookWithMember();
    const role = await buildPaidRole(p.t, book.id, 500n, 'PerDay');
    const res = await payForAssign(owner.token, book.id, role, { user_ids: [member.userid], pay_type: 7, channel: 'sandbox' });
    const order = res.json().data as PurchaseOrder;
    expect(order).toMatchObject({ status: 'awaiting_recharge', shortfall: '5.00' });
    expect((await summary(member.token, book.id)).auth_status).toBe('waiting_distribute');
    expect(await roleOf(book.id, member.userid)).not.toBe(role);
    // What the member may do, as the server knows it (and keeps it in memory): a viewer's.
    const mayDetail = async () =>
      (await p.t.client.get('/cab-service-ws/user/account-book/permissions?code=02000504', inBook(member.token, book.id))).json().data[
        '02000504'
      ];
    expect(await mayDetail()).toBe('1');
    await payAt(p, order.recharge!.order_no, 'confirm');
    await eventually(
      () => roleOf(book.id, member.userid),
      (r) => r === role,
      'the role being assigned',
    );
    expect((await summary(member.token, book.id)).auth_status).toBe('normal');
    // The role given after the answer reaches what the server keeps: the paid role does not hold it.
    expect(await mayDetail()).toBe('0');
  });

  it('refuses a free role, a caller who may not assign, someone outside the book, and bad lists', async () => {
    const { owner, member, book } = await bookWithMember();
    const outsider = await buildUser(p.t);
    const paid = await buildPaidRole(p.t, book.id, 100n, 'OneOff');
    const viewer = (
      await p.t.db
        .selectFrom('book_roles')
        .select('id')
        .where('book_id', '=', book.id)
        .where('kind', '=', 'viewer')
        .executeTakeFirstOrThrow()
    ).id;
    expectRefused(await payForAssign(owner.token, book.id, viewer, { user_ids: [member.userid] }), 409, ErrorCode.ORDER_REFUSED);
    expectRefused(await payForAssign(member.token, book.id, paid, { user_ids: [owner.userid] }), 403, ErrorCode.FORBIDDEN);
    expectRefused(await payForAssign(outsider.token, book.id, paid, { user_ids: [member.userid] }), 404, ErrorCode.BOOK_NOT_FOUND);
    expectRefused(await payForAssign(owner.token, book.id, paid, { user_ids: [outsider.userid] }), 404, ErrorCode.MEMBER_NOT_FOUND);
    expectRefused(await payForAssign(owner.token, book.id, '999999', { user_ids: [member.userid] }), 404, ErrorCode.ROLE_NOT_FOUND);
    for (const body of [{}, { user_ids: [] }, { user_ids: ['0'] }, { user_ids: Array.from({ length: 51 }, (_, i) => String(i + 1)) }]) {
      expectRefused(await payForAssign(owner.token, book.id, paid, body), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await trial(member.token, book.id, owner.userid, paid), 403, ErrorCode.FORBIDDEN);
    expect(await p.t.db.selectFrom('purchasing_orders').select('id').where('book_id', '=', book.id).execute()).toEqual([]);
  });
});
