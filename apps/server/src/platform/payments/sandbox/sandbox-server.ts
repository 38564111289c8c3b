import crypto from 'node:crypto';
import { SANDBOX_PAY_PATHS } from '@cab/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signatureHeader } from '../signature.ts';
import { cashierPage, type CashierLocale } from './cashier-page.ts';
import { SandboxStore, type SandboxEvent, type SandboxPayment } from './sandbox-store.ts';

export interface SandboxSettings {
  /** What CAB sends as `Authorization: Bearer <key>` on the provider's API. */
  apiKey: string;
  /** What the notifications are signed with (Pay-Signature). */
  webhookSecret: string;
  /** Where browsers reach the sandbox ('' when it is served on CAB's own origin). */
  publicBase: string;
  nowMs: () => number;
  /** The waits before each delivery attempt of a notification (the first is usually 0). */
  retryDelaysMs?: readonly number[];
}

/** Stripe-like: at once, then backing off, for about half an hour in all. */
const RETRY_DELAYS_MS = [0, 1_000, 5_000, 15_000, 60_000, 300_000, 1_200_000];
const DECISIONS = { confirm: 'succeeded', fail: 'failed', abandon: undefined } as const;
type Decision = keyof typeof DECISIONS;

const NewPaymentBody = {
  parse(body: unknown): Omit<SandboxPayment, 'id' | 'state' | 'events' | 'createdAtMs'> | undefined {
    if (!body || typeof body !== 'object') return undefined;
    const b = body as Record<string, unknown>;
    const str = (k: string, max: number) => (typeof b[k] === 'string' && (b[k] as string).length <= max ? (b[k] as string) : undefined);
    const orderNo = str('order_no', 64);
    const amount = str('amount_cny', 20);
    const subject = str('subject', 200);
    const notifyUrl = str('notify_url', 2000);
    const returnUrl = str('return_url', 2000);
    if (!orderNo || !amount || !/^[1-9][0-9]{0,15}$/.test(amount) || subject === undefined || !notifyUrl || !returnUrl) return undefined;
    if (!/^https?:\/\//.test(notifyUrl) || !(returnUrl.startsWith('/') || /^https?:\/\//.test(returnUrl))) return undefined;
    return { orderNo, amountCny: BigInt(amount), subject, notifyUrl, returnUrl };
  },
};

const answer = (p: SandboxPayment, publicBase: string) => ({
  id: p.id,
  order_no: p.orderNo,
  amount_cny: p.amountCny.toString(),
  status: p.state,
  cashier_url: `${publicBase}${SANDBOX_PAY_PATHS.cashier.replace(':id', p.id)}`,
});

/**
 * The sandbox payment provider (docs/commerce.md, "Payments"): a provider's own HTTP
 * surface with its own secrets. CAB creates a payment with the API key; the payer
 * confirms, fails or abandons it on the cashier page; the sandbox tells CAB by a signed
 * notification, delivered again until CAB takes it. It runs inside CAB's process by
 * default and as a process of its own in the tests (sandbox/main.ts).
 */
export async function registerSandboxPay(app: FastifyInstance, s: SandboxSettings): Promise<{ store: SandboxStore }> {
  const store = new SandboxStore();
  const delays = s.retryDelaysMs ?? RETRY_DELAYS_MS;
  const nowS = () => Math.floor(s.nowMs() / 1000);
  const expectedAuth = Buffer.from(`Bearer ${s.apiKey}`);

  const authorized = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const got = Buffer.from(req.headers.authorization ?? '');
    if (got.length === expectedAuth.length && crypto.timingSafeEqual(got, expectedAuth)) return true;
    void reply.status(401).send({ error: 'invalid_api_key' });
    return false;
  };

  const deliver = (p: SandboxPayment, e: SandboxEvent, attempt = 0): void => {
    if (attempt >= delays.length) return;
    const timer = setTimeout(() => {
      e.attempts += 1;
      const body = JSON.stringify({
        id: e.id,
        type: e.type,
        created: e.createdS,
        data: { payment_id: p.id, order_no: p.orderNo, amount_cny: p.amountCny.toString() },
      });
      fetch(p.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'pay-signature': signatureHeader(s.webhookSecret, nowS(), body) },
        body,
        signal: AbortSignal.timeout(10_000),
      })
        .then((res) => {
          if (res.ok) e.delivered = true;
          else deliver(p, e, attempt + 1);
        })
        .catch(() => deliver(p, e, attempt + 1));
    }, delays[attempt]);
    timer.unref();
  };

  const move = (p: SandboxPayment, to: 'succeeded' | 'failed' | 'refunded') => {
    const event = store.move(p.id, to, nowS());
    if (event) deliver(p, event);
    return event;
  };

  await app.register(async (scope) => {
    // The cashier's buttons post plain forms; their fields are not needed.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    scope.post(SANDBOX_PAY_PATHS.payments, async (req, reply) => {
      if (!authorized(req, reply)) return reply;
      const input = NewPaymentBody.parse(req.body);
      if (!input) return reply.status(400).send({ error: 'invalid_request' });
      return answer(store.open({ ...input, createdAtMs: s.nowMs() }), s.publicBase);
    });

    scope.get<{ Params: { id: string } }>(SANDBOX_PAY_PATHS.payment, async (req, reply) => {
      if (!authorized(req, reply)) return reply;
      const p = store.get(req.params.id);
      return p ? answer(p, s.publicBase) : reply.status(404).send({ error: 'no_such_payment' });
    });

    scope.post<{ Params: { id: string } }>(SANDBOX_PAY_PATHS.refund, async (req, reply) => {
      if (!authorized(req, reply)) return reply;
      const p = store.get(req.params.id);
      if (!p) return reply.status(404).send({ error: 'no_such_payment' });
      if (p.state !== 'succeeded' && p.state !== 'refunded') return reply.status(409).send({ error: 'not_refundable' });
      move(p, 'refunded');
      return answer(p, s.publicBase);
    });

    // Like a provider dashboard's "resend": the last notification about the payment, delivered again.
    scope.post<{ Params: { id: string } }>(`${SANDBOX_PAY_PATHS.payment}/resend`, async (req, reply) => {
      if (!authorized(req, reply)) return reply;
      const p = store.get(req.params.id);
      const last = p?.events.at(-1);
      if (!p || !last) return reply.status(404).send({ error: 'nothing_to_resend' });
      deliver(p, last);
      return { id: last.id, type: last.type };
    });

    scope.get<{ Params: { id: string }; Querystring: { lang?: string } }>(SANDBOX_PAY_PATHS.cashier, async (req, reply) => {
      const p = store.get(req.params.id);
      const locale = cashierLocale(req);
      reply.header('content-security-policy', cashierPolicy(p?.returnUrl)).type('text/html; charset=utf-8');
      if (!p) return reply.status(404).send(cashierPage(undefined, locale, s.publicBase));
      return cashierPage(p, locale, s.publicBase);
    });

    scope.post<{ Params: { id: string; decision: string } }>(SANDBOX_PAY_PATHS.decide, async (req, reply) => {
      const p = store.get(req.params.id);
      const decision = req.params.decision;
      if (!p || !(decision in DECISIONS)) return reply.status(404).send({ error: 'no_such_payment' });
      const to = DECISIONS[decision as Decision];
      // Abandoning leaves the payment open, as closing a real cashier does: it may still be paid.
      if (to) move(p, to);
      const result = to === 'succeeded' ? 'success' : to === 'failed' ? 'fail' : 'abandon';
      const sep = p.returnUrl.includes('?') ? '&' : '?';
      return reply.redirect(`${p.returnUrl}${sep}result=${result}`, 303);
    });
  });
  return { store };
}

function cashierLocale(req: FastifyRequest<{ Querystring: { lang?: string } }>): CashierLocale {
  if (req.query.lang === 'en' || req.query.lang === 'zh-CN') return req.query.lang;
  return /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh-CN';
}

/** The page runs no script; its forms post to the sandbox, which sends the payer back to the merchant. */
function cashierPolicy(returnUrl: string | undefined): string {
  const back = returnUrl && /^https?:\/\//.test(returnUrl) ? ` ${new URL(returnUrl).origin}` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${back}; base-uri 'none'; frame-ancestors 'none'`;
}
