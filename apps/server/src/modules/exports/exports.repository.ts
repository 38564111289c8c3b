import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.ts';
import { rowCount } from '../../platform/db/row-count.ts';
import { transactionConditions } from '../statistics/filter-sql.ts';
import type { FlowFilter } from '../statistics/flow-filter.ts';

/** SQL of exports besides the flow's own pages (statistics/flows.repository.ts). */
export class ExportsRepository {
  constructor(private readonly db: Database) {}

  /** How many records the filter keeps, counted no further than `max` (the answer is then `max`). */
  async countUpTo(f: FlowFilter, max: number): Promise<number> {
    const r = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM transactions t WHERE ${transactionConditions(f)} LIMIT ${rowCount(max)}) x`.execute(
      this.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async bookName(bookId: string): Promise<string> {
    const row = await this.db.selectFrom('books').select('name').where('id', '=', bookId).executeTakeFirst();
    return row?.name ?? '';
  }
}
