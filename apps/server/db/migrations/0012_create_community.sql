-- The book's community (issue 14, docs/community.md): threads, comments and what happened.
-- A thread with book_id NULL is an official announcement (written by the operator command).
-- Texts are stored as given; the web shows them as text.
CREATE TABLE community_threads (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id          bigint REFERENCES books(id) ON DELETE CASCADE,
  -- NULL for official threads (the operator writes them).
  author_id        bigint REFERENCES users(id) ON DELETE SET NULL,
  subject          text NOT NULL,
  message          text NOT NULL,
  tags             text[] NOT NULL DEFAULT '{}',
  pinned           boolean NOT NULL DEFAULT false,
  pinned_at        timestamptz,
  reply_count      integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz
);
-- Every tab pages on (pinned, last_activity_at, id), newest first, within one book (NULL: official).
CREATE INDEX community_threads_list_idx
  ON community_threads (book_id, pinned DESC, last_activity_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE community_comments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id     bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  thread_id   bigint NOT NULL REFERENCES community_threads(id) ON DELETE CASCADE,
  -- 0: a comment on the thread; else the comment it answers.
  parent_id   bigint NOT NULL DEFAULT 0,
  author_id   bigint REFERENCES users(id) ON DELETE SET NULL,
  message     text NOT NULL,
  reply_count integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A thread's comments (parent 0) or a comment's replies, oldest first (keyset: id).
CREATE INDEX community_comments_thread_idx ON community_comments (book_id, thread_id, parent_id, id);

-- What happened in a book's community, newest first (keyset: id).
CREATE TABLE community_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id    bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('thread.posted', 'thread.pinned', 'thread.unpinned', 'comment.posted')),
  thread_id  bigint NOT NULL REFERENCES community_threads(id) ON DELETE CASCADE,
  comment_id bigint,
  actor_id   bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX community_events_latest_idx ON community_events (book_id, id DESC);
