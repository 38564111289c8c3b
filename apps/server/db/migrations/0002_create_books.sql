-- The template catalogue: two levels of template categories, and templates whose
-- content (category trees, accounts, members, merchants, projects) is copied into a
-- new book. Seeded at start-up from db/seed (idempotent, by code).
CREATE TABLE template_categories (
  code        text PRIMARY KEY,
  parent_code text REFERENCES template_categories(code),
  name        text NOT NULL,
  name_en     text NOT NULL,
  sort        integer NOT NULL DEFAULT 0
);

CREATE TABLE book_templates (
  id            bigint PRIMARY KEY,
  code          text NOT NULL UNIQUE,
  category_code text NOT NULL REFERENCES template_categories(code),
  name          text NOT NULL,
  description   text NOT NULL,
  cover         text NOT NULL,
  icon          text NOT NULL,
  currency      text NOT NULL DEFAULT 'CNY',
  template_type text NOT NULL DEFAULT '2',
  content       jsonb NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  use_count     bigint NOT NULL DEFAULT 0
);
CREATE INDEX book_templates_category_idx ON book_templates (category_code, sort);

CREATE TABLE cover_materials (
  id   bigint PRIMARY KEY,
  name text NOT NULL,
  url  text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

-- A book; its id is the trading entity. Deleting sets deleted_at: the owner can
-- restore it until purge_after, then the purge job removes it and all its data.
CREATE TABLE books (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name             text NOT NULL,
  remark           text NOT NULL DEFAULT '',
  icon             text NOT NULL DEFAULT '',
  cover            text NOT NULL DEFAULT '',
  book_template_id bigint REFERENCES book_templates(id),
  currency         text NOT NULL DEFAULT 'CNY',
  creator_id       bigint NOT NULL REFERENCES users(id),
  min_version      text NOT NULL DEFAULT '',
  target_version   text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz,
  deleted_by       bigint REFERENCES users(id),
  purge_after      timestamptz
);
CREATE INDEX books_purge_idx ON books (purge_after) WHERE purge_after IS NOT NULL;

-- Who is in a book and with which role. A user's book lists read it by user_id.
CREATE TABLE book_users (
  book_id   bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  user_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role      text NOT NULL CHECK (role IN ('owner', 'admin', 'bookkeeper', 'viewer')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, user_id)
);
CREATE INDEX book_users_user_idx ON book_users (user_id, book_id);

-- The dimensions a transaction is recorded against, copied from the template.
CREATE TABLE book_categories (
  book_id   bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id        bigint GENERATED ALWAYS AS IDENTITY,
  parent_id bigint,
  type      text NOT NULL CHECK (type IN ('Expense', 'Income')),
  name      text NOT NULL,
  icon      text NOT NULL DEFAULT '',
  hidden    boolean NOT NULL DEFAULT false,
  sort      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (book_id, id)
);
CREATE INDEX book_categories_tree_idx ON book_categories (book_id, type, parent_id, sort);

CREATE TABLE book_accounts (
  book_id       bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id            bigint GENERATED ALWAYS AS IDENTITY,
  group_name    text NOT NULL,
  name          text NOT NULL,
  type          text NOT NULL,
  currency      text NOT NULL DEFAULT 'CNY',
  balance_minor bigint NOT NULL DEFAULT 0,
  hidden        boolean NOT NULL DEFAULT false,
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (book_id, id)
);

-- Members, merchants and projects share one shape; `kind` tells them apart. A member
-- may stand for a user of the book (the owner's default member does).
CREATE TABLE book_labels (
  book_id bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id      bigint GENERATED ALWAYS AS IDENTITY,
  kind    text NOT NULL CHECK (kind IN ('member', 'merchant', 'project')),
  name    text NOT NULL,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  hidden  boolean NOT NULL DEFAULT false,
  sort    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (book_id, id)
);
CREATE INDEX book_labels_kind_idx ON book_labels (book_id, kind, sort);

-- Who changed what in a book.
CREATE TABLE book_activities (
  book_id bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id      bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  action  text NOT NULL,
  entity  text NOT NULL,
  entity_id text NOT NULL,
  before  jsonb,
  after   jsonb,
  at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);

-- Books a user opened, newest first.
CREATE TABLE book_recent_uses (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  book_id bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, book_id)
);
CREATE INDEX book_recent_uses_user_idx ON book_recent_uses (user_id, used_at DESC);

-- Key/value preferences per user; book_id 0 means user-wide, otherwise that book's.
CREATE TABLE preferences (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  book_id    bigint NOT NULL DEFAULT 0,
  key        text NOT NULL,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, book_id, key)
);
