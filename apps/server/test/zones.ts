/**
 * Two zones for the tests of moving books (docs/zones.md): the public zone in-process (a
 * test app listening on a port, so its fixtures and clock are at hand) and a private zone
 * as a real server process of its own, which a test may kill and start again.
 */
import fs from 'node:fs';
import { CLOUD_PATHS, ZONE_LINK_PATHS, ZONE_PATHS, type Migration } from '@cab/contracts';
import { expect } from 'vitest';
import { signLink } from '../src/modules/zones/link-sign.ts';
import { moveBetween } from '../src/modules/ledger/ledger.service.ts';
import { buildUser, freshDatabaseUrl, serverDataDir, startTestApp, type TestApp } from './harness.ts';
import { freePort, startServerProcess, type RunningServer } from './process.ts';
import { postgresDatabase } from './postgres.ts';

export interface PublicZone {
  t: TestApp;
  base: string;
}

/** The public zone: a test app on a port of its own, its clock following real time (the zone's is real). */
export async function startPublicZone(env: Record<string, string> = {}): Promise<PublicZone> {
  const t = await startTestApp(
    { CAB_ZONE_TIMEOUT_MS: '3000', ...env },
    {
      mover: {
        // The drive's troubles, when a run asks for the servers' logs (CAB_TEST_SERVER_LOG).
        log: (msg, fields) => (process.env.CAB_TEST_SERVER_LOG ? console.log(msg, JSON.stringify(fields)) : undefined),
        leaseMs: 4000,
        // Small chunks: the copy of a book of 10,000 records takes many, and a kill lands in the middle.
        chunkRows: 500,
        retryMs: [200, 400, 800, 1000, 1000, 2000, 2000, 2000, 3000, 3000, 3000, 3000, 3000, 3000, 3000],
      },
    },
  );
  t.clock.followRealTime();
  const port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${port}` };
}

/**
 * A database for the zone: a fresh one on PostgreSQL runs; otherwise, when PostgreSQL
 * answers on this machine, a new empty one there (so one side is PGlite and the other
 * PostgreSQL); otherwise the embedded PGlite in its data directory.
 */
async function zoneDatabase(): Promise<{ url?: string; drop?: () => Promise<void> }> {
  const url = await freshDatabaseUrl();
  if (url) return { url };
  // CAB_TEST_ZONE_DB=pglite: the zone on PGlite whatever this machine has.
  if (process.env.CAB_TEST_ZONE_DB === 'pglite') return {};
  return (await postgresDatabase('cab_zone')) ?? {};
}

export interface PrivateZoneServer {
  id: string;
  secret: string;
  port: number;
  base: string;
  kind: 'pglite' | 'postgres';
  server: RunningServer | undefined;
  start(): Promise<void>;
  /** SIGKILL, and wait until it is gone (its port free). */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** The caller applies for private storage, the operator approves, and the caller registers a zone on a free port. */
export async function registerZone(
  p: PublicZone,
  token: string,
): Promise<{ id: string; secret: string; port: number; env: Record<string, string> }> {
  const apply = await p.t.client.post(CLOUD_PATHS.functionApply, { biz_type: 'storage', biz_code: 'book_private_storage' }, { token });
  expect(apply.statusCode, apply.body).toBe(200);
  const waiting = await p.t.db
    .selectFrom('function_applies')
    .select('id')
    .where('status', '=', 'applied')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(await p.t.built.cloud.functions.decide(waiting.id, 'approved', '')).toBeDefined();
  const port = await freePort();
  const res = await p.t.client.post(ZONE_PATHS.zones, { name: '店里的服务器', base_url: `http://127.0.0.1:${port}` }, { token });
  expect(res.statusCode, res.body).toBe(201);
  const { zone, secret, env } = res.json().data as { zone: { id: string }; secret: string; env: Record<string, string> };
  return { id: zone.id, secret, port, env };
}

/** The zone's server process, started with the settings registration gave (and its own database). */
export async function privateZone(reg: { id: string; secret: string; port: number }, publicBase: string): Promise<PrivateZoneServer> {
  const dataDir = await serverDataDir('cab-zone-');
  const db = await zoneDatabase();
  const env: Record<string, string> = {
    CAB_DATA_DIR: dataDir,
    CAB_ZONE_ID: reg.id,
    CAB_ZONE_PUBLIC_URL: publicBase,
    CAB_ZONE_SECRET: reg.secret,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  };
  const zone: PrivateZoneServer = {
    ...reg,
    base: `http://127.0.0.1:${reg.port}`,
    kind: db.url ? 'postgres' : 'pglite',
    server: undefined,
    start: async () => {
      zone.server = await startServerProcess(env, { port: reg.port });
    },
    kill: async () => {
      const proc = zone.server?.proc;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGKILL');
        await exited;
      }
    },
    close: async () => {
      await zone.kill();
      if (process.env.CAB_TEST_KEEP_ZONE) return console.log('KEEP', dataDir, JSON.stringify(env));
      await db.drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await zone.start();
  return zone;
}

/** A server-to-server call to the zone, signed as the public zone signs it (or with `secret` instead). */
export async function linkCall(zone: PrivateZoneServer, path: string, body: unknown, secret = zone.secret): Promise<Response> {
  const text = JSON.stringify(body);
  const headers = {
    ...signLink(secret, { zoneId: zone.id, method: 'POST', path, body: text }, Date.now()),
    'content-type': 'application/json',
  };
  return fetch(zone.base + path, { method: 'POST', headers, body: text });
}

/** Each table of the book on the zone: count and checksum (and the files' digest). */
export async function zoneChecksums(zone: PrivateZoneServer, bookId: string): Promise<Record<string, { count: number; sum: string }>> {
  const res = await linkCall(zone, ZONE_LINK_PATHS.checksums, { book_id: bookId });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Record<string, { count: number; sum: string }> }).data;
}

/** The book's latest move of a type, as its members see it. */
export async function migrationOf(p: PublicZone, token: string, bookId: string, type: string): Promise<Migration | null> {
  const res = await p.t.client.get(ZONE_PATHS.migrationStatus.replace(':book_id', bookId).replace(':migration_type', type), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Migration | null;
}

/** Polls until `check` holds (or fails with the last value seen). */
export async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

export { buildUser };

/** Banana shells put in a user's wallet (as a promotion would), for the paid moves after the free first one. */
export async function giveShells(p: PublicZone, userId: string, minor: bigint): Promise<void> {
  const ledger = p.t.built.commerce.ledger;
  await p.t.db.transaction().execute(async (tx) => {
    const wallet = await ledger.wallet(tx, userId);
    const promotion = await ledger.platformAccount(tx, 'promotion');
    await ledger.post(tx, { key: `test-shells:${userId}:${minor}`, kind: 'bonus', postings: moveBetween(promotion, wallet, minor) });
  });
}
