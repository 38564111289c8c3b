import { sql, type RawBuilder } from 'kysely';
import type { ImageView } from './present-transaction.ts';
import type { TransactionView } from './transactions.repository.ts';

/** A row of `withNames`: the rows' own columns, the names they point at and their images. */
export type Named<R> = R & Omit<TransactionView, keyof R> & { images: ImageView[] };

/**
 * The rows a statement reads (whole transactions, `t`-columns), with the names of what each
 * points at and its images, in one statement: a page of the flow is then one round trip,
 * where it was three (the page, its names, its images). Every statement costs a round trip
 * and a socket write on the server. The names are scalar subqueries, not joins: the
 * planner searched the orders of eight joins for 2.5 ms (8 ms on PGlite, which cannot
 * keep a plan) to run them in 0.8 ms; as subqueries it plans in 0.3 ms and runs in 0.5
 * (bench/README.md). On PostgreSQL the plan is kept besides (platform/db/prepared-pool.ts).
 * `order` re-applies the rows' order to the named ones.
 */
export function withNames<R>(rows: RawBuilder<R>, order: RawBuilder<unknown>): RawBuilder<Named<R>> {
  return sql<Named<R>>`
    WITH p AS MATERIALIZED (${rows})
    SELECT p.*,
      (SELECT a.name FROM book_accounts a WHERE a.book_id = p.book_id AND a.id = p.account_id) AS account_name,
      (SELECT a.currency FROM book_accounts a WHERE a.book_id = p.book_id AND a.id = p.account_id) AS account_currency,
      (SELECT a.name FROM book_accounts a WHERE a.book_id = p.book_id AND a.id = p.to_account_id) AS to_account_name,
      (SELECT a.currency FROM book_accounts a WHERE a.book_id = p.book_id AND a.id = p.to_account_id) AS to_account_currency,
      c.name AS category_name, c.icon AS category_icon, c.type AS category_type,
      (SELECT pc.name FROM book_categories pc WHERE pc.book_id = c.book_id AND pc.id = c.parent_id) AS category_parent_name,
      (SELECT l.name FROM book_labels l WHERE l.book_id = p.book_id AND l.id = p.member_id) AS member_name,
      (SELECT l.name FROM book_labels l WHERE l.book_id = p.book_id AND l.id = p.merchant_id) AS merchant_name,
      (SELECT l.name FROM book_labels l WHERE l.book_id = p.book_id AND l.id = p.project_id) AS project_name,
      coalesce((SELECT u.nickname FROM users u WHERE u.id = p.recorder_id), '') AS recorder_name,
      coalesce((
        SELECT json_agg(json_build_object('id', i.id::text, 'size_bytes', i.size_bytes::text) ORDER BY i.sort, i.id)
        FROM book_images i WHERE i.book_id = p.book_id AND i.transaction_id = p.id
      ), '[]'::json) AS images
    FROM p
    LEFT JOIN book_categories c ON c.book_id = p.book_id AND c.id = p.category_id
    ORDER BY ${order}`;
}
