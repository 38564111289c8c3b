/**
 * Makes a large book for the statistics and flow benchmarks: a user and a book from the
 * family template through the real API, then `BENCH_COUNT` transactions (default
 * 1,000,000) over `BENCH_YEARS` years (default 5) with `fillLargeBook`.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:large-book
 *
 * On PostgreSQL it creates a database of its own (`cab_large_<time>`) and keeps it,
 * printing its URL, the user's phone and the book id; on PGlite it works in a temp
 * directory and removes it at the end (a check of the generator).
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
import { fillLargeBook } from './large-book.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const YEARS = Number(process.env.BENCH_YEARS ?? 5);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-large-'));
let databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const name = `cab_large_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
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
  const phone = `135${String(Date.now()).slice(-8)}`;
  await signedFetch(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  const outbox = (await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json()) as { data: Array<{ code: string }> };
  const login = await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code });
  const me = ((await login.json()) as { data: { token: string; userid: string } }).data;
  const tpl = await handle.db.selectFrom('book_templates').select('id').where('code', '=', 'family').executeTakeFirstOrThrow();
  const book = ((await (await signedFetch(base, 'POST', BOOK_PATHS.create, { id: tpl.id }, me.token)).json()) as { data: { id: string } })
    .data;

  const started = performance.now();
  await fillLargeBook(handle.db, {
    bookId: book.id,
    userId: me.userid,
    count: COUNT,
    years: YEARS,
    onProgress: (n) => process.stdout.write(`\r${n.toLocaleString('en')} of ${COUNT.toLocaleString('en')} transactions`),
  });
  console.log(`\nwritten in ${((performance.now() - started) / 1000).toFixed(1)} s (${handle.kind})`);

  // The book answers through the API: this month's totals, and the balances add up.
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const summary = await signedFetch(base, 'GET', `${ACCOUNTING_PATHS.monthSummary}?month=${month}`, undefined, me.token, {
    'trading-entity': book.id,
  });
  console.log(`month ${month}:`, JSON.stringify(((await summary.json()) as { data: unknown }).data));
  console.log(`database: ${databaseUrl ?? '(PGlite, removed)'}\nphone: ${phone}\nbook: ${book.id}`);
} finally {
  await app.close();
  await kv.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
