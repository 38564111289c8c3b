import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from './index.ts';
import type { DB } from './schema.ts';

/** From this many rows on, a batch goes as one JSON parameter instead of a VALUES list. */
export const BULK_FROM = 20;

/**
 * The rows as JSON, bigints as their digits. JSON.stringify refuses a bigint; a replacer
 * function would take it off its fast path for every row (5 ms for 1,000 transactions),
 * so callers that can send digits already do, and only the others pay for the replacer.
 */
function jsonOf(rows: readonly object[]): string {
  try {
    return JSON.stringify(rows);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(rows, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
}

/**
 * Inserts many rows of one shape in one statement with a single parameter: the rows as a
 * JSON array, expanded by jsonb_populate_recordset in their given order. A VALUES list
 * of 1,000 transactions binds 21,000 parameters, and parsing and planning that statement
 * cost more than writing the rows (bench/README.md). The first row's keys are the
 * columns written (the others take their defaults); every row must have them all, or its
 * missing ones are NULL. A jsonb column takes the value itself, not its JSON text.
 * Answers the inserted rows in the same order: the columns `returning` names (all by
 * default, none with an empty list: reading back what was just sent costs as much again).
 */
export async function insertRows<
  T extends keyof DB & string,
  C extends keyof Selectable<DB[T]> & string = keyof Selectable<DB[T]> & string,
>(
  db: Database,
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]> | Record<string, unknown>>,
  returning?: readonly C[],
): Promise<Array<Pick<Selectable<DB[T]>, C>>> {
  if (!rows.length) return [];
  return (await insertRowsSql<T, C>(table, rows, returning).execute(db)).rows;
}

/** The statement of insertRows, to run inside a larger one (a data-modifying WITH); `rows` must not be empty. */
export function insertRowsSql<T extends keyof DB & string, C extends keyof Selectable<DB[T]> & string = keyof Selectable<DB[T]> & string>(
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]> | Record<string, unknown>>,
  returning?: readonly C[],
): RawBuilder<Pick<Selectable<DB[T]>, C>> {
  const columns = Object.keys(rows[0] ?? {});
  const answer =
    returning === undefined ? sql`RETURNING *` : returning.length ? sql`RETURNING ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``;
  return sql<Pick<Selectable<DB[T]>, C>>`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    SELECT ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
    FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${jsonOf(rows)}::jsonb) WITH ORDINALITY AS r
    ORDER BY r.ordinality
    ${answer}`;
}
