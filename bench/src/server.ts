/**
 * The real server in-process for benchmarks and seeding: migrated, seeded, listening on
 * loopback, on embedded PGlite in a temp directory or on a PostgreSQL database of its
 * own (created from `DATABASE_URL`, then dropped or kept), with a way to sign a user in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, BOOK_PATHS } from '@cab/contracts';
import type { LogConfig } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/index.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { CatalogueRepository } from '../../apps/server/src/modules/templates/catalogue.repository.ts';
import { raiseSequences } from '../../apps/server/src/modules/zones/zone-ids.ts';
import { MemoryStore, RedisStore } from '../../apps/server/src/platform/kv.ts';
import { LocalFileStorage } from '../../apps/server/src/platform/storage-local.ts';
import { signedFetch, signedHeaders } from '../../apps/server/test/process.ts';

type Inject = (
  method: string,
  url: string,
  body: unknown,
  token: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export interface BenchServer {
  base: string;
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL when one was created (kept when asked). */
  databaseUrl: string | undefined;
  redis: boolean;
  /** A signed call straight into the in-process server (Fastify's inject: the whole pipeline, no socket). */
  inject: Inject;
  /**
   * The same into a second instance on the same database that keeps no answers
   * (CAB_ANSWER_CACHE=compute): every call computes its answer, as the first read after a
   * write does; the token and the membership are kept, as a record written does not change them.
   */
  injectComputed: Inject;
  /** The same into a third instance that keeps nothing (CAB_ANSWER_CACHE=off): the token and the membership are read on every call too. */
  injectNothingKept: Inject;
  close(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(text);
  await c.end();
}

export async function startBenchServer(o: {
  /** With DATABASE_URL: a new database named `<prefix>_<time>`; otherwise the shared DATABASE_URL database is used. */
  ownDatabase?: { prefix: string; keep: boolean };
  /** A database made earlier (a large book kept by bench:large-book), used as it is. */
  existing?: string | undefined;
  /** Nonces and limits in Redis when REDIS_URL is set. */
  useRedis?: boolean;
  /** Sees every statement the server runs, with its time. */
  log?: LogConfig;
  /** Settings besides the bench's (a private zone's CAB_ZONE_*). */
  env?: Record<string, string>;
  /** The port to listen on (a zone registered at an address before it starts); any free one by default. */
  port?: number;
}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-bench-'));
  const adminUrl = o.existing ? undefined : process.env.DATABASE_URL || undefined;
  let databaseUrl = o.existing ?? adminUrl;
  let name: string | undefined;
  if (adminUrl && o.ownDatabase) {
    name = `${o.ownDatabase.prefix}_${Date.now()}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl ?? '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    CAB_DATA_DIR: dataDir,
    // One instance serves the bench's database, so it may keep answers in memory (docs/decisions.md).
    CAB_ANSWER_CACHE: process.env.CAB_ANSWER_CACHE || 'on',
    ...o.env,
  });
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(dataDir, 'pgdata'),
    log: o.log,
    prepare: config.pgPrepare,
  });
  await migrate(handle.db);
  await new CatalogueRepository(handle.db).seed();
  if (config.zones.self) await raiseSequences(handle.db, config.zones.self.id);
  const redis = Boolean(o.useRedis && config.redisUrl);
  const kv =
    redis && config.redisUrl ? new RedisStore(config.redisUrl, systemClock, `cabbench:${Date.now()}:`) : new MemoryStore(systemClock);
  const deps = { db: handle.db, clock: systemClock, kv, storage: new LocalFileStorage(path.join(dataDir, 'files')) };
  const built = await buildApp({ config, ...deps });
  const { app } = built;
  // Built when first asked for: only bench:peers and bench:profile time computed answers.
  const others = new Map<'compute' | 'off', Promise<typeof app>>();
  const instance = (mode: 'compute' | 'off') => () => {
    let made = others.get(mode);
    if (!made) {
      made = buildApp({ config: { ...config, answerCache: mode }, ...deps }).then(async ({ app: other }) => {
        await other.ready();
        return other;
      });
      others.set(mode, made);
    }
    return made;
  };
  const injector =
    (into: () => Promise<typeof app>): Inject =>
    async (method, url, body, token, headers) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const res = await (
        await into()
      ).inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { ...signedHeaders(method, url, payload, token), ...headers },
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.body };
    };
  const base = await app.listen({ port: o.port ?? 0, host: '127.0.0.1' });
  return {
    base,
    db: handle.db,
    kind: handle.kind,
    databaseUrl: name ? databaseUrl : undefined,
    redis,
    inject: injector(async () => app),
    injectComputed: injector(instance('compute')),
    injectNothingKept: injector(instance('off')),
    close: async () => {
      await built.zones.mover.halt();
      await app.close();
      for (const other of others.values()) await (await other).close();
      await kv.close();
      await handle.close();
      if (adminUrl && name && !o.ownDatabase?.keep) {
        // pg-pool's end() resolves once its connections are asked to close, not closed: a
        // forced drop at once kills one still closing, whose error then has no listener and
        // ends the bench (it did once in issue 26). Their going is waited for first (2 s at most).
        await adminQuery(
          adminUrl,
          `DO $$ BEGIN FOR i IN 1..100 LOOP EXIT WHEN NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = '${name}'); PERFORM pg_sleep(0.02); END LOOP; END $$`,
        );
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in an existing user by phone through the code login (the development SMS outbox). */
export async function signIn(s: BenchServer, phone: string): Promise<{ token: string; userId: string }> {
  await signedFetch(s.base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${s.base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const login = await signedFetch(s.base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  const me = ((await login.json()) as { data: { token: string; userid: string } }).data;
  return { token: me.token, userId: me.userid };
}

/** A new user signed in through the code login (the development SMS outbox), with a book from a template. */
export async function signInWithBook(
  s: BenchServer,
  template: string,
): Promise<{ phone: string; token: string; userId: string; bookId: string }> {
  const phone = `13${String(Date.now()).slice(-9)}`;
  await signedFetch(s.base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${s.base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const login = await signedFetch(s.base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  const me = ((await login.json()) as { data: { token: string; userid: string } }).data;
  const tpl = await s.db.selectFrom('book_templates').select('id').where('code', '=', template).executeTakeFirstOrThrow();
  const book = ((await (await signedFetch(s.base, 'POST', BOOK_PATHS.create, { id: tpl.id }, me.token)).json()) as { data: { id: string } })
    .data;
  return { phone, token: me.token, userId: me.userid, bookId: book.id };
}
