import crypto from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** At most this many statement texts get a name; the rest run unnamed, as before (memory per connection stays bounded). */
export const PREPARED_MAX = 2000;

/** Only these may be prepared (a transaction's begin and commit go as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Never prepared: an upsert whose conflict target names a partial index by its predicate
 * (`ON CONFLICT (...) WHERE ...`). With parameters in that predicate PostgreSQL can match
 * the index only in a plan made for the values; a generic plan (after five runs) fails with
 * "no unique or exclusion constraint matching the ON CONFLICT specification".
 */
const UNPREPARABLE = /\bon\s+conflict\s*\([^)]*\)\s*where\b/i;

/**
 * Names each statement by its text, so every connection of the pool parses and plans it
 * once and then only binds and runs it (PostgreSQL keeps named statements per
 * connection, and after five runs may keep one generic plan). A light read's planning
 * cost as much as its execution: the flow's names, a month's totals. The text decides
 * the name, so one text is never prepared under two names and two texts never share one.
 */
export class StatementNames {
  /** Each text seen: its name, or null when it runs unnamed (checked once, not on every run). */
  private readonly names = new Map<string, string | null>();
  private named = 0;

  constructor(private readonly max = PREPARED_MAX) {}

  nameOf(text: string, parameters: number): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (this.named >= this.max) return undefined;
    const name =
      parameters === 0 || !PREPARABLE.test(text) || UNPREPARABLE.test(text)
        ? null
        : `cab_${crypto.createHash('sha1').update(text).digest('base64url')}`;
    if (name) this.named++;
    // Refusals are remembered up to as many again, so the map stays bounded.
    if (name || this.names.size < 2 * this.max) this.names.set(text, name);
    return name ?? undefined;
  }

  get size(): number {
    return this.named;
  }
}

function isCursor<R>(q: unknown): q is PostgresCursor<R> {
  return typeof q === 'object' && q !== null && 'read' in q;
}

/** Wraps a pg pool so that Kysely's statements run as named (prepared) statements. */
export function preparedPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  // One wrapper per pooled client: Kysely keeps its connection object by the client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = async <R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
      const name = names.nameOf(text, values.length);
      const res = await client.query({ text, values: values as unknown[], ...(name ? { name } : {}) });
      return res as unknown as PostgresQueryResult<R>;
    };
    return {
      query: ((q: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>) =>
        isCursor(q) ? client.query(q as never) : query(q, values ?? [])) as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
