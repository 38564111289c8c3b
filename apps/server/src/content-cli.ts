/**
 * The operator's command for the market's articles and videos (docs/market.md,
 * "Publishing articles and videos"):
 *
 *   npm run content -- publish <file.md>     # creates or updates the content of the file's code
 *   npm run content -- withdraw <code>       # takes it off the market (publish again to bring it back)
 *   npm run content -- list                  # every content with its state
 *
 * It uses the same database and files as the server (DATABASE_URL, else the embedded one
 * in CAB_DATA_DIR; uploads in CAB_DATA_DIR/files); with the embedded database, stop the
 * server first (one process owns it).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_TYPES } from '@cab/contracts';
import { loadConfig } from './config.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { LocalFileStorage } from './platform/storage.ts';
import { ContentPublisher, fileAssets, parseContentFile, PublishError } from './modules/content/publish.ts';
import { CatalogueRepository } from './modules/templates/catalogue.repository.ts';
import { CONTENT_TAGS } from '../db/seed/contents/tags.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(handle.db);
  const storage = new LocalFileStorage(path.join(config.dataDir, 'files'), path.join(config.dataDir, 'private'));
  const publisher = new ContentPublisher(handle.db, storage, systemClock);
  // The tags and templates a file may name are there even before the server's first start.
  await new CatalogueRepository(handle.db).seed();
  await publisher.repo.saveTags(CONTENT_TAGS);
  const [verb, arg] = process.argv.slice(2);
  if (verb === 'publish') {
    if (!arg) throw new PublishError('publish needs a Markdown file: publish <file.md>');
    const text = await fs.readFile(arg, 'utf8').catch(() => {
      throw new PublishError(`cannot read ${arg}`);
    });
    const done = await publisher.publish(parseContentFile(text), fileAssets(path.dirname(path.resolve(arg))));
    console.log(`${done.status} ${done.code} (id ${done.id})`);
  } else if (verb === 'withdraw') {
    if (!arg) throw new PublishError('withdraw needs a code: withdraw <code>');
    console.log((await publisher.withdraw(arg)) ? `withdrew ${arg}` : `no content on the market has the code ${arg}`);
  } else if (verb === 'list' || verb === undefined) {
    for (const c of await publisher.repo.list()) {
      const state = c.withdrawn_at ? 'withdrawn' : c.published_at ? `published ${new Date(c.published_at).toISOString()}` : 'draft';
      const kind = c.type === CONTENT_TYPES.video ? 'video  ' : 'article';
      console.log(`${c.id}  ${c.code}  ${kind}  ${state}  kept ${c.collect_count}  ${c.title}`);
    }
  } else {
    throw new PublishError(`unknown command: ${verb} (publish <file.md>, withdraw <code>, list)`);
  }
} catch (err) {
  // An operator's mistake is one line; anything else keeps its stack for the report.
  console.error(err instanceof PublishError ? err.message : err);
  process.exitCode = 1;
} finally {
  await handle.close();
}
