import crypto from 'node:crypto';
import { HOST_SIGNATURE_CACHE_MS, TIME_RANGE, type LocalizedText } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { makeHostCode, sdkSignatureHolds, type HostName } from '../../modules/auth/host-code.ts';
import type { Clock } from '../../platform/clock.ts';
import { HOST_SCRIPT_PATH, hostPage, hostPagePolicy } from './host-page.ts';
import { HOST_SCRIPT } from './host-script.ts';

/** The paths of the test host (docs/host.md, "The test host"): registered only outside production. */
export const DEV_HOST_PATHS = {
  page: (host: HostName) => `/dev/host/${host}`,
  script: HOST_SCRIPT_PATH,
  code: '/dev/host/:host/code',
  verify: '/dev/host/:host/verify',
} as const;

export interface DevHostDeps {
  clock: Clock;
  /** Each partner's key (config.hostKeys): outside production every partner has one. */
  hostKeys: ReadonlyMap<HostName, string>;
}

/** A code the test host hands out lives 5 minutes, half what the server accepts at most. */
const CODE_LIFE_MS = 5 * 60_000;
/** A signature the host still takes: the app keeps one 23 hours, an hour more covers a slow clock. */
const SIGNATURE_LIFE_MS = HOST_SIGNATURE_CACHE_MS + 3_600_000;
const SIGNATURE_AHEAD_MS = 5 * 60_000;

const HostParams = z.strictObject({ host: z.enum(['a', 'b']) });

/** What the test host knows of its user: the host's own id, a nickname, and the phone it may vouch for. */
const CodeBody = z.strictObject({
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _, up to 64'),
  nickname: z.string().min(1).max(30).optional(),
  // The phone as the host's code carries it (host-code.ts): a mainland mobile number, 11 digits.
  phone: z
    .string()
    .regex(/^1[3-9][0-9]{9}$/, 'a mobile phone number of 11 digits')
    .optional(),
});

/** The SDK signature as the page hands it over (protocol.ts's SdkSignature). */
const VerifyBody = z.strictObject({
  host: z.enum(['a', 'b']),
  timestamp: z.number().int().min(0).max(TIME_RANGE.max),
  nonce_str: z.string().min(1).max(64),
  signature: z.string().min(1).max(128),
  url: z.string().min(1).max(1024),
});

const CodeResponse = z.object({ data: z.object({ code: z.string() }) });
const VerifyResponse = z.object({ data: z.object({ verified: z.literal(true) }) });

/** Names for the validation messages of fields the shared labels do not know. */
const LABELS: Readonly<Record<string, LocalizedText>> = {
  host: { 'zh-CN': '宿主', en: 'host' },
  uid: { 'zh-CN': '宿主用户编号', en: 'host user id' },
  timestamp: { 'zh-CN': '签名时间', en: 'signature time' },
  nonce_str: { 'zh-CN': '随机串', en: 'nonce' },
  signature: { 'zh-CN': '签名', en: 'signature' },
  url: { 'zh-CN': '页面地址', en: 'page address' },
};

function keyOf(deps: DevHostDeps, host: HostName): string {
  const key = deps.hostKeys.get(host);
  if (!key) throw new AppError('auth.hostUnknown');
  return key;
}

/**
 * The test host (issue 30): a page at /dev/host/a and /dev/host/b that plays each
 * partner's app around CAB in a frame, and the two calls its "SDK" makes with the
 * partner's key: a sign-in code for its user, and the check of CAB's SDK signature.
 * Never in production: the caller registers none of it there (app.ts).
 */
export function registerDevHostRoutes(app: FastifyInstance, registry: RegisteredRoute[], deps: DevHostDeps): void {
  for (const host of ['a', 'b'] as const) {
    const html = hostPage(host);
    const policy = hostPagePolicy(html);
    app.get(DEV_HOST_PATHS.page(host), async (_req, reply) =>
      reply.header('content-security-policy', policy).type('text/html; charset=utf-8').send(html),
    );
  }
  app.get(DEV_HOST_PATHS.script, async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(HOST_SCRIPT));

  defineRoute(app, registry, {
    method: 'POST',
    url: DEV_HOST_PATHS.code,
    tag: 'system',
    auth: 'none',
    signed: false,
    // Making a code changes nothing any kept answer shows.
    answers: 'unchanged',
    summary: "Development only: a partner host's sign-in code for its user, signed with the partner's key",
    params: HostParams,
    body: CodeBody,
    labels: LABELS,
    response: CodeResponse,
    handler: async ({ params, body }) => {
      const now = deps.clock.now();
      const code = makeHostCode(keyOf(deps, params.host), {
        host: params.host,
        uid: body.uid,
        ...(body.phone ? { phone: body.phone } : {}),
        ...(body.nickname ? { nick: body.nickname } : {}),
        iat: now,
        exp: now + CODE_LIFE_MS,
        nonce: crypto.randomBytes(12).toString('hex'),
      });
      return { data: { code } };
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: DEV_HOST_PATHS.verify,
    tag: 'system',
    auth: 'none',
    signed: false,
    answers: 'unchanged',
    summary: "Development only: whether CAB's SDK signature of a page holds with the partner's key, as the host checks it",
    params: HostParams,
    body: VerifyBody,
    labels: LABELS,
    response: VerifyResponse,
    handler: async ({ params, body }) => {
      const key = keyOf(deps, params.host);
      const age = deps.clock.now() - body.timestamp;
      const holds =
        body.host === params.host &&
        age < SIGNATURE_LIFE_MS &&
        age > -SIGNATURE_AHEAD_MS &&
        sdkSignatureHolds(key, body.url, body.timestamp, body.nonce_str, body.signature);
      if (!holds) throw new AppError('auth.hostSignatureRefused');
      return { data: { verified: true as const } };
    },
  });
}
