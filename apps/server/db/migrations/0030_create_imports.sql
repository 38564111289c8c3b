-- Imports of history from other apps' files (issue 31, docs/imports.md): the import
-- itself, the rows read from its file before they are recorded, and the providers' trade
-- ids a book has recorded (a file imported again skips them).

-- One import: its file (in private storage until the import ends), where it stands, and
-- who drives it now (a lease, as book_migrations: an instance that dies leaves it to the
-- next one). 'columns' waits for the user's column mapping (a sheet of any shape);
-- 'reading' stages the file's rows; 'ready' waits for the user's names and duplicates;
-- 'committing' records them, all or nothing; then 'done', 'failed' or 'cancelled'.
CREATE TABLE book_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  source text NOT NULL,
  file_name text NOT NULL,
  file_key text,
  file_size bigint NOT NULL,
  -- The column mapping and date format chosen; the sheet's header and first rows while 'columns'.
  options jsonb NOT NULL DEFAULT '{}',
  -- The file was a zip opened with a password, which is never stored: reading it again needs a new upload.
  protected boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('columns', 'reading', 'ready', 'committing', 'done', 'failed', 'cancelled')),
  rows_read integer NOT NULL DEFAULT 0,
  rows_skipped integer NOT NULL DEFAULT 0,
  rows_problem integer NOT NULL DEFAULT 0,
  rows_duplicate integer NOT NULL DEFAULT 0,
  -- What the user chose at the commit: names to dimensions, defaults, duplicates kept.
  choices jsonb,
  recorded integer NOT NULL DEFAULT 0,
  error_key text,
  error_params jsonb,
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX book_imports_book ON book_imports (book_id, id DESC);
-- The job's look for work nobody drives.
CREATE INDEX book_imports_open ON book_imports (lease_until) WHERE status IN ('reading', 'committing');

-- A file's rows as read: a record to make ('row'), a line skipped on purpose ('skip', a
-- closed trade) or a problem to show ('problem'); `data` is the converter's outcome. A
-- row repeating a record the book has (or an earlier row of the file) says which.
CREATE TABLE book_import_rows (
  book_id bigint NOT NULL,
  import_id bigint NOT NULL REFERENCES book_imports (id) ON DELETE CASCADE,
  line integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('row', 'skip', 'problem')),
  data jsonb NOT NULL,
  transaction_time timestamptz,
  amount_minor bigint,
  external_id text,
  duplicate text CHECK (duplicate IN ('ref', 'match', 'file')),
  duplicate_of bigint,
  PRIMARY KEY (book_id, import_id, line)
);
CREATE INDEX book_import_rows_external ON book_import_rows (book_id, import_id, external_id) WHERE external_id IS NOT NULL;

-- A provider's trade id recorded in the book, and the record it made: a second import of
-- the same bill skips it, and a refund finds the trade it returns.
CREATE TABLE book_import_refs (
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  source text NOT NULL,
  external_id text NOT NULL,
  transaction_id bigint NOT NULL,
  PRIMARY KEY (book_id, source, external_id),
  FOREIGN KEY (book_id, transaction_id) REFERENCES transactions (book_id, id) ON DELETE CASCADE
);
