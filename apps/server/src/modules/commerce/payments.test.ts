import { COMMERCE_PATHS, ErrorCode, type RechargeOrder } from '@cab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, inBook, runCab, startTestApp } from '../../../test/harness.ts';
import { expectRefused } from '../../../test/members.ts';
import { eventually, notifyPath, rechargePaid, startPayingApp, type PayingApp } from '../../../test/payments.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

let p: PayingApp;
let ledger: LedgerService;
beforeAll(async () => {
  p = await startPayingApp();
  ledger = new LedgerService(p.t.db, p.t.clock);
}, 60_000);
afterAll(() => p.close());

const orderPath = (no: string) => COMMERCE_PATHS.rechargeOrder.replace(':id', no);
const paymentIdOf = async (no: string) =>
  (await p.t.db.selectFrom('recharge_orders').select('payment_id').where('order_no', '=', no).executeTakeFirstOrThrow()).payment_id!;

async function recharge(token: string, amount: string, headers: Record<string, string> = {}) {
  return p.t.client.post(COMMERCE_PATHS.recharge, { amount, pay_type: 7, channel: 'sandbox' }, { token, headers });
}

/** Polls the order until it leaves `paying` (the notification arrives from the sandbox process). */
async function settled(token: string, no: string, until = (o: RechargeOrder) => o.status !== 'paying'): Promise<RechargeOrder> {
  for (let i = 0; i < 100; i++) {
    const o = (await p.t.client.get(orderPath(no), { token })).json().data as RechargeOrder;
    if (until(o)) return o;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${no} did not settle: ${p.sandbox.output()}`);
}

const balance = async (token: string) => (await p.t.client.get(COMMERCE_PATHS.accounts, { token })).json().data[0].balance as string;

describe('what the recharge page offers', () => {
  it('lists the channels for each pay type and refuses an unknown one', async () => {
    const u = await buildUser(p.t);
    for (const payType of [2, 4, 7]) {
      const res = await p.t.client.get(`${COMMERCE_PATHS.payOptions}?pay_type=${payType}`, { token: u.token, locale: 'en' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([{ channel: 'sandbox', name: 'Sandbox pay (test)', recommended: true }]);
    }
    for (const bad of ['5', 'abc', '-7', '']) {
      expectRefused(await p.t.client.get(`${COMMERCE_PATHS.payOptions}?pay_type=${bad}`, { token: u.token }), 400, ErrorCode.VALIDATION);
    }
    expectRefused(await p.t.client.get(`${COMMERCE_PATHS.payOptions}?pay_type=7`), 401, ErrorCode.UNAUTHORIZED);
  });

  it('answers the least recharge for a shortfall, refusing amounts that are not one', async () => {
    const u = await buildUser(p.t);
    const needMin = (s: string) =>
      p.t.client.get(`${COMMERCE_PATHS.needMin}?shortfall=${s}&pay_type=7`, { token: u.token, locale: 'zh-CN' });
    expect((await needMin('0.5')).json().data).toEqual({ shortfall: '0.50', min_recharge: '1.00' });
    expect((await needMin('12.34')).json().data).toEqual({ shortfall: '12.34', min_recharge: '12.34' });
    for (const bad of ['0', '-3', '1.234', '99999999999999999', 'abc']) {
      const res = await needMin(bad);
      expectRefused(res, 400, ErrorCode.VALIDATION);
      expect(res.json().message, bad).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('offers the first-recharge bonus with corner labels until a first recharge is paid', async () => {
    const u = await buildUser(p.t);
    const info = (await p.t.client.get(COMMERCE_PATHS.rechargeActInfo, { token: u.token })).json().data;
    expect(info.first_recharge).toBe(true);
    expect(info.corner_code).toBe('recharge_stair_corner');
    expect(info.notice.code).toBe('book_private_storage');
    expect(info.stairs[0]).toEqual({ amount: '6.00', amount_cny: '6.00', bonus: '1.00', corner: '首充送 1' });
    expect((await p.t.client.get(COMMERCE_PATHS.checkRecharge, { token: u.token })).json().data).toEqual({ first_recharge: true });

    const order = (await recharge(u.token, '6')).json().data as RechargeOrder;
    expect(order.bonus).toBe('1.00');
    await p.sandbox.decide(await paymentIdOf(order.order_no), 'confirm');
    expect((await settled(u.token, order.order_no)).status).toBe('paid');
    expect(await balance(u.token)).toBe('7.00');

    expect((await p.t.client.get(COMMERCE_PATHS.checkRecharge, { token: u.token })).json().data).toEqual({ first_recharge: false });
    const after = (await p.t.client.get(COMMERCE_PATHS.rechargeActInfo, { token: u.token })).json().data;
    expect(after.stairs[0]).toMatchObject({ bonus: '0.00', corner: '' });
    // A second recharge of a stair gets no bonus.
    const second = (await recharge(u.token, '6')).json().data as RechargeOrder;
    expect(second.bonus).toBe('0.00');
  });
});

describe('a recharge through the sandbox provider', () => {
  it('goes created -> paying -> paid when the payer confirms; the notification credits the wallet once', async () => {
    const u = await buildUser(p.t);
    const res = await recharge(u.token, '30', { 'idempotency-key': 'r-1' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as RechargeOrder;
    expect(order).toMatchObject({ status: 'paying', amount: '30.00', bonus: '6.00', amount_cny: '30.00', channel: 'sandbox' });
    expect(order.cashier_url).toMatch(new RegExp(`^${p.sandbox.url}/sandbox-pay/cashier/sp_`));
    // The same key again: the same order, no second payment.
    expect((await recharge(u.token, '30', { 'idempotency-key': 'r-1' })).json().data.order_no).toBe(order.order_no);
    expect(await p.t.db.selectFrom('recharge_orders').select('id').where('user_id', '=', u.userid).execute()).toHaveLength(1);

    // The cashier page shows the amount; the payer confirms and is sent back to the processing page.
    const page = await fetch(order.cashier_url!);
    expect(await page.text()).toContain('¥30.00');
    const back = await p.sandbox.decide(await paymentIdOf(order.order_no), 'confirm');
    expect(back).toBe(`/#/bookSetting/pages/processing?order_no=${order.order_no}&result=success`);

    const paid = await settled(u.token, order.order_no);
    expect(paid).toMatchObject({ status: 'paid', cashier_url: null });
    expect(paid.settled_at).toEqual(expect.any(Number));
    expect(await balance(u.token)).toBe('36.00');
    // The sandbox delivers it again: nothing changes.
    expect((await p.sandbox.api('POST', `/sandbox-pay/v1/payments/${await paymentIdOf(order.order_no)}/resend`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await balance(u.token)).toBe('36.00');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
    const messages = await p.t.db.selectFrom('messages').select(['kind', 'params']).where('user_id', '=', u.userid).execute();
    expect(messages).toEqual([{ kind: 'payment.succeeded', params: { amount: '36.00' } }]);
  });

  it('goes to failed when the payer fails, and moves no shells', async () => {
    const u = await buildUser(p.t);
    const order = (await recharge(u.token, '12.5')).json().data as RechargeOrder;
    const back = await p.sandbox.decide(await paymentIdOf(order.order_no), 'fail');
    expect(back).toContain('result=fail');
    expect((await settled(u.token, order.order_no)).status).toBe('failed');
    expect(await balance(u.token)).toBe('0.00');
    const kinds = await p.t.db.selectFrom('messages').select('kind').where('user_id', '=', u.userid).execute();
    expect(kinds).toEqual([{ kind: 'payment.failed' }]);
  });

  it('refunds a payment confirmed after the payer cancelled, and gives no shells for it', async () => {
    const u = await buildUser(p.t);
    const order = (await recharge(u.token, '6')).json().data as RechargeOrder;
    const paymentId = await paymentIdOf(order.order_no);
    expect(await p.sandbox.decide(paymentId, 'abandon')).toContain('result=abandon');
    const cancelled = await p.t.client.post(COMMERCE_PATHS.cancelRecharge.replace(':id', order.order_no), undefined, { token: u.token });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cashier_url: null });
    // Cancelling twice is harmless.
    expect(
      (await p.t.client.post(COMMERCE_PATHS.cancelRecharge.replace(':id', order.order_no), undefined, { token: u.token })).statusCode,
    ).toBe(200);

    // The payer had the cashier open in another tab and pays after all.
    await p.sandbox.decide(paymentId, 'confirm');
    const refunded = await settled(u.token, order.order_no, (o) => o.late_refund === 'refunded');
    expect(refunded.status).toBe('cancelled');
    expect(await balance(u.token)).toBe('0.00');
    expect(await (await p.sandbox.api('GET', `/sandbox-pay/v1/payments/${paymentId}`)).json()).toMatchObject({ status: 'refunded' });
  });

  it('asks the provider when no notification came', async () => {
    // Another CAB whose notifications lead nowhere (as when it was down while they were sent).
    const deaf = await startTestApp({
      CAB_PAY_SANDBOX_URL: p.sandbox.url,
      CAB_PAY_SANDBOX_API_KEY: p.sandbox.apiKey,
      CAB_PAY_SANDBOX_WEBHOOK_SECRET: p.sandbox.webhookSecret,
      CAB_PAY_NOTIFY_BASE: 'http://127.0.0.1:9',
    });
    try {
      const u = await buildUser(deaf);
      const order = (
        await deaf.client.post(COMMERCE_PATHS.recharge, { amount: '8', pay_type: 7, channel: 'sandbox' }, { token: u.token })
      ).json().data as RechargeOrder;
      const no = order.order_no;
      const paymentId = (
        await deaf.db.selectFrom('recharge_orders').select('payment_id').where('order_no', '=', no).executeTakeFirstOrThrow()
      ).payment_id!;
      await p.sandbox.decide(paymentId, 'confirm');
      // Just paid: the processing page waits for the notification a few seconds before asking.
      expect((await deaf.client.get(orderPath(no), { token: u.token })).json().data.status).toBe('paying');
      deaf.clock.advance(6_000);
      expect((await deaf.client.get(orderPath(no), { token: u.token })).json().data.status).toBe('paid');
      expect((await deaf.client.get(COMMERCE_PATHS.accounts, { token: u.token })).json().data[0].balance).toBe('8.00');
    } finally {
      await deaf.close();
    }
  });

  it("answers SPEC 8's payment service error when the provider does not answer, and fails the order", async () => {
    const down = await startTestApp({
      CAB_PAY_SANDBOX_URL: 'http://127.0.0.1:9',
      CAB_PAY_SANDBOX_API_KEY: 'k',
      CAB_PAY_SANDBOX_WEBHOOK_SECRET: 's',
    });
    try {
      const u = await buildUser(down);
      const res = await down.client.post(
        COMMERCE_PATHS.recharge,
        { amount: '6', pay_type: 7, channel: 'sandbox' },
        { token: u.token, locale: 'zh-CN' },
      );
      expectRefused(res, 502, ErrorCode.PAYMENT_UNAVAILABLE);
      expect(res.json().message).toBe('支付服务异常，请稍后再试');
      expect(await down.db.selectFrom('recharge_orders').select(['status', 'failure']).where('user_id', '=', u.userid).execute()).toEqual([
        { status: 'failed', failure: 'provider' },
      ]);
    } finally {
      await down.close();
    }
  });

  it("refuses another user's order, and cancelling a paid one", async () => {
    const u = await buildUser(p.t);
    const other = await buildUser(p.t);
    const order = (await recharge(u.token, '6')).json().data as RechargeOrder;
    expectRefused(await p.t.client.get(orderPath(order.order_no), { token: other.token }), 404, ErrorCode.ORDER_NOT_FOUND);
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.cancelRecharge.replace(':id', order.order_no), undefined, { token: other.token }),
      404,
      ErrorCode.ORDER_NOT_FOUND,
    );
    expectRefused(await p.t.client.get(orderPath('R2026'), { token: u.token }), 400, ErrorCode.VALIDATION);
    expectRefused(await p.t.client.get(orderPath('R20260101000000999'), { token: u.token }), 404, ErrorCode.ORDER_NOT_FOUND);
    await p.sandbox.decide(await paymentIdOf(order.order_no), 'confirm');
    await settled(u.token, order.order_no);
    const res = await p.t.client.post(COMMERCE_PATHS.cancelRecharge.replace(':id', order.order_no), undefined, {
      token: u.token,
      locale: 'zh-CN',
    });
    expectRefused(res, 409, ErrorCode.ORDER_REFUSED);
    expect(res.json().message).toBe('订单已经完成，无法取消');
  });

  it('refuses bad amounts, channels and pay types, writing no order', async () => {
    const u = await buildUser(p.t);
    for (const amount of ['0', '-6', '0.001', '6.789', '0.99', '50000.01', '99999999999999999', 'six']) {
      const res = await recharge(u.token, amount);
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
    }
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.recharge, { amount: '6', pay_type: 7, channel: 'alipay' }, { token: u.token }),
      404,
      ErrorCode.NOT_ON_SALE,
    );
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.recharge, { amount: '6', pay_type: 3, channel: 'sandbox' }, { token: u.token }),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await p.t.client.post(COMMERCE_PATHS.recharge, { amount: '6', pay_type: 7, channel: 'sandbox' }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
    expect(await p.t.db.selectFrom('recharge_orders').select('id').where('user_id', '=', u.userid).execute()).toEqual([]);
  });
});

describe('notifications that do not hold', () => {
  it('refuses forged, stale, tampered and mismatched ones and changes nothing; a replay changes nothing', async () => {
    const u = await buildUser(p.t);
    // An order whose real notification will not come: the payer has not decided.
    const order = (await recharge(u.token, '6')).json().data as RechargeOrder;
    const paymentId = await paymentIdOf(order.order_no);
    const event = (id: string, extra: object = {}) => ({
      id,
      type: 'payment.succeeded',
      created: Math.floor(p.t.clock.now() / 1000),
      data: { payment_id: paymentId, order_no: order.order_no, amount_cny: '600', ...extra },
    });
    const send = (headers: Record<string, string>, payload: string, channel = 'sandbox') =>
      p.t.app.inject({ method: 'POST', url: notifyPath(channel), headers: { ...headers, device: '{"locale":"en"}' }, payload });

    const forged = p.signed(event('evt_0000000000000001'), { secret: 'not-the-secret' });
    const stale = p.signed(event('evt_0000000000000002'), { timestampS: Math.floor(p.t.clock.now() / 1000) - 301 });
    const good = p.signed(event('evt_0000000000000003'));
    const tampered = { headers: good.headers, payload: good.payload.replace('"600"', '"60000"') };
    const unsigned = { headers: { 'content-type': 'application/json' }, payload: good.payload };
    const otherOrder = p.signed(event('evt_0000000000000004', { order_no: 'R20260101000000999' }));
    const otherAmount = p.signed(event('evt_0000000000000005', { amount_cny: '700' }));
    const notJson = p.signed({});
    for (const [name, n] of Object.entries({ forged, stale, tampered, unsigned, otherOrder, otherAmount, notJson })) {
      const res = await send(n.headers, name === 'notJson' ? n.payload.replace('{}', '{') : n.payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ code: name === 'notJson' ? ErrorCode.MALFORMED_JSON : ErrorCode.NOTIFICATION_REJECTED });
    }
    expectRefused(await send(good.headers, good.payload, 'alipay'), 400, ErrorCode.NOTIFICATION_REJECTED);
    expect(await p.t.db.selectFrom('payment_events').select('event_id').where('order_no', '=', order.order_no).execute()).toEqual([]);
    expect((await p.t.client.get(orderPath(order.order_no), { token: u.token })).json().data.status).toBe('paying');
    expect(await balance(u.token)).toBe('0.00');

    // The good one, then the very same again (a replay within the tolerance): paid once.
    expect((await send(good.headers, good.payload)).json()).toEqual({ received: true });
    expect((await send(good.headers, good.payload)).json()).toEqual({ received: true });
    expect(await balance(u.token)).toBe('7.00');
    expect(await p.t.db.selectFrom('ledger_entries').select('kind').where('order_no', '=', order.order_no).orderBy('id').execute()).toEqual(
      [{ kind: 'recharge' }, { kind: 'bonus' }],
    );
  });
});

describe("the operator's refund", () => {
  it('takes the shells and their bonus back, refunds through the provider, and refuses what cannot be', async () => {
    const u = await buildUser(p.t);
    const no = await rechargePaid(p, u.token, '6');
    expect(await balance(u.token)).toBe('7.00');
    const asked = await runCab(p.t, ['commerce', 'refund', no]);
    expect(asked.code).toBe(2);
    const res = await runCab(p.t, ['--yes', 'commerce', 'refund', no]);
    expect(res.code, res.err.join('\n')).toBe(0);
    expect(res.out.join('\n')).toContain(`refunded ${no}`);
    expect(await balance(u.token)).toBe('0.00');
    // The provider confirms the refund with its own notification.
    const o = await eventually(
      async () => (await p.t.client.get(orderPath(no), { token: u.token })).json().data as RechargeOrder,
      (x) => x.late_refund === 'refunded',
      'the refund confirmed',
    );
    expect(o.status).toBe('refunded');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatched: [], overdrawn: [] });
    // Again: refused, nothing changes.
    const again = await runCab(p.t, ['--yes', 'commerce', 'refund', no]);
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toContain('only a paid order is refunded');

    // A recharge whose shells were spent is not refunded.
    const spender = await buildUser(p.t);
    const book = await buildBook(p.t, spender.token);
    const spent = await rechargePaid(p, spender.token, '6');
    await p.t.client.post(COMMERCE_PATHS.purchase, { combo_id: 'budget_advanced_30' }, inBook(spender.token, book.id));
    const refused = await runCab(p.t, ['--yes', 'commerce', 'refund', spent]);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('has spent the shells');
    expect(await balance(spender.token)).toBe('1.00');
    expect(
      (await p.t.db.selectFrom('recharge_orders').select('status').where('order_no', '=', spent).executeTakeFirstOrThrow()).status,
    ).toBe('paid');
    expect((await runCab(p.t, ['--yes', 'commerce', 'refund', 'P123'])).code).toBe(2);
  });
});
