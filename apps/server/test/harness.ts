import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, WEB_CLIENT_KEY, WEB_CLIENT_SECRET, stringToSign, EMPTY_SHA256, type Book, type LoginResponse } from '@cab/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app.ts';
import { followUpsSettled } from '../src/http/follow-up.ts';
import { COMMANDS } from '../src/cli/commands/index.ts';
import type { CliContext } from '../src/cli/kit.ts';
import { runCli } from '../src/cli/run.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/platform/db/index.ts';
import { leaseSharedDatabase } from './shared-database.ts';
import { MemoryStore, RedisStore, type KeyValueStore } from '../src/platform/kv.ts';
import type { FileStorage } from '../src/platform/storage.ts';
import { createStorage } from '../src/platform/storage-create.ts';
import { LocalFileStorage } from '../src/platform/storage-local.ts';

/** On PostgreSQL runs: the URL of a new database copied from the migrated template; otherwise undefined. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const template = inject('pgTemplate');
  if (!template) return undefined;
  const name = `cab_t_${inject('runId')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated, seeded database for one test file (see global-setup.ts): on PGlite
 * the worker's one instance put back to that state (test/shared-database.ts), or with
 * `own` an instance of the file's own, for a file that changes the schema.
 */
export async function freshDatabase(o: { own?: boolean } = {}): Promise<DatabaseHandle> {
  const url = await freshDatabaseUrl();
  if (url) return openDatabase({ databaseUrl: url });
  const dump = () => new Blob([fs.readFileSync(inject('pgliteDump'))]);
  return o.own ? openDatabase({ loadDataDir: dump() }) : leaseSharedDatabase(dump);
}

/**
 * A data directory for a server process (test/process.ts). On PGlite runs its database is
 * the migrated, seeded one of this run, with the seeded files beside it, so the process
 * starts in seconds instead of running initdb and every migration; on PostgreSQL runs it
 * holds files only (the database comes from freshDatabaseUrl).
 */
export async function serverDataDir(prefix = 'cab-server-'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('contentFiles'), path.join(dir, 'files'), { recursive: true });
  const template = inject('pgliteDataDir');
  if (template) fs.cpSync(template, path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  built: BuiltApp;
  db: Database;
  clock: ManualClock;
  kv: KeyValueStore;
  config: Config;
  client: SignedClient;
  /** The local storage's public directory (the private one is beside it, `-private`); unused with S3. */
  filesDir: string;
  storage: FileStorage;
  close(): Promise<void>;
}

/**
 * The test app's storage: the bucket when `env` names one with CAB_S3_* (test/s3-server.ts
 * starts a server for it), else the test's own directories.
 */
async function testStorage(config: Config, filesDir: string): Promise<FileStorage> {
  return config.s3 ? createStorage(config) : new LocalFileStorage(filesDir);
}

export async function startTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'logSink' | 'broadcast' | 'notifier' | 'mover'> = {},
): Promise<TestApp> {
  const handle = await freshDatabase();
  const clock = new ManualClock(Date.now());
  const redisUrl = process.env.REDIS_URL;
  // With REDIS_URL the whole suite runs its nonces and limits through Redis, under a key prefix of its own.
  const kv = redisUrl ? new RedisStore(redisUrl, clock, `cabtest:${crypto.randomBytes(6).toString('hex')}:`) : new MemoryStore(clock);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-files-'));
  // The seeded contents' files, so the template database's addresses lead somewhere (global-setup.ts).
  fs.cpSync(inject('contentFiles'), filesDir, { recursive: true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAB_DATA_DIR: filesDir, ...env });
  const storage = await testStorage(config, filesDir);
  await storage.check();
  const built = await buildApp({ config, db: handle.db, clock, kv, storage, ...deps });
  await built.app.ready();
  return {
    app: built.app,
    built,
    db: handle.db,
    clock,
    kv,
    config,
    filesDir,
    storage,
    client: new SignedClient(built.app, clock),
    close: async () => {
      await built.app.close();
      storage.close();
      await kv.close();
      await handle.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
      fs.rmSync(`${filesDir}-private`, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Overrides for the signature parts, to build bad requests. */
  clientKey?: string;
  secret?: string;
  timestamp?: number;
  nonce?: string;
  sign?: string;
  /** Raw body text sent as is (for malformed JSON). */
  raw?: string;
  /** The Device header's locale (the web sends 'zh-CN' or 'en'); none by default. */
  locale?: string;
  /** An Accept-Language header, for clients without a Device locale. */
  acceptLanguage?: string;
  /** The address the call comes from (the socket's peer); 127.0.0.1 by default. */
  remoteAddress?: string;
}

/**
 * Another server instance on the same database as `t` (as behind a load balancer), with
 * its own memory; `broadcast` is how the two hear of each other's changes.
 */
export async function startOtherInstance(
  t: TestApp,
  deps: Pick<AppDeps, 'broadcast'> & { db?: Database },
  /** Settings this instance has otherwise than `t` (as after a restart with other settings). */
  config: Partial<Config> = {},
): Promise<Pick<TestApp, 'app' | 'built' | 'client' | 'close'>> {
  const storage = await testStorage(t.config, t.filesDir);
  const built = await buildApp({
    config: { ...t.config, ...config },
    db: t.db,
    clock: t.clock,
    kv: t.kv,
    storage,
    ...deps,
  });
  await built.app.ready();
  const close = async () => {
    await built.app.close();
    storage.close();
  };
  return { app: built.app, built, client: new SignedClient(built.app, t.clock), close };
}

/** Sends requests the way the web client does: signed, with the Device header. */
export class SignedClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: ManualClock,
  ) {}

  signHeaders(method: string, url: string, body: string, o: CallOptions = {}): Record<string, string> {
    const clientKey = o.clientKey ?? WEB_CLIENT_KEY;
    const nonce = o.nonce ?? crypto.randomBytes(12).toString('hex');
    const timestamp = String(o.timestamp ?? this.clock.now());
    const bodySha256 = body ? crypto.createHash('sha256').update(body).digest('hex') : EMPTY_SHA256;
    const sign =
      o.sign ??
      crypto
        .createHmac('sha256', o.secret ?? WEB_CLIENT_SECRET)
        .update(stringToSign({ clientKey, nonce, timestamp, method, pathWithQuery: url, bodySha256 }))
        .digest('hex');
    return { 'client-key': clientKey, 'nonce-str': nonce, timestamp, sign };
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    o: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const payload = o.raw ?? (body === undefined ? '' : JSON.stringify(body));
    const headers: Record<string, string> = {
      device: JSON.stringify({ platform: 'test', device_id: 'dev-1', product_version: '1.5.9', ...(o.locale ? { locale: o.locale } : {}) }),
      ...(o.acceptLanguage ? { 'accept-language': o.acceptLanguage } : {}),
      ...this.signHeaders(method, url, payload, o),
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    };
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : {}),
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    });
    // What a write leads to after its answer (http/follow-up.ts) is done before the next call, as it
    // is on a server that answers one phone: a test reads what the call made, whenever it was made.
    await followUpsSettled(this.app);
    return res;
  }

  get = (url: string, o?: CallOptions) => this.call('GET', url, undefined, o);
  post = (url: string, body?: unknown, o?: CallOptions) => this.call('POST', url, body, o);
  put = (url: string, body?: unknown, o?: CallOptions) => this.call('PUT', url, body, o);
  patch = (url: string, body?: unknown, o?: CallOptions) => this.call('PATCH', url, body, o);
  delete = (url: string, body?: unknown, o?: CallOptions) => this.call('DELETE', url, body, o);
}

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
