/**
 * Recording benchmark: the real server on loopback HTTP, signed calls as the web app
 * makes them. Single creates (expense, with and without an Idempotency-Key) and batch
 * creates of 1,000 transactions, beside the cheapest route of the same server
 * (GET /server/info) so the figures read against the pipeline's own cost.
 *
 *   npm run bench:accounting                     # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... npm run bench:accounting
 *   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=8 BENCH_BATCHES=10 npm run bench:accounting
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTING_PATHS, AUTH_PATHS, BOOK_PATHS } from '@cab/contracts';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase } from '../../apps/server/src/platform/db/index.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { CatalogueRepository } from '../../apps/server/src/modules/templates/catalogue.repository.ts';
import { MemoryStore } from '../../apps/server/src/platform/kv.ts';
import { LocalFileStorage } from '../../apps/server/src/platform/storage.ts';
import { signedFetch } from '../../apps/server/test/process.ts';
import { measure } from './measure.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 5);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-bench-'));
// On PostgreSQL the bench works in a database of its own, dropped at the end.
let databaseUrl = process.env.DATABASE_URL;
let dropDatabase: (() => Promise<void>) | undefined;
if (databaseUrl) {
  const name = `cab_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const adminUrl = databaseUrl;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl ?? '',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  CAB_DATA_DIR: dataDir,
});
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pgdata') });
await migrate(handle.db);
await new CatalogueRepository(handle.db).seed();
const kv = new MemoryStore(systemClock);
const { app } = await buildApp({
  config,
  db: handle.db,
  clock: systemClock,
  kv,
  storage: new LocalFileStorage(path.join(dataDir, 'files')),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const phone = `137${String(Date.now()).slice(-8)}`;
  await signedFetch(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const login = await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const tpl = await handle.db.selectFrom('book_templates').select('id').where('code', '=', 'daily').executeTakeFirstOrThrow();
  const book = ((await (await signedFetch(base, 'POST', BOOK_PATHS.create, { id: tpl.id }, token)).json()) as { data: { id: string } })
    .data;
  const inBook = { 'trading-entity': book.id };
  const get = async <T>(url: string) =>
    ((await (await signedFetch(base, 'GET', url, undefined, token, inBook)).json()) as { data: T }).data;
  const account = (await get<Array<{ accounts: Array<{ id: string }> }>>(ACCOUNTING_PATHS.accounts))[0]!.accounts[0]!.id;
  const category = (await get<Array<{ sub_categories: Array<{ id: string }> }>>(`${ACCOUNTING_PATHS.categories}?trade_type=Expense`))[0]!
    .sub_categories[0]!.id;
  const expense = (i: number) => ({
    account: { id: account },
    category: { id: category },
    amount: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    remark: `bench ${i}`,
  });

  console.log(`CAB recording bench: ${handle.kind}, ${REQUESTS} requests x ${CONCURRENCY} concurrent, ${BATCHES} batches of 1,000`);
  await measure('GET /server/info', REQUESTS, CONCURRENCY, () => signedFetch(base, 'GET', AUTH_PATHS.serverInfo));
  await measure('POST expense', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, expense(i), token, inBook),
  );
  await measure('POST expense + key', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, expense(i), token, { ...inBook, 'idempotency-key': `bench-${Date.now()}-${i}` }),
  );
  const batch = { transaction_vo_list: Array.from({ length: 1000 }, (_, i) => ({ business_type: 'Expense', ...expense(i) })) };
  await measure('POST batch of 1,000', BATCHES, 1, () => signedFetch(base, 'POST', ACCOUNTING_PATHS.batch, batch, token, inBook), 1000);
} finally {
  await app.close();
  await kv.close();
  await handle.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
