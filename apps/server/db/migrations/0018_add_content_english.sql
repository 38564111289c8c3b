-- Articles and videos in English too (issue 24, docs/market.md, "Languages of content").
-- Each content keeps its English beside its Chinese; an empty English text means the
-- content has none, and English readers get the Chinese.
ALTER TABLE contents
  ADD COLUMN title_en     text NOT NULL DEFAULT '',
  ADD COLUMN summary_en   text NOT NULL DEFAULT '',
  ADD COLUMN author_en    text NOT NULL DEFAULT '',
  ADD COLUMN body_html_en text NOT NULL DEFAULT '';
