-- A record's optional place (issue 30, docs/host.md "Places"): as a host's picker or the
-- browser's Geolocation gives it, named by the user. All four are null when there is none;
-- a name and both coordinates come together (the contract's rule, kept here too).
-- Coordinates keep six decimals (about 0.1 m), as the contract allows.
ALTER TABLE transactions
  ADD COLUMN place_name text,
  ADD COLUMN place_address text,
  ADD COLUMN place_lat numeric(8, 6),
  ADD COLUMN place_lng numeric(9, 6),
  ADD CONSTRAINT transactions_place_whole CHECK (
    (place_name IS NULL AND place_address IS NULL AND place_lat IS NULL AND place_lng IS NULL)
    OR (place_name IS NOT NULL AND place_lat IS NOT NULL AND place_lng IS NOT NULL)
  ),
  ADD CONSTRAINT transactions_place_range CHECK (place_lat BETWEEN -90 AND 90 AND place_lng BETWEEN -180 AND 180);
