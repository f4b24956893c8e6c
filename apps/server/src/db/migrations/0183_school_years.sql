-- School years per school (docs/decisions/0570-0573). A school that never rolled over has no rows
-- and follows the default 1 August to 31 July; its first rollover writes the year it closes and
-- the year it opens. The one reader is apps/server/src/lib/school-years.ts.
CREATE TABLE school_years (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  -- The day before the next year starts; the current year has none yet.
  ends_on date,
  state text NOT NULL CHECK (state IN ('current', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (school_id, starts_on),
  CHECK (ends_on IS NULL OR ends_on >= starts_on),
  CHECK ((state = 'current') = (ends_on IS NULL))
);
CREATE UNIQUE INDEX school_years_current_key ON school_years (school_id) WHERE state = 'current';

-- How a school moves its students' grades at a rollover (null: 'roster' for a rostered school,
-- else 'promote'), its last grade (whose students graduate), and the school year its roster last
-- described (a later one starts a new year, docs/decisions/0572).
ALTER TABLE schools
  ADD COLUMN grade_rollover text CHECK (grade_rollover IN ('promote', 'keep', 'roster')),
  ADD COLUMN final_grade smallint CHECK (final_grade BETWEEN -1 AND 12),
  ADD COLUMN roster_school_year smallint;

-- One rollover and what it changed, so that it can be undone until the new year's first class.
CREATE TABLE school_year_rollovers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order they happened in (a rollover undone and made again can share its instant).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  -- The years it opened and closed (undo deletes a year it wrote: the record stays).
  opened_year_id uuid REFERENCES school_years (id) ON DELETE SET NULL,
  closed_year_id uuid REFERENCES school_years (id) ON DELETE SET NULL,
  starts_on date NOT NULL,
  origin text NOT NULL CHECK (origin IN ('admin', 'roster')),
  grade_mode text NOT NULL CHECK (grade_mode IN ('promote', 'keep', 'roster')),
  final_grade smallint,
  -- { "memberships": [{ userId, grade: [before, after], status: [before, after] }], "classIds": [...] }
  changes jsonb NOT NULL,
  -- Whether the closed year's row was written by this rollover (a school's first): undo removes it.
  created_closed_year boolean NOT NULL,
  applied_by uuid REFERENCES users (id) ON DELETE SET NULL,
  applied_at timestamptz NOT NULL,
  undone_by uuid REFERENCES users (id) ON DELETE SET NULL,
  undone_at timestamptz
);
CREATE INDEX school_year_rollovers_school_idx ON school_year_rollovers (school_id, seq DESC);

-- A class of a closed year carries that year: read-only, kept for history. Current classes have none.
ALTER TABLE classes ADD COLUMN school_year_id uuid REFERENCES school_years (id) ON DELETE SET NULL;
CREATE INDEX classes_school_year_idx ON classes (school_id, school_year_id);

-- A teacher's names and the source's section ids are unique among the current year's classes only:
-- "Math 7" and a reused section id come back every year.
DROP INDEX classes_owner_name_key;
CREATE UNIQUE INDEX classes_owner_name_key ON classes (owner_id, lower(btrim(name))) WHERE school_year_id IS NULL;
DROP INDEX classes_source_key;
CREATE UNIQUE INDEX classes_source_key ON classes (school_id, source_id) WHERE source_id IS NOT NULL AND school_year_id IS NULL;
