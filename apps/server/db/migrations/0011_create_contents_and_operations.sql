-- The market's content and the home page's operations (issue 13, docs/market.md).

-- Home tags: the topics of the info flow. A user's choice overrides each tag's default.
CREATE TABLE content_tags (
  code             text PRIMARY KEY,
  name             text NOT NULL,
  name_en          text NOT NULL,
  sort_order       integer NOT NULL DEFAULT 0,
  default_selected boolean NOT NULL DEFAULT true
);
CREATE TABLE user_home_tags (
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tag_code    text NOT NULL REFERENCES content_tags(code) ON DELETE CASCADE,
  is_selected boolean NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tag_code)
);

-- Articles and videos an operator publishes (npm run cab -- content). `code` is the operator's
-- handle for editing and withdrawing; body_html is sanitised to the allow-list when written.
CREATE TABLE contents (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  type             text NOT NULL CHECK (type IN ('0', '1')),
  content_category text NOT NULL DEFAULT '0' CHECK (content_category IN ('0', '1')),
  title            text NOT NULL,
  summary          text NOT NULL DEFAULT '',
  author           text NOT NULL DEFAULT '',
  body_html        text NOT NULL DEFAULT '',
  cover_url        text NOT NULL DEFAULT '',
  video_url        text NOT NULL DEFAULT '',
  duration_seconds integer NOT NULL DEFAULT 0,
  width_height     text NOT NULL DEFAULT '16:9' CHECK (width_height ~ '^[1-9][0-9]{0,4}:[1-9][0-9]{0,4}$'),
  template_id      bigint REFERENCES book_templates(id) ON DELETE SET NULL,
  -- The keyword index's terms of the title, summary and body text (accounting/search-terms.ts,
  -- scoped 'content'): the array finds candidates, LIKE on lower(search_text) confirms.
  search_terms     text[] NOT NULL DEFAULT '{}',
  search_text      text NOT NULL DEFAULT '',
  collect_count    bigint NOT NULL DEFAULT 0,
  published_at     timestamptz,
  withdrawn_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- The info flow: what is published, the latest first.
CREATE INDEX contents_published_idx ON contents (published_at DESC, id DESC) WHERE withdrawn_at IS NULL AND published_at IS NOT NULL;
CREATE INDEX contents_search_idx ON contents USING gin (search_terms);
CREATE TABLE content_tag_links (
  content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  tag_code   text NOT NULL REFERENCES content_tags(code) ON DELETE CASCADE,
  PRIMARY KEY (tag_code, content_id)
);
CREATE INDEX content_tag_links_content_idx ON content_tag_links (content_id);
CREATE TABLE content_collections (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, content_id)
);
CREATE INDEX content_collections_latest_idx ON content_collections (user_id, created_at DESC, content_id DESC);

-- Operations: info-flow cards, guides (by classification) and popups (by popup code).
CREATE TABLE operations (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  placement      text NOT NULL CHECK (placement IN ('infoFlow', 'guide', 'popup')),
  classification text NOT NULL DEFAULT '',
  title          text NOT NULL,
  text           text NOT NULL DEFAULT '',
  link           text NOT NULL DEFAULT '',
  style          text NOT NULL DEFAULT 'card',
  image          text NOT NULL DEFAULT '',
  share_title    text,
  share_path     text,
  share_image    text,
  style_items    jsonb NOT NULL DEFAULT '[]',
  position       integer NOT NULL DEFAULT 0,
  starts_at      timestamptz,
  ends_at        timestamptz,
  withdrawn_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operations_placement_idx ON operations (placement, classification, position);
-- Guides and popups are shown once per user: a row here means it has been shown.
CREATE TABLE operation_views (
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  operation_id bigint NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
  shown_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, operation_id)
);
