import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, buildUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { fillLargeBook } from '../../../test/large-book.ts';
import type { FlowFilter } from './flow-filter.ts';
import { pageQuery } from './flows.repository.ts';
import { groupsQuery, totalsQuery } from './statistics.repository.ts';

let t: TestApp;
let f: FlowFilter;
beforeAll(async () => {
  t = await startTestApp();
  const user = await buildUser(t);
  const book = await buildBook(t, user.token);
  await fillLargeBook(t.db, { bookId: book.id, userId: user.userid, count: 20_000, years: 2 });
  f = { bookId: book.id, timeZone: 'Asia/Shanghai', gaps: { dateGap: 1, dayGap: 1 } };
});
afterAll(() => t.close());

/** The plan of a statistics query as a big table would run it. */
async function plan(query: RawBuilder<unknown>): Promise<string> {
  const compiled = query.compile(t.db);
  const rows = await t.db.transaction().execute(async (tx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    return tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
  });
  const text = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  expect(text).not.toMatch(/Seq Scan on (transactions|transaction_day_totals)/);
  return text;
}

const month = { key: 'TIME_MONTH' as const, start: { y: 2026, m: 8, d: 1, h: 0 }, end: { y: 2026, m: 9, d: 1, h: 0 } };

describe('statistics queries lead with book_id and use their indexes', () => {
  it('a flow page, first or five hundredth, walks the time index (or the amount index) from its keyset position', async () => {
    expect(await plan(pageQuery(f, { sortBy: 'ACCOUNT_TIME', order: 'DESC', limit: 51 }))).toMatch(/transactions_time_idx/);
    const deep = await plan(
      pageQuery(f, { sortBy: 'ACCOUNT_TIME', order: 'DESC', limit: 51, after: { sortv: '1780000000000000', id: '900' } }),
    );
    expect(deep).toMatch(/Index (Only )?Scan using transactions_time_idx/);
    expect(deep).toMatch(/Index Cond: .*book_id = .*ROW\(transaction_time, id\) <|Index Cond: .*\(ROW\(transaction_time, id\) < ROW/s);
    const byAmount = await plan(pageQuery(f, { sortBy: 'AMOUNT', order: 'DESC', limit: 51, after: { sortv: '30000', id: '900' } }));
    expect(byAmount).toMatch(/transactions_amount_idx/);
  });

  it('a keyword reads the remark terms index of the book', async () => {
    const keyword = { text: '咖啡', categories: [], accounts: [], members: [], merchants: [], projects: [] };
    expect(await plan(totalsQuery({ ...f, keyword }, 'transactions'))).toMatch(/transactions_search_idx/);
  });

  it('a month by category, and a whole book by month, read the day totals by their key', async () => {
    const byCategory = await plan(
      groupsQuery(
        { ...f, period: month, types: ['Expense'] },
        { key: 'CATEGORY_SECOND', source: 'day-totals', sortBy: 'AMOUNT', order: 'DESC' },
      ),
    );
    expect(byCategory).toMatch(/transaction_day_totals_pkey/);
    expect(await plan(groupsQuery(f, { key: 'TIME_MONTH', source: 'day-totals', sortBy: 'GROUP_ID', order: 'ASC' }))).toMatch(
      /transaction_day_totals_pkey/,
    );
    expect(await plan(totalsQuery({ ...f, period: month }, 'day-totals'))).toMatch(/transaction_day_totals_pkey/);
  });

  it("a month by member, and an account's flow, read the book's transaction indexes", async () => {
    expect(
      await plan(groupsQuery({ ...f, period: month }, { key: 'MEMBER', source: 'transactions', sortBy: 'AMOUNT', order: 'DESC' })),
    ).toMatch(/transactions_time_idx/);
    const account = await plan(pageQuery({ ...f, accounts: ['101'] }, { sortBy: 'ACCOUNT_TIME', order: 'DESC', limit: 51 }));
    expect(account).toMatch(/transactions_(time|account|to_account)_idx/);
  });
});
