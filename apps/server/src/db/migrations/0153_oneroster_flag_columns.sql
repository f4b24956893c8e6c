-- OneRoster 1.1 has no IEP, 504 or English-learner fields; districts send them as `metadata.*`
-- extension columns of demographics.csv or users.csv. The super admin names, per district, the
-- column that holds each flag (null: the files do not carry it; docs/decisions/0505).
ALTER TABLE districts
  ADD COLUMN oneroster_iep_column text,
  ADD COLUMN oneroster_plan504_column text,
  ADD COLUMN oneroster_el_column text,
  ADD CONSTRAINT districts_oneroster_flag_columns_check CHECK (
    (oneroster_iep_column IS NULL OR oneroster_iep_column ~ '^metadata\.[A-Za-z0-9_.-]+$')
    AND (oneroster_plan504_column IS NULL OR oneroster_plan504_column ~ '^metadata\.[A-Za-z0-9_.-]+$')
    AND (oneroster_el_column IS NULL OR oneroster_el_column ~ '^metadata\.[A-Za-z0-9_.-]+$')
  );
