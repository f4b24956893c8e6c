-- A family's copy of a child's year and how long a school keeps old years
-- (docs/decisions/0575, 0576). retention_years: how many school years are kept, the current one
-- included; null keeps everything as long as the school exists. family_export_min_grade: the
-- lowest grade whose students may download their own year (-1 TK, 0 K; 13 means no student may).
-- retention_checked_on: the school-local date of the last nightly retention run (its claim).
ALTER TABLE schools
  ADD COLUMN retention_years smallint CHECK (retention_years BETWEEN 1 AND 20),
  ADD COLUMN family_export_min_grade smallint NOT NULL DEFAULT 6 CHECK (family_export_min_grade BETWEEN -1 AND 13),
  ADD COLUMN retention_checked_on date;
