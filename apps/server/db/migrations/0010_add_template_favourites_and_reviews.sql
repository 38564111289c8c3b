-- The market (issue 13): the templates a user keeps, and what users say of them.

-- A template's review count, kept with the review writes in one transaction (use_count's twin).
ALTER TABLE book_templates ADD COLUMN review_count bigint NOT NULL DEFAULT 0;

-- A user's favourite templates, the latest kept first.
CREATE TABLE template_collections (
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id bigint NOT NULL REFERENCES book_templates(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, template_id)
);
CREATE INDEX template_collections_latest_idx ON template_collections (user_id, created_at DESC, template_id DESC);

-- One review per user and template: posting again edits it (and brings it to the top).
-- Stored as given; the web shows it as text.
CREATE TABLE template_reviews (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template_id bigint NOT NULL REFERENCES book_templates(id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (template_id, user_id)
);
-- A template's reviews, the latest written first (keyset: updated_at, id).
CREATE INDEX template_reviews_latest_idx ON template_reviews (template_id, updated_at DESC, id DESC);
