import path from 'node:path';
import { AUTH_PATHS, BOOK_PATHS, type Book, type LoginResponse, type TemplateSummary } from '@cab/contracts';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { systemClock } from '../../../apps/server/src/platform/clock.ts';
import { openDatabase } from '../../../apps/server/src/platform/db/index.ts';
import { migrate } from '../../../apps/server/src/platform/db/migrate.ts';
import { MemoryStore } from '../../../apps/server/src/platform/kv.ts';
import { LocalFileStorage } from '../../../apps/server/src/platform/storage-local.ts';
import { CatalogueRepository } from '../../../apps/server/src/modules/templates/catalogue.repository.ts';
import { signedFetch } from '../../../apps/server/test/process.ts';

export interface Seeded {
  login: LoginResponse['data'];
  book: Book;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A user with three books, written through the real API into `dataDir`, so the pages
 * measured afterwards show what a signed-in user sees. Runs the server in-process
 * (with its development SMS outbox) and closes it before the measured server starts.
 */
export async function seed(dataDir: string): Promise<Seeded> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    CAB_DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
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
    await json(await signedFetch(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 }));
    const outbox = await json<{ data: Array<{ code: string }> }>(await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`));
    const login = (
      await json<LoginResponse>(await signedFetch(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code: outbox.data[0]?.code }))
    ).data;
    const templates = (
      await json<{ data: TemplateSummary[] }>(await signedFetch(base, 'GET', BOOK_PATHS.templates, undefined, login.token))
    ).data;
    let book: Book | undefined;
    for (const code of ['family', 'daily', 'travel']) {
      const template = templates.find((x) => x.code === code) ?? templates[0];
      if (!template) throw new Error('no templates to create books from');
      book = (await json<{ data: Book }>(await signedFetch(base, 'POST', BOOK_PATHS.create, { id: template.id }, login.token))).data;
    }
    if (!book) throw new Error('no book was created');
    return { login, book };
  } finally {
    await app.close();
    await kv.close();
    await handle.close();
  }
}

/** The seeded user's session as the app keeps it in localStorage: how a signed-in user arrives. */
export function signedInStorage({ login, book }: Seeded): Record<string, string> {
  return {
    'cab.user': JSON.stringify({ state: { user: login, refreshToken: login.refresh_token, login: true }, version: 0 }),
    'cab.book': JSON.stringify({ state: { bookId: book.id, bookTemplateId: book.book_template_id, meta: null }, version: 0 }),
  };
}

/** The three first-load pages the web benches measure: their routes and their page chunks. */
export function firstScreens(book: Book): Array<{ name: string; hash: string; chunk: string }> {
  return [
    { name: 'home', hash: '/pages/home/index', chunk: 'src/pages/home/HomePage.tsx' },
    { name: 'mine', hash: '/pages/mine/index', chunk: 'src/pages/mine/MinePage.tsx' },
    { name: 'dashboard', hash: `/dashboard/index?TradingEntity=${book.id}`, chunk: 'src/pages/dashboard/DashboardPage.tsx' },
  ];
}
