// The test app itself: its database (fresh per test file), its storage, starting it (and
// another instance on the same database), and the client that signs calls to it. The
// fixture builders that use it are in harness.ts, which re-exports all of this.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WEB_CLIENT_KEY, WEB_CLIENT_SECRET, stringToSign, EMPTY_SHA256 } from '@cab/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app.ts';
import { followUpsSettled } from '../src/http/follow-up.ts';
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
