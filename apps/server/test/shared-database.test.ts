import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { freshDatabase } from './harness.ts';

// The worker's one PGlite instance passes from file to file: what a file leaves behind
// must not reach the next (test/shared-database.ts). On PostgreSQL runs each file has a
// database of its own, and this holds as well.
it('hands the next file the seeded database, whatever the last one wrote', async () => {
  const first = await freshDatabase();
  const seeded = await counts(first);
  expect(seeded.templates, 'the seeded templates').toBeGreaterThan(0);
  const user = await first.db
    .insertInto('users')
    .values({ phone: '13900000009', nickname: 'left behind' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await first.db.deleteFrom('currency_rates').execute();
  await first.db.updateTable('book_templates').set({ use_count: '99' }).execute();
  await first.close();

  const next = await freshDatabase();
  try {
    expect(await counts(next)).toEqual(seeded);
    expect(await next.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await next.db.selectFrom('book_templates').select('id').where('use_count', '=', '99').execute()).toEqual([]);
    // Sequences start where the seeded database left them: ids are not carried over.
    const again = await next.db
      .insertInto('users')
      .values({ phone: '13900000009', nickname: 'new' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(again.id).toBe(user.id);
  } finally {
    await next.close();
  }
});

async function counts(h: Awaited<ReturnType<typeof freshDatabase>>) {
  const row = await sql<{ templates: string; rates: string; contents: string }>`
    SELECT (SELECT count(*) FROM book_templates) AS templates,
           (SELECT count(*) FROM currency_rates) AS rates,
           (SELECT count(*) FROM contents) AS contents`.execute(h.db);
  const r = row.rows[0]!;
  return { templates: Number(r.templates), rates: Number(r.rates), contents: Number(r.contents) };
}
