-- Per-person monthly mood counts for the mood meter report (docs/decisions/0450), kept in step
-- with every insert, update (a second check-in the same day replaces the first) or delete of a
-- check-in by statement-level triggers in the same transaction, like recognition_month_counts
-- (0090). A report over a school year sums about 12 rows per person plus the check-ins of the
-- days at its edges that do not fill a calendar month.
CREATE TABLE mood_month_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  -- The first day of the month of the check-ins' school_date.
  month date NOT NULL,
  high integer NOT NULL CHECK (high >= 0),
  low integer NOT NULL CHECK (low >= 0),
  talk_today integer NOT NULL CHECK (talk_today >= 0),
  talk_not_today integer NOT NULL CHECK (talk_not_today >= 0),
  -- Low-enjoyment check-ins per feeling ({"worried": 2}): the report's feeling filter sums them.
  low_moods jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (user_id, school_id, month)
);
CREATE INDEX mood_month_counts_school_idx ON mood_month_counts (school_id, month);

-- Reports sorted by a count sum a whole school's months: this index holds what they read.
CREATE INDEX recognition_month_counts_school_month_idx ON recognition_month_counts (school_id, month) INCLUDE (user_id, direction, kind, n);
DROP INDEX recognition_month_counts_school_idx;

-- Adds two {"feeling": n} counts; feelings that reach 0 are dropped.
CREATE FUNCTION mood_counts_add(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) FROM (
    SELECT k, sum(v)::int AS n FROM (
      SELECT key AS k, value::text::int AS v FROM jsonb_each(a)
      UNION ALL SELECT key, value::text::int FROM jsonb_each(b)
    ) x GROUP BY k HAVING sum(v) <> 0
  ) y
$$;

-- Rows are upserted in key order so that concurrent statements never deadlock on them. A removal
-- is an UPDATE, never an upsert: a CHECK is tested on the row proposed for insertion.
CREATE FUNCTION mood_month_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mood_month_counts AS c (user_id, school_id, month, high, low, talk_today, talk_not_today, low_moods)
  SELECT user_id, school_id, month, sum(high), sum(low), sum(talk_today), sum(talk_not_today),
    coalesce(jsonb_object_agg(mood, low) FILTER (WHERE low > 0), '{}'::jsonb)
  FROM (
    SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
      count(*) FILTER (WHERE NOT low_enjoyment) AS high,
      count(*) FILTER (WHERE low_enjoyment) AS low,
      count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
      count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today
    FROM added
    GROUP BY 1, 2, 3, 4
  ) per_mood
  GROUP BY user_id, school_id, month
  ORDER BY user_id, school_id, month
  ON CONFLICT (user_id, school_id, month) DO UPDATE SET
    high = c.high + excluded.high,
    low = c.low + excluded.low,
    talk_today = c.talk_today + excluded.talk_today,
    talk_not_today = c.talk_not_today + excluded.talk_not_today,
    low_moods = mood_counts_add(c.low_moods, excluded.low_moods);
  RETURN NULL;
END $$;

CREATE FUNCTION mood_month_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mood_month_counts c SET
    high = c.high - x.high,
    low = c.low - x.low,
    talk_today = c.talk_today - x.talk_today,
    talk_not_today = c.talk_not_today - x.talk_not_today,
    low_moods = mood_counts_add(c.low_moods, x.low_moods)
  FROM (
    SELECT user_id, school_id, month, sum(high)::int AS high, sum(low)::int AS low, sum(talk_today)::int AS talk_today, sum(talk_not_today)::int AS talk_not_today,
      coalesce(jsonb_object_agg(mood, -low) FILTER (WHERE low > 0), '{}'::jsonb) AS low_moods
    FROM (
      SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
        count(*) FILTER (WHERE NOT low_enjoyment) AS high,
        count(*) FILTER (WHERE low_enjoyment) AS low,
        count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
        count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today
      FROM removed
      GROUP BY 1, 2, 3, 4
    ) per_mood
    GROUP BY user_id, school_id, month
  ) x
  WHERE c.user_id = x.user_id AND c.school_id = x.school_id AND c.month = x.month;
  RETURN NULL;
END $$;

CREATE TRIGGER moods_counted_insert AFTER INSERT ON moods
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION mood_month_counts_added();
CREATE TRIGGER moods_counted_delete AFTER DELETE ON moods
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION mood_month_counts_removed();
-- An update (a check-in replaced the same day, an acknowledgement) removes the old rows and adds
-- the new ones: "new" fires before "old" (triggers fire in name order), so counts never go below 0.
CREATE TRIGGER moods_counted_update_new AFTER UPDATE ON moods
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION mood_month_counts_added();
CREATE TRIGGER moods_counted_update_old AFTER UPDATE ON moods
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION mood_month_counts_removed();

INSERT INTO mood_month_counts (user_id, school_id, month, high, low, talk_today, talk_not_today, low_moods)
SELECT user_id, school_id, month, sum(high), sum(low), sum(talk_today), sum(talk_not_today),
  coalesce(jsonb_object_agg(mood, low) FILTER (WHERE low > 0), '{}'::jsonb)
FROM (
  SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
    count(*) FILTER (WHERE NOT low_enjoyment) AS high,
    count(*) FILTER (WHERE low_enjoyment) AS low,
    count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
    count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today
  FROM moods
  GROUP BY 1, 2, 3, 4
) per_mood
GROUP BY user_id, school_id, month;
