import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { fillLargeBook } from '../../../test/large-book.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Plans are read on a book with rows (and statistics), as the planner meets them in use.
  const user = await buildUser(t);
  const book = await buildBook(t, user.token);
  expect(book.id).toBe('1');
  await fillLargeBook(t.db, { bookId: book.id, userId: user.userid, count: 5000, years: 1 });
});
afterAll(() => t.close());

/** The plan of a query as a big table would run it (small tables are read whole anyway). */
async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const rows = await t.db.transaction().execute(async (tx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    return sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(tx);
  });
  return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('recording queries lead with book_id and use their indexes', () => {
  it('month totals read the time index', async () => {
    const text = await plan(
      sql`SELECT sum(book_amount_minor) FROM transactions WHERE book_id = 1 AND deleted_at IS NULL AND transaction_time >= now() - interval '30 days' AND transaction_time < now()`,
    );
    expect(text).toMatch(/transactions_time_idx/);
    expect(text).toMatch(/Index Cond: \(+book_id = 1/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('recently used items read the recorder index', async () => {
    const text = await plan(
      sql`SELECT category_id FROM transactions WHERE book_id = 1 AND recorder_id = 2 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 200`,
    );
    expect(text).toMatch(/transactions_recorder_idx/);
  });

  it('whether a dimension is in use reads its own index', async () => {
    for (const [column, index] of [
      ['account_id', 'transactions_account_idx'],
      ['to_account_id', 'transactions_to_account_idx'],
      ['category_id', 'transactions_category_idx'],
      ['member_id', 'transactions_member_idx'],
      ['merchant_id', 'transactions_merchant_idx'],
      ['project_id', 'transactions_project_idx'],
    ] as const) {
      const text = await plan(
        sql`SELECT count(*) FROM transactions WHERE book_id = 1 AND ${sql.ref(column)} IN (5, 6) AND deleted_at IS NULL`,
      );
      expect(text, column).toMatch(new RegExp(index));
    }
  });

  it('a transaction, its images and the capacity sum read primary keys and the image index', async () => {
    expect(await plan(sql`SELECT * FROM transactions WHERE book_id = 1 AND id = 2`)).toMatch(/transactions_pkey/);
    expect(
      await plan(sql`SELECT id FROM book_images WHERE book_id = 1 AND transaction_id IN (2, 3) ORDER BY transaction_id, sort`),
    ).toMatch(/book_images_transaction_idx|book_images_pkey/);
    // The space a book (or a sharing relation) uses: an index-only sum (migration 0025).
    expect(await plan(sql`SELECT sum(size_bytes) FROM book_images WHERE book_id = 1`)).toMatch(/book_images_book_size/);
    expect(await plan(sql`SELECT sum(size_bytes) FROM book_images WHERE book_id IN (1, 2)`)).toMatch(/book_images_book_size/);
    expect(
      await plan(sql`SELECT sum(capacity_mb) FROM book_space_grants WHERE book_id IN (1, 2) AND starts_at <= now() AND ends_at > now()`),
    ).toMatch(/book_space_grants_book/);
  });
});
