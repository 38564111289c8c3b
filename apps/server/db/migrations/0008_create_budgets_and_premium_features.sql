-- Budgets (issue 11): one per book, subject, type and recurrence; they recur every
-- period. The subject is the whole book (the total budget) or a category.
CREATE TABLE book_budgets (
  book_id         bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  id              bigint GENERATED ALWAYS AS IDENTITY,
  subject_type    text NOT NULL CHECK (subject_type IN ('Book', 'Category')),
  subject_id      bigint NOT NULL,
  budget_type     text NOT NULL CHECK (budget_type IN ('Expense', 'Income')),
  recurrence_type text NOT NULL CHECK (recurrence_type IN ('Day', 'Week', 'Month', 'Season', 'Year', 'ALL')),
  amount_minor    bigint NOT NULL CHECK (amount_minor > 0),
  created_by      bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, id)
);
CREATE UNIQUE INDEX book_budgets_subject_idx ON book_budgets (book_id, budget_type, recurrence_type, subject_type, subject_id);

-- A book's premium features (SPEC 6): granted by an operator today, sold by the commerce
-- area later. No expiry means for good.
CREATE TABLE book_premium_features (
  book_id      bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  feature_code text NOT NULL,
  source       text NOT NULL DEFAULT 'operator' CHECK (source IN ('operator', 'order', 'trial')),
  granted_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz,
  PRIMARY KEY (book_id, feature_code)
);
