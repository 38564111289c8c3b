-- Category icons become names of the web app's SVG icon set instead of emoji characters
-- (packages/contracts CATEGORY_ICONS; the pairs are EMOJI_TO_CATEGORY_ICON), which showed
-- as empty boxes where no emoji font is installed. An icon that is neither one of the
-- emoji below nor a name of the set (empty, or anything else) becomes 'other'.
-- Templates need nothing here: the catalogue seed rewrites their content at start-up.
CREATE TEMPORARY TABLE category_icon_emoji (emoji text PRIMARY KEY, name text NOT NULL) ON COMMIT DROP;
INSERT INTO category_icon_emoji VALUES
  ('🍜', 'food'),
  ('🍚', 'food'),
  ('🍲', 'food'),
  ('🛍️', 'shopping'),
  ('🚇', 'transport'),
  ('🚄', 'train'),
  ('🚗', 'car'),
  ('⛽', 'fuel'),
  ('🅿️', 'parking'),
  ('🔧', 'repair'),
  ('🧰', 'tools'),
  ('📄', 'insurance'),
  ('🏠', 'home'),
  ('🛋️', 'furniture'),
  ('📺', 'appliance'),
  ('🚿', 'bathroom'),
  ('🧱', 'construction'),
  ('📐', 'design'),
  ('🎮', 'entertainment'),
  ('🎡', 'entertainment'),
  ('🎢', 'entertainment'),
  ('🏝️', 'travel'),
  ('🏨', 'hotel'),
  ('📷', 'photo'),
  ('💊', 'medical'),
  ('🏥', 'medical'),
  ('💉', 'medical'),
  ('📚', 'education'),
  ('🎨', 'education'),
  ('🧒', 'children'),
  ('🍼', 'baby-food'),
  ('🧸', 'toys'),
  ('👵', 'elderly'),
  ('🧧', 'red-envelope'),
  ('🎁', 'gift'),
  ('💒', 'wedding'),
  ('💍', 'jewelry'),
  ('📦', 'stock'),
  ('🏬', 'store'),
  ('👷', 'labor'),
  ('📣', 'marketing'),
  ('🚚', 'delivery'),
  ('🧾', 'tax'),
  ('💵', 'sales'),
  ('📈', 'investment'),
  ('💰', 'income');
CREATE TEMPORARY TABLE category_icon_names (name text PRIMARY KEY) ON COMMIT DROP;
INSERT INTO category_icon_names VALUES
  ('food'), ('shopping'), ('clothing'), ('transport'), ('car'), ('fuel'), ('parking'), ('repair'),
  ('tools'), ('insurance'), ('home'), ('furniture'), ('appliance'), ('bathroom'), ('construction'),
  ('design'), ('entertainment'), ('sports'), ('travel'), ('train'), ('hotel'), ('photo'),
  ('medical'), ('education'), ('children'), ('baby-food'), ('toys'), ('elderly'), ('pet'),
  ('red-envelope'), ('gift'), ('wedding'), ('jewelry'), ('stock'), ('store'), ('labor'),
  ('marketing'), ('delivery'), ('tax'), ('salary'), ('bonus'), ('sales'), ('investment'),
  ('income'), ('other');
UPDATE book_categories SET icon = COALESCE((SELECT name FROM category_icon_emoji WHERE emoji = book_categories.icon), 'other')
  WHERE icon NOT IN (SELECT name FROM category_icon_names);
