-- The keyword index over stored terms (issue 12). The GIN index over the expression
-- cab_search_terms(book_id, remark) evaluated that SQL function for every row written,
-- which cost more than writing the row: an import of 1,000 records spent 17 of its 40 ms
-- of INSERT there (bench/README.md). The server now writes the same terms with the row
-- (src/modules/accounting/search-terms.ts); the function fills them in for the rows
-- written before, and stays for that.
ALTER TABLE transactions ADD COLUMN search_terms text[];
UPDATE transactions SET search_terms = cab_search_terms(book_id, remark);
ALTER TABLE transactions ALTER COLUMN search_terms SET NOT NULL;
DROP INDEX transactions_search_idx;
CREATE INDEX transactions_search_idx ON transactions USING gin (search_terms) WHERE deleted_at IS NULL;
