-- "Don't ask again" (issue 25, docs/members.md, "Adding by phone"): a user who declines a
-- book's request to add them may stop that book from asking again. Later adds from the
-- book are answered as any other add and send nothing. The user lets the book ask again
-- from their personal info page; the row goes with the user or the book.
CREATE TABLE book_add_blocks (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  book_id    bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, book_id)
);
-- A book's purge deletes its blocks through this index.
CREATE INDEX book_add_blocks_book_idx ON book_add_blocks (book_id);
