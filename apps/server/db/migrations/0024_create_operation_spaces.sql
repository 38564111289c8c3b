-- Operation spaces (SPEC 7: queryOperationSpaceInfo; docs/commerce.md, "The catalogue"):
-- the banners of the recharge and cloud pages, asked for by space code. Not the home
-- page's `operations` (0011): those are info-flow cards, or guides and popups shown once
-- per user, and their placement is held by a CHECK; a space shows its items to everyone,
-- every time, in both languages.
CREATE TABLE operation_space_items (
  space_code text NOT NULL CHECK (space_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  title text NOT NULL,
  title_en text NOT NULL,
  text text NOT NULL DEFAULT '',
  text_en text NOT NULL DEFAULT '',
  -- A page route of SPEC section 2 or an https address ('' for none).
  link text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  withdrawn_at timestamptz,
  PRIMARY KEY (space_code, code)
);

-- The recharge page's banner when CAB starts (the operator's `offers publish` changes it).
INSERT INTO operation_space_items (space_code, code, title, title_en, text, text_en, link, position) VALUES
  ('recharge_banner', 'first_recharge_bonus', '首充有礼', 'A bonus on your first top-up',
   '第一次充值时每一档都多送香蕉贝，送多少写在每一档的角标上。',
   'Your first top-up comes with extra banana shells: each amount shows its bonus in its corner.',
   'trade/pages/recharge-guide', 1);
