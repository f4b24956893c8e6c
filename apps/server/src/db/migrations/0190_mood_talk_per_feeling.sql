-- The mood report's "talk today" and "not today" follow its feeling filter (docs/decisions/0583):
-- per person and month, the low-enjoyment check-ins that asked to talk, per feeling, as low_moods
-- holds the low-enjoyment ones. Kept by the same statement-level triggers; filled from moods here.
ALTER TABLE mood_month_counts
  ADD COLUMN talk_today_moods jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN talk_not_today_moods jsonb NOT NULL DEFAULT '{}';

CREATE OR REPLACE FUNCTION mood_month_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mood_month_counts AS c (user_id, school_id, month, high, low, talk_today, talk_not_today, low_moods, talk_today_moods, talk_not_today_moods)
  SELECT user_id, school_id, month, sum(high), sum(low), sum(talk_today), sum(talk_not_today),
    coalesce(jsonb_object_agg(mood, low) FILTER (WHERE low > 0), '{}'::jsonb),
    coalesce(jsonb_object_agg(mood, low_today) FILTER (WHERE low_today > 0), '{}'::jsonb),
    coalesce(jsonb_object_agg(mood, low_not_today) FILTER (WHERE low_not_today > 0), '{}'::jsonb)
  FROM (
    SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
      count(*) FILTER (WHERE NOT low_enjoyment) AS high,
      count(*) FILTER (WHERE low_enjoyment) AS low,
      count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
      count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today,
      count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'today') AS low_today,
      count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'not-today') AS low_not_today
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
    low_moods = mood_counts_add(c.low_moods, excluded.low_moods),
    talk_today_moods = mood_counts_add(c.talk_today_moods, excluded.talk_today_moods),
    talk_not_today_moods = mood_counts_add(c.talk_not_today_moods, excluded.talk_not_today_moods);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION mood_month_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mood_month_counts c SET
    high = c.high - x.high,
    low = c.low - x.low,
    talk_today = c.talk_today - x.talk_today,
    talk_not_today = c.talk_not_today - x.talk_not_today,
    low_moods = mood_counts_add(c.low_moods, x.low_moods),
    talk_today_moods = mood_counts_add(c.talk_today_moods, x.talk_today_moods),
    talk_not_today_moods = mood_counts_add(c.talk_not_today_moods, x.talk_not_today_moods)
  FROM (
    SELECT user_id, school_id, month, sum(high)::int AS high, sum(low)::int AS low, sum(talk_today)::int AS talk_today, sum(talk_not_today)::int AS talk_not_today,
      coalesce(jsonb_object_agg(mood, -low) FILTER (WHERE low > 0), '{}'::jsonb) AS low_moods,
      coalesce(jsonb_object_agg(mood, -low_today) FILTER (WHERE low_today > 0), '{}'::jsonb) AS talk_today_moods,
      coalesce(jsonb_object_agg(mood, -low_not_today) FILTER (WHERE low_not_today > 0), '{}'::jsonb) AS talk_not_today_moods
    FROM (
      SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
        count(*) FILTER (WHERE NOT low_enjoyment) AS high,
        count(*) FILTER (WHERE low_enjoyment) AS low,
        count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
        count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today,
        count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'today') AS low_today,
        count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'not-today') AS low_not_today
      FROM removed
      GROUP BY 1, 2, 3, 4
    ) per_mood
    GROUP BY user_id, school_id, month
  ) x
  WHERE c.user_id = x.user_id AND c.school_id = x.school_id AND c.month = x.month;
  RETURN NULL;
END $$;

-- Rebuilds one school's counts from its rows (decision 0324), with the new columns.
CREATE OR REPLACE FUNCTION recount_mood_month_counts(p_school uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM mood_month_counts WHERE school_id = p_school;
  INSERT INTO mood_month_counts (user_id, school_id, month, high, low, talk_today, talk_not_today, low_moods, talk_today_moods, talk_not_today_moods)
  SELECT user_id, school_id, month, sum(high), sum(low), sum(talk_today), sum(talk_not_today),
    coalesce(jsonb_object_agg(mood, low) FILTER (WHERE low > 0), '{}'::jsonb),
    coalesce(jsonb_object_agg(mood, low_today) FILTER (WHERE low_today > 0), '{}'::jsonb),
    coalesce(jsonb_object_agg(mood, low_not_today) FILTER (WHERE low_not_today > 0), '{}'::jsonb)
  FROM (
    SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
      count(*) FILTER (WHERE NOT low_enjoyment) AS high,
      count(*) FILTER (WHERE low_enjoyment) AS low,
      count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
      count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today,
      count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'today') AS low_today,
      count(*) FILTER (WHERE low_enjoyment AND emergency_priority = 'not-today') AS low_not_today
    FROM moods WHERE school_id = p_school
    GROUP BY 1, 2, 3, 4
  ) per_mood
  GROUP BY user_id, school_id, month;
$$;

SELECT recount_mood_month_counts(id) FROM schools;
