-- Overspent budgets (issue 14): the message center tells a book's members once when what
-- a budget's period used first passes its amount. One row per budget and period told
-- about, with the amount it passed: the same period is told again only if the amount is
-- changed and passed once more. Rows go with their budget.
CREATE TABLE budget_alerts (
  book_id      bigint NOT NULL,
  budget_id    bigint NOT NULL,
  period_id    text NOT NULL,
  amount_minor bigint NOT NULL,
  told_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_id, budget_id, period_id),
  FOREIGN KEY (book_id, budget_id) REFERENCES book_budgets (book_id, id) ON DELETE CASCADE
);
