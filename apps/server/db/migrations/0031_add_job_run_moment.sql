-- Issue 32 (docs/jobs.md): a run remembers the moment it is for, so a run of a past period
-- that failed, or whose instance died, is taken up again after its period has ended (a
-- daily billing run killed at 23:50 is finished after midnight, for its own day).
-- Runs made before this have none and are only listed.
ALTER TABLE job_runs ADD COLUMN run_at timestamptz;

-- The ticks' question each minute: runs not done whose lease has run out.
CREATE INDEX job_runs_open ON job_runs (lease_until) WHERE status <> 'done';
