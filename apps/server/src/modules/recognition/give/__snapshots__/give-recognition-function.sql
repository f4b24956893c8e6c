CREATE OR REPLACE FUNCTION public.give_recognition(p_giver uuid, p_giver_role text, p_school uuid, p_recipient uuid, p_kind text, p_categories uuid[], p_comment text, p_now timestamp with time zone)
 RETURNS TABLE(school_name text, daily_give_limit integer, high5_notify_email boolean, today date, recipient json, categories json, giver_has_standing boolean, given integer, id bigint)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH s AS (
    SELECT sc.id, sc.name, sc.daily_give_limit, sc.high5_notify_email, (p_now AT TIME ZONE sc.time_zone)::date AS today
    FROM schools sc WHERE sc.id = p_school
  ), r AS (
    SELECT u.id, u.first_name, u.last_name, u.email, u.username, u.language, m.role, m.status, m.grade,
      EXISTS (SELECT 1 FROM parent_links pl WHERE pl.parent_id = p_giver AND pl.student_id = m.user_id) AS is_child_of_giver,
      EXISTS (SELECT 1 FROM parent_links pl WHERE pl.student_id = p_giver AND pl.parent_id = m.user_id) AS is_parent_of_giver
    FROM school_memberships m JOIN users u ON u.id = m.user_id
    WHERE m.school_id = p_school AND m.user_id = p_recipient AND m.status = 'active'
  ), c AS (
    SELECT ca.id, ca.name_en, ca.name_es FROM categories ca
    LEFT JOIN category_settings cs ON cs.category_id = ca.id AND cs.school_id = p_school
    WHERE ca.id = ANY (p_categories) AND ca.kind = p_kind AND (ca.school_id IS NULL OR ca.school_id = p_school)
      AND coalesce(cs.enabled, true)
  ), counted AS (
    INSERT INTO daily_give_counts AS d (user_id, school_id, school_date, kind, given)
    SELECT p_giver, s.id, s.today, p_kind, 1 FROM s
    WHERE EXISTS (SELECT 1 FROM r) AND (SELECT count(*) FROM c) = cardinality(p_categories)
    ON CONFLICT (user_id, school_id, school_date, kind) DO UPDATE SET given = d.given + 1
    WHERE d.given < (SELECT s.daily_give_limit FROM s)
    RETURNING d.given
  ), inserted AS (
    INSERT INTO recognitions (kind, school_id, giver_id, giver_role, receiver_id, receiver_role, comment, given_at, school_date)
    SELECT p_kind, s.id, p_giver, p_giver_role, r.id, r.role, p_comment, p_now, s.today FROM counted, s, r
    RETURNING recognitions.id
  ), linked AS (
    INSERT INTO recognition_categories (recognition_id, category_id) SELECT inserted.id, c.id FROM inserted, c
  )
  SELECT s.name, s.daily_give_limit, s.high5_notify_email, s.today,
    (SELECT json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email,
       'username', r.username, 'language', r.language, 'role', r.role, 'status', r.status, 'grade', r.grade,
       'isChildOfGiver', r.is_child_of_giver, 'isParentOfGiver', r.is_parent_of_giver) FROM r),
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'nameEn', c.name_en, 'nameEs', c.name_es)), '[]'::json) FROM c),
    (p_giver_role <> 'parent' OR EXISTS (
      SELECT 1 FROM parent_links pl
      JOIN school_memberships sm ON sm.user_id = pl.student_id AND sm.school_id = p_school AND sm.role = 'student' AND sm.status = 'active'
      WHERE pl.parent_id = p_giver)),
    (SELECT counted.given FROM counted),
    (SELECT inserted.id FROM inserted)
  FROM s;
END
$function$
