import { sql, type RawBuilder } from 'kysely';
import type { ImageView } from './present-transaction.ts';
import type { TransactionView } from './transactions.repository.ts';

/** A row of `withNames`: the rows' own columns, the names they point at and their images. */
export type Named<R> = R & Omit<TransactionView, keyof R> & { images: ImageView[] };

/**
 * The rows a statement reads (whole transactions, `t`-columns), with the names of what each
 * points at and its images, in one statement: a page of the flow is then one round trip,
 * where it was three (the page, its names, its images). Every statement costs a round trip
 * and a socket write on the server (about 0.3 ms on these machines, bench/README.md); the
 * planning of the joins is paid once per connection, the statement being prepared
 * (platform/db/prepared-pool.ts). `order` re-applies the rows' order to the joined ones.
 */
export function withNames<R>(rows: RawBuilder<R>, order: RawBuilder<unknown>): RawBuilder<Named<R>> {
  return sql<Named<R>>`
    WITH p AS MATERIALIZED (${rows})
    SELECT p.*,
      a.name AS account_name, a.currency AS account_currency,
      ta.name AS to_account_name, ta.currency AS to_account_currency,
      c.name AS category_name, c.icon AS category_icon, c.type AS category_type, pc.name AS category_parent_name,
      lm.name AS member_name, lc.name AS merchant_name, lp.name AS project_name,
      coalesce(u.nickname, '') AS recorder_name,
      coalesce((
        SELECT json_agg(json_build_object('id', i.id::text, 'size_bytes', i.size_bytes::text) ORDER BY i.sort, i.id)
        FROM book_images i WHERE i.book_id = p.book_id AND i.transaction_id = p.id
      ), '[]'::json) AS images
    FROM p
    LEFT JOIN book_accounts a ON a.book_id = p.book_id AND a.id = p.account_id
    LEFT JOIN book_accounts ta ON ta.book_id = p.book_id AND ta.id = p.to_account_id
    LEFT JOIN book_categories c ON c.book_id = p.book_id AND c.id = p.category_id
    LEFT JOIN book_categories pc ON pc.book_id = c.book_id AND pc.id = c.parent_id
    LEFT JOIN book_labels lm ON lm.book_id = p.book_id AND lm.id = p.member_id
    LEFT JOIN book_labels lc ON lc.book_id = p.book_id AND lc.id = p.merchant_id
    LEFT JOIN book_labels lp ON lp.book_id = p.book_id AND lp.id = p.project_id
    LEFT JOIN users u ON u.id = p.recorder_id
    ORDER BY ${order}`;
}
