-- Templates get English names and descriptions, shown to people who use the app in English.
ALTER TABLE book_templates ADD COLUMN IF NOT EXISTS name_en text NOT NULL DEFAULT '';
ALTER TABLE book_templates ADD COLUMN IF NOT EXISTS description_en text NOT NULL DEFAULT '';

-- Book icons become names of the web app's SVG icon set instead of emoji characters
-- (packages/contracts BOOK_ICONS); an emoji without a counterpart becomes the plain book.
CREATE TEMPORARY TABLE icon_names (emoji text PRIMARY KEY, name text NOT NULL) ON COMMIT DROP;
INSERT INTO icon_names VALUES
  ('📒', 'book'),
  ('🏠', 'home'),
  ('👨‍👩‍👧', 'family'),
  ('🏪', 'shop'),
  ('✈️', 'travel'),
  ('🛠️', 'renovation'),
  ('🍼', 'baby'),
  ('💍', 'wedding'),
  ('🚗', 'car'),
  ('💰', 'money'),
  ('🎓', 'study'),
  ('🐶', 'pet');
UPDATE books SET icon = COALESCE((SELECT name FROM icon_names WHERE emoji = books.icon), 'book')
  WHERE icon NOT IN (SELECT name FROM icon_names);
UPDATE book_templates SET icon = COALESCE((SELECT name FROM icon_names WHERE emoji = book_templates.icon), 'book')
  WHERE icon NOT IN (SELECT name FROM icon_names);
