-- The banana-shell ledger (issue 27, docs/commerce.md): double entry, in the smallest unit
-- (1 banana shell = 100). Every movement is one entry whose postings sum to zero; entries
-- and postings are never changed or deleted (a correction is a reversing entry); an
-- account's balance is the sum of its postings, kept in its row by the trigger below in
-- the same transaction as the posting, and a wallet's never goes below zero.

CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- wallet (a user's), book_service (a book's service balance), and the platform's own:
  -- revenue, clearing (the payment provider's), promotion (coupons, bonuses), refund.
  kind text NOT NULL CHECK (kind IN ('wallet', 'book_service', 'revenue', 'clearing', 'promotion', 'refund')),
  -- The user (wallet) or book (book_service) it belongs to; 0 for the platform's accounts.
  owner_id bigint NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  -- Sums of the negative and positive postings, kept with the balance (TigerBeetle's
  -- debits_posted and credits_posted): balance = credits - debits, checked below.
  debits bigint NOT NULL DEFAULT 0 CHECK (debits >= 0),
  credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  -- A user's wallet and a book's service balance hold real shells: they never go below zero.
  must_not_overdraw boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner UNIQUE (kind, owner_id),
  CONSTRAINT ledger_accounts_balance_sum CHECK (balance = credits - debits),
  CONSTRAINT ledger_accounts_no_overdraw CHECK (NOT must_not_overdraw OR balance >= 0)
);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The movement's own id, chosen by whoever asks for it ('recharge:<order>:paid', a
  -- client's Idempotency-Key): asked for twice, it is written once.
  idempotency_key text NOT NULL,
  -- recharge, purchase, refund, bonus, billing, trial, reversal ... (docs/commerce.md)
  kind text NOT NULL,
  -- A reversal names the entry it reverses; an entry is reversed at most once.
  reverses_id bigint REFERENCES ledger_entries (id),
  order_no text,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_key UNIQUE (idempotency_key),
  CONSTRAINT ledger_entries_reverses UNIQUE (reverses_id)
);
CREATE INDEX ledger_entries_order ON ledger_entries (order_no) WHERE order_no IS NOT NULL;

CREATE TABLE ledger_postings (
  entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  -- Into the account (positive) or out of it (negative); never zero.
  amount bigint NOT NULL CHECK (amount <> 0),
  PRIMARY KEY (entry_id, account_id)
);
-- An account's movements, the latest first (trade records, audits).
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, entry_id DESC);

-- Entries and postings are facts: nothing changes or removes them.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never changed or deleted (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();

-- A posting moves its account's balance in the same statement: the one place a balance
-- changes. A wallet that would go below zero fails ledger_accounts_no_overdraw.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts
     SET balance = balance + NEW.amount,
         debits = debits + CASE WHEN NEW.amount < 0 THEN -NEW.amount ELSE 0 END,
         credits = credits + CASE WHEN NEW.amount > 0 THEN NEW.amount ELSE 0 END
   WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();

-- Debits equal credits: at commit, every entry's postings sum to zero (and it has two or more).
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (sum %, % postings)', NEW.entry_id, total, n USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

-- The platform's own accounts exist from the start.
INSERT INTO ledger_accounts (kind, owner_id, must_not_overdraw) VALUES
  ('revenue', 0, false), ('clearing', 0, false), ('promotion', 0, false), ('refund', 0, false);
