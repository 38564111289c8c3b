/**
 * Holds a restarted server and its database to the workload's ledger (workload.ts):
 * every acknowledged write is there, every refused one is not, every unanswered one is
 * there whole or not at all, an unanswered write sent again with its Idempotency-Key is
 * applied once, and every account's balance is what its transactions add up to.
 */
import {
  ACCOUNTING_PATHS,
  AccountListResponse,
  TransactionListResponse,
  TransactionResponse,
  bookPath,
  moneyToMinor,
} from '@cab/contracts';
import { sql } from 'kysely';
import type { Database } from '../src/platform/db/index.ts';
import { call } from './client.ts';
import { sameState, stateOf, type Ledger, type RecordState, type Tracked, type Write } from './workload.ts';

const show = (v: unknown) => JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
/** JSON with keys in order: a replayed answer comes back from a jsonb column, which keeps no key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

/** What a record may be now: where the acknowledged writes left it, or what its unanswered write would make it. */
function allowed(r: Tracked): Array<RecordState | 'deleted'> {
  return r.pending ? [r.state, r.pending.state] : [r.state];
}

function matches(options: Array<RecordState | 'deleted'>, actual: RecordState | 'deleted'): boolean {
  return options.some((o) => (o === 'deleted' || actual === 'deleted' ? o === actual : sameState(o, actual)));
}

/** The signed movement of each account by a record in this state (ACCOUNT_DIRECTION; all accounts share a currency). */
export function movements(s: RecordState): Array<[string, bigint]> {
  const amount = s.amount ?? 0n;
  if (s.type === 'Transfer')
    return [
      [s.account, -amount],
      [s.toAccount ?? '', s.toAmount],
    ];
  return [[s.account, s.type === 'Expense' ? -amount : amount]];
}

/**
 * Through the API of the restarted server: every record the client knows by id is as
 * the ledger allows (deleted ones answer 404). Returns how many records were read.
 */
export async function checkRecordsThroughApi(base: string, ledger: Ledger): Promise<number> {
  const { token, bookId } = ledger.book;
  const problems: string[] = [];
  for (const r of ledger.records.values()) {
    const a = await call(base, 'GET', bookPath(ACCOUNTING_PATHS.get, { id: r.id }), undefined, token, { 'trading-entity': bookId });
    const actual = a.status === 404 ? 'deleted' : a.status === 200 ? stateOf(TransactionResponse.parse(a.body).data) : null;
    if (actual === null) problems.push(`${r.id}: ${show(a)}`);
    else if (!matches(allowed(r), actual)) problems.push(`${r.id} is ${show(actual)}; allowed ${show(allowed(r))}`);
  }
  if (problems.length) throw new Error(`book ${bookId} through the API:\n${problems.slice(0, 20).join('\n')}`);
  return ledger.records.size;
}

/**
 * Sends every unanswered write that carried an Idempotency-Key again, twice: the first
 * retry records it (or answers what the lost attempt recorded), the second must answer
 * the same records. Returns how many were retried.
 */
export async function retryUnanswered(base: string, ledger: Ledger): Promise<number> {
  const { token, bookId } = ledger.book;
  let retried = 0;
  for (const w of ledger.writes.filter((x) => x.outcome === 'unanswered' && x.key)) {
    const headers = { 'trading-entity': bookId, 'idempotency-key': w.key ?? '' };
    const first = await call(base, w.method, w.url, w.body, token, headers);
    const again = await call(base, w.method, w.url, w.body, token, headers);
    if (first.status === null || first.status >= 300) throw new Error(`retry of ${w.tag}: ${show(first)}`);
    if (again.status !== first.status || canonical(again.body) !== canonical(first.body)) {
      throw new Error(`a second retry of ${w.tag} answered differently: ${show(first)} then ${show(again)}`);
    }
    const made = w.kind === 'batch' ? TransactionListResponse.parse(first.body).data : [TransactionResponse.parse(first.body).data];
    if (w.kind === 'edit') {
      const r = ledger.records.get(w.ids[0] ?? '');
      const now = made[0] ? stateOf(made[0]) : null;
      if (!r || !w.after || !now || !sameState(w.after, now)) throw new Error(`retry of edit ${w.tag} answered ${show(made)}`);
      [r.state, r.pending] = [w.after, null];
    } else {
      if (made.length !== w.creates.length) throw new Error(`retry of ${w.tag} answered ${made.length} records`);
      w.ids = made.map((t) => t.id);
      for (const [i, t] of made.entries()) {
        const s = w.creates[i] as RecordState;
        if (!sameState(s, stateOf(t))) throw new Error(`retry of ${w.tag} answered ${show(t)}`);
        ledger.records.set(t.id, { id: t.id, state: { ...s, amount: moneyToMinor(t.amount) }, pending: null, writer: -1 });
      }
    }
    w.retried = true;
    retried++;
  }
  return retried;
}

/** The balances the API shows, for comparing with the database. */
export async function balancesThroughApi(base: string, ledger: Ledger): Promise<Map<string, bigint>> {
  const { token, bookId } = ledger.book;
  const a = await call(base, 'GET', ACCOUNTING_PATHS.accounts, undefined, token, { 'trading-entity': bookId });
  if (a.status !== 200) throw new Error(`accounts: ${show(a)}`);
  const accounts = AccountListResponse.parse(a.body).data.flatMap((g) => g.accounts);
  return new Map(accounts.map((x) => [x.id, moneyToMinor(x.balance)]));
}

interface Row {
  id: string;
  business_type: string;
  amount_minor: string;
  account_id: string | null;
  account_delta_minor: string;
  to_account_id: string | null;
  to_account_delta_minor: string;
  category_id: string | null;
  remark: string;
  deleted_at: Date | string | null;
}

function rowState(r: Row): RecordState | 'deleted' {
  if (r.deleted_at !== null) return 'deleted';
  const transfer = r.business_type === 'Transfer';
  return {
    type: r.business_type as RecordState['type'],
    account: r.account_id ?? '',
    toAccount: r.to_account_id,
    amount: BigInt(r.amount_minor),
    toAmount: transfer ? BigInt(r.to_account_delta_minor) : 0n,
    category: r.category_id,
    remark: r.remark,
  };
}

export interface DatabaseFigures {
  /** Acknowledged writes (and answered retries) held to the database. */
  acked: number;
  /** Unanswered writes (not retried) found applied whole, and found absent. */
  applied: number;
  absent: number;
}

/**
 * Directly in the database (the server stopped): every row of the book is one the
 * ledger accounts for, in a state it allows; a batch or a delete of several records is
 * all there or all absent; the stored movements are the amounts'; and each account's
 * balance is its opening balance plus its transactions' movements, which is also the
 * sum of the stored ones and what the API showed.
 */
export async function checkDatabase(db: Database, ledger: Ledger, apiBalances: Map<string, bigint>): Promise<DatabaseFigures> {
  const { bookId, opening } = ledger.book;
  const problems: string[] = [];
  const rows: Row[] = await db.selectFrom('transactions').selectAll().where('book_id', '=', bookId).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byRemark = new Map<string, Row[]>();
  for (const r of rows) byRemark.set(r.remark, [...(byRemark.get(r.remark) ?? []), r]);

  // Records known by id: as the ledger allows.
  for (const t of ledger.records.values()) {
    const row = byId.get(t.id);
    if (!row) problems.push(`record ${t.id} is missing`);
    else if (!matches(allowed(t), rowState(row))) problems.push(`record ${t.id} is ${show(rowState(row))}; allowed ${show(allowed(t))}`);
  }
  // Creates whose answer never came: every record of the write or none (exactly once when retried).
  const unknownCreates = new Map<string, Write>();
  for (const w of ledger.writes.filter((x) => x.outcome === 'unanswered' && x.kind !== 'edit' && x.kind !== 'delete' && !x.retried)) {
    const found = w.creates.map((s) => byRemark.get(s.remark) ?? []);
    if (found.some((f) => f.length > 1) || new Set(found.map((f) => f.length)).size > 1) {
      problems.push(`unanswered ${w.kind} ${w.tag} is half-applied: ${found.map((f) => f.length).join(',')} rows per record`);
    }
    for (const [i, f] of found.entries()) {
      for (const row of f) {
        if (!matches([w.creates[i] as RecordState], rowState(row))) problems.push(`unanswered ${w.tag} made ${show(rowState(row))}`);
        unknownCreates.set(row.id, w);
      }
    }
  }
  // Deletes of several records whose answer never came: all or none.
  for (const w of ledger.writes.filter((x) => x.outcome === 'unanswered' && x.kind === 'delete')) {
    const gone = new Set(w.ids.map((id) => byId.get(id)?.deleted_at !== null));
    if (gone.size > 1) problems.push(`unanswered delete ${w.tag} of ${w.ids.join(',')} is half-applied`);
  }
  // Nothing else: a row the client never learnt of belongs to an unanswered create, never to a refused one.
  for (const r of rows) {
    if (!ledger.records.has(r.id) && !unknownCreates.has(r.id))
      problems.push(`row ${r.id} (${r.remark}) comes from no write that may be there`);
  }
  // Each row's stored movements are its amounts' (an edit moved the account with the record).
  for (const r of rows) {
    const s = rowState({ ...r, deleted_at: null }) as RecordState;
    const [[, delta] = ['', 0n], [, toDelta] = ['', 0n]] = movements(s);
    const stored = [BigInt(r.account_delta_minor), BigInt(r.to_account_delta_minor)];
    if (stored[0] !== delta || stored[1] !== toDelta) problems.push(`row ${r.id} stores movements ${show(stored)} for ${show(s)}`);
  }
  // Balances: opening + the live records' movements = the stored sum = the row = what the API showed.
  const accounts = await db.selectFrom('book_accounts').select(['id', 'balance_minor']).where('book_id', '=', bookId).execute();
  const expected = new Map(accounts.map((a) => [a.id, opening.get(a.id) ?? 0n]));
  const storedSum = new Map(accounts.map((a) => [a.id, 0n]));
  for (const r of rows.filter((x) => x.deleted_at === null)) {
    for (const [account, m] of movements(rowState(r) as RecordState)) expected.set(account, (expected.get(account) ?? 0n) + m);
    if (r.account_id) storedSum.set(r.account_id, (storedSum.get(r.account_id) ?? 0n) + BigInt(r.account_delta_minor));
    if (r.to_account_id) storedSum.set(r.to_account_id, (storedSum.get(r.to_account_id) ?? 0n) + BigInt(r.to_account_delta_minor));
  }
  for (const a of accounts) {
    const figures = [BigInt(a.balance_minor), expected.get(a.id), storedSum.get(a.id), apiBalances.get(a.id)];
    if (new Set(figures.map(String)).size !== 1) problems.push(`account ${a.id}: balance, model, stored sum, API = ${show(figures)}`);
  }
  // The day totals (what statistics read) hold the same live records.
  const totals = await sql<{ business_type: string; amount: string; count: string }>`
    SELECT business_type, sum(amount_minor)::text AS amount, sum(count)::text AS count
    FROM transaction_day_totals WHERE book_id = ${bookId} GROUP BY business_type HAVING sum(count) <> 0 OR sum(amount_minor) <> 0`.execute(
    db,
  );
  const live = await sql<{ business_type: string; amount: string; count: string }>`
    SELECT business_type, sum(book_amount_minor)::text AS amount, count(*)::text AS count
    FROM transactions WHERE book_id = ${bookId} AND deleted_at IS NULL GROUP BY business_type`.execute(db);
  const key = (x: { business_type: string; amount: string; count: string }) => `${x.business_type}:${x.amount}:${x.count}`;
  if (show(totals.rows.map(key).sort()) !== show(live.rows.map(key).sort())) {
    problems.push(`day totals ${show(totals.rows)} differ from the live records ${show(live.rows)}`);
  }
  if (problems.length) throw new Error(`book ${bookId} in the database:\n${problems.slice(0, 20).join('\n')}`);
  // Which unanswered writes (not retried) got through before the connection ended.
  const through = (w: Write) =>
    w.kind === 'edit' || w.kind === 'delete'
      ? w.ids.every((id) => {
          const row = byId.get(id);
          return row !== undefined && matches([w.kind === 'delete' ? 'deleted' : (w.after as RecordState)], rowState(row));
        })
      : w.creates.every((s) => byRemark.has(s.remark));
  const open = ledger.writes.filter((w) => w.outcome === 'unanswered' && !w.retried);
  return {
    acked: ledger.writes.filter((w) => w.outcome === 'acked' || w.retried).length,
    applied: open.filter(through).length,
    absent: open.filter((w) => !through(w)).length,
  };
}
