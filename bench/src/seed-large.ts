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
import { ACCOUNTING_PATHS } from '@cab/contracts';
import { signedFetch } from '../../apps/server/test/process.ts';
import { fillLargeBook } from '../../apps/server/test/large-book.ts';
import { signInWithBook, startBenchServer } from './server.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const YEARS = Number(process.env.BENCH_YEARS ?? 5);

const server = await startBenchServer({ ownDatabase: { prefix: 'cab_large', keep: true } });
try {
  const { phone, token, userId, bookId } = await signInWithBook(server, 'family');
  const started = performance.now();
  await fillLargeBook(server.db, {
    bookId,
    userId,
    count: COUNT,
    years: YEARS,
    onProgress: (n) => process.stdout.write(`\r${n.toLocaleString('en')} of ${COUNT.toLocaleString('en')} transactions`),
  });
  console.log(`\nwritten in ${((performance.now() - started) / 1000).toFixed(1)} s (${server.kind})`);

  // The book answers through the API: this month's totals.
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const summary = await signedFetch(server.base, 'GET', `${ACCOUNTING_PATHS.monthSummary}?month=${month}`, undefined, token, {
    'trading-entity': bookId,
  });
  console.log(`month ${month}:`, JSON.stringify(((await summary.json()) as { data: unknown }).data));
  console.log(`database: ${server.databaseUrl ?? '(PGlite, removed)'}\nphone: ${phone}\nbook: ${bookId}`);
} finally {
  await server.close();
}
