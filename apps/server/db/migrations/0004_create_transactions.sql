-- Recording: transactions with their account movements, images, exchange rates and
-- idempotency keys.

-- The pickers reserve ids -1 (recent use), 0 (the empty item) and 1 (the root 'all'):
-- real categories and accounts start above them.
SELECT setval(pg_get_serial_sequence('book_categories', 'id'), GREATEST(COALESCE((SELECT max(id) FROM book_categories), 0), 100));
SELECT setval(pg_get_serial_sequence('book_accounts', 'id'), GREATEST(COALESCE((SELECT max(id) FROM book_accounts), 0), 100));
SELECT setval(pg_get_serial_sequence('book_labels', 'id'), GREATEST(COALESCE((SELECT max(id) FROM book_labels), 0), 100));

-- Units of CNY for one unit of each currency. Seeded with reference rates; an operator
-- keeps them current with `npm run cab -- rates set USD=7.12 ...` (docs/operations.md).
CREATE TABLE currency_rates (
  currency   text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  rate       numeric(24, 10) NOT NULL CHECK (rate > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO currency_rates (currency, rate) VALUES
  ('CNY', 1), ('USD', 7.1), ('EUR', 7.7), ('GBP', 9.0), ('HKD', 0.91), ('MOP', 0.88), ('TWD', 0.22),
  ('JPY', 0.047), ('KRW', 0.0051), ('SGD', 5.3), ('AUD', 4.6), ('CAD', 5.1), ('THB', 0.2), ('MYR', 1.6);

-- A transaction moves at most two accounts. account_delta_minor and to_account_delta_minor
-- are the signed amounts added to them (in each account's currency), so an account's
-- balance is always the sum of its deltas over live transactions; the write that changes
-- a transaction changes book_accounts.balance_minor in the same database transaction.
CREATE TABLE transactions (
  book_id                bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id                     bigint GENERATED ALWAYS AS IDENTITY,
  business_type          text NOT NULL CHECK (business_type IN ('Expense', 'Income', 'Transfer', 'Balance', 'Balance_Changed',
                           'Liability_Changed', 'Creditor_Changed', 'Loan', 'Borrow', 'Collection', 'Repayment', 'Payment',
                           'Reimbursement', 'Refund', 'Template')),
  amount_minor           bigint NOT NULL,
  currency               text NOT NULL,
  -- The amount in the book's currency (at the rate of the day it was written): what totals add up.
  book_amount_minor      bigint NOT NULL,
  account_id             bigint,
  account_delta_minor    bigint NOT NULL DEFAULT 0,
  to_account_id          bigint,
  to_account_delta_minor bigint NOT NULL DEFAULT 0,
  -- Account currency per unit of the transaction's currency, when the two differ.
  rate                   numeric(24, 10),
  category_id            bigint,
  member_id              bigint,
  merchant_id            bigint,
  project_id             bigint,
  remark                 text NOT NULL DEFAULT '',
  transaction_time       timestamptz NOT NULL,
  recorder_id            bigint NOT NULL REFERENCES users(id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  updated_by             bigint REFERENCES users(id),
  deleted_at             timestamptz,
  deleted_by             bigint REFERENCES users(id),
  PRIMARY KEY (book_id, id),
  FOREIGN KEY (book_id, account_id) REFERENCES book_accounts (book_id, id),
  FOREIGN KEY (book_id, to_account_id) REFERENCES book_accounts (book_id, id),
  FOREIGN KEY (book_id, category_id) REFERENCES book_categories (book_id, id),
  FOREIGN KEY (book_id, member_id) REFERENCES book_labels (book_id, id),
  FOREIGN KEY (book_id, merchant_id) REFERENCES book_labels (book_id, id),
  FOREIGN KEY (book_id, project_id) REFERENCES book_labels (book_id, id)
);
-- Flows and month totals: one book's live transactions by time.
CREATE INDEX transactions_time_idx ON transactions (book_id, transaction_time DESC, id DESC) WHERE deleted_at IS NULL;
-- Recently used dimensions: the caller's latest records in a book.
CREATE INDEX transactions_recorder_idx ON transactions (book_id, recorder_id, created_at DESC) WHERE deleted_at IS NULL;
-- Is a dimension in use, and moving its transactions elsewhere (also the flows by dimension).
CREATE INDEX transactions_account_idx ON transactions (book_id, account_id) WHERE account_id IS NOT NULL;
CREATE INDEX transactions_to_account_idx ON transactions (book_id, to_account_id) WHERE to_account_id IS NOT NULL;
CREATE INDEX transactions_category_idx ON transactions (book_id, category_id) WHERE category_id IS NOT NULL;
CREATE INDEX transactions_member_idx ON transactions (book_id, member_id) WHERE member_id IS NOT NULL;
CREATE INDEX transactions_merchant_idx ON transactions (book_id, merchant_id) WHERE merchant_id IS NOT NULL;
CREATE INDEX transactions_project_idx ON transactions (book_id, project_id) WHERE project_id IS NOT NULL;

-- Images of a book's transactions. The bytes live in private storage and are served only
-- to members of the book; transaction_id is null until a transaction takes the image.
CREATE TABLE book_images (
  book_id        bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id             bigint GENERATED ALWAYS AS IDENTITY,
  storage_key    text NOT NULL,
  content_type   text NOT NULL,
  size_bytes     bigint NOT NULL CHECK (size_bytes > 0),
  uploader_id    bigint NOT NULL REFERENCES users(id),
  transaction_id bigint,
  sort           smallint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);
CREATE INDEX book_images_transaction_idx ON book_images (book_id, transaction_id, sort) WHERE transaction_id IS NOT NULL;
-- The clean-up of uploads that no transaction took.
CREATE INDEX book_images_unattached_idx ON book_images (created_at) WHERE transaction_id IS NULL;

-- A retried create with the same Idempotency-Key answers the first result.
CREATE TABLE idempotency_keys (
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key          text NOT NULL,
  request_hash text NOT NULL,
  status       integer NOT NULL DEFAULT 0,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
