-- Commerce (issue 27, docs/commerce.md): what is sold, what was bought and how it was paid.
-- Shell amounts are in the ledger's smallest unit (1 banana shell = 100); real money in
-- CNY fen. Orders change status only by conditional updates (WHERE status = <from>); the
-- shells they move are ledger entries keyed by the order, so nothing moves twice.

-- The premium features a book can buy (replaces operator-only grants as the way a book
-- gets one; the operator's premium command stays for support).
CREATE TABLE premium_features (
  feature_code text PRIMARY KEY,
  name text NOT NULL,
  name_en text NOT NULL,
  -- Who in the book it serves: 'all' members, or 'manager' (owner and admins).
  role_scope text NOT NULL DEFAULT 'all' CHECK (role_scope IN ('all', 'manager')),
  -- OneOff: bought in packages of days; PerDay: charged every day while it runs.
  billing_type text NOT NULL CHECK (billing_type IN ('OneOff', 'PerDay')),
  -- PerDay: the day's price; OneOff: the price of the shortest package, for display.
  price bigint NOT NULL CHECK (price >= 0),
  position integer NOT NULL DEFAULT 0
);

-- Packages (SPEC 3: comboId, sellPrice): what a purchase buys.
CREATE TABLE packages (
  combo_id text PRIMARY KEY CHECK (combo_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text NOT NULL,
  name_en text NOT NULL,
  feature_code text NOT NULL REFERENCES premium_features (feature_code),
  -- How long one purchase keeps the feature open (added to what is left).
  days integer NOT NULL CHECK (days BETWEEN 1 AND 3660),
  sell_price bigint NOT NULL CHECK (sell_price >= 0),
  -- The crossed-out price shown beside the sell price (0: none).
  original_price bigint NOT NULL DEFAULT 0 CHECK (original_price >= 0),
  position integer NOT NULL DEFAULT 0,
  withdrawn_at timestamptz
);

-- Activities (SPEC 3: actCode) group packages and give coupons once per user.
CREATE TABLE activities (
  act_code text PRIMARY KEY CHECK (act_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text NOT NULL,
  name_en text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  -- Who may draw: 'everyone', 'new_payer' (never paid a purchase), 'book_without_feature'.
  rule text NOT NULL DEFAULT 'everyone' CHECK (rule IN ('everyone', 'new_payer', 'book_without_feature')),
  -- What a successful draw gives: a coupon of this batch (or nothing).
  draw_batch text,
  withdrawn_at timestamptz
);
CREATE TABLE activity_packages (
  act_code text NOT NULL REFERENCES activities (act_code),
  combo_id text NOT NULL REFERENCES packages (combo_id),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (act_code, combo_id)
);

-- Coupon batches: the operator publishes them; a user's coupon is one of a batch.
CREATE TABLE coupon_batches (
  batch_code text PRIMARY KEY CHECK (batch_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text NOT NULL,
  name_en text NOT NULL,
  reduce_amount bigint NOT NULL CHECK (reduce_amount > 0),
  -- The packages it applies to (empty: any package).
  combo_ids text[] NOT NULL DEFAULT '{}',
  -- A coupon is valid this many days from when it is given.
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 3660),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE user_coupons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  batch_code text NOT NULL REFERENCES coupon_batches (batch_code),
  reduce_amount bigint NOT NULL CHECK (reduce_amount > 0),
  combo_ids text[] NOT NULL DEFAULT '{}',
  valid_from timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  -- Used once: by this purchase.
  used_at timestamptz,
  used_order_no text,
  -- Why it was given (an activity's draw, the operator): at most once per user and source.
  source text NOT NULL,
  CONSTRAINT user_coupons_once UNIQUE (user_id, source)
);
CREATE INDEX user_coupons_usable ON user_coupons (user_id, valid_until) WHERE used_at IS NULL;

-- A user's draw in an activity: decided and recorded once.
CREATE TABLE activity_draws (
  act_code text NOT NULL REFERENCES activities (act_code),
  user_id bigint NOT NULL REFERENCES users (id),
  book_id bigint,
  eligible boolean NOT NULL,
  reason text NOT NULL,
  coupon_id bigint REFERENCES user_coupons (id),
  drawn_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (act_code, user_id)
);

-- The recharge page's amounts (rechargeActInfo): shells for CNY at one to one, each with
-- its first-recharge bonus and the corner label shown on it (code recharge_stair_corner).
CREATE TABLE recharge_stairs (
  amount bigint PRIMARY KEY CHECK (amount > 0),
  first_bonus bigint NOT NULL DEFAULT 0 CHECK (first_bonus >= 0),
  corner text NOT NULL DEFAULT '',
  corner_en text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);

-- Recharge orders: real money in through a payment provider, shells out to the wallet.
CREATE TABLE recharge_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  -- Shells bought, and the first-recharge bonus given with them.
  amount bigint NOT NULL CHECK (amount > 0),
  bonus bigint NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  -- What the payer pays, in CNY fen.
  amount_cny bigint NOT NULL CHECK (amount_cny > 0),
  pay_type integer NOT NULL,
  channel text NOT NULL,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paying', 'paid', 'failed', 'cancelled', 'refunded')),
  -- The provider's payment, once asked for.
  payment_id text,
  cashier_url text,
  -- A purchase waiting for this recharge: it completes when the payment is confirmed.
  purchase_order_no text,
  -- A payment confirmed after the order was cancelled or failed is refunded: pending, refunded.
  late_refund text CHECK (late_refund IN ('pending', 'refunded')),
  failure text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT recharge_orders_no UNIQUE (order_no),
  CONSTRAINT recharge_orders_payment UNIQUE (channel, payment_id)
);
-- The trade records: a user's orders, newest first (keyset on created_at, order_no).
CREATE INDEX recharge_orders_user ON recharge_orders (user_id, created_at DESC, order_no DESC);
CREATE INDEX recharge_orders_open ON recharge_orders (updated_at) WHERE status IN ('created', 'paying') OR late_refund = 'pending';

-- Every notification a provider sent, by its own event id: the same one twice changes nothing.
CREATE TABLE payment_events (
  channel text NOT NULL,
  event_id text NOT NULL,
  order_no text NOT NULL,
  kind text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel, event_id)
);

-- Purchasing orders: a package, a feature or a paid role bought for a book with shells.
CREATE TABLE purchasing_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  book_id bigint NOT NULL REFERENCES books (id),
  -- package (a combo of a feature), role (a paid role for members).
  kind text NOT NULL CHECK (kind IN ('package', 'role')),
  combo_id text REFERENCES packages (combo_id),
  feature_code text,
  role_id bigint,
  -- The members a role is bought for.
  member_ids bigint[] NOT NULL DEFAULT '{}',
  sell_price bigint NOT NULL CHECK (sell_price >= 0),
  coupon_id bigint REFERENCES user_coupons (id),
  coupon_reduction bigint NOT NULL DEFAULT 0 CHECK (coupon_reduction >= 0),
  price bigint NOT NULL CHECK (price >= 0),
  -- What the wallet lacked when it was asked for (0 when it was paid at once).
  shortfall bigint NOT NULL DEFAULT 0 CHECK (shortfall >= 0),
  status text NOT NULL CHECK (status IN ('awaiting_recharge', 'paid', 'cancelled', 'refunded')),
  recharge_order_no text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CONSTRAINT purchasing_orders_no UNIQUE (order_no),
  CONSTRAINT purchasing_orders_price CHECK (price = GREATEST(sell_price - coupon_reduction, 0))
);
CREATE INDEX purchasing_orders_user ON purchasing_orders (user_id, created_at DESC, order_no DESC);
CREATE INDEX purchasing_orders_book ON purchasing_orders (book_id, id DESC);

-- Service orders: what runs in a book and is charged every day (a paid role, a PerDay
-- feature), paid from the wallet of whoever set it going.
CREATE TABLE service_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL,
  book_id bigint NOT NULL REFERENCES books (id),
  payer_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('role', 'feature')),
  role_id bigint,
  feature_code text,
  billing_type text NOT NULL CHECK (billing_type IN ('PerDay', 'PerPersonPerDay')),
  -- The price per day (PerDay) or per person per day, fixed when it started.
  price bigint NOT NULL CHECK (price > 0),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ended')),
  started_on date NOT NULL,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_orders_no UNIQUE (order_no)
);
-- One running service per role or feature of a book.
CREATE UNIQUE INDEX service_orders_running_role ON service_orders (book_id, role_id) WHERE status = 'running' AND kind = 'role';
CREATE UNIQUE INDEX service_orders_running_feature ON service_orders (book_id, feature_code) WHERE status = 'running' AND kind = 'feature';
CREATE INDEX service_orders_payer ON service_orders (payer_id, id DESC);
CREATE INDEX service_orders_running ON service_orders (id) WHERE status = 'running';

-- A service's bill for one day: made once (the key), paid when the wallet allows.
CREATE TABLE service_bills (
  service_order_id bigint NOT NULL REFERENCES service_orders (id),
  bill_day date NOT NULL,
  book_id bigint NOT NULL,
  payer_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('unpaid', 'paid')),
  -- The purchase that paid this day (the first day of a role bought): shown as that purchase, not again.
  paid_by_order text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  PRIMARY KEY (service_order_id, bill_day)
);
CREATE INDEX service_bills_payer ON service_bills (payer_id, created_at DESC, service_order_id DESC) WHERE paid_by_order IS NULL;
CREATE INDEX service_bills_unpaid_payer ON service_bills (payer_id, bill_day) WHERE status = 'unpaid';
CREATE INDEX service_bills_unpaid_book ON service_bills (book_id) WHERE status = 'unpaid';

-- SPEC 4's bill status: arrears while a bill of the book is unpaid.
ALTER TABLE books ADD COLUMN bill_status text NOT NULL DEFAULT 'normal' CHECK (bill_status IN ('normal', 'arrears'));

-- What is on sale when CAB starts (the operator's command publishes more, docs/commerce.md).
INSERT INTO premium_features (feature_code, name, name_en, role_scope, billing_type, price, position) VALUES
  ('budget_advanced', '高级预算', 'Advanced budgets', 'all', 'OneOff', 600, 1);
INSERT INTO packages (combo_id, name, name_en, feature_code, days, sell_price, original_price, position) VALUES
  ('budget_advanced_30', '高级预算 30 天', 'Advanced budgets, 30 days', 'budget_advanced', 30, 600, 0, 1),
  ('budget_advanced_365', '高级预算 365 天', 'Advanced budgets, 365 days', 'budget_advanced', 365, 6000, 7200, 2);
INSERT INTO recharge_stairs (amount, first_bonus, corner, corner_en, position) VALUES
  (600, 100, '首充送 1', 'First top-up +1', 1),
  (3000, 600, '首充送 6', 'First top-up +6', 2),
  (6800, 1400, '首充送 14', 'First top-up +14', 3),
  (12800, 2800, '首充送 28', 'First top-up +28', 4),
  (32800, 6800, '', '', 5),
  (64800, 12800, '', '', 6);
INSERT INTO activities (act_code, name, name_en, rule, draw_batch) VALUES
  ('budget_advanced', '高级预算', 'Advanced budgets', 'everyone', NULL);
INSERT INTO activity_packages (act_code, combo_id, position) VALUES
  ('budget_advanced', 'budget_advanced_30', 1),
  ('budget_advanced', 'budget_advanced_365', 2);
