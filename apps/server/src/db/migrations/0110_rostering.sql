-- District rostering (docs/decisions/0400-0403): what a sync needs to match, deactivate,
-- hold and pause.

-- Nightly sync time (the district's wall clock), the source's cursor for delta reads, the summer pause.
ALTER TABLE districts
  ADD COLUMN roster_sync_time time NOT NULL DEFAULT '02:00',
  ADD COLUMN roster_time_zone text NOT NULL DEFAULT 'America/Los_Angeles' CHECK (length(roster_time_zone) <= 64),
  ADD COLUMN roster_next_run_at timestamptz,
  ADD COLUMN roster_cursor text,
  ADD COLUMN summer_pause_from date,
  ADD COLUMN summer_pause_until date,
  ADD CONSTRAINT districts_summer_pause_check CHECK (
    (summer_pause_from IS NULL) = (summer_pause_until IS NULL) AND (summer_pause_from IS NULL OR summer_pause_from <= summer_pause_until));

-- A school and a class filled by the source carry the source's id; hand-made classes have none.
ALTER TABLE schools ADD COLUMN source_id text CHECK (length(source_id) <= 200);
CREATE UNIQUE INDEX schools_source_key ON schools (district_id, source_id) WHERE source_id IS NOT NULL;
ALTER TABLE classes ADD COLUMN source_id text CHECK (length(source_id) <= 200);
CREATE UNIQUE INDEX classes_source_key ON classes (school_id, source_id) WHERE source_id IS NOT NULL;

-- 'inactive': the source no longer returns this person; their history stays, they cannot sign in here.
ALTER TABLE school_memberships DROP CONSTRAINT school_memberships_status_check;
ALTER TABLE school_memberships ADD CONSTRAINT school_memberships_status_check CHECK (status IN ('active', 'pending', 'inactive'));
-- True when the sync manages this membership (it may deactivate it); self-made memberships stay false.
ALTER TABLE school_memberships ADD COLUMN rostered boolean NOT NULL DEFAULT false;

-- Which account a district's source id is (kept apart from users so a backup carries no district id).
CREATE TABLE roster_people (
  district_id uuid NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  source_id text NOT NULL CHECK (length(source_id) <= 200),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (district_id, source_id),
  UNIQUE (district_id, user_id)
);

CREATE TABLE roster_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  district_id uuid NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  -- 'sync': read from the district's SIS; 'upload': a OneRoster zip (school_id set when a school admin sent it).
  origin text NOT NULL CHECK (origin IN ('sync', 'nightly', 'upload')),
  school_id uuid REFERENCES schools (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'preview', 'held', 'failed')),
  dry_run boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  counts jsonb NOT NULL DEFAULT '{}',
  -- Who would be deactivated per held school, and what a preview would change: [{ schoolName, people: [...] }].
  details jsonb NOT NULL DEFAULT '{}',
  error_code text,
  error_detail text CHECK (length(error_detail) <= 1000),
  -- Where the read waits (storage key) while the run is held or queued for an upload; never credentials.
  read_key text,
  approved_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX roster_runs_district_idx ON roster_runs (district_id, created_at DESC);
