/**
 * A generator for large books: fills a book made through the real API with `count`
 * transactions spread over `years` (expenses, incomes and transfers across its
 * categories, accounts, members, merchants and projects, remarks from a word list), in
 * set-based INSERT ... SELECT chunks, then sets the account balances to the sum of the
 * movements. Deterministic: the same count gives the same book. For the statistics and
 * flow benchmarks (issue 9) and the tests of query plans; an import, so it writes no
 * per-record activity rows. Its day totals are counted afresh at the end, as after any import.
 */
import { sql } from 'kysely';
import { DayTotalsRepository } from '../src/modules/accounting/day-totals.repository.ts';
import type { Database } from '../src/platform/db/index.ts';

export interface LargeBookOptions {
  bookId: string;
  userId: string;
  count: number;
  years: number;
  /** The last instant of the spread (default: now). */
  end?: Date;
  chunk?: number;
  onProgress?: (done: number) => void;
}

/** Words the remarks are made of, so keyword searches have something to find. */
export const REMARK_WORDS = [
  '早餐',
  '午饭',
  '晚饭',
  '咖啡',
  '地铁',
  '打车',
  '超市',
  '水果',
  '房租',
  '电费',
  '话费',
  '电影',
  '书',
  '礼物',
  '工资',
  '奖金',
  '报销',
  '加油',
  '停车',
  '快递',
];

const ids = async (db: Database, q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(db)).rows.map((r) => String(r.id));

export async function fillLargeBook(db: Database, o: LargeBookOptions): Promise<void> {
  const { bookId } = o;
  const expense = await ids(
    db,
    sql`SELECT id FROM book_categories WHERE book_id = ${bookId} AND type = 'Expense' AND parent_id IS NOT NULL ORDER BY id`,
  );
  const income = await ids(
    db,
    sql`SELECT id FROM book_categories WHERE book_id = ${bookId} AND type = 'Income' AND parent_id IS NOT NULL ORDER BY id`,
  );
  const accounts = await ids(db, sql`SELECT id FROM book_accounts WHERE book_id = ${bookId} ORDER BY id`);
  const labels = async (kind: string) => ids(db, sql`SELECT id FROM book_labels WHERE book_id = ${bookId} AND kind = ${kind} ORDER BY id`);
  const [members, merchants, projects] = [await labels('member'), await labels('merchant'), await labels('project')];
  if (!expense.length || !income.length || accounts.length < 2)
    throw new Error('the book needs expense and income categories and two accounts');
  const end = (o.end ?? new Date()).getTime();
  const span = o.years * 365.25 * 86_400_000;
  const start = end - span;
  const chunk = o.chunk ?? 50_000;
  const arr = (v: string[]) => sql`${sql.val(v.length ? v : ['0'])}::bigint[]`;
  const pick = (v: string[], salt: number) => (v.length ? sql`(${arr(v)})[1 + ((i * ${salt}) % ${v.length})]` : sql`NULL::bigint`);
  for (let from = 0; from < o.count; from += chunk) {
    const to = Math.min(o.count, from + chunk) - 1;
    await sql`
      INSERT INTO transactions (book_id, business_type, amount_minor, currency, book_amount_minor, account_id, account_delta_minor,
        to_account_id, to_account_delta_minor, category_id, member_id, merchant_id, project_id, remark, search_terms,
        transaction_time, recorder_id, created_at, updated_at)
      SELECT ${bookId}, k.type, k.amount, 'CNY', k.amount, (${arr(accounts)})[1 + (i % ${accounts.length})],
        CASE k.type WHEN 'Income' THEN k.amount ELSE -k.amount END,
        CASE k.type WHEN 'Transfer' THEN (${arr(accounts)})[1 + ((i + 1) % ${accounts.length})] END,
        CASE k.type WHEN 'Transfer' THEN k.amount ELSE 0 END,
        CASE k.type WHEN 'Expense' THEN ${pick(expense, 31)} WHEN 'Income' THEN ${pick(income, 17)} END,
        CASE WHEN i % 3 = 0 THEN ${pick(members, 7)} END,
        CASE WHEN i % 4 = 0 THEN ${pick(merchants, 11)} END,
        CASE WHEN i % 5 = 0 THEN ${pick(projects, 13)} END,
        k.remark, cab_search_terms(${bookId}::bigint, k.remark),
        to_timestamp((${start}::float8 + i::float8 * ${span / o.count}::float8 + ((i * 7919) % 3600000)) / 1000.0),
        ${o.userId}, now(), now()
      FROM generate_series(${from}::bigint, ${to}::bigint) AS i,
      LATERAL (SELECT CASE WHEN i % 20 < 15 THEN 'Expense' WHEN i % 20 < 18 THEN 'Income' ELSE 'Transfer' END AS type,
                      ((i * 104729) % 50000 + 100)::bigint AS amount,
                      (${sql.val(REMARK_WORDS)}::text[])[1 + ((i * 37) % ${REMARK_WORDS.length})] || ' ' || i AS remark) k`.execute(db);
    o.onProgress?.(to + 1);
  }
  // Balances are the sum of the movements, as the write path keeps them.
  await sql`
    UPDATE book_accounts a SET balance_minor = coalesce(m.total, 0)
    FROM (SELECT id, sum(delta) AS total FROM (
            SELECT account_id AS id, account_delta_minor AS delta FROM transactions WHERE book_id = ${bookId} AND deleted_at IS NULL
            UNION ALL
            SELECT to_account_id, to_account_delta_minor FROM transactions WHERE book_id = ${bookId} AND deleted_at IS NULL AND to_account_id IS NOT NULL
          ) d GROUP BY id) m
    WHERE a.book_id = ${bookId} AND a.id = m.id`.execute(db);
  await new DayTotalsRepository().rebuild(db, bookId);
  await sql`ANALYZE transactions`.execute(db);
  await sql`ANALYZE transaction_day_totals`.execute(db);
}
