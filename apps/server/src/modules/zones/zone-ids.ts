import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';

/** Each zone's ids start here: zone id × 2^40, so rows made in a zone keep their ids when its books move back. */
export const zoneIdFloor = (zoneId: string): bigint => BigInt(zoneId) * 2n ** 40n;

/**
 * On a private zone, every sequence is brought up to the zone's floor (once: a sequence
 * past it is left alone). The public zone's ids stay below 2^40, a zone's within its own
 * range, so moved rows and rows made after never collide (docs/zones.md, "Ids").
 */
export async function raiseSequences(db: Database, zoneId: string): Promise<number> {
  const floor = zoneIdFloor(zoneId).toString();
  const res = await sql<{ name: string; below: boolean }>`
    SELECT c.relname AS name, s.last_value < ${floor}::bigint AS below
    FROM pg_class c JOIN pg_sequences s ON s.sequencename = c.relname AND s.schemaname = current_schema()
    WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  let raised = 0;
  for (const r of res.rows) {
    // A sequence never used has no last_value (null): it is below too.
    if (r.below === false) continue;
    await sql`SELECT setval(quote_ident(${r.name})::regclass, ${floor}::bigint, false)`.execute(db);
    raised++;
  }
  return raised;
}
