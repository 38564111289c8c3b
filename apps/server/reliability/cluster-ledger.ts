/**
 * What the cluster test's writes were told, and the database held to it afterwards: every
 * acknowledged create there exactly once, every acknowledged edit's amount kept unless a
 * later write may have changed it, every acknowledged delete done.
 *
 * Each created transaction carries a marker of its own in its remark (`#m<n>`), so a
 * create applied twice (a retry recorded again) shows as two rows with one marker, even
 * where the client never learnt the second row's id. An edit replaces the remark, so an
 * acknowledged row may lose its marker: a row that still carries it under another id is
 * then the duplicate.
 */
import { ACCOUNTING_PATHS, moneyToMinor, type TransactionInput } from '@cab/contracts';
import crypto from 'node:crypto';
import pg from 'pg';
import type { Planned } from './load-mix.ts';

const CREATES = new Set<string>([ACCOUNTING_PATHS.expense, ACCOUNTING_PATHS.income, ACCOUNTING_PATHS.transfer]);
const MARKER = /#m(\d+)\b/;

interface Created {
  /** The id the acknowledgement gave; undefined while unanswered, or when no attempt was ever acknowledged. */
  id: string | undefined;
}

/** A write on an existing transaction, in the order they were sent (one at a time per transaction: load-mix's `take`). */
type Touch = { kind: 'edit'; acked: boolean; amount?: string } | { kind: 'delete'; acked: boolean };

interface AnsweredTransaction {
  id: string;
  amount: string;
  remark: string;
}

export interface LedgerReport {
  /** Creates sent (a batch counts each of its transactions) and acknowledged. */
  creates: number;
  acknowledged: number;
  editsAcknowledged: number;
  deletesAcknowledged: number;
  /** Transactions whose amount was compared with their last acknowledged write. */
  amountsChecked: number;
  /** Everything the database has that the ledger does not allow; empty when all is well. */
  problems: string[];
}

export class WriteLedger {
  private next = 0;
  private readonly created = new Map<number, Created>();
  /** Acknowledged creates' amounts by id: the state a transaction starts from. */
  private readonly initial = new Map<string, string>();
  private readonly touches = new Map<string, Touch[]>();

  /**
   * The same mix, each create's remark marked and each batch given an Idempotency-Key (the
   * web's saves carry one; the mix's import did not need it on one instance), and what
   * each write was answered written down once its last attempt is over.
   */
  wrap(plan: () => Planned): () => Planned {
    return () => {
      const p = plan();
      if (p.method === 'POST' && (CREATES.has(p.url) || p.url === ACCOUNTING_PATHS.batch)) return this.creating(p);
      if (p.method === 'PATCH' && p.url.startsWith(ACCOUNTING_PATHS.update.replace(':id', ''))) return this.editing(p);
      if (p.method === 'DELETE' && p.url === ACCOUNTING_PATHS.remove) return this.deleting(p);
      return p;
    };
  }

  private mark(t: TransactionInput): TransactionInput {
    const n = this.next++;
    this.created.set(n, { id: undefined });
    return { ...t, remark: `${t.remark ?? ''} #m${n}`.trim() };
  }

  private creating(p: Planned): Planned {
    const batch = p.url === ACCOUNTING_PATHS.batch;
    const body = batch
      ? { transaction_vo_list: (p.body as { transaction_vo_list: TransactionInput[] }).transaction_vo_list.map((t) => this.mark(t)) }
      : this.mark(p.body as TransactionInput);
    return {
      ...p,
      body,
      headers: { 'idempotency-key': crypto.randomUUID(), ...p.headers },
      done: (answer) => {
        const data = (answer as { data: AnsweredTransaction | AnsweredTransaction[] }).data;
        for (const t of Array.isArray(data) ? data : [data]) {
          const n = Number(MARKER.exec(t.remark)?.[1]);
          const entry = this.created.get(n);
          if (entry) entry.id = t.id;
          this.initial.set(t.id, t.amount);
        }
        p.done?.(answer);
      },
    };
  }

  private touching(p: Planned, id: string, touch: Touch, onDone: (answer: unknown) => void): Planned {
    const list = this.touches.get(id) ?? [];
    this.touches.set(id, list);
    return {
      ...p,
      done: (answer) => {
        touch.acked = true;
        onDone(answer);
        p.done?.(answer);
      },
      settle: () => {
        list.push(touch);
        p.settle?.();
      },
    };
  }

  private editing(p: Planned): Planned {
    const id = p.url.split('/').pop() ?? '';
    const touch: Touch = { kind: 'edit', acked: false };
    return this.touching(p, id, touch, (answer) => {
      touch.amount = (answer as { data: AnsweredTransaction }).data.amount;
    });
  }

  private deleting(p: Planned): Planned {
    const ids = (p.body as { ids: string[] }).ids;
    const [id] = ids;
    if (ids.length !== 1 || id === undefined) return p;
    return this.touching(p, id, { kind: 'delete', acked: false }, () => undefined);
  }

  /** Holds the database (read directly, not through CAB) to what the writes were told. */
  async check(databaseUrl: string): Promise<LedgerReport> {
    const problems: string[] = [];
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    let rows: Array<{ id: string; remark: string; amount_minor: string; deleted: boolean }>;
    try {
      const ids = [...new Set([...this.touches.keys(), ...this.initial.keys()])];
      const answer = await c.query<{ id: string; remark: string; amount_minor: string; deleted: boolean }>(
        `SELECT id::text AS id, remark, amount_minor::text AS amount_minor, deleted_at IS NOT NULL AS deleted
           FROM transactions WHERE remark ~ '#m[0-9]+' OR id::text = ANY($1::text[])`,
        [ids],
      );
      rows = answer.rows;
    } finally {
      await c.end();
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const byMarker = new Map<number, string[]>();
    for (const r of rows) {
      const m = MARKER.exec(r.remark);
      if (!m) continue;
      const n = Number(m[1]);
      byMarker.set(n, [...(byMarker.get(n) ?? []), r.id]);
    }

    // Creates: each acknowledged one there, and no marker on two rows (nor on a row it was not answered with).
    let acknowledged = 0;
    for (const [n, entry] of this.created) {
      const holders = byMarker.get(n) ?? [];
      if (entry.id !== undefined) {
        acknowledged++;
        if (!byId.has(entry.id)) problems.push(`create #m${n} was acknowledged as ${entry.id}, which is not in the database`);
        const others = holders.filter((id) => id !== entry.id);
        if (others.length) problems.push(`create #m${n} (acknowledged as ${entry.id}) was recorded again as ${others.join(', ')}`);
      } else if (holders.length > 1) {
        problems.push(`create #m${n}, never acknowledged, was recorded ${holders.length} times: ${holders.join(', ')}`);
      }
    }
    for (const n of byMarker.keys()) if (!this.created.has(n)) problems.push(`a row carries #m${n}, a marker this run never sent`);

    // Edits and deletes: the last write sent decides, when it was acknowledged.
    let editsAcknowledged = 0;
    let deletesAcknowledged = 0;
    let amountsChecked = 0;
    for (const id of new Set([...this.initial.keys(), ...this.touches.keys()])) {
      const list = this.touches.get(id) ?? [];
      editsAcknowledged += list.filter((t) => t.kind === 'edit' && t.acked).length;
      deletesAcknowledged += list.filter((t) => t.kind === 'delete' && t.acked).length;
      const row = byId.get(id);
      if (!row) {
        if (this.initial.has(id) || list.some((t) => t.acked))
          problems.push(`transaction ${id} was acknowledged but is not in the database`);
        continue;
      }
      const ackedDelete = list.some((t) => t.kind === 'delete' && t.acked);
      const anyDelete = list.some((t) => t.kind === 'delete');
      if (ackedDelete && !row.deleted) problems.push(`transaction ${id}: its delete was acknowledged, but it is live`);
      if (row.deleted && !anyDelete) problems.push(`transaction ${id} is deleted, but no delete of it was sent`);
      const last = list[list.length - 1];
      // An unanswered write last may or may not have landed: either state is right.
      const expected = last === undefined ? this.initial.get(id) : last.kind === 'edit' && last.acked ? last.amount : undefined;
      if (expected === undefined) continue;
      amountsChecked++;
      if (moneyToMinor(expected) !== BigInt(row.amount_minor))
        problems.push(`transaction ${id}: amount ${row.amount_minor} (minor units), acknowledged ${expected}`);
    }
    return { creates: this.created.size, acknowledged, editsAcknowledged, deletesAcknowledged, amountsChecked, problems };
  }
}
