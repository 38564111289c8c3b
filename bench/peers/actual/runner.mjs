/**
 * Actual Budget's side of `npm run bench:peers`: the same workload as CAB's, through the
 * published Node API (`@actual-app/api`) with no server, on a budget in a temp directory.
 *
 *   node runner.mjs <workload.json>
 *
 * The workload file is written by bench/src/peers.ts, so both sides record exactly the
 * same transactions: { accounts: string[], categories: [{ group, name, income }],
 * months: ['2026-01', ...], transactions: [{ date, account, category, cents, note }],
 * runs, warmup, reopenRuns }. Every figure is in milliseconds; the last stdout line is
 * one JSON object of them (Actual logs to stdout itself, so the caller reads only that
 * line).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import * as api from '@actual-app/api';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { runs, warmup } = spec;

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const p95 = (v) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))] ?? 0;
// Actual recomputes its budget spreadsheet in a microtask after each change; a turn of
// the event loop lets that finish, so a timed write includes the totals it updates.
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Times `fn(i)` `runs` times one after another after `warmup` uncounted calls. */
async function repeat(fn) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return { p50: median(times), p95: p95(times), runs };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-peer-actual-'));
const actual = await api.init({ dataDir, verbose: false });

/** A new local budget (no server, no upload) with the workload's accounts and categories, loaded. */
async function makeBudget(name) {
  // `create-budget` is the handler Actual's own "create new file" runs; the API's
  // typed `send` offers it. (runImport would also create one, but in its import mode,
  // which skips what a budget normally does on every change.) Creating a budget does
  // not close the one that is open: close it first, as the app does.
  await actual.send('close-budget');
  await actual.send('create-budget', { budgetName: name, avoidUpload: true });
  const id = (await api.getBudgets()).find((b) => b.name === name)?.id;
  if (!id) throw new Error(`budget ${name} not found after create`);
  const accounts = [];
  for (const a of spec.accounts) accounts.push(await api.createAccount({ name: a, offbudget: false }, 0));
  // Only the workload's categories: the new file's sample expense groups go (as Actual's
  // own importers do), and incomes go into its one income group, the only one its budget
  // counts as income (a second income group's categories are summed as spending).
  const existing = await api.getCategoryGroups();
  for (const g of existing.filter((g) => !g.is_income)) await api.deleteCategoryGroup(g.id);
  const incomeGroup = existing.find((g) => g.is_income);
  if (!incomeGroup) throw new Error('a new budget has no income group');
  const groups = new Map();
  const categories = [];
  for (const c of spec.categories) {
    let group = c.income ? incomeGroup.id : groups.get(c.group);
    if (!group) {
      group = await api.createCategoryGroup({ name: c.group, is_income: false, hidden: false });
      groups.set(c.group, group);
    }
    categories.push(await api.createCategory({ name: c.name, group_id: group, is_income: c.income, hidden: false }));
  }
  return { id, accounts, categories };
}

/** The workload's transactions of each account, in Actual's shape (integer cents, expenses negative). */
function byAccount(b, withImportedId) {
  const lists = b.accounts.map(() => []);
  spec.transactions.forEach((t, i) => {
    lists[t.account].push({
      date: t.date,
      amount: spec.categories[t.category].income ? t.cents : -t.cents,
      category: b.categories[t.category],
      notes: t.note,
      ...(withImportedId ? { imported_id: `bench-${i}` } : {}),
    });
  });
  return lists;
}

/** Every row of the workload is in the open budget (the import's reconciling merged none). */
async function expectAll() {
  const stored = await api.aqlQuery(api.q('transactions').calculate({ $count: '$id' }));
  if (stored.data !== spec.transactions.length) throw new Error(`expected ${spec.transactions.length} transactions, found ${stored.data}`);
}

const out = {
  count: spec.transactions.length,
  version: JSON.parse(fs.readFileSync(new URL('./node_modules/@actual-app/api/package.json', import.meta.url))).version,
};

// (a) 10,000 transactions, each way into a budget of its own: importTransactions (the
// bank-file import: each row reconciled against the account, ids kept) and
// addTransactions (plain adds), one call per account.
{
  const b = await makeBudget('peer-import');
  const lists = byAccount(b, true);
  const t0 = performance.now();
  for (let a = 0; a < lists.length; a++) {
    const res = await api.importTransactions(b.accounts[a], lists[a]);
    if (res.errors?.length) throw new Error(`importTransactions: ${res.errors[0].message}`);
  }
  await settle();
  out.importTransactions = performance.now() - t0;
  await expectAll();
}
const b = await makeBudget('peer-add');
{
  const lists = byAccount(b, false);
  const t0 = performance.now();
  for (let a = 0; a < lists.length; a++) await api.addTransactions(b.accounts[a], lists[a]);
  await settle();
  out.addTransactions = performance.now() - t0;
}
await expectAll();

const latest = () => api.aqlQuery(api.q('transactions').select('*').orderBy({ date: 'desc' }).limit(50));
const currentMonth = spec.months[spec.months.length - 1];

// (b) Reopen: close the budget and load it again (loadBudget opens the file and builds
// the budget spreadsheet); and the same followed by what a first screen shows: the
// accounts with their balances, this month's budget and the latest 50, together.
{
  const close = [];
  const load = [];
  const first = [];
  for (let i = 0; i <= spec.reopenRuns; i++) {
    let t0 = performance.now();
    await actual.send('close-budget');
    close.push(performance.now() - t0);
    t0 = performance.now();
    await api.loadBudget(b.id);
    load.push(performance.now() - t0);
    await Promise.all([
      Promise.all((await api.getAccounts()).map((a) => api.getAccountBalance(a.id))),
      api.getBudgetMonth(currentMonth),
      latest(),
    ]);
    first.push(performance.now() - t0);
  }
  // The first round warms the file cache and the code; the others are counted.
  out.reopen = {
    close: median(close.slice(1)),
    load: median(load.slice(1)),
    loadAndFirstScreen: median(first.slice(1)),
    runs: spec.reopenRuns,
  };
}

// (c) A month's category totals, the 12 months in turn: getBudgetMonth (the budget
// page's figures, read from the spreadsheet kept up to date on every change) and an
// aqlQuery summing the month's transactions by category (what a report runs).
const monthEnd = (m) => `${m}-${String(new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
// The month's expenses. Each bound is a condition of its own under $and, as Actual's own
// transactions-get writes it: one object holding both $gte and $lte applies only one of them.
const monthExpenses = (m) => ({
  $and: [{ date: { $gte: `${m}-01` } }, { date: { $lte: monthEnd(m) } }],
  'category.is_income': false,
});
out.monthTotalsBudgetMonth = await repeat((i) => api.getBudgetMonth(spec.months[i % spec.months.length]));
out.monthTotalsAql = await repeat((i) => {
  const m = spec.months[i % spec.months.length];
  return api.aqlQuery(
    api
      .q('transactions')
      .filter(monthExpenses(m))
      .groupBy('category')
      .select(['category', { total: { $sum: '$amount' } }]),
  );
});
// A check that both ways, and CAB, count the same rows: the first month's expenses.
{
  const m = spec.months[0];
  const res = await api.aqlQuery(api.q('transactions').filter(monthExpenses(m)).calculate({ $sum: '$amount' }));
  const budget = await api.getBudgetMonth(m);
  if (budget.totalSpent !== res.data) throw new Error(`getBudgetMonth spent ${budget.totalSpent}, aqlQuery ${res.data}`);
  out.firstMonthExpenseCents = -res.data;
}

// (d) The latest 50 transactions.
out.latest50 = await repeat(() => latest());

await api.shutdown();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(out));
