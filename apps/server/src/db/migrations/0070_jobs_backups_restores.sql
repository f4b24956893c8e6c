-- Jobs (docs/decisions/0180): a lease belongs to one worker, which renews it while its handler
-- runs; done and failed jobs are swept after a retention period.
ALTER TABLE jobs ADD COLUMN locked_by text CHECK (length(locked_by) <= 100);
CREATE INDEX jobs_done_idx ON jobs (done_at) WHERE done_at IS NOT NULL;
CREATE INDEX jobs_failed_idx ON jobs (failed_at) WHERE failed_at IS NOT NULL;

-- Schedules that fire once however many servers run: a run is claimed by moving next_run_at
-- forward with one conditional UPDATE, in the transaction that enqueues its job.
CREATE TABLE job_schedules (
  name text PRIMARY KEY CHECK (length(name) <= 100),
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);

-- Backups (docs/decisions/0182): streamed gzip NDJSON files (format version 2), with a retention.
ALTER TABLE school_backups ADD COLUMN format_version integer NOT NULL DEFAULT 1;
ALTER TABLE school_backups ADD COLUMN includes_journals boolean NOT NULL DEFAULT false;
ALTER TABLE school_backups ADD COLUMN expires_at timestamptz;
UPDATE school_backups SET expires_at = created_at + interval '30 days';
ALTER TABLE school_backups ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX school_backups_school_idx ON school_backups (school_id, created_at);
CREATE INDEX school_backups_expires_idx ON school_backups (expires_at);

-- Restores (docs/decisions/0183): one school's backup into an empty school, run as a job that
-- records its progress chunk by chunk (and can resume from it).
CREATE TABLE school_restores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  backup_id uuid REFERENCES school_backups (id) ON DELETE SET NULL,
  target_school_id uuid REFERENCES schools (id) ON DELETE CASCADE,
  source_name text NOT NULL CHECK (length(source_name) <= 200),
  -- The file restored from: a backup's own file, or an uploaded one under restores/.
  storage_key text NOT NULL,
  uploaded boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('queued', 'checking', 'restoring', 'done', 'failed')),
  rows_total integer NOT NULL DEFAULT 0,
  rows_done integer NOT NULL DEFAULT 0,
  error_code text CHECK (length(error_code) <= 60),
  -- Accounts that existed before the restore (kept as they are), and counts for the report.
  state jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX school_restores_created_idx ON school_restores (created_at DESC);

-- Old recognition ids of a restore and the ids they got, so that their categories and
-- feedback find them; rows go when the restore ends.
CREATE TABLE school_restore_ids (
  restore_id uuid NOT NULL REFERENCES school_restores (id) ON DELETE CASCADE,
  old_id bigint NOT NULL,
  new_id bigint NOT NULL,
  PRIMARY KEY (restore_id, old_id)
);
