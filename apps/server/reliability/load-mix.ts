/**
 * The load test's mix: a family's day on CAB. About 60% of calls are reads (opening a
 * book's home, the flow and its next page, the month's statistics, the budget center,
 * the member list, keyword searches) and 40% writes (expenses, incomes, transfers,
 * edits, deletes, now and then an import of 50), each by a member of the book it is
 * about. The calls are the ones the web app's screens make (apps/web/src/features).
 */
import crypto from 'node:crypto';
import {
  ACCOUNTING_PATHS,
  BOOK_PATHS,
  BUDGET_PATHS,
  DEFAULT_TIME_ZONE,
  MEMBER_PATHS,
  STATISTICS_PATHS,
  bookPath,
  periodId,
  type TransactionInput,
} from '@cab/contracts';
import { REMARK_WORDS } from '../test/large-book.ts';
import { localCivil } from '../test/statistics-model.ts';
import { pick, transactionOf, type LiveTransaction, type LoadBook, type LoadUser } from './load-setup.ts';

/** One call of the load, ready to send. */
export interface Planned {
  name: string;
  write: boolean;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  token: string;
  headers: Record<string, string>;
  /** Sees a success's parsed answer (ids to keep, cursors to follow). */
  done?: (answer: unknown) => void;
  /** Runs after any outcome: a transaction taken for an edit or a read goes back. */
  settle?: () => void;
}

interface Member {
  user: LoadUser;
  book: LoadBook;
}

interface Context {
  rnd: () => number;
  who: Member;
  month: string;
  cursors: Map<string, string>;
}

interface Kind {
  name: string;
  /** Parts of 100. */
  weight: number;
  write: boolean;
  make: (c: Context) => Omit<Planned, 'name' | 'write' | 'token' | 'headers'> & { headers?: Record<string, string> };
}

const amount = (rnd: () => number) => `${1 + Math.floor(rnd() * 300)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;

/**
 * Takes a live transaction out of its book for the length of one call, so no call reads
 * or edits a transaction another call is deleting: that 404 would be of the mix's
 * making, not the server's.
 */
function take(c: Context): LiveTransaction | undefined {
  const ids = c.who.book.ids;
  if (ids.length === 0) return undefined;
  const i = Math.floor(c.rnd() * ids.length);
  const [t] = ids.splice(i, 1);
  return t;
}

/** The web app records with an Idempotency-Key per save attempt. */
const recording = (c: Context, path: string, body: TransactionInput) => ({
  method: 'POST' as const,
  url: path,
  body,
  headers: { 'idempotency-key': crypto.randomUUID() },
  done: (answer: unknown) => {
    const t = (answer as { data: { id: string; business_type: string } }).data;
    c.who.book.ids.push({ id: t.id, transfer: t.business_type === 'Transfer' });
  },
});

const create = (c: Context, type: 'Expense' | 'Income' | 'Transfer') => {
  // Recorded now, as a family records what it just spent.
  const t = transactionOf(c.rnd, c.who.book, Date.now(), type);
  const paths = { Expense: ACCOUNTING_PATHS.expense, Income: ACCOUNTING_PATHS.income, Transfer: ACCOUNTING_PATHS.transfer };
  return recording(c, paths[t.business_type === 'Transfer' ? 'Transfer' : t.business_type === 'Income' ? 'Income' : 'Expense'], t);
};

const flow = (c: Context, body: object) => ({
  method: 'POST' as const,
  url: STATISTICS_PATHS.transactions,
  body,
  done: (answer: unknown) => {
    const next = (answer as { paging: { next_cursor?: string | null } }).paging.next_cursor;
    if (next) c.cursors.set(c.who.book.id, next);
  },
});
const inMonth = (c: Context) => ({ group_key: 'TIME_MONTH' as const, group_id: c.month });

const KINDS: Kind[] = [
  // Opening a book's home (the dashboard) and the home's book list.
  { name: 'home: book', weight: 5, write: false, make: (c) => ({ method: 'GET', url: `${BOOK_PATHS.book}?id=${c.who.book.id}` }) },
  { name: 'home: month totals', weight: 6, write: false, make: () => ({ method: 'GET', url: ACCOUNTING_PATHS.monthSummary }) },
  {
    name: 'home: accounts',
    weight: 4,
    write: false,
    make: () => ({ method: 'GET', url: `${ACCOUNTING_PATHS.accounts}?scene=Accounting` }),
  },
  { name: 'home: book list', weight: 3, write: false, make: () => ({ method: 'GET', url: BOOK_PATHS.cloudList }) },
  // The flow: its latest page, the next one (keyset cursor), the loaded month's day totals.
  { name: 'flow: latest page', weight: 8, write: false, make: (c) => flow(c, {}) },
  {
    name: 'flow: next page',
    weight: 5,
    write: false,
    make: (c) => {
      const cursor = c.cursors.get(c.who.book.id);
      return flow(c, cursor ? { page: { cursor } } : {});
    },
  },
  {
    name: 'flow: month day totals',
    weight: 5,
    write: false,
    make: (c) => ({
      method: 'POST',
      url: STATISTICS_PATHS.rollupGroups,
      body: { group: { group_by: 'TIME_DAY' }, group_filter: inMonth(c) },
    }),
  },
  // The month's statistics screen.
  {
    name: 'statistics: month summary',
    weight: 4,
    write: false,
    make: (c) => ({ method: 'POST', url: STATISTICS_PATHS.summaries, body: { group_filter: inMonth(c) } }),
  },
  {
    name: 'statistics: month by category',
    weight: 4,
    write: false,
    make: (c) => ({
      method: 'POST',
      url: STATISTICS_PATHS.rollupGroups,
      body: { group: { group_by: 'CATEGORY_SECOND' }, query: { category_types: ['Expense'] }, group_filter: inMonth(c) },
    }),
  },
  {
    name: 'budget center',
    weight: 3,
    write: false,
    make: (c) => ({
      method: 'GET',
      url: `${bookPath(BUDGET_PATHS.subjectBudgets, { subject_type: 'Book', subject_id: c.who.book.id })}?recurrence_type=Month&budget_type=Expense`,
    }),
  },
  { name: 'members', weight: 3, write: false, make: () => ({ method: 'GET', url: MEMBER_PATHS.bookUsers }) },
  {
    name: 'search: in book',
    weight: 4,
    write: false,
    make: (c) => ({ method: 'POST', url: STATISTICS_PATHS.transactions, body: { query: { keyword: pick(c.rnd, REMARK_WORDS) } } }),
  },
  {
    name: 'search: all books',
    weight: 2,
    write: false,
    make: (c) => ({ method: 'POST', url: STATISTICS_PATHS.searchBooks, body: { keyword: pick(c.rnd, REMARK_WORDS), top: 3 } }),
  },
  {
    name: 'transaction detail',
    weight: 4,
    write: false,
    make: (c) => {
      const t = take(c);
      if (!t) return { method: 'GET', url: ACCOUNTING_PATHS.monthSummary };
      return { method: 'GET', url: bookPath(ACCOUNTING_PATHS.get, { id: t.id }), settle: () => c.who.book.ids.push(t) };
    },
  },
  // Writes.
  { name: 'record expense', weight: 18, write: true, make: (c) => create(c, 'Expense') },
  { name: 'record income', weight: 4, write: true, make: (c) => create(c, 'Income') },
  { name: 'record transfer', weight: 3, write: true, make: (c) => create(c, 'Transfer') },
  {
    name: 'edit',
    weight: 8,
    write: true,
    make: (c) => {
      const t = take(c);
      if (!t) return create(c, 'Expense');
      const value = amount(c.rnd);
      return {
        method: 'PATCH',
        url: bookPath(ACCOUNTING_PATHS.update, { id: t.id }),
        body: { ...(t.transfer ? { from_amount: value } : { amount: value }), remark: `${pick(c.rnd, REMARK_WORDS)} edited` },
        headers: { 'idempotency-key': crypto.randomUUID() },
        settle: () => c.who.book.ids.push(t),
      };
    },
  },
  {
    name: 'delete',
    weight: 6.5,
    write: true,
    make: (c) => {
      const t = take(c);
      if (!t) return create(c, 'Expense');
      return { method: 'DELETE', url: ACCOUNTING_PATHS.remove, body: { ids: [t.id] } };
    },
  },
  {
    name: 'import of 50',
    weight: 0.5,
    write: true,
    make: (c) => {
      const now = Date.now();
      const list = Array.from({ length: 50 }, () => transactionOf(c.rnd, c.who.book, now - Math.floor(c.rnd() * 30 * 86_400_000)));
      return {
        method: 'POST',
        url: ACCOUNTING_PATHS.batch,
        body: { transaction_vo_list: list },
        done: (answer: unknown) => {
          const made = (answer as { data: Array<{ id: string; business_type: string }> }).data;
          c.who.book.ids.push(...made.map((t) => ({ id: t.id, transfer: t.business_type === 'Transfer' })));
        },
      };
    },
  },
];

export const READ_SHARE = KINDS.filter((k) => !k.write).reduce((s, k) => s + k.weight, 0);
export const WRITE_SHARE = KINDS.filter((k) => k.write).reduce((s, k) => s + k.weight, 0);

/** Plans the calls of the mix: each picks a kind by weight, then a member of some book. */
export function mixOf(rnd: () => number, books: LoadBook[]): () => Planned {
  const members: Member[] = books.flatMap((book) => book.members.map((user) => ({ user, book })));
  const total = READ_SHARE + WRITE_SHARE;
  const cursors = new Map<string, string>();
  return () => {
    let roll = rnd() * total;
    const kind = KINDS.find((k) => (roll -= k.weight) < 0) ?? KINDS[0];
    if (!kind) throw new Error('an empty mix');
    const who = pick(rnd, members);
    // The book's month as its time zone has it (the books keep the default zone).
    const month = periodId('TIME_MONTH', localCivil(DEFAULT_TIME_ZONE, Date.now()));
    const made = kind.make({ rnd, who, month, cursors });
    const bookScoped = made.url !== BOOK_PATHS.cloudList && made.url !== STATISTICS_PATHS.searchBooks;
    return {
      ...made,
      name: kind.name,
      write: kind.write,
      token: who.user.token,
      headers: { ...(bookScoped ? { 'trading-entity': who.book.id } : {}), ...made.headers },
    };
  };
}
