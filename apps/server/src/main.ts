import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { MemoryStore, RedisStore } from './platform/kv.ts';
import { LocalFileStorage } from './platform/storage.ts';
import { CatalogueRepository } from './modules/templates/catalogue.repository.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
const applied = await migrate(handle.db);
await new CatalogueRepository(handle.db).seed();
const kv = config.redisUrl ? new RedisStore(config.redisUrl, systemClock, config.redisPrefix) : new MemoryStore(systemClock);
const storage = new LocalFileStorage(path.join(config.dataDir, 'files'));
const { app, books } = await buildApp({ config, db: handle.db, clock: systemClock, kv, storage });
if (applied.length) app.log.info({ applied }, 'migrations applied');

// Deleted books past their restore window are purged hourly (and once at start).
const purge = () =>
  books
    .purgeDue()
    .then((ids) => ids.length && app.log.info({ ids }, 'purged deleted books'))
    .catch((err: unknown) => app.log.error({ err }, 'purge failed'));
const purgeTimer = setInterval(() => void purge(), 3_600_000);
purgeTimer.unref();
void purge();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  // Stop taking requests, let the ones in flight finish, then close the database cleanly.
  clearInterval(purgeTimer);
  await app.close();
  await kv.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`CAB is serving on http://localhost:${config.port}/ (database: ${handle.kind})`);
