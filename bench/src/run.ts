/**
 * Pipeline benchmark: the real server on loopback HTTP, signed calls as the web app
 * makes them. Measures throughput and latency of a read (user info: signature, nonce,
 * token lookup, one row) and a write (nickname update). Bounded in count and time.
 *
 *   npm run bench                      # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... npm run bench
 *   BENCH_REQUESTS=5000 BENCH_CONCURRENCY=16 npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS } from '@cab/contracts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase } from '../../apps/server/src/platform/db/index.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { CatalogueRepository } from '../../apps/server/src/modules/templates/catalogue.repository.ts';
import { MemoryStore, RedisStore } from '../../apps/server/src/platform/kv.ts';
import { LocalFileStorage } from '../../apps/server/src/platform/storage.ts';
import { signedFetch } from '../../apps/server/test/process.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MAX_SECONDS = 120;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(name: string, call: (i: number) => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const stopAt = Date.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS && Date.now() < stopAt) {
        const i = next++;
        const t0 = performance.now();
        const res = await call(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(22)} ${latencies.length} req in ${seconds.toFixed(2)} s = ${(latencies.length / seconds).toFixed(0)} req/s; ` +
      `p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms; failures ${failures}`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-bench-'));
const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', CAB_DATA_DIR: dataDir });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pgdata') });
await migrate(handle.db);
await new CatalogueRepository(handle.db).seed();
const kv = config.redisUrl ? new RedisStore(config.redisUrl, systemClock, `cabbench:${Date.now()}:`) : new MemoryStore(systemClock);
const { app } = await buildApp({
  config,
  db: handle.db,
  clock: systemClock,
  kv,
  storage: new LocalFileStorage(path.join(dataDir, 'files')),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const phone = `136${String(Date.now()).slice(-8)}`;
  await signedFetch(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const login = await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  console.log(
    `CAB pipeline bench: ${handle.kind}, ${config.redisUrl ? 'redis' : 'in-process'} nonces, ${REQUESTS} requests x ${CONCURRENCY} concurrent`,
  );
  await measure('GET user info', () => signedFetch(base, 'GET', AUTH_PATHS.userInfo, undefined, token));
  await measure('PATCH nickname', (i) => signedFetch(base, 'PATCH', AUTH_PATHS.updateUser, { nickname: `bench-${i}` }, token));
} finally {
  await app.close();
  await kv.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
