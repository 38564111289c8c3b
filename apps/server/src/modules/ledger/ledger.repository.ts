import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

export type AccountKind = 'wallet' | 'book_service' | 'revenue' | 'clearing' | 'promotion' | 'refund';

export interface PostingRow {
  account_id: string;
  amount: string;
}

export interface EntryRow {
  id: string;
  idempotency_key: string;
  kind: string;
  reverses_id: string | null;
  order_no: string | null;
  memo: string;
  created_at: Date;
}

/**
 * SQL of the banana-shell ledger (migration 0021). Balances are never written here: the
 * posting trigger moves them. Every method takes the caller's transaction handle.
 */
export class LedgerRepository {
  /** The account's id, made on first use (a user's wallet, a book's service balance). */
  async accountId(tx: Database, kind: AccountKind, ownerId: string, mustNotOverdraw: boolean): Promise<string> {
    const found = await this.findAccount(tx, kind, ownerId);
    if (found) return found;
    await tx
      .insertInto('ledger_accounts')
      .values({ kind, owner_id: ownerId, must_not_overdraw: mustNotOverdraw })
      .onConflict((oc) => oc.constraint('ledger_accounts_owner').doNothing())
      .execute();
    // Made here, or by a writer that raced this one to it.
    const made = await this.findAccount(tx, kind, ownerId);
    if (!made) throw new Error(`ledger account ${kind} ${ownerId} was not made`);
    return made;
  }

  private async findAccount(tx: Database, kind: AccountKind, ownerId: string): Promise<string | undefined> {
    return (await this.owned(tx, kind, ownerId).select('id').executeTakeFirst())?.id;
  }

  /** The one account of a kind an owner has (the unique ledger_accounts_owner). */
  private owned(tx: Database, kind: AccountKind, ownerId: string) {
    return tx.selectFrom('ledger_accounts').where('kind', '=', kind).where('owner_id', '=', ownerId);
  }

  /**
   * The accounts' balances, each row locked until the transaction ends (in id order, so
   * two writers never wait for each other in a circle): a second purchase racing for the
   * same shells reads the balance the first one left.
   */
  async lockBalances(tx: Database, ids: readonly string[]): Promise<Map<string, { balance: bigint; mustNotOverdraw: boolean }>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .selectFrom('ledger_accounts')
      .select(['id', 'balance', 'must_not_overdraw'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
    return new Map(rows.map((r) => [r.id, { balance: BigInt(r.balance), mustNotOverdraw: r.must_not_overdraw }]));
  }

  /**
   * Writes the entry and its postings in one statement, and answers the entry's id; or
   * writes nothing and answers undefined when its key was used before (the caller
   * compares). One statement: one round trip, and nothing that names the new entry's id
   * from outside it.
   */
  async insertEntry(
    tx: Database,
    e: { key: string; kind: string; reversesId: string | null; orderNo: string | null; memo: string; at: Date },
    postings: ReadonlyArray<{ accountId: string; amount: bigint }>,
  ): Promise<string | undefined> {
    const rows = sql.join(postings.map((p) => sql`(${p.accountId}::bigint, ${p.amount.toString()}::bigint)`));
    const res = await sql<{ id: string }>`
      WITH entry AS (
        INSERT INTO ledger_entries (idempotency_key, kind, reverses_id, order_no, memo, created_at)
        VALUES (${e.key}, ${e.kind}, ${e.reversesId}::bigint, ${e.orderNo}, ${e.memo}, ${e.at})
        ON CONFLICT ON CONSTRAINT ledger_entries_key DO NOTHING
        RETURNING id
      ), posted AS (
        INSERT INTO ledger_postings (entry_id, account_id, amount)
        SELECT entry.id, p.account_id, p.amount FROM entry, (VALUES ${rows}) AS p (account_id, amount)
      )
      SELECT id::text AS id FROM entry`.execute(tx);
    return res.rows[0]?.id;
  }

  entryByKey(tx: Database, key: string): Promise<EntryRow | undefined> {
    return tx.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  entryById(tx: Database, id: string): Promise<EntryRow | undefined> {
    return tx.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The entry that reverses `id`, if there is one. */
  reversalOf(tx: Database, id: string): Promise<EntryRow | undefined> {
    return tx.selectFrom('ledger_entries').selectAll().where('reverses_id', '=', id).executeTakeFirst();
  }

  postingsOf(tx: Database, entryId: string): Promise<PostingRow[]> {
    return tx
      .selectFrom('ledger_postings')
      .select(['account_id', 'amount'])
      .where('entry_id', '=', entryId)
      .orderBy('account_id')
      .execute();
  }

  async balance(tx: Database, accountId: string): Promise<bigint> {
    const row = await tx.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirst();
    return BigInt(row?.balance ?? '0');
  }

  /** The balance of an owner's account, 0 when it was never used (nothing made on a read). */
  async balanceOf(tx: Database, kind: AccountKind, ownerId: string): Promise<bigint> {
    return BigInt((await this.owned(tx, kind, ownerId).select('balance').executeTakeFirst())?.balance ?? '0');
  }

  /**
   * What an audit finds wrong, which should always be nothing: entries whose postings do
   * not sum to zero (or have fewer than two), accounts whose kept balance is not the sum of
   * their postings, and overdrawn accounts that must not be.
   */
  async audit(tx: Database): Promise<{ unbalanced: string[]; mismatched: string[]; overdrawn: string[] }> {
    const unbalanced = await sql<{ id: string }>`
      SELECT e.id FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
      GROUP BY e.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.account_id) < 2 ORDER BY e.id`.execute(tx);
    const mismatched = await sql<{ id: string }>`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total,
                        sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS out_total,
                        sum(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS in_total
                   FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
      WHERE a.balance <> coalesce(s.total, 0) OR a.debits <> coalesce(s.out_total, 0) OR a.credits <> coalesce(s.in_total, 0)
      ORDER BY a.id`.execute(tx);
    const overdrawn = await tx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('must_not_overdraw', '=', true)
      .where('balance', '<', '0')
      .execute();
    return {
      unbalanced: unbalanced.rows.map((r) => r.id),
      mismatched: mismatched.rows.map((r) => r.id),
      overdrawn: overdrawn.map((r) => r.id),
    };
  }
}
