-- Templates get English names and descriptions, shown to people who use the app in English.
ALTER TABLE book_templates ADD COLUMN IF NOT EXISTS name_en text NOT NULL DEFAULT '';
ALTER TABLE book_templates ADD COLUMN IF NOT EXISTS description_en text NOT NULL DEFAULT '';

-- Book icons become names of the web app's SVG icon set instead of emoji characters
-- (packages/contracts BOOK_ICONS); an emoji without a counterpart becomes the plain book.
UPDATE books SET icon = CASE icon
    WHEN '📒' THEN 'book'
    WHEN '🏠' THEN 'home'
    WHEN '👨‍👩‍👧' THEN 'family'
    WHEN '🏪' THEN 'shop'
    WHEN '✈️' THEN 'travel'
    WHEN '🛠️' THEN 'renovation'
    WHEN '🍼' THEN 'baby'
    WHEN '💍' THEN 'wedding'
    WHEN '🚗' THEN 'car'
    WHEN '💰' THEN 'money'
    WHEN '🎓' THEN 'study'
    WHEN '🐶' THEN 'pet'
    ELSE 'book' END
  WHERE icon NOT IN ('book', 'home', 'family', 'shop', 'travel', 'renovation', 'baby', 'wedding', 'car', 'money', 'study', 'pet');
UPDATE book_templates SET icon = CASE icon
    WHEN '📒' THEN 'book'
    WHEN '🏠' THEN 'home'
    WHEN '👨‍👩‍👧' THEN 'family'
    WHEN '🏪' THEN 'shop'
    WHEN '✈️' THEN 'travel'
    WHEN '🛠️' THEN 'renovation'
    WHEN '🍼' THEN 'baby'
    WHEN '💍' THEN 'wedding'
    WHEN '🚗' THEN 'car'
    WHEN '💰' THEN 'money'
    WHEN '🎓' THEN 'study'
    WHEN '🐶' THEN 'pet'
    ELSE 'book' END
  WHERE icon NOT IN ('book', 'home', 'family', 'shop', 'travel', 'renovation', 'baby', 'wedding', 'car', 'money', 'study', 'pet');
