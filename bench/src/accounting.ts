/**
 * Recording benchmark: the real server on loopback HTTP, signed calls as the web app
 * makes them. Single creates (expense, with and without an Idempotency-Key) and batch
 * creates of 1,000 transactions, beside the cheapest route of the same server
 * (GET /server/info) so the figures read against the pipeline's own cost. Last, single
 * creates again once the book has a monthly total and five category budgets that are
 * never reached: every write then measures each of them (the overspent check's most).
 *
 *   npm run bench:accounting                     # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... npm run bench:accounting
 *   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=8 BENCH_BATCHES=10 npm run bench:accounting
 */
import { ACCOUNTING_PATHS, AUTH_PATHS, BUDGET_PATHS, bookPath } from '@cab/contracts';
import { signedFetch } from '../../apps/server/test/process.ts';
import { measure } from './measure.ts';
import { signInWithBook, startBenchServer } from './server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 5);

// On PostgreSQL the bench works in a database of its own, dropped at the end.
const server = await startBenchServer({ ownDatabase: { prefix: 'cab_bench', keep: false } });
const { base } = server;
try {
  const { token, bookId } = await signInWithBook(server, 'daily');
  const inBook = { 'trading-entity': bookId };
  const get = async <T>(url: string) =>
    ((await (await signedFetch(base, 'GET', url, undefined, token, inBook)).json()) as { data: T }).data;
  const account = (await get<Array<{ accounts: Array<{ id: string }> }>>(ACCOUNTING_PATHS.accounts))[0]!.accounts[0]!.id;
  const firsts = await get<Array<{ id: string; sub_categories: Array<{ id: string }> }>>(
    `${ACCOUNTING_PATHS.categories}?trade_type=Expense`,
  );
  const category = firsts[0]!.sub_categories[0]!.id;
  const expense = (i: number) => ({
    account: { id: account },
    category: { id: category },
    amount: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    remark: `bench ${i}`,
  });

  console.log(`CAB recording bench: ${server.kind}, ${REQUESTS} requests x ${CONCURRENCY} concurrent, ${BATCHES} batches of 1,000`);
  await measure('GET /server/info', REQUESTS, CONCURRENCY, () => signedFetch(base, 'GET', AUTH_PATHS.serverInfo));
  await measure('POST expense', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, expense(i), token, inBook),
  );
  await measure('POST expense + key', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, expense(i), token, { ...inBook, 'idempotency-key': `bench-${Date.now()}-${i}` }),
  );
  const batch = { transaction_vo_list: Array.from({ length: 1000 }, (_, i) => ({ business_type: 'Expense', ...expense(i) })) };
  await measure('POST batch of 1,000', BATCHES, 1, () => signedFetch(base, 'POST', ACCOUNTING_PATHS.batch, batch, token, inBook), 1000);

  // Budgets far above what the bench spends: none is ever told about, so each write measures all six.
  const subjects = [['Book', bookId] as const, ...firsts.slice(0, 5).map((c) => ['Category', c.id] as const)];
  for (const [type, id] of subjects) {
    const url = bookPath(BUDGET_PATHS.add, { type, id, budget_type: 'Expense', recurrence_type: 'Month' });
    const res = await signedFetch(base, 'POST', url, { budget_amount: '9999999999' }, token, inBook);
    if (res.status !== 201) throw new Error(`budget: ${res.status} ${await res.text()}`);
  }
  await measure('POST expense, 6 budgets', REQUESTS, CONCURRENCY, (i) =>
    signedFetch(base, 'POST', ACCOUNTING_PATHS.expense, expense(i), token, inBook),
  );
} finally {
  await server.close();
}
