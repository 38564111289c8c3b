/**
 * The clients of the crash and shutdown parts of the reliability suite: signed calls
 * that tell a complete answer from none, users signed in through the real code login
 * with a book each, a seeded random generator, and a group of concurrent clients whose
 * first failure is the test's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCOUNTING_PATHS,
  AUTH_PATHS,
  AccountListResponse,
  BOOK_PATHS,
  BookResponse,
  CategoryListResponse,
  LoginResponse,
  TemplateListResponse,
  moneyToMinor,
} from '@cab/contracts';
import { inject } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/platform/db/index.ts';
import { signedHeaders } from '../test/process.ts';
import type { ScratchDatabase } from './databases.ts';

export interface BookSetup {
  token: string;
  bookId: string;
  /** The accounts written to: all of the book's currency, so every movement is the amount itself. */
  accounts: string[];
  expense: string[];
  income: string[];
  /** Balances before the workload (a new book's accounts hold nothing). */
  opening: Map<string, bigint>;
}

/** Every call the clients made, writes and reads, to tell which were in flight at a moment. */
export interface CallRecord {
  sentAt: number;
  endedAt: number;
  status: number | null;
}

export type Rng = () => number;
/** A seeded generator (mulberry32): a failing run can be repeated with its printed seed. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Answer = { status: number; body: unknown } | { status: null; failure: string };

/**
 * A signed call that tells a complete answer from none. A call still open after two
 * minutes is given up as 'timeout': no server in these tests should take that long.
 */
export async function call(
  base: string,
  method: string,
  url: string,
  body: unknown,
  token: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  let status: number;
  let text: string;
  try {
    const res = await fetch(base + url, {
      method,
      headers: { ...signedHeaders(method, url, payload, token), ...headers },
      signal: AbortSignal.timeout(120_000),
      ...(payload ? { body: payload } : {}),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
    return { status: null, failure: err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : `${String(err)} ${cause}`.trim() };
  }
  // Outside the try: a complete answer that is not JSON is a defect, not a lost connection.
  return { status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function must<T>(schema: z.ZodType<T>, answer: Promise<Answer>, what: string): Promise<T> {
  const a = await answer;
  if (a.status === null || a.status >= 300) throw new Error(`${what}: ${JSON.stringify(a)}`);
  return schema.parse(a.body);
}

/**
 * Puts the suite's migrated PGlite dump (test/global-setup.ts) into a PGlite scratch
 * database, so its first server starts on a migrated database as every restart does,
 * instead of spending a quarter of a minute on initdb and every migration.
 */
export async function fromMigratedDump(db: ScratchDatabase): Promise<void> {
  const dump = inject('pgliteDump');
  if (db.kind !== 'pglite' || !dump) return;
  const h = await openDatabase({ dataDir: path.join(db.dataDir, 'pgdata'), loadDataDir: new Blob([fs.readFileSync(dump)]) });
  await h.close();
}

/** A new user, signed in through the code login and the development SMS outbox. */
export async function signIn(base: string): Promise<string> {
  const phone = `137${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
  await must(z.unknown(), call(base, 'POST', AUTH_PATHS.verifyCode, { phone, type: 4 }, ''), 'verify code');
  const outbox = z.object({ data: z.array(z.object({ code: z.string() })) });
  const code = (await outbox.parseAsync(await (await fetch(`${base}${AUTH_PATHS.smsOutbox}?phone=${phone}`)).json())).data[0]?.code;
  const login = await must(LoginResponse, call(base, 'POST', AUTH_PATHS.login, { type: 'code', phone, code }, ''), 'login');
  return login.data.token;
}

/** A signed-in user with a new book from the 'daily' template, and the dimensions to write with. */
export async function makeBook(base: string): Promise<BookSetup> {
  const token = await signIn(base);
  const templates = await must(TemplateListResponse, call(base, 'GET', BOOK_PATHS.templates, undefined, token), 'templates');
  const template = templates.data.find((t) => t.code === 'daily') ?? templates.data[0];
  if (!template) throw new Error('no book template');
  const book = await must(BookResponse, call(base, 'POST', BOOK_PATHS.create, { id: template.id }, token), 'create book');
  const bookId = book.data.id;
  const inBook = { 'trading-entity': bookId };
  const groups = await must(AccountListResponse, call(base, 'GET', ACCOUNTING_PATHS.accounts, undefined, token, inBook), 'accounts');
  const all = groups.data.flatMap((g) => g.accounts).filter((a) => !a.hidden);
  const accounts = all.filter((a) => a.currency === all[0]?.currency);
  if (accounts.length < 3) throw new Error(`the template has ${accounts.length} accounts of one currency; the workload needs 3`);
  const leaves = async (type: 'Expense' | 'Income') => {
    const url = `${ACCOUNTING_PATHS.categories}?trade_type=${type}`;
    const tree = await must(CategoryListResponse, call(base, 'GET', url, undefined, token, inBook), 'categories');
    return tree.data.flatMap((c) => c.sub_categories).map((c) => c.id);
  };
  return {
    token,
    bookId,
    accounts: accounts.map((a) => a.id),
    expense: await leaves('Expense'),
    income: await leaves('Income'),
    opening: new Map(accounts.map((a) => [a.id, moneyToMinor(a.balance)])),
  };
}

/** Clients running side by side: waits on them, and fails with the first client's error rather than hanging. */
export class Clients {
  private live = 0;
  private error: unknown = undefined;
  private readonly done: Array<Promise<void>> = [];

  add(run: Promise<unknown>): void {
    this.live++;
    this.done.push(
      run.then(
        () => void this.live--,
        (err: unknown) => {
          this.live--;
          this.error ??= err;
        },
      ),
    );
  }

  /** Waits until `ok` holds; throws when a client failed or all stopped first. */
  async until(ok: () => boolean, what: string): Promise<void> {
    while (!ok()) {
      if (this.error !== undefined) throw this.error;
      if (!this.live) throw new Error(`the clients stopped before ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Waits for every client to end; throws the first failure. */
  async finish(): Promise<void> {
    await Promise.all(this.done);
    if (this.error !== undefined) throw this.error;
  }
}
