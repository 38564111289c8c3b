import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { CatalogueRepository } from '../src/modules/templates/catalogue.repository.ts';
import { seedContents } from '../src/modules/content/content.seed.ts';
import { LocalFileStorage } from '../src/platform/storage-local.ts';
import { OperationsRepository } from '../src/modules/home/operations.repository.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** The same database as a PGlite data directory, copied for each server process. */
    pgliteDataDir: string;
    pgTemplate: string;
    pgAdminUrl: string;
    runId: string;
    /** The seeded contents' files (the video, covers), copied into each test app's storage. */
    contentFiles: string;
  }
}

/**
 * Initialises and migrates one database per run; each test file then starts from a
 * copy: a loaded PGlite dump (about 0.7 s instead of 7 s) or a PostgreSQL database
 * created from a migrated template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('runId', String(process.pid));
  const contentFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-test-content-'));
  project.provide('contentFiles', contentFiles);
  if (process.env.CAB_TEST_DB === 'postgres') {
    const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const template = `cab_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const h = await openDatabase({ databaseUrl: url.toString() });
    await migrate(h.db);
    await new CatalogueRepository(h.db).seed();
    await seedContents(h.db, new LocalFileStorage(contentFiles));
    await new OperationsRepository(h.db).seed();
    await h.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDataDir', '');
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgliteDump', '');
    return async () => {
      const rows = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'cab_t_${process.pid}\\_%'`);
      for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(contentFiles, { recursive: true, force: true });
    };
  }
  const h = await openDatabase({});
  await migrate(h.db);
  await new CatalogueRepository(h.db).seed();
  await seedContents(h.db, new LocalFileStorage(contentFiles));
  await new OperationsRepository(h.db).seed();
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cab-test-')), 'migrated.tar');
  const blob = await dumpDatabase(h);
  fs.writeFileSync(dumpFile, Buffer.from(await blob.arrayBuffer()));
  await h.close();
  // Written out once here, so each server process a test starts copies files (a tenth of a
  // second) instead of loading the dump into a directory of its own (two to three seconds).
  const dataDir = path.join(path.dirname(dumpFile), 'pgdata');
  const written = await openDatabase({ dataDir, loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
  await written.close();
  project.provide('pgliteDump', dumpFile);
  project.provide('pgliteDataDir', dataDir);
  project.provide('pgTemplate', '');
  project.provide('pgAdminUrl', '');
  return async () => {
    fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    fs.rmSync(contentFiles, { recursive: true, force: true });
  };
}

async function dumpDatabase(h: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!h.dump) throw new Error('only PGlite can be dumped');
  return h.dump();
}
