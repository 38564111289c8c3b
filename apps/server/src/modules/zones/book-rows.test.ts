import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { BookRows, POINTER_TABLES, STAYING_TABLES } from './book-rows.ts';

/**
 * What a book is made of (docs/zones.md, "What moves"): every table with a book_id either
 * moves with the book or is named as staying. A new table fails here until someone decides.
 */
const MOVING = [
  'books',
  'book_roles',
  'book_users',
  'book_accounts',
  'book_categories',
  'book_labels',
  'transactions',
  'transaction_day_totals',
  'book_images',
  'book_activities',
  'book_recent_uses',
  'preferences',
  'book_invitations',
  'book_member_requests',
  'book_budgets',
  'budget_alerts',
  'book_premium_features',
  'community_threads',
  'community_comments',
  'community_events',
  'book_add_blocks',
  // The providers' trade ids an import recorded: the book skips them when a bill comes again wherever it lives.
  'book_import_refs',
];

let h: DatabaseHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(() => h.close());

describe('the tables of a book', () => {
  it('are every table with a book_id, moving or named as staying, in foreign key order', async () => {
    const res = await sql<{ table: string }>`
      SELECT c.relname AS table FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'book_id' AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`.execute(h.db);
    const withBookId = res.rows.map((r) => r.table);
    const { ordered } = await new BookRows(h.db).catalogue();
    const moving = ordered.map((t) => t.info.name);
    expect([...moving].sort()).toEqual([...MOVING].sort());
    for (const t of withBookId)
      expect(moving.includes(t) || STAYING_TABLES.has(t), `${t}: moves with the book, or stays (STAYING_TABLES)?`).toBe(true);
    // Parents before children: the book, then its roles, then its members.
    expect(moving.indexOf('books')).toBe(0);
    expect(moving.indexOf('book_roles')).toBeLessThan(moving.indexOf('book_users'));
    expect(moving.indexOf('book_categories')).toBeLessThan(moving.indexOf('transactions'));
    expect(moving.indexOf('book_budgets')).toBeLessThan(moving.indexOf('budget_alerts'));
    for (const p of POINTER_TABLES) expect(moving).toContain(p);
  });
});
