-- Private zones (issue 29, docs/zones.md): a user's own CAB servers, where a book may
-- move, and the moves themselves.

-- A zone registered on the public zone: its address and the secret both sides sign the
-- server-to-server calls with (the public zone must sign too, so it keeps the secret
-- itself, not a hash). Revoking it ends every call at once.
CREATE TABLE private_zones (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL,
  base_url text NOT NULL,
  secret text NOT NULL,
  deployed_at timestamptz,
  last_seen_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX private_zones_user ON private_zones (user_id, id);

-- Where a book is, when not simply here: 'migrating' (moving out: read-only), 'incoming'
-- (moving in: not usable until the move ends), 'remote' (in zone_id; this side keeps only
-- its pointer: the books row, its roles and members). No row: the book lives here. It is not a column of books,
-- because the books row itself moves between zones.
CREATE TABLE book_zones (
  book_id bigint PRIMARY KEY,
  zone_id bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('migrating', 'incoming', 'remote')),
  changed_at timestamptz NOT NULL
);

-- A move of one book between zones, kept on both sides under the same id (the public
-- zone gives it). `source` says this side sends the rows; the sending side drives it: a
-- lease says which instance does, the cursor where it stands (resumed after a kill).
CREATE TABLE book_migrations (
  id bigint PRIMARY KEY,
  book_id bigint NOT NULL,
  zone_id bigint NOT NULL,
  migration_type text NOT NULL CHECK (migration_type IN ('public-to-private', 'private-to-public')),
  source boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('copying', 'verifying', 'cut_over', 'done', 'cancelled', 'failed')),
  -- Where the copy stands: the table being copied and the last key sent (text of the key's columns).
  cursor_table text,
  cursor_key text,
  tables_done integer NOT NULL DEFAULT 0,
  tables_total integer NOT NULL DEFAULT 0,
  rows_copied bigint NOT NULL DEFAULT 0,
  rows_total bigint NOT NULL DEFAULT 0,
  images_copied integer NOT NULL DEFAULT 0,
  images_total integer NOT NULL DEFAULT 0,
  -- The other side still has a copy to remove (a cancel or failure it was not reachable for).
  abort_pending boolean NOT NULL DEFAULT false,
  free_trial boolean NOT NULL DEFAULT false,
  -- The ledger entry that paid for it (null: the free first order, or a move back); reversed when it ends without a cut-over.
  charge_entry_id bigint,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  started_by bigint,
  lease_owner text,
  lease_until timestamptz,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- One migration under way per book.
CREATE UNIQUE INDEX book_migrations_open ON book_migrations (book_id) WHERE status IN ('copying', 'verifying', 'cut_over');
CREATE INDEX book_migrations_book ON book_migrations (book_id, migration_type, started_at DESC);
-- The job resuming moves whose instance died, and finishing cancels the other side missed.
CREATE INDEX book_migrations_pending ON book_migrations (lease_until) WHERE status IN ('copying', 'verifying', 'cut_over') OR abort_pending;
-- A user's first move to a private zone is free (首单免费).
CREATE INDEX book_migrations_starter ON book_migrations (started_by) WHERE migration_type = 'public-to-private';
-- The ids public zone migrations take (the zones keep the same id).
CREATE SEQUENCE book_migrations_id_seq;

-- The keys of the rows a receiving side took during a move, per table: rows of the book
-- this side had before (its pointer) that the sender no longer has are removed before the
-- check. Dropped when the move ends.
CREATE TABLE book_migration_keys (
  migration_id bigint NOT NULL,
  table_name text NOT NULL,
  key text NOT NULL,
  PRIMARY KEY (migration_id, table_name, key)
);
