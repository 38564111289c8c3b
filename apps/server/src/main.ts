import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { MemoryStore, RedisStore } from './platform/kv.ts';
import { MemoryBroadcast, RedisBroadcast } from './platform/broadcast.ts';
import { LogSink } from './platform/log.ts';
import { createStorage } from './platform/storage-create.ts';
import { CatalogueRepository } from './modules/templates/catalogue.repository.ts';
import { seedContents } from './modules/content/content.seed.ts';
import { OperationsRepository } from './modules/home/operations.repository.ts';
import { JobRunner } from './platform/jobs/runner.ts';
import { serverJobs } from './jobs.ts';
import { raiseSequences } from './modules/zones/zone-ids.ts';
import { DEFAULT_TIME_ZONE } from '@cab/contracts';

// A setting the server cannot run with (production without an SMS provider, a malformed
// value) stops it here, saying which, in one line rather than a stack trace.
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`CAB cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
const logSink = new LogSink(process.stdout, config.logBacklogBytes);
const storage = await createStorage(config);
// A bucket that does not answer (a wrong name, endpoint or key) stops the start here, in one line, before any migration.
try {
  await storage.check();
} catch (err) {
  process.stderr.write(`CAB cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
  prepare: config.pgPrepare,
  poolMax: config.pgPool,
});
const applied = await migrate(handle.db);
await new CatalogueRepository(handle.db).seed();
// The market's first articles and video; their files go to the same storage the server serves.
await seedContents(handle.db, storage);
await new OperationsRepository(handle.db).seed();
// A private zone makes its ids in its own range (docs/zones.md, "Ids").
if (config.zones.self) await raiseSequences(handle.db, config.zones.self.id);
const kv = config.redisUrl ? new RedisStore(config.redisUrl, systemClock, config.redisPrefix) : new MemoryStore(systemClock);
const broadcast = config.redisUrl ? new RedisBroadcast(config.redisUrl, config.redisPrefix) : new MemoryBroadcast();
const built = await buildApp({ config, db: handle.db, clock: systemClock, kv, storage, logSink, broadcast });
const { app, inFlight } = built;
if (applied.length) app.log.info({ applied }, 'migrations applied');

// Background work runs through the one job mechanism (docs/jobs.md): each period's run by
// one instance, whatever the number of instances. Deleted books past their restore window,
// unused uploads, old idempotency keys and avatars the settings no longer allow go hourly
// (the first tick is at start), with open payments asked of their provider; the ledger is
// audited and running services are billed daily (src/jobs.ts).
const jobs = new JobRunner(handle.db, systemClock, {
  zone: DEFAULT_TIME_ZONE,
  log: (level, msg, fields) => app.log[level](fields, msg),
});
for (const job of serverJobs(built)) jobs.register(job);
const stopJobs = jobs.start();

/** Exits once the log has been written out, or after a second: a stalled log reader must not hold the exit. */
async function exit(code: number): Promise<never> {
  await logSink.flush(1000);
  process.exit(code);
}

let stage = 'running';
async function stop(signal: string): Promise<void> {
  if (stage !== 'running') {
    app.log.warn({ signal, stage }, 'second stop signal: exiting now');
    return void exit(1);
  }
  app.log.info({ signal }, 'stopping');
  // A stop is bounded: whatever hangs (a request that never ends, a database or Redis
  // that does not answer), the process ends after the timeout, saying what was open.
  setTimeout(() => {
    app.log.error(
      { stage, requestsInFlight: inFlight.describe(), activeResources: process.getActiveResourcesInfo() },
      `shutdown did not finish in ${config.shutdownTimeoutMs} ms; exiting anyway`,
    );
    void exit(1);
  }, config.shutdownTimeoutMs);
  // No new tick; the one in flight (the first runs at start) ends before the database closes.
  const jobsDone = stopJobs();
  // A move between zones ends after its chunk in flight; another instance, or this one restarted, goes on.
  const movesDone = built.zones.mover.halt();
  // An import's reading or recording ends after its chunk in flight (a recording rolls back), its lease let go.
  const importsDone = built.imports.halt();
  // Stop taking requests and let the ones in flight finish, then close Redis and the database.
  stage = 'closing the HTTP server';
  // The close waits for every connection to end. One busy when the stop began goes idle
  // once answered, and a client that keeps it open (a browser, a keep-alive agent) would
  // hold the close until the keep-alive timeout (72 s): idle ones are closed as they appear.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(sweep);
  stage = 'waiting for the imports in flight';
  await importsDone;
  stage = 'closing Redis';
  await kv.close();
  await broadcast.close();
  storage.close();
  stage = 'waiting for the background job in flight';
  await jobsDone;
  await movesDone;
  stage = 'closing the database';
  await handle.close();
  stage = 'stopped';
  app.log.info('stopped');
  await exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`CAB is serving on http://localhost:${config.port}/ (database: ${handle.kind})`);
