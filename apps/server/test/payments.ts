import { CLOUD_PATHS, COMMERCE_PATHS } from '@cab/contracts';
import { signatureHeader } from '../src/platform/payments/signature.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.ts';
import { freePort } from './process.ts';

export { startSandboxProcess, type SandboxProcess } from './sandbox-process.ts';

export interface PayingApp {
  t: TestApp;
  sandbox: SandboxProcess;
  /** Where the test app listens (the sandbox posts its notifications there). */
  base: string;
  /** A notification as the sandbox would sign it (to forge, replay or delay one). */
  signed(body: object, o?: { secret?: string; timestampS?: number }): { headers: Record<string, string>; payload: string };
  close(): Promise<void>;
}

/** A test app that takes payments through a sandbox process, and listens so that its notifications arrive. */
export async function startPayingApp(env: Record<string, string> = {}): Promise<PayingApp> {
  const sandbox = await startSandboxProcess();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    CAB_PAY_SANDBOX_URL: sandbox.url,
    CAB_PAY_SANDBOX_API_KEY: sandbox.apiKey,
    CAB_PAY_SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
    CAB_PAY_NOTIFY_BASE: base,
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    sandbox,
    base,
    signed(body, o = {}) {
      const payload = JSON.stringify(body);
      const ts = o.timestampS ?? Math.floor(t.clock.now() / 1000);
      return {
        payload,
        headers: { 'content-type': 'application/json', 'pay-signature': signatureHeader(o.secret ?? sandbox.webhookSecret, ts, payload) },
      };
    },
    close: async () => {
      await t.close();
      await sandbox.stop();
    },
  };
}

/** The notify call of a channel, for app.inject. */
export const notifyPath = (channel = 'sandbox') => COMMERCE_PATHS.paymentNotify.replace(':channel', channel);

/** Fixture: the user's wallet recharged through the sandbox (the payer confirms); answers the order number. */
export async function rechargePaid(p: PayingApp, token: string, amount: string): Promise<string> {
  const res = await p.t.client.post(COMMERCE_PATHS.recharge, { amount, pay_type: 7, channel: 'sandbox' }, { token });
  if (res.statusCode !== 201) throw new Error(`recharge: ${res.statusCode} ${res.body}`);
  const no = (res.json() as { data: { order_no: string } }).data.order_no;
  await payAt(p, no, 'confirm');
  for (let i = 0; i < 100; i++) {
    const row = await p.t.db.selectFrom('recharge_orders').select('status').where('order_no', '=', no).executeTakeFirstOrThrow();
    if (row.status === 'paid') return no;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`recharge ${no} was not paid: ${p.sandbox.output()}`);
}

/** The payer's choice at the cashier for a recharge order. */
export async function payAt(p: PayingApp, orderNo: string, decision: 'confirm' | 'fail' | 'abandon'): Promise<string> {
  const row = await p.t.db.selectFrom('recharge_orders').select('payment_id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  if (!row.payment_id) throw new Error(`recharge ${orderNo} has no payment`);
  return p.sandbox.decide(row.payment_id, decision);
}

/** Polls until the condition holds (a notification arrives from the sandbox process). */
export async function eventually<T>(read: () => Promise<T>, holds: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const v = await read();
    if (holds(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen`);
}

/** Fixture: a cloud space package bought for the book from the owner's wallet, recharged first by `recharge` shells. */
export async function buySpace(p: PayingApp, token: string, bookId: string, comboId = 'cloud_1g_30', recharge = '6'): Promise<string> {
  if (recharge !== '0') await rechargePaid(p, token, recharge);
  const res = await p.t.client.post(CLOUD_PATHS.purchase, { combo_id: comboId }, { token, headers: { 'trading-entity': bookId } });
  if (res.statusCode !== 201 || res.json().data.status !== 'paid') throw new Error(`space purchase: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { order_no: string } }).data.order_no;
}
