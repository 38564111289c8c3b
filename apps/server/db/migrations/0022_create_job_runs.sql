-- The one job mechanism (issue 27, docs/jobs.md): each run of a background job is a row,
-- keyed by the job and its period ('housekeeping' at '2026-11-26T09', 'billing' at
-- '2026-11-26'). Whichever instance inserts or takes over the row runs it; a lease lets
-- another instance take over a run whose instance died, and a finished run is never run again.
CREATE TABLE job_runs (
  job text NOT NULL,
  run_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  -- The instance running it (host and process), for the operator.
  owner text NOT NULL,
  -- Until when the owner holds it: past this, a running or failed run is taken over.
  lease_until timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- What the run did (done) or why it failed, in a line.
  outcome text NOT NULL DEFAULT '',
  PRIMARY KEY (job, run_key)
);
