-- One row per person, school and month with the four counts side by side (docs/decisions/0451),
-- instead of one row per direction and kind (0090): a report sums a quarter of the rows (about
-- 12 per person and school year), the dashboard reads 12 instead of 48. Kept in step by the same
-- statement-level triggers, in the same transaction as every insert, delete or move of a recognition.
DROP TRIGGER recognitions_counted_insert ON recognitions;
DROP TRIGGER recognitions_counted_delete ON recognitions;
DROP TRIGGER recognitions_counted_update_old ON recognitions;
DROP TRIGGER recognitions_counted_update_new ON recognitions;
DROP FUNCTION recognition_month_counts_added();
DROP FUNCTION recognition_month_counts_removed();
DROP TABLE recognition_month_counts;

CREATE TABLE recognition_month_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  -- The first day of the month of the recognitions' school_date.
  month date NOT NULL,
  high5_given integer NOT NULL DEFAULT 0 CHECK (high5_given >= 0),
  high5_received integer NOT NULL DEFAULT 0 CHECK (high5_received >= 0),
  vibe_given integer NOT NULL DEFAULT 0 CHECK (vibe_given >= 0),
  vibe_received integer NOT NULL DEFAULT 0 CHECK (vibe_received >= 0),
  PRIMARY KEY (user_id, school_id, month)
);
-- A report of the whole school reads its months from the index alone.
CREATE INDEX recognition_month_counts_school_month_idx ON recognition_month_counts (school_id, month)
  INCLUDE (user_id, high5_given, high5_received, vibe_given, vibe_received);

-- What recognitions add to each person's month: the giver's given, the receiver's received (a
-- self-give both, on one row). Rows are upserted in key order (ORDER BY) so that concurrent
-- statements lock them in the same order and never deadlock on them.
CREATE FUNCTION recognition_month_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recognition_month_counts AS c (user_id, school_id, month, high5_given, high5_received, vibe_given, vibe_received)
  SELECT user_id, school_id, month, sum(hg)::int AS high5_given, sum(hr)::int AS high5_received, sum(vg)::int AS vibe_given, sum(vr)::int AS vibe_received
  FROM (
    SELECT giver_id AS user_id, school_id, date_trunc('month', school_date)::date AS month,
      (kind = 'high5')::int AS hg, 0 AS hr, (kind = 'vibe')::int AS vg, 0 AS vr FROM added
    UNION ALL
    SELECT receiver_id, school_id, date_trunc('month', school_date)::date, 0, (kind = 'high5')::int, 0, (kind = 'vibe')::int FROM added
  ) x
  GROUP BY user_id, school_id, month
  ORDER BY user_id, school_id, month
  ON CONFLICT (user_id, school_id, month) DO UPDATE SET
    high5_given = c.high5_given + excluded.high5_given, high5_received = c.high5_received + excluded.high5_received,
    vibe_given = c.vibe_given + excluded.vibe_given, vibe_received = c.vibe_received + excluded.vibe_received;
  RETURN NULL;
END $$;

CREATE FUNCTION recognition_month_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recognition_month_counts c SET
    high5_given = c.high5_given - d.high5_given, high5_received = c.high5_received - d.high5_received,
    vibe_given = c.vibe_given - d.vibe_given, vibe_received = c.vibe_received - d.vibe_received
  FROM (
    SELECT user_id, school_id, month, sum(hg)::int AS high5_given, sum(hr)::int AS high5_received, sum(vg)::int AS vibe_given, sum(vr)::int AS vibe_received
    FROM (
      SELECT giver_id AS user_id, school_id, date_trunc('month', school_date)::date AS month,
        (kind = 'high5')::int AS hg, 0 AS hr, (kind = 'vibe')::int AS vg, 0 AS vr FROM removed
      UNION ALL
      SELECT receiver_id, school_id, date_trunc('month', school_date)::date, 0, (kind = 'high5')::int, 0, (kind = 'vibe')::int FROM removed
    ) x
    GROUP BY user_id, school_id, month
  ) d
  WHERE c.user_id = d.user_id AND c.school_id = d.school_id AND c.month = d.month;
  RETURN NULL;
END $$;

CREATE TRIGGER recognitions_counted_insert AFTER INSERT ON recognitions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_added();
CREATE TRIGGER recognitions_counted_delete AFTER DELETE ON recognitions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_removed();
CREATE TRIGGER recognitions_counted_update_old AFTER UPDATE ON recognitions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_removed();
CREATE TRIGGER recognitions_counted_update_new AFTER UPDATE ON recognitions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recognition_month_counts_added();

-- Rebuilds one school's counts from its rows (decision 0324), in the new shape.
CREATE OR REPLACE FUNCTION recount_recognition_month_counts(p_school uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM recognition_month_counts WHERE school_id = p_school;
  INSERT INTO recognition_month_counts (user_id, school_id, month, high5_given, high5_received, vibe_given, vibe_received)
  SELECT user_id, school_id, month, sum(hg)::int AS high5_given, sum(hr)::int AS high5_received, sum(vg)::int AS vibe_given, sum(vr)::int AS vibe_received
  FROM (
    SELECT giver_id AS user_id, school_id, date_trunc('month', school_date)::date AS month,
      (kind = 'high5')::int AS hg, 0 AS hr, (kind = 'vibe')::int AS vg, 0 AS vr FROM recognitions WHERE school_id = p_school
    UNION ALL
    SELECT receiver_id, school_id, date_trunc('month', school_date)::date, 0, (kind = 'high5')::int, 0, (kind = 'vibe')::int FROM recognitions WHERE school_id = p_school
  ) x
  GROUP BY user_id, school_id, month;
$$;

SELECT recount_recognition_month_counts(id) FROM schools;

-- A mood report of the whole school reads its months and its edge days from indexes alone
-- (the feeling filter's low_moods still comes from the table).
DROP INDEX mood_month_counts_school_idx;
CREATE INDEX mood_month_counts_school_idx ON mood_month_counts (school_id, month) INCLUDE (user_id, high, low, talk_today, talk_not_today);
DROP INDEX moods_school_date_idx;
CREATE INDEX moods_school_date_idx ON moods (school_id, school_date) INCLUDE (user_id, mood, low_enjoyment, emergency_priority);
-- The same for the High 5s and Vibes of the edge days.
DROP INDEX recognitions_school_idx;
CREATE INDEX recognitions_school_idx ON recognitions (school_id, school_date) INCLUDE (giver_id, receiver_id, kind);
