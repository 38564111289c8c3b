-- Behaviour tracking (issue 30, docs/host.md): the events the app sends to the collector.
-- Nothing personal: no user, no phone, no amount, no free text; the session id is random
-- per app start. Kept CAB_TRACKING_RETENTION_DAYS days (the daily tracking job drops older).
CREATE TABLE tracking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  host text NOT NULL CHECK (host IN ('a', 'b', 'browser')),
  session_id text NOT NULL,
  event_key text NOT NULL,
  classification text,
  book_id bigint,
  platform text NOT NULL,
  os_version text NOT NULL,
  product_version text NOT NULL,
  received_at timestamptz NOT NULL
);
-- The operator's counts by day, host and event; and the retention's deletes, oldest first.
CREATE INDEX tracking_events_at ON tracking_events (at, host, event_key);
