import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { LedgerRepository, type AccountKind, type EntryRow } from './ledger.repository.ts';

/** The largest amount a posting or balance may hold (int8). */
const INT8_MAX = 2n ** 63n - 1n;

export interface PostingInput {
  accountId: string;
  /** Into the account (positive) or out of it (negative), in the smallest unit (1 banana shell = 100). */
  amount: bigint;
}

/** The postings of a movement from one account to another: most movements (a recharge, a purchase, a day's charge). */
export const moveBetween = (from: string, to: string, amount: bigint): PostingInput[] => [
  { accountId: from, amount: -amount },
  { accountId: to, amount },
];

export interface EntryInput {
  /** The movement's own id: asked for again with the same key, nothing more is written. */
  key: string;
  /** recharge, purchase, refund, bonus, billing, trial, ... (docs/commerce.md) */
  kind: string;
  postings: readonly PostingInput[];
  orderNo?: string;
  memo?: string;
}

export interface Posted {
  entryId: string;
  /** The key had been used for this very movement before: nothing new was written. */
  replayed: boolean;
}

/**
 * Why the ledger refused a movement. Services turn it into the answer their callers see
 * (a shortfall to recharge, a conflict); it never reaches a client as it is.
 */
export class LedgerError extends Error {
  constructor(
    readonly reason: 'insufficient' | 'conflict' | 'invalid' | 'not_found' | 'already_reversed',
    message: string,
    /** insufficient: what the account lacks, in the smallest unit. */
    readonly shortfall?: bigint,
  ) {
    super(message);
  }
}

/**
 * The banana-shell ledger (docs/commerce.md): double entry, every movement one entry whose
 * postings sum to zero, written in the caller's transaction; entries are never changed,
 * a correction is a reversing entry; a wallet never goes below zero. TigerBeetle's
 * invariants are the model: debits equal credits, debits must not exceed credits on the
 * accounts that hold real shells, and a transfer's id makes a retry harmless.
 */
export class LedgerService {
  private readonly repo = new LedgerRepository();
  private readonly platform = new Map<AccountKind, string>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** A user's wallet account (made on first use). */
  wallet(tx: Database, userId: string): Promise<string> {
    return this.repo.accountId(tx, 'wallet', userId, true);
  }

  /** A book's service balance (made on first use). */
  bookService(tx: Database, bookId: string): Promise<string> {
    return this.repo.accountId(tx, 'book_service', bookId, true);
  }

  /** One of the platform's own accounts (made by the migration; remembered once read). */
  async platformAccount(tx: Database, kind: 'revenue' | 'clearing' | 'promotion' | 'refund'): Promise<string> {
    const known = this.platform.get(kind);
    if (known) return known;
    const id = await this.repo.accountId(tx, kind, '0', false);
    this.platform.set(kind, id);
    return id;
  }

  walletBalance(userId: string, tx: Database = this.db): Promise<bigint> {
    return this.repo.balanceOf(tx, 'wallet', userId);
  }

  balance(accountId: string, tx: Database = this.db): Promise<bigint> {
    return this.repo.balance(tx, accountId);
  }

  /**
   * Writes one movement in the caller's transaction `tx` (its postings sum to zero).
   * Refuses, writing nothing, when an account that holds real shells would go below zero
   * (`insufficient`, with the shortfall), or when the key was used for another movement
   * (`conflict`). The same movement asked for again answers the first one (`replayed`).
   */
  async post(tx: Database, input: EntryInput, reversesId: string | null = null): Promise<Posted> {
    const postings = validPostings(input);
    if (await this.repo.entryByKey(tx, input.key)) return this.replay(tx, input, postings);
    // Locked in id order before anything is written: a racing purchase waits here and then
    // sees what this one left. A refusal writes nothing, so the caller may go on (offer a recharge).
    const balances = await this.repo.lockBalances(
      tx,
      postings.map((p) => p.accountId),
    );
    for (const p of postings) {
      const account = balances.get(p.accountId);
      if (!account) throw new LedgerError('not_found', `no ledger account ${p.accountId}`);
      const after = account.balance + p.amount;
      if (account.mustNotOverdraw && after < 0n) throw new LedgerError('insufficient', `account ${p.accountId} lacks ${-after}`, -after);
      if (after > INT8_MAX || after < -INT8_MAX) throw new LedgerError('invalid', `account ${p.accountId} would overflow`);
    }
    const entryId = await this.repo.insertEntry(
      tx,
      {
        key: input.key,
        kind: input.kind,
        reversesId,
        orderNo: input.orderNo ?? null,
        memo: input.memo ?? '',
        at: new Date(this.clock.now()),
      },
      postings,
    );
    // Another writer took the key between the look and the insert (it waited on the key's index): answer as a replay.
    if (entryId === undefined) return this.replay(tx, input, postings);
    return { entryId, replayed: false };
  }

  /** `post` in a transaction of its own. */
  postNow(input: EntryInput): Promise<Posted> {
    return this.db.transaction().execute((tx) => this.post(tx, input));
  }

  /**
   * Undoes an entry with a new one that moves everything back (a refund, a correction).
   * Refused when an account that holds real shells no longer has them (`insufficient`),
   * or when the entry was reversed already under another key (`already_reversed`).
   */
  async reverse(tx: Database, entryId: string, key: string, kind = 'reversal', memo = ''): Promise<Posted> {
    const entry = await this.repo.entryById(tx, entryId);
    if (!entry) throw new LedgerError('not_found', `no ledger entry ${entryId}`);
    const earlier = await this.repo.reversalOf(tx, entryId);
    if (earlier && earlier.idempotency_key !== key)
      throw new LedgerError('already_reversed', `entry ${entryId} was reversed by ${earlier.id}`);
    const postings = (await this.repo.postingsOf(tx, entryId)).map((p) => ({ accountId: p.account_id, amount: -BigInt(p.amount) }));
    return this.post(
      tx,
      { key, kind, postings, ...(entry.order_no ? { orderNo: entry.order_no } : {}), memo: memo || `reverses ${entryId}` },
      entryId,
    );
  }

  entry(tx: Database, key: string): Promise<EntryRow | undefined> {
    return this.repo.entryByKey(tx, key);
  }

  /** What an audit finds wrong (always nothing): `npm run cab -- ledger check` and the property tests. */
  audit(tx: Database = this.db) {
    return this.repo.audit(tx);
  }

  private async replay(tx: Database, input: EntryInput, postings: readonly PostingInput[]): Promise<Posted> {
    const earlier = await this.repo.entryByKey(tx, input.key);
    if (!earlier) throw new LedgerError('conflict', `ledger key ${input.key} vanished`);
    const written = await this.repo.postingsOf(tx, earlier.id);
    const same =
      earlier.kind === input.kind &&
      written.length === postings.length &&
      written.every((w) => postings.some((p) => p.accountId === w.account_id && p.amount === BigInt(w.amount)));
    if (!same) throw new LedgerError('conflict', `ledger key ${input.key} was used for another movement`);
    return { entryId: earlier.id, replayed: true };
  }
}

/** The postings, checked: two or more, distinct accounts, whole non-zero amounts in range, summing to zero. */
function validPostings(input: EntryInput): PostingInput[] {
  const { postings } = input;
  if (!input.key || input.key.length > 200) throw new LedgerError('invalid', 'a ledger key is 1 to 200 characters');
  if (postings.length < 2) throw new LedgerError('invalid', 'an entry has two postings or more');
  if (new Set(postings.map((p) => p.accountId)).size !== postings.length)
    throw new LedgerError('invalid', 'an entry posts to an account once');
  let sum = 0n;
  for (const p of postings) {
    if (p.amount === 0n || p.amount > INT8_MAX || p.amount < -INT8_MAX)
      throw new LedgerError('invalid', `posting amount ${p.amount} out of range`);
    sum += p.amount;
  }
  if (sum !== 0n) throw new LedgerError('invalid', `postings sum to ${sum}, not zero`);
  return [...postings].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));
}
