import crypto from 'node:crypto';
import { AUTH_PATHS, type Book, type LoginResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { COMMANDS } from '../src/cli/commands/index.ts';
import type { CliContext } from '../src/cli/kit.ts';
import { runCli } from '../src/cli/run.ts';
import type { CallOptions, TestApp } from './harness-app.ts';

// The app, its database and the signed client live in harness-app.ts; tests import them from here.
export {
  freshDatabaseUrl,
  freshDatabase,
  serverDataDir,
  startTestApp,
  startOtherInstance,
  SignedClient,
  type TestApp,
  type CallOptions,
} from './harness-app.ts';

/** The newest code the dev outbox holds for a phone. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `${AUTH_PATHS.smsOutbox}?phone=${phone}` });
  const code = (res.json() as { data: Array<{ code: string }> }).data[0]?.code;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

let phoneSeq = 0;
const phoneRun = crypto.randomInt(0, 10_000);
/** A distinct, valid phone number per call, and per run (Redis keeps rate limits between runs). */
export const nextPhone = () => `139${String(phoneRun).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/**
 * Fixture builder: a signed-in user, through the real code login. Suites that make many
 * users name another address now and then (`from`): sending codes is limited per address.
 */
export async function buildUser(t: TestApp, phone = nextPhone(), from?: string): Promise<LoginResponse['data']> {
  const o = from ? { remoteAddress: from } : {};
  const sent = await t.client.post(AUTH_PATHS.verifyCode, { phone, type: 4 }, o);
  if (sent.statusCode !== 200) throw new Error(`verify-code: ${sent.statusCode} ${sent.body}`);
  const code = await latestCode(t.app, phone);
  const res = await t.client.post(AUTH_PATHS.login, { type: 'code', phone, code }, o);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return (res.json() as LoginResponse).data;
}

/** Fixture builder: a book made through the real create call, from a template code. */
export async function buildBook(t: TestApp, token: string, template = 'family', name?: string): Promise<Book> {
  const tpl = await t.db.selectFrom('book_templates').select('id').where('code', '=', template).executeTakeFirstOrThrow();
  const res = await t.client.post('/cab-config-ws/v4/account-books', { id: tpl.id, ...(name ? { name } : {}) }, { token });
  if (res.statusCode !== 201) throw new Error(`create book: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/**
 * Fixture builder: puts a user straight into a book with a seeded role, or a role made
 * with `buildRole` (the invitation journeys go through the real calls).
 */
export async function addToBook(
  t: TestApp,
  bookId: string,
  userId: string,
  role: 'admin' | 'bookkeeper' | 'viewer' | { roleId: string },
): Promise<void> {
  const roleId =
    typeof role === 'object'
      ? role.roleId
      : (await t.db.selectFrom('book_roles').select('id').where('book_id', '=', bookId).where('kind', '=', role).executeTakeFirstOrThrow())
          .id;
  await t.db.insertInto('book_users').values({ book_id: bookId, user_id: userId, role_id: roleId }).execute();
}

/** Fixture builder: a custom role of a book holding exactly these codes (none: a role that may do nothing). */
export async function buildRole(t: TestApp, bookId: string, permissions: readonly string[], name = ''): Promise<string> {
  const row = await t.db
    .insertInto('book_roles')
    .values({ book_id: bookId, kind: 'custom', name, permissions: [...permissions] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Fixture builder: a paid custom role (SPEC 3: a price in minor units per day, per person per day, or one-off). */
export async function buildPaidRole(
  t: TestApp,
  bookId: string,
  price: bigint,
  billing: 'PerDay' | 'PerPersonPerDay' | 'OneOff',
  name = `付费角色 ${billing}`,
): Promise<string> {
  const row = await t.db
    .insertInto('book_roles')
    .values({ book_id: bookId, kind: 'custom', name, permissions: ['01', '02'], price_minor: price.toString(), billing_type: billing })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let batchSeq = 0;
/**
 * Fixture builder: a coupon batch (the operator publishes them with `npm run cab -- offers
 * publish`); amounts in minor units (100 = one banana shell). Answers its code.
 */
export async function buildCouponBatch(
  t: TestApp,
  o: { batchCode?: string; name?: string; nameEn?: string; reduceAmount?: bigint; comboIds?: string[]; validDays?: number } = {},
): Promise<string> {
  const code = o.batchCode ?? `batch_${process.pid}_${++batchSeq}`;
  await t.db
    .insertInto('coupon_batches')
    .values({
      batch_code: code,
      name: o.name ?? `优惠券 ${code}`,
      name_en: o.nameEn ?? `Coupon ${code}`,
      reduce_amount: String(o.reduceAmount ?? 100n),
      combo_ids: o.comboIds ?? [],
      valid_days: o.validDays ?? 30,
    })
    .execute();
  return code;
}

let couponSeq = 0;
/**
 * Fixture builder: a coupon of the batch in the user's hands, with the batch's reduction
 * and packages, valid from `validFrom` (the test clock's now) for the given days (or
 * until `validUntil`). Answers its id.
 */
export async function giveCoupon(
  t: TestApp,
  userId: string,
  batchCode: string,
  o: { validFrom?: Date; validDays?: number; validUntil?: Date; source?: string; usedOrderNo?: string } = {},
): Promise<string> {
  const batch = await t.db.selectFrom('coupon_batches').selectAll().where('batch_code', '=', batchCode).executeTakeFirstOrThrow();
  const from = o.validFrom ?? new Date(t.clock.now());
  const until = o.validUntil ?? new Date(from.getTime() + (o.validDays ?? batch.valid_days) * 86_400_000);
  const row = await t.db
    .insertInto('user_coupons')
    .values({
      user_id: userId,
      batch_code: batchCode,
      reduce_amount: batch.reduce_amount,
      combo_ids: batch.combo_ids,
      valid_from: from,
      valid_until: until,
      source: o.source ?? `test:${++couponSeq}`,
      ...(o.usedOrderNo ? { used_at: from, used_order_no: o.usedOrderNo } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The dimensions a book was created with, for recording against. */
export interface BookDimensions {
  accounts: Array<{ id: string; name: string; balance: string; currency: string }>;
  expense: Array<{ id: string; name: string; subs: string[] }>;
  income: Array<{ id: string; name: string; subs: string[] }>;
  members: Array<{ id: string; name: string }>;
  merchants: Array<{ id: string; name: string }>;
  projects: Array<{ id: string; name: string }>;
}

/** Fixture builder: reads a book's accounts, category trees and labels through the list calls. */
export async function bookDimensions(t: TestApp, token: string, bookId: string): Promise<BookDimensions> {
  const o = { token, headers: { 'trading-entity': bookId } };
  const get = async (url: string) => {
    const res = await t.client.get(url, o);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  type Cat = { id: string; name: string; sub_categories: Array<{ id: string }> };
  const tree = (cats: Cat[]) => cats.map((c) => ({ id: c.id, name: c.name, subs: c.sub_categories.map((s) => s.id) }));
  const groups = (await get('/cab-config-ws/v2/account-book/accounts')) as Array<{ accounts: BookDimensions['accounts'] }>;
  return {
    accounts: groups.flatMap((g) => g.accounts),
    expense: tree(await get('/cab-config-ws/v2/account-book/categories?trade_type=Expense')),
    income: tree(await get('/cab-config-ws/v2/account-book/categories?trade_type=Income')),
    members: await get('/cab-config-ws/v2/account-book/members'),
    merchants: await get('/cab-config-ws/v2/account-book/merchants'),
    projects: await get('/cab-config-ws/v2/account-book/projects'),
  };
}

/** Options for a call in a book: the user's token and the book as the Trading-Entity. */
export const inBook = (token: string, bookId: string, headers: Record<string, string> = {}): CallOptions => ({
  token,
  headers: { 'trading-entity': bookId, ...headers },
});

/** A 1x1 PNG, the smallest real image to upload. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An image of about `kb` KB: a real PNG's bytes, padded (uploads check the signature, not the pixels). */
export const paddedPng = (kb: number) => Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, kb * 1024 - TINY_PNG.length))]);

/** Fixture builder: uploads an image into a book the way the web does (multipart, signed over an empty body). */
export function uploadImage(t: TestApp, token: string, bookId: string, bytes: Buffer = TINY_PNG, filename = 'a.png', type = 'image/png') {
  return postMultipart(t, token, bookId, '/cab-accounting-ws/v2/image/upload', {}, { filename, type, bytes });
}

/** Fixture builder: uploads the user's avatar the way the web does (multipart, signed over an empty body). */
export function uploadAvatar(t: TestApp, token: string, bytes: Buffer = TINY_PNG) {
  const boundary = '----cabavatar';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = {
    ...t.client.signHeaders('POST', AUTH_PATHS.avatar, ''),
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  return t.app.inject({ method: 'POST', url: AUTH_PATHS.avatar, headers, payload });
}

/** A multipart POST into a book, signed over an empty body as the web signs uploads: the fields first, then the file. */
function postMultipart(
  t: TestApp,
  token: string,
  bookId: string,
  url: string,
  fields: Record<string, string>,
  file: { filename: string; type: string; bytes: Buffer },
) {
  const boundary = '----cabtest';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = t.client.signHeaders('POST', url, '');
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'trading-entity': bookId,
    },
  });
}

export interface CabRun {
  code: number;
  out: string[];
  err: string[];
}

/**
 * Runs the operator's command (src/cli) as `npm run cab -- <argv>` would, on the test's
 * migrated database, its output captured. Without `interactive` there is no terminal (a
 * script); with it, `answer` is what the operator types at a question.
 */
export async function runCab(
  t: TestApp,
  argv: readonly string[],
  o: { cwd?: string; interactive?: boolean; answer?: string } = {},
): Promise<CabRun> {
  const run: CabRun = { code: -1, out: [], err: [] };
  const ctx: CliContext = {
    out: (l) => run.out.push(l),
    err: (l) => run.err.push(l),
    config: t.config,
    cwd: o.cwd ?? process.cwd(),
    yes: false,
    interactive: o.interactive ?? false,
    ask: async (question) => {
      run.out.push(question);
      if (o.answer === undefined) throw new Error(`asked with no answer ready: ${question}`);
      return o.answer;
    },
    // The test owns the database: the command's close leaves it open.
    openDatabase: async () => ({ db: t.db, kind: inject('pgTemplate') ? 'postgres' : 'pglite', close: async () => {} }),
    now: () => new Date(t.clock.now()),
  };
  run.code = await runCli(COMMANDS, argv, ctx);
  return run;
}

/** Fixture builder: imports a file into a book the way the web does (multipart: the fields, then the file). */
export function uploadImport(t: TestApp, token: string, bookId: string, bytes: Buffer, filename: string, fields: Record<string, string>) {
  return postMultipart(t, token, bookId, '/cab-accounting-ws/v2/account-book/imports', fields, {
    filename,
    type: 'application/octet-stream',
    bytes,
  });
}
