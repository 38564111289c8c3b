/**
 * The floors a bench row is read against: the same SQL run directly through the driver,
 * and an empty route of the same server for what any request costs.
 *
 * "The same SQL": every statement the server ran for one call, captured from an
 * in-process server's query log (kysely's log hook) while that call was made, then run
 * again, one after another, on a connection of the bench's own. Writes run inside a
 * transaction that commits, as the server's did (a rolled-back replay would skip the
 * commit's flush to disk, the largest part of a small write). On PostgreSQL they run as
 * named statements, as the server runs them (platform/db/prepared-pool.ts; CAB_PG_PREPARE=off
 * runs both unnamed): the floor pays no planning the server does not pay.
 */
import type { LogEvent } from 'kysely';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../../../apps/server/src/platform/db/index.ts';
import { StatementNames } from '../../../apps/server/src/platform/db/prepared-pool.ts';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Transaction control is left out of a capture: the replay opens and commits its own transaction. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)/i;

/** Collects the statements an in-process server runs while a call is being captured. */
export class StatementRecorder {
  private recording: Statement[] | undefined;

  readonly log = (e: LogEvent): void => {
    if (this.recording && e.level === 'query' && !TRANSACTION_CONTROL.test(e.query.sql))
      this.recording.push({ sql: e.query.sql, parameters: e.query.parameters });
  };

  async capture(call: () => Promise<Response>): Promise<Statement[]> {
    this.recording = [];
    try {
      const res = await call();
      const text = await res.text();
      if (!res.ok) throw new Error(`captured call answered ${res.status}: ${text.slice(0, 300)}`);
      return this.recording;
    } finally {
      this.recording = undefined;
    }
  }
}

/** Runs captured statements straight through a driver: `pg` on PostgreSQL, the same PGlite handle otherwise. */
export interface RawRunner {
  /** Runs the statements one after another; `write` wraps them in a transaction that commits. */
  run(statements: Statement[], write: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function pgRunner(url: string, connections = 1): Promise<RawRunner & { parallel(groups: Statement[][]): Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const names = process.env.CAB_PG_PREPARE === 'off' ? undefined : new StatementNames();
  const runOn = async (c: pg.Client, statements: Statement[], write: boolean) => {
    if (write) await c.query('BEGIN');
    for (const st of statements) {
      const name = names?.nameOf(st.sql, st.parameters.length);
      await c.query({ text: st.sql, values: [...st.parameters], ...(name ? { name } : {}) });
    }
    if (write) await c.query('COMMIT');
  };
  return {
    run: (statements, write) => runOn(clients[0]!, statements, write),
    // Several calls made at once, each on a connection of its own, as the server's pool does.
    parallel: async (groups) => {
      await Promise.all(groups.map((g, i) => runOn(clients[i % clients.length]!, g, false)));
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.end()));
    },
  };
}

export function pgliteRunner(db: Database): RawRunner & { parallel(groups: Statement[][]): Promise<void> } {
  const run = async (statements: Statement[], write: boolean) => {
    const exec = async (q: Pick<Database, 'executeQuery'>) => {
      for (const st of statements) await q.executeQuery(CompiledQuery.raw(st.sql, [...st.parameters]));
    };
    if (write) await db.transaction().execute(exec);
    else await exec(db);
  };
  return {
    run,
    // PGlite has one connection: calls made at once run one after another there too.
    parallel: async (groups) => {
      for (const g of groups) await run(g, false);
    },
    close: async () => undefined,
  };
}

export const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
export const percentile = (v: number[], p: number): number =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))] ?? NaN;

/** Times `runs` sequential runs of `fn` after `warm` uncounted ones; answers every duration in ms. */
export async function timeRuns(runs: number, fn: () => Promise<void>, warm = 5): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** Runs `count` calls `concurrency` at a time; answers rate and latencies. */
export async function timeConcurrent(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<void>,
): Promise<{ perSecond: number; times: number[] }> {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const s = performance.now();
        await fn(i);
        times.push(performance.now() - s);
      }
    }),
  );
  return { perSecond: count / ((performance.now() - t0) / 1000), times };
}
