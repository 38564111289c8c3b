-- Flows and statistics (issue 9): a book's report settings, the keyword index, the
-- amount order, and the day totals that long-range reports read.

-- SPEC 9: reports follow the book's time zone; its month starts on date_gap (dateGap,
-- 1-28) and its week on day_gap (dayGap, 1 Monday ... 7 Sunday).
ALTER TABLE books
  ADD COLUMN time_zone text NOT NULL DEFAULT 'Asia/Shanghai',
  ADD COLUMN date_gap smallint NOT NULL DEFAULT 1 CHECK (date_gap BETWEEN 1 AND 28),
  ADD COLUMN day_gap smallint NOT NULL DEFAULT 1 CHECK (day_gap BETWEEN 1 AND 7);

-- Keyword search over remarks. Chinese words are one or two characters long, which a
-- trigram index cannot find, so remarks are indexed by every character and every pair of
-- characters (lower case). Each term carries the book id ("42:咖啡"), so the index is
-- divided by book as if it led with book_id: a book's search never reads another's terms.
-- A keyword's own terms must all be present; `lower(remark) LIKE` then confirms the match.
CREATE FUNCTION cab_search_terms(book bigint, t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT book::text || ':' || g), '{}')
  FROM (SELECT lower(t) AS s) x,
       LATERAL (SELECT substr(x.s, i, 1) AS g FROM generate_series(1, length(x.s)) i
                UNION ALL
                SELECT substr(x.s, i, 2) FROM generate_series(1, length(x.s) - 1) i) grams
$$;
CREATE INDEX transactions_search_idx ON transactions USING gin (cab_search_terms(book_id, remark)) WHERE deleted_at IS NULL;

-- Flows sorted by amount walk this index, as flows by time walk transactions_time_idx.
CREATE INDEX transactions_amount_idx ON transactions (book_id, book_amount_minor DESC, id DESC) WHERE deleted_at IS NULL;

-- Day totals: for every book, local day (in the book's time zone), type and category,
-- what its live transactions add up to. Every write of transactions changes these rows
-- in the same database transaction, so a report over months or years reads a few
-- thousand rows instead of every transaction. Changing a book's time zone rebuilds its
-- rows. category_id 0 is "no category". Templates are not counted.
CREATE TABLE transaction_day_totals (
  book_id       bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  day           date NOT NULL,
  business_type text NOT NULL,
  category_id   bigint NOT NULL,
  -- Sum of book_amount_minor (signed as stored), of its absolute value, of what went
  -- into and out of accounts, and the number of transactions.
  amount_minor  bigint NOT NULL DEFAULT 0,
  abs_minor     bigint NOT NULL DEFAULT 0,
  inflow_minor  bigint NOT NULL DEFAULT 0,
  outflow_minor bigint NOT NULL DEFAULT 0,
  count         bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (book_id, day, business_type, category_id)
);

INSERT INTO transaction_day_totals (book_id, day, business_type, category_id, amount_minor, abs_minor, inflow_minor, outflow_minor, count)
SELECT t.book_id, (t.transaction_time AT TIME ZONE b.time_zone)::date, t.business_type, coalesce(t.category_id, 0),
       sum(t.book_amount_minor), sum(abs(t.book_amount_minor)),
       sum(CASE WHEN t.account_delta_minor > 0 THEN abs(t.book_amount_minor) ELSE 0 END
         + CASE WHEN t.to_account_delta_minor > 0 THEN abs(t.book_amount_minor) ELSE 0 END),
       sum(CASE WHEN t.account_delta_minor < 0 THEN abs(t.book_amount_minor) ELSE 0 END
         + CASE WHEN t.to_account_delta_minor < 0 THEN abs(t.book_amount_minor) ELSE 0 END),
       count(*)
FROM transactions t JOIN books b ON b.id = t.book_id
WHERE t.deleted_at IS NULL AND t.business_type <> 'Template'
GROUP BY 1, 2, 3, 4;

-- The planner's figures for the new table (a large existing book would otherwise be read as if it were small).
ANALYZE transaction_day_totals;
