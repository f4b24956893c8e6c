-- Per-person monthly counts of recognitions (docs/decisions/0260): what the dashboard shows,
-- kept in step with every insert, delete or move of a recognition by statement-level
-- triggers in the same transaction, so no code path (give, restore, seed, cascade) can skip it.
-- The dashboard reads about 24 rows instead of every recognition of the user's school year.
CREATE TABLE recognition_month_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('given', 'received')),
  kind text NOT NULL CHECK (kind IN ('high5', 'vibe')),
  -- The first day of the month of the recognitions' school_date.
  month date NOT NULL,
  n integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, school_id, direction, kind, month)
);
CREATE INDEX recognition_month_counts_school_idx ON recognition_month_counts (school_id);

-- Rows are upserted in key order (ORDER BY) so that concurrent statements lock them in the same
-- order and never deadlock on them.
CREATE FUNCTION recognition_month_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recognition_month_counts AS c (user_id, school_id, direction, kind, month, n)
  SELECT user_id, school_id, direction, kind, month, count(*)
  FROM (
    SELECT giver_id AS user_id, school_id, 'given' AS direction, kind, date_trunc('month', school_date)::date AS month FROM added
    UNION ALL
    SELECT receiver_id, school_id, 'received', kind, date_trunc('month', school_date)::date FROM added
  ) x
  GROUP BY user_id, school_id, direction, kind, month
  ORDER BY user_id, school_id, direction, kind, month
  ON CONFLICT (user_id, school_id, direction, kind, month) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION recognition_month_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recognition_month_counts c SET n = c.n - x.n
  FROM (
    SELECT user_id, school_id, direction, kind, month, count(*)::int AS n
    FROM (
      SELECT giver_id AS user_id, school_id, 'given' AS direction, kind, date_trunc('month', school_date)::date AS month FROM removed
      UNION ALL
      SELECT receiver_id, school_id, 'received', kind, date_trunc('month', school_date)::date FROM removed
    ) y
    GROUP BY user_id, school_id, direction, kind, month
  ) x
  WHERE c.user_id = x.user_id AND c.school_id = x.school_id AND c.direction = x.direction AND c.kind = x.kind AND c.month = x.month;
  RETURN NULL;
END $$;

CREATE TRIGGER recognitions_counted_insert AFTER INSERT ON recognitions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_added();
CREATE TRIGGER recognitions_counted_delete AFTER DELETE ON recognitions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_removed();
-- An update (none today, but a merge of accounts or a fix of a date would be one) is a removal
-- of the old rows and an addition of the new ones.
CREATE TRIGGER recognitions_counted_update_old AFTER UPDATE ON recognitions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_removed();
CREATE TRIGGER recognitions_counted_update_new AFTER UPDATE ON recognitions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_added();

INSERT INTO recognition_month_counts (user_id, school_id, direction, kind, month, n)
SELECT user_id, school_id, direction, kind, month, count(*)
FROM (
  SELECT giver_id AS user_id, school_id, 'given' AS direction, kind, date_trunc('month', school_date)::date AS month FROM recognitions
  UNION ALL
  SELECT receiver_id, school_id, 'received', kind, date_trunc('month', school_date)::date FROM recognitions
) x
GROUP BY user_id, school_id, direction, kind, month;
