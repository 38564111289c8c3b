import type { LiveBookChange } from '@cab/contracts';
import type { Broadcast } from '../platform/broadcast.ts';
import type { Clock } from '../platform/clock.ts';
import { compressJson, MIN_BYTES } from './compress-json.ts';

export interface AnswerCacheLimits {
  /** Total size of the answers kept (their JSON text). */
  bytes: number;
  /** An answer larger than this is not kept. */
  entryBytes: number;
  /** How long an answer is kept at most, whatever happens. */
  ttlMs: number;
}

export const DEFAULT_ANSWER_CACHE_LIMITS: AnswerCacheLimits = { bytes: 64 * 1024 * 1024, entryBytes: 512 * 1024, ttlMs: 5 * 60_000 };

interface Entry {
  version: string;
  /** The JSON as sent, and (made when first asked for) compressed. */
  payload: Buffer;
  encoded: { br?: Buffer; gzip?: Buffer };
  bytes: number;
  expiresAt: number;
}

/** A kept answer ready to send: its bytes, and the encoding they are in. */
export interface KeptAnswer {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
}

const CHANNEL = 'answers';
/**
 * The changes that cannot touch who is in a book, their roles or the book's settings (the
 * tables a membership is read from: books, book_users, book_roles): a record, a budget, a
 * post. Any other change of a book (members, the book itself, one not named) moves its
 * membership version too.
 */
const KEEPS_MEMBERSHIPS: ReadonlySet<string> = new Set<LiveBookChange>(['transactions', 'budgets', 'community']);
/** Memberships kept (a few hundred bytes each). */
const MAX_FACTS = 20_000;
/** Past this many books with a change count of their own, the counts start again (and every answer with them). */
const MAX_BOOKS = 100_000;

/**
 * The answers of the book reads that repeat most (a month's totals, a page of the flow),
 * kept in memory as the JSON sent, each under the book's version: a count of the changes
 * this server (or, through the broadcast, any instance) made to the book since it started.
 * Every call that may change a book moves its version once it has committed, so an answer
 * is reused only while nothing it was made from has changed. A change that names no one
 * book (a nickname, a new book) moves every version. The caller's membership is checked
 * before the cache is asked, on every call, so a removed member gets no kept answer.
 * docs/decisions.md says why, and when it is off.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly facts = new Map<string, { version: string; value: unknown }>();
  private readonly books = new Map<string, number>();
  /** Changes of each book's memberships (and settings): what kept memberships are checked against. */
  private readonly memberships = new Map<string, number>();
  private epoch = 0;
  private bytes = 0;
  private readonly origin = Math.random().toString(36).slice(2);

  constructor(
    private readonly clock: Clock,
    private readonly broadcast: Broadcast,
    private readonly limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE_LIMITS,
    /**
     * Whether answers are kept (CAB_ANSWER_CACHE=on); with 'compute' only tokens and
     * memberships are, and every answer is computed: what the first read after a write costs.
     */
    readonly keepsAnswers = true,
  ) {
    broadcast.subscribe(CHANNEL, (message) => {
      const [origin, bookId, what] = message.split(' ');
      // A notice without its kind (an older instance's) counts as a change of anything.
      if (origin !== this.origin) this.forget(bookId || undefined, what || 'book');
    });
  }

  /** The version answers about the book are kept under now. */
  version(bookId: string): string {
    return `${this.epoch}.${this.books.get(bookId) ?? 0}`;
  }

  /**
   * The answer kept under `key` at `version`, in the encoding the caller accepts (compressed
   * once, then kept too: compressing a page of the flow on every call cost more than the rest).
   */
  get(key: string, version: string, accepts?: 'br' | 'gzip'): KeptAnswer | undefined {
    if (!this.keepsAnswers) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || e.expiresAt <= this.clock.now()) {
      this.drop(key, e);
      return undefined;
    }
    // Most recently used last: the oldest are dropped first when memory runs short.
    this.entries.delete(key);
    this.entries.set(key, e);
    if (!accepts || e.payload.length < MIN_BYTES) return { body: e.payload, encoding: undefined };
    let body = e.encoded[accepts];
    if (!body) {
      body = compressJson(e.payload, accepts);
      e.encoded[accepts] = body;
      this.grow(e, body.length);
    }
    return { body, encoding: accepts };
  }

  /** Keeps an answer made at `version` (taken before its queries ran). */
  set(key: string, version: string, payload: string): void {
    if (!this.keepsAnswers || payload.length > this.limits.entryBytes) return;
    const body = Buffer.from(payload);
    if (body.length > this.limits.entryBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const e: Entry = { version, payload: body, encoded: {}, bytes: 0, expiresAt: this.clock.now() + this.limits.ttlMs };
    this.entries.set(key, e);
    this.grow(e, body.length);
  }

  /**
   * A small fact about who is in a book (a member's role and the book's settings: the check
   * every call makes), kept under the book's membership version: records, budgets and posts
   * do not move it, so the first read after one still needs no query for it. What `load`
   * does not find is not kept.
   */
  async remember<T>(key: string, bookId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const version = `${this.epoch}.${this.memberships.get(bookId) ?? 0}`;
    const kept = this.facts.get(key);
    if (kept && kept.version === version) return kept.value as T;
    const value = await load();
    if (value === undefined) return undefined;
    if (this.facts.size >= MAX_FACTS) this.facts.clear();
    this.facts.set(key, { version, value });
    return value;
  }

  /**
   * A book changed (or, with no book, anything may have): here at once, and on every other
   * instance once the answer resolves. `what` is the kind of change (the live event's),
   * which says whether its memberships may have. A write waits for it before answering, so
   * its client's next read finds no stale answer on any instance (reliability/cluster.test.ts).
   */
  changed(bookId: string | undefined, what: LiveBookChange = 'book'): Promise<void> {
    this.forget(bookId, what);
    return this.broadcast.publish(CHANNEL, `${this.origin} ${bookId ?? ''} ${what}`);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(bookId: string | undefined, what: string): void {
    if (bookId === undefined || this.books.size >= MAX_BOOKS || this.memberships.size >= MAX_BOOKS) {
      this.books.clear();
      this.memberships.clear();
      this.epoch++;
      return;
    }
    this.books.set(bookId, (this.books.get(bookId) ?? 0) + 1);
    if (!KEEPS_MEMBERSHIPS.has(what)) this.memberships.set(bookId, (this.memberships.get(bookId) ?? 0) + 1);
  }

  private grow(e: Entry, by: number): void {
    e.bytes += by;
    this.bytes += by;
    for (const [k, old] of this.entries) {
      if (this.bytes <= this.limits.bytes) break;
      this.drop(k, old);
    }
  }

  private drop(key: string, e: Entry): void {
    if (this.entries.get(key) !== e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}
