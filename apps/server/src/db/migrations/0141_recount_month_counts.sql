-- Rebuilds one school's monthly counts (0090, 0130) from its rows. The triggers keep them in step
-- with every write; a bulk load that runs without triggers (the large seed loads with
-- session_replication_role = replica) calls these afterwards, or the reports and the dashboard
-- would read empty months.
CREATE FUNCTION recount_recognition_month_counts(p_school uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM recognition_month_counts WHERE school_id = p_school;
  INSERT INTO recognition_month_counts (user_id, school_id, direction, kind, month, n)
  SELECT user_id, school_id, direction, kind, month, count(*)
  FROM (
    SELECT giver_id AS user_id, school_id, 'given' AS direction, kind, date_trunc('month', school_date)::date AS month FROM recognitions WHERE school_id = p_school
    UNION ALL
    SELECT receiver_id, school_id, 'received', kind, date_trunc('month', school_date)::date FROM recognitions WHERE school_id = p_school
  ) x
  GROUP BY user_id, school_id, direction, kind, month;
$$;

CREATE FUNCTION recount_mood_month_counts(p_school uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM mood_month_counts WHERE school_id = p_school;
  INSERT INTO mood_month_counts (user_id, school_id, month, high, low, talk_today, talk_not_today, low_moods)
  SELECT user_id, school_id, month, sum(high), sum(low), sum(talk_today), sum(talk_not_today),
    coalesce(jsonb_object_agg(mood, low) FILTER (WHERE low > 0), '{}'::jsonb)
  FROM (
    SELECT user_id, school_id, date_trunc('month', school_date)::date AS month, mood,
      count(*) FILTER (WHERE NOT low_enjoyment) AS high,
      count(*) FILTER (WHERE low_enjoyment) AS low,
      count(*) FILTER (WHERE emergency_priority = 'today') AS talk_today,
      count(*) FILTER (WHERE emergency_priority = 'not-today') AS talk_not_today
    FROM moods WHERE school_id = p_school
    GROUP BY 1, 2, 3, 4
  ) per_mood
  GROUP BY user_id, school_id, month;
$$;
