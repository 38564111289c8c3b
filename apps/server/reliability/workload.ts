/**
 * The workload of the crash and shutdown parts of the reliability suite: writers that
 * record, edit and delete through the signed API as the web app does, keeping a ledger
 * of how each write was answered: acknowledged (2xx), refused (any other complete
 * answer) or unanswered (the connection ended first), and readers beside them.
 * ledger-check.ts then holds the database to the ledger.
 */
import {
  ACCOUNTING_PATHS,
  TransactionListResponse,
  TransactionResponse,
  bookPath,
  minorToMoney,
  moneyToMinor,
  type Transaction,
} from '@cab/contracts';
import { call, type BookSetup, type CallRecord, type Rng } from './client.ts';

/** What a record holds, as far as a write decides it. */
export interface RecordState {
  type: 'Expense' | 'Income' | 'Transfer' | 'Balance_Changed';
  account: string;
  toAccount: string | null;
  /** Minor units. A balance entry's difference is the server's to work out: null until answered or read. */
  amount: bigint | null;
  /** What a transfer puts into its second account (0 for the other types). */
  toAmount: bigint;
  category: string | null;
  /** Every write leaves its own tag here, so a record shows which write made it what it is. */
  remark: string;
}

export type Outcome = 'acked' | 'refused' | 'unanswered';
export type WriteKind = 'expense' | 'income' | 'transfer' | 'balance' | 'batch' | 'edit' | 'delete';

export interface Write {
  tag: string;
  kind: WriteKind;
  method: 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body: unknown;
  key: string | undefined;
  outcome: Outcome;
  status: number | null;
  /** Why an unanswered write got no answer ('timeout' would mean a server that hung). */
  failure: string | null;
  sentAt: number;
  endedAt: number;
  /** Creates: the records it makes, in order (each with a remark of its own). */
  creates: RecordState[];
  /** Creates: the ids answered (or answered to the retry); edits and deletes: the records they touch. */
  ids: string[];
  /** Edits: the record afterwards. */
  after: RecordState | null;
  /** An unanswered write sent again with its Idempotency-Key after the restart, and answered. */
  retried: boolean;
}

export interface Tracked {
  id: string;
  /** Where every acknowledged write has left it. */
  state: RecordState | 'deleted';
  /** What the one unanswered write to it would have made of it, had it gone through. */
  pending: { write: Write; state: RecordState | 'deleted' } | null;
  writer: number;
}

/** One book's history: every write sent and every record whose id the client learnt. */
export class Ledger {
  readonly records = new Map<string, Tracked>();
  readonly writes: Write[] = [];
  constructor(readonly book: BookSetup) {}
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const amountOf = (rng: Rng) => BigInt(1 + Math.floor(rng() * 99_999));
const ref = (id: string) => ({ id });

/** A record as an answer shows it, in the ledger's terms. */
export function stateOf(t: Transaction): RecordState {
  const transfer = t.business_type === 'Transfer';
  return {
    type: t.business_type as RecordState['type'],
    account: (transfer ? t.from_account?.id : t.account?.id) ?? '',
    toAccount: transfer ? (t.to_account?.id ?? null) : null,
    amount: moneyToMinor(t.amount),
    toAmount: transfer && t.to_amount ? moneyToMinor(t.to_amount) : 0n,
    category: t.category?.id ?? null,
    remark: t.remark,
  };
}

/** Whether a record is as a write left it (a balance entry's difference, when unknown, may be any). */
export function sameState(expected: RecordState, actual: RecordState): boolean {
  return (
    expected.type === actual.type &&
    expected.account === actual.account &&
    expected.toAccount === actual.toAccount &&
    (expected.amount === null || expected.amount === actual.amount) &&
    expected.toAmount === actual.toAmount &&
    expected.category === actual.category &&
    expected.remark === actual.remark
  );
}

/** A create's body for one record of the given state (the path's type is implied by the call, the batch's named). */
function createBody(s: RecordState, balanceTo: bigint, named: boolean): Record<string, unknown> {
  const type = named ? { business_type: s.type } : {};
  if (s.type === 'Transfer') {
    const [from, to] = [ref(s.account), ref(s.toAccount ?? '')];
    return {
      ...type,
      from_account: from,
      to_account: to,
      from_amount: minorToMoney(s.amount ?? 0n),
      to_amount: minorToMoney(s.toAmount),
      remark: s.remark,
    };
  }
  if (s.type === 'Balance_Changed') return { account: ref(s.account), amount: minorToMoney(balanceTo), remark: s.remark };
  return { ...type, account: ref(s.account), category: ref(s.category ?? ''), amount: minorToMoney(s.amount ?? 0n), remark: s.remark };
}

/** A new record of a random kind: expense, income, or a transfer (sometimes with a fee: less arrives). */
function newRecord(rng: Rng, book: BookSetup, remark: string, kind: 'expense' | 'income' | 'transfer'): RecordState {
  const amount = amountOf(rng);
  if (kind === 'transfer') {
    const from = pick(rng, book.accounts);
    const to = pick(
      rng,
      book.accounts.filter((a) => a !== from),
    );
    const fee = rng() < 0.3 ? BigInt(Math.floor(rng() * Number(amount))) : 0n;
    return { type: 'Transfer', account: from, toAccount: to, amount, toAmount: amount - fee, category: null, remark };
  }
  const type = kind === 'expense' ? 'Expense' : 'Income';
  return {
    type,
    account: pick(rng, book.accounts),
    toAccount: null,
    amount,
    toAmount: 0n,
    category: pick(rng, type === 'Expense' ? book.expense : book.income),
    remark,
  };
}

/** An edit of a live record: its amount, its account (or a transfer's receiving one), or an expense made an income. */
function editOf(rng: Rng, book: BookSetup, s: RecordState, remark: string): { body: Record<string, unknown>; after: RecordState } {
  const variant = Math.floor(rng() * 3);
  if (s.type === 'Transfer') {
    if (variant === 0) {
      const to = pick(
        rng,
        book.accounts.filter((a) => a !== s.account && a !== s.toAccount),
      );
      return { body: { to_account: ref(to), to_amount: minorToMoney(s.toAmount), remark }, after: { ...s, toAccount: to, remark } };
    }
    const amount = amountOf(rng);
    return {
      body: { from_amount: minorToMoney(amount), to_amount: minorToMoney(amount), remark },
      after: { ...s, amount, toAmount: amount, remark },
    };
  }
  if (variant === 0) {
    const account = pick(
      rng,
      book.accounts.filter((a) => a !== s.account),
    );
    return { body: { account: ref(account), remark }, after: { ...s, account, remark } };
  }
  if (variant === 1) {
    const type = s.type === 'Expense' ? 'Income' : 'Expense';
    const category = pick(rng, type === 'Expense' ? book.expense : book.income);
    return { body: { business_type: type, category: ref(category), remark }, after: { ...s, type, category, remark } };
  }
  const amount = amountOf(rng);
  return { body: { amount: minorToMoney(amount), remark }, after: { ...s, amount, remark } };
}

export interface WriterOptions {
  writer: number;
  /** Unique to the run and round: tags and Idempotency-Keys never meet earlier ones. */
  prefix: string;
  rng: Rng;
  stop: () => boolean;
  /** Share of creates and edits sent with an Idempotency-Key. */
  keyed: number;
  calls: CallRecord[];
}

/** What a writer sends next: a create, or an edit or delete of a record of its own nobody else touches. */
function nextWrite(ledger: Ledger, o: WriterOptions, n: number): Write {
  const { rng } = o;
  const book = ledger.book;
  const tag = `${o.prefix}w${o.writer}n${n}`;
  const mine = [...ledger.records.values()].filter((r) => r.writer === o.writer && r.state !== 'deleted' && r.pending === null);
  const editable = mine.filter((r) => r.state !== 'deleted' && r.state.type !== 'Balance_Changed');
  const roll = rng();
  const base = { tag, key: rng() < o.keyed ? `${tag}-key` : undefined, outcome: 'unanswered' as const, status: null, failure: null };
  const blank = { ...base, sentAt: 0, endedAt: 0, creates: [], ids: [], after: null, retried: false };
  if (roll < 0.3 && editable.length) {
    const r = pick(rng, editable);
    const { body, after } = editOf(rng, book, r.state as RecordState, tag);
    return { ...blank, kind: 'edit', method: 'PATCH', url: bookPath(ACCOUNTING_PATHS.update, { id: r.id }), body, ids: [r.id], after };
  }
  if (roll < 0.42 && mine.length) {
    const ids = [...new Set(Array.from({ length: rng() < 0.5 ? 1 : 3 }, () => pick(rng, mine).id))];
    return { ...blank, key: undefined, kind: 'delete', method: 'DELETE', url: ACCOUNTING_PATHS.remove, body: { ids }, ids };
  }
  if (roll < 0.5) {
    const creates = Array.from({ length: 2 + Math.floor(rng() * 5) }, (_, i) =>
      newRecord(rng, book, `${tag}.${i}`, pick(rng, ['expense', 'income', 'transfer'] as const)),
    );
    const body = { transaction_vo_list: creates.map((s) => createBody(s, 0n, true)) };
    return { ...blank, kind: 'batch', method: 'POST', url: ACCOUNTING_PATHS.batch, body, creates };
  }
  if (roll < 0.53) {
    const s: RecordState = {
      type: 'Balance_Changed',
      account: pick(rng, book.accounts),
      toAccount: null,
      amount: null,
      toAmount: 0n,
      category: null,
      remark: tag,
    };
    const body = createBody(s, BigInt(Math.floor(rng() * 10_000_000)) - 2_000_000n, false);
    return { ...blank, kind: 'balance', method: 'POST', url: ACCOUNTING_PATHS.balance, body, creates: [s] };
  }
  const kind = pick(rng, ['expense', 'expense', 'income', 'transfer'] as const);
  const s = newRecord(rng, book, tag, kind);
  return { ...blank, kind, method: 'POST', url: ACCOUNTING_PATHS[kind], body: createBody(s, 0n, false), creates: [s] };
}

/** Takes a complete 2xx answer into the ledger: the new records, an edit's result, the deleted ones. */
export function acknowledge(ledger: Ledger, w: Write, body: unknown, writer: number): void {
  if (w.kind === 'edit') {
    const r = ledger.records.get(w.ids[0] ?? '');
    if (r && w.after) [r.state, r.pending] = [w.after, null];
  } else if (w.kind === 'delete') {
    for (const id of w.ids) {
      const r = ledger.records.get(id);
      if (r) [r.state, r.pending] = ['deleted', null];
    }
  } else {
    const made = w.kind === 'batch' ? TransactionListResponse.parse(body).data : [TransactionResponse.parse(body).data];
    if (made.length !== w.creates.length) throw new Error(`${w.tag}: ${made.length} records answered for ${w.creates.length}`);
    w.ids = made.map((t) => t.id);
    for (const [i, t] of made.entries()) {
      const expected = w.creates[i] as RecordState;
      // A balance entry's difference is known once answered.
      if (expected.amount === null) expected.amount = moneyToMinor(t.amount);
      if (!sameState(expected, stateOf(t))) throw new Error(`${w.tag}: answered ${JSON.stringify(t)}`);
      ledger.records.set(t.id, { id: t.id, state: expected, pending: null, writer });
    }
  }
}

/**
 * One client writing to its book until told to stop or until a write gets no answer (the
 * server is gone: it stops there, so at most one write per record is left in doubt).
 */
export async function runWriter(base: string, ledger: Ledger, o: WriterOptions): Promise<void> {
  const headers = { 'trading-entity': ledger.book.bookId };
  for (let n = 0; !o.stop(); n++) {
    const w = nextWrite(ledger, o, n);
    ledger.writes.push(w);
    w.sentAt = Date.now();
    const key: Record<string, string> = w.key ? { 'idempotency-key': w.key } : {};
    const answer = await call(base, w.method, w.url, w.body, ledger.book.token, { ...headers, ...key });
    w.endedAt = Date.now();
    o.calls.push({ sentAt: w.sentAt, endedAt: w.endedAt, status: answer.status });
    w.status = answer.status;
    if (answer.status === null) {
      w.failure = answer.failure;
      if (w.kind === 'edit' && w.after) markPending(ledger, w, w.after);
      if (w.kind === 'delete') markPending(ledger, w, 'deleted');
      return;
    }
    w.outcome = answer.status < 300 ? 'acked' : 'refused';
    if (w.outcome === 'acked') acknowledge(ledger, w, answer.body, o.writer);
  }
}

function markPending(ledger: Ledger, w: Write, state: RecordState | 'deleted'): void {
  for (const id of w.ids) {
    const r = ledger.records.get(id);
    if (r) r.pending = { write: w, state };
  }
}

/** One client reading its book (accounts, a record, the month's totals) until told to stop or left unanswered. */
export async function runReader(base: string, ledger: Ledger, rng: Rng, stop: () => boolean, calls: CallRecord[]): Promise<number> {
  const headers = { 'trading-entity': ledger.book.bookId };
  let reads = 0;
  while (!stop()) {
    const ids = [...ledger.records.keys()];
    const url =
      rng() < 0.5 || !ids.length
        ? pick(rng, [ACCOUNTING_PATHS.accounts, ACCOUNTING_PATHS.monthSummary])
        : bookPath(ACCOUNTING_PATHS.get, { id: pick(rng, ids) });
    const sentAt = Date.now();
    const answer = await call(base, 'GET', url, undefined, ledger.book.token, headers);
    calls.push({ sentAt, endedAt: Date.now(), status: answer.status });
    if (answer.status === null) return reads;
    reads++;
  }
  return reads;
}
