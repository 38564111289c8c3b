/**
 * The family the load test works on, made through the real API of a running server
 * process: users signed in by code, books from templates, members added by phone and
 * accepting, a monthly budget, and every book filled through the batch call. The server
 * runs in production mode, where the codes neither reach the log nor a dev outbox: they
 * go to a local SMS gateway (test/sms-stub.ts), which hands them to the test as a phone would.
 */
import {
  ACCOUNTING_PATHS,
  AUTH_PATHS,
  BATCH_MAX,
  BOOK_PATHS,
  BUDGET_PATHS,
  MEMBER_PATHS,
  bookPath,
  type TransactionInput,
} from '@cab/contracts';
import { REMARK_WORDS } from '../test/large-book.ts';
import { signedFetch, type RunningServer } from '../test/process.ts';

/** Where the set-up calls go: one server, or a proxy in front of several; `sms` is where their codes went. */
export type LoadTarget = Pick<RunningServer, 'base' | 'sms'>;

export interface LoadUser {
  name: string;
  phone: string;
  token: string;
  userId: string;
}

/** A transaction the load may edit or delete; a transfer's amount is edited as from_amount. */
export interface LiveTransaction {
  id: string;
  transfer: boolean;
}

/** What recording in a book needs: its accounts and second-level categories. */
export interface LoadBook {
  id: string;
  name: string;
  accounts: string[];
  expense: string[];
  income: string[];
  /** Users who may record, edit and read in it (the owner first). */
  members: LoadUser[];
  /** Live transactions: edits and deletes take from here, creates add. */
  ids: LiveTransaction[];
}

/** A deterministic random source, so one run's mix is the next run's. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rnd: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** A signed call that must succeed; answers the parsed body (null for 204). */
export async function call<T>(s: LoadTarget, method: string, url: string, body?: unknown, token?: string, bookId?: string): Promise<T> {
  const res = await signedFetch(s.base, method, url, body, token, bookId ? { 'trading-entity': bookId } : {});
  const text = await res.text();
  if (!res.ok) throw new Error(`setup: ${method} ${url} answered ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function signUp(s: LoadTarget, name: string, phone: string): Promise<LoadUser> {
  await call(s, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 });
  if (!s.sms) throw new Error('the load server runs in production: it needs the local SMS gateway of startServerProcess');
  const code = s.sms.codeFor(phone);
  const me = await call<{ data: { token: string; userid: string } }>(s, 'POST', AUTH_PATHS.login, { type: 'code', phone, code });
  return { name, phone, token: me.data.token, userId: me.data.userid };
}

interface CategoryNode {
  id: string;
  sub_categories?: CategoryNode[];
}

/** A new book from a template, with the lists recording needs. */
export async function makeBook(s: LoadTarget, owner: LoadUser, template: string, templateIds: Map<string, string>): Promise<LoadBook> {
  const templateId = templateIds.get(template);
  if (!templateId) throw new Error(`no template ${template}`);
  const made = await call<{ data: { id: string; name: string } }>(s, 'POST', BOOK_PATHS.create, { id: templateId }, owner.token);
  const bookId = made.data.id;
  const accounts = await call<{ data: Array<{ accounts: Array<{ id: string }> }> }>(
    s,
    'GET',
    ACCOUNTING_PATHS.accounts,
    undefined,
    owner.token,
    bookId,
  );
  const subs = async (type: 'Expense' | 'Income') => {
    const tree = await call<{ data: CategoryNode[] }>(
      s,
      'GET',
      `${ACCOUNTING_PATHS.categories}?trade_type=${type}`,
      undefined,
      owner.token,
      bookId,
    );
    return tree.data.flatMap((c) => (c.sub_categories ?? []).map((sc) => sc.id));
  };
  return {
    id: bookId,
    name: made.data.name,
    accounts: accounts.data.flatMap((g) => g.accounts.map((a) => a.id)),
    expense: await subs('Expense'),
    income: await subs('Income'),
    members: [owner],
    ids: [],
  };
}

/** Adds a user by phone with a role of the book, and the user accepts (the members API). */
export async function share(s: LoadTarget, book: LoadBook, who: LoadUser, role: 'admin' | 'bookkeeper'): Promise<void> {
  const owner = book.members[0];
  if (!owner) throw new Error('a book without an owner');
  const roles = await call<{ data: Array<{ role_id: string; role_code: string }> }>(
    s,
    'GET',
    MEMBER_PATHS.assignableRoles,
    undefined,
    owner.token,
    book.id,
  );
  const roleId = roles.data.find((r) => r.role_code === role)?.role_id;
  if (!roleId) throw new Error(`no ${role} role in book ${book.id}`);
  await call(s, 'POST', MEMBER_PATHS.addMember, { phone: who.phone, role_id: roleId }, owner.token, book.id);
  // The add's answer says nothing of who was asked (docs/members.md): the request is found from the added user's side.
  const prompts = await call<{ data: { invitations: Array<{ id: string; book_id: string }> } }>(
    s,
    'GET',
    MEMBER_PATHS.pendingPrompts,
    undefined,
    who.token,
  );
  const request = prompts.data.invitations.find((q) => q.book_id === book.id);
  if (!request) throw new Error(`no request to join book ${book.id} reached ${who.phone}`);
  await call(s, 'PATCH', bookPath(MEMBER_PATHS.answerPrompt, { id: request.id }), { status: 'Accepted' }, who.token);
  book.members.push(who);
}

/** A monthly expense budget for the whole book, so the budget center has something to add up. */
export async function addBudget(s: LoadTarget, book: LoadBook, amount: string): Promise<void> {
  const owner = book.members[0];
  if (!owner) throw new Error('a book without an owner');
  const url = bookPath(BUDGET_PATHS.add, { type: 'Book', id: book.id, budget_type: 'Expense', recurrence_type: 'Month' });
  await call(s, 'POST', url, { budget_amount: amount }, owner.token, book.id);
}

const DAY = 86_400_000;

/**
 * A transaction of a family's kind: mostly expenses, some incomes and transfers (or the
 * type asked for), remarks from the large-book word list so keyword searches find some.
 */
export function transactionOf(
  rnd: () => number,
  book: LoadBook,
  time: number,
  asked?: 'Expense' | 'Income' | 'Transfer',
): TransactionInput {
  const remark = `${pick(rnd, REMARK_WORDS)} ${Math.floor(rnd() * 1000)}`;
  const amount = `${1 + Math.floor(rnd() * 500)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
  const roll = rnd();
  const type = asked ?? (roll < 0.08 ? 'Transfer' : roll < 0.2 ? 'Income' : 'Expense');
  if (type === 'Transfer' && book.accounts.length > 1) {
    const from = pick(rnd, book.accounts);
    const to = pick(
      rnd,
      book.accounts.filter((a) => a !== from),
    );
    return {
      business_type: 'Transfer',
      from_account: { id: from },
      to_account: { id: to },
      from_amount: amount,
      remark,
      transaction_time: time,
    };
  }
  const income = type === 'Income' && book.income.length > 0;
  return {
    business_type: income ? 'Income' : 'Expense',
    account: { id: pick(rnd, book.accounts) },
    category: { id: pick(rnd, income ? book.income : book.expense) },
    amount,
    remark,
    transaction_time: time,
  };
}

/** Fills a book with `count` transactions over the last year through the batch call, keeping their ids. */
export async function fill(s: LoadTarget, rnd: () => number, book: LoadBook, count: number): Promise<void> {
  const now = Date.now();
  for (let done = 0; done < count; done += BATCH_MAX) {
    const size = Math.min(BATCH_MAX, count - done);
    const list = Array.from({ length: size }, () => transactionOf(rnd, book, now - Math.floor(rnd() * 365 * DAY)));
    const who = pick(rnd, book.members);
    const made = await call<{ data: Array<{ id: string; business_type: string }> }>(
      s,
      'POST',
      ACCOUNTING_PATHS.batch,
      { transaction_vo_list: list },
      who.token,
      book.id,
    );
    book.ids.push(...made.data.map((t) => ({ id: t.id, transfer: t.business_type === 'Transfer' })));
  }
}

/** Six users and four books, three of them shared, each filled with `perBook` transactions. */
export async function makeFamily(s: LoadTarget, perBook: number): Promise<{ users: LoadUser[]; books: LoadBook[] }> {
  const rnd = random(12);
  const stamp = String(Date.now()).slice(-6);
  const names = ['mum', 'dad', 'grandma', 'son', 'shopkeeper', 'clerk'];
  const users: LoadUser[] = [];
  // Distinct phones per run: one code a minute per phone is a limit of the server.
  for (const [i, name] of names.entries()) users.push(await signUp(s, name, `139${stamp}${String(i).padStart(2, '0')}`));
  const [mum, dad, grandma, son, shopkeeper, clerk] = users as [LoadUser, LoadUser, LoadUser, LoadUser, LoadUser, LoadUser];
  const templates = await call<{ data: Array<{ id: string; code: string }> }>(s, 'GET', BOOK_PATHS.templates);
  const templateIds = new Map(templates.data.map((t) => [t.code, t.id]));
  const family = await makeBook(s, mum, 'family', templateIds);
  await share(s, family, dad, 'admin');
  await share(s, family, grandma, 'bookkeeper');
  await share(s, family, son, 'bookkeeper');
  const daily = await makeBook(s, dad, 'daily', templateIds);
  const travel = await makeBook(s, son, 'travel', templateIds);
  await share(s, travel, mum, 'bookkeeper');
  const shop = await makeBook(s, shopkeeper, 'business', templateIds);
  await share(s, shop, clerk, 'bookkeeper');
  const books = [family, daily, travel, shop];
  for (const book of books) {
    await addBudget(s, book, '5000.00');
    await fill(s, rnd, book, perBook);
  }
  return { users, books };
}
