-- Cloud space (issue 28, docs/cloud.md): space packages, the space they give a book, books
-- sharing one book's rented space, and the functions users apply for.

-- A package is either days of a premium feature or MB of space for days.
ALTER TABLE packages ADD COLUMN capacity_mb integer CHECK (capacity_mb BETWEEN 1 AND 10485760);
ALTER TABLE packages ALTER COLUMN feature_code DROP NOT NULL;
ALTER TABLE packages ADD CONSTRAINT packages_feature_or_space CHECK ((feature_code IS NULL) <> (capacity_mb IS NULL));

-- Orders are the user's trade records and outlive a book purged after its restore window
-- (its purge deletes the book's rows; these would have stopped it): they keep its id.
ALTER TABLE purchasing_orders DROP CONSTRAINT purchasing_orders_book_id_fkey;
ALTER TABLE service_orders DROP CONSTRAINT service_orders_book_id_fkey;

ALTER TABLE purchasing_orders DROP CONSTRAINT purchasing_orders_kind_check;
ALTER TABLE purchasing_orders ADD CONSTRAINT purchasing_orders_kind_check CHECK (kind IN ('package', 'role', 'space'));

-- What a paid space package gave a book: MB from its start to its end (the end of a local
-- day in the book's time zone). It counts while starts_at <= now < ends_at; nothing here
-- is deleted when it ends. The flags say the owner was told, each once.
CREATE TABLE book_space_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  order_no text NOT NULL,
  combo_id text NOT NULL REFERENCES packages (combo_id),
  capacity_mb integer NOT NULL CHECK (capacity_mb > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  told_ending_at timestamptz,
  told_ended_at timestamptz,
  CONSTRAINT book_space_grants_order UNIQUE (order_no),
  CONSTRAINT book_space_grants_period CHECK (ends_at > starts_at)
);
CREATE INDEX book_space_grants_book ON book_space_grants (book_id, ends_at);
-- The notices job: grants whose end is still to be told.
CREATE INDEX book_space_grants_untold ON book_space_grants (ends_at) WHERE told_ended_at IS NULL;

-- A book sharing a main book's rented space: applied, then active (agreed) or rejected;
-- an active one ends untied. Rows stay as the history; a book has one open row at most.
CREATE TABLE book_space_shares (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('applied', 'active', 'rejected', 'untied')),
  applicant_id bigint NOT NULL REFERENCES users (id),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  untied_by bigint REFERENCES users (id),
  untied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT book_space_shares_not_self CHECK (book_id <> main_book_id)
);
CREATE UNIQUE INDEX book_space_shares_open ON book_space_shares (book_id) WHERE status IN ('applied', 'active');
CREATE INDEX book_space_shares_main ON book_space_shares (main_book_id, status);

-- Functions a user applies for and the operator reviews (SPEC 3: biz_type, biz_code).
CREATE TABLE function_applies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  biz_type text NOT NULL,
  biz_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'approved', 'rejected')),
  remark text NOT NULL DEFAULT '',
  applied_at timestamptz NOT NULL,
  decided_at timestamptz,
  CONSTRAINT function_applies_once UNIQUE (user_id, biz_type, biz_code)
);
CREATE INDEX function_applies_open ON function_applies (applied_at) WHERE status = 'applied';

-- What is on sale when CAB starts: 1 GB for 30 days and 5 GB for a year.
INSERT INTO packages (combo_id, name, name_en, feature_code, capacity_mb, days, sell_price, original_price, position) VALUES
  ('cloud_1g_30', '1 GB 云空间 30 天', '1 GB of cloud space, 30 days', NULL, 1024, 30, 600, 0, 1),
  ('cloud_5g_365', '5 GB 云空间 365 天', '5 GB of cloud space, 365 days', NULL, 5120, 365, 9800, 12000, 2);

-- The space a book's images take, summed on every upload and capacity read: an index-only
-- scan by book instead of reading the book's image rows.
CREATE INDEX book_images_book_size ON book_images (book_id) INCLUDE (size_bytes);
