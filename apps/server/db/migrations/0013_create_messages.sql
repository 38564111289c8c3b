-- The message center (issue 14): what users are told, their kept unread counts, and the
-- moderation queue that reports land in.

-- One row per message of one user. A deleted message is deleted (no tombstone): nothing
-- reads it again. Messages about a book go with it when the book is purged.
-- Batched kinds (a member's records in a shared book) keep one unread row per
-- (user, book, kind, batch_key) whose count grows; once read, the next event starts a new one.
CREATE TABLE messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  book_id    bigint REFERENCES books(id) ON DELETE CASCADE,
  kind       text NOT NULL,
  params     jsonb NOT NULL DEFAULT '{}',
  link       text NOT NULL DEFAULT '',
  state      text NOT NULL DEFAULT 'unread' CHECK (state IN ('unread', 'read')),
  batch_key  text,
  count      integer NOT NULL DEFAULT 1 CHECK (count >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A user's messages, newest first (keyset: id), all of them or one book's.
CREATE INDEX messages_user_latest_idx ON messages (user_id, id DESC);
-- book key 0: the messages about the user alone (what message_counters.book_key says).
CREATE INDEX messages_user_book_latest_idx ON messages (user_id, (coalesce(book_id, 0)), id DESC);
-- The one open (unread) batch a batched event grows.
CREATE UNIQUE INDEX messages_open_batch_idx ON messages (user_id, book_id, kind, batch_key)
  WHERE state = 'unread' AND batch_key IS NOT NULL;

-- Kept counts per (user, book): a summary reads O(books) rows, never the messages.
-- book_id is null for messages about the user alone; book_key (0 then) is the key.
-- Changed in the same transaction (the same statement) as every insert, read and delete.
CREATE TABLE message_counters (
  user_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  book_id  bigint REFERENCES books(id) ON DELETE CASCADE,
  book_key bigint GENERATED ALWAYS AS (coalesce(book_id, 0)) STORED,
  unread   bigint NOT NULL DEFAULT 0 CHECK (unread >= 0),
  total    bigint NOT NULL DEFAULT 0 CHECK (total >= 0),
  PRIMARY KEY (user_id, book_key)
);

-- messageCenter/toReport: a message, thread or comment a user reports; an operator
-- reviews them (npm run cab -- moderation). One open report per user and target.
CREATE TABLE moderation_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('message', 'thread', 'comment')),
  target_id   bigint NOT NULL,
  reason      text NOT NULL,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  decision    text CHECK (decision IN ('keep', 'remove')),
  resolved_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX moderation_reports_open_idx ON moderation_reports (reporter_id, target_type, target_id) WHERE status = 'open';
-- The operator's queue, oldest open first.
CREATE INDEX moderation_reports_queue_idx ON moderation_reports (status, id);
