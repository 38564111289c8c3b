import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from './index.ts';
import type { DB } from './schema.ts';

/** From this many rows on, a batch goes as one JSON parameter instead of a VALUES list. */
export const BULK_FROM = 20;

const jsonOf = (rows: readonly object[]) => JSON.stringify(rows, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Inserts many rows of one shape in one statement with a single parameter: the rows as a
 * JSON array, expanded by jsonb_populate_recordset in their given order. A VALUES list
 * of 1,000 transactions binds 21,000 parameters, and parsing and planning that statement
 * cost more than writing the rows (bench/README.md). The first row's keys are the
 * columns written (the others take their defaults); every row must have them all, or its
 * missing ones are NULL. A jsonb column takes the value itself, not its JSON text.
 * Answers the inserted rows in the same order.
 */
export async function insertRows<T extends keyof DB & string>(
  db: Database,
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]> | Record<string, unknown>>,
): Promise<Array<Selectable<DB[T]>>> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const result = await sql<Selectable<DB[T]>>`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    SELECT ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
    FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${jsonOf(rows)}::jsonb) WITH ORDINALITY AS r
    ORDER BY r.ordinality
    RETURNING *`.execute(db);
  return result.rows;
}
