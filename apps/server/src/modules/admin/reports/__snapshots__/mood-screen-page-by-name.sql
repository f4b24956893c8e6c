with page as (
    select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total from school_memberships m join users u on u.id = m.user_id
    where m.school_id = $1 and m.role = $2 and m.status = 'active'
    order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $3 offset $4
  ),
  counted as (
  select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
  from (
    select user_id, high, low as low, talk_today as talk_today, talk_not_today as talk_not_today
    from mood_month_counts
    where school_id = $5 and month >= $6 and month < $7 and user_id in (select id from page)
  union all
    select user_id, (count(*) filter (where not low_enjoyment))::int as high, (count(*) filter (where "low_enjoyment"))::int as low,
      (count(*) filter (where emergency_priority = 'today'))::int as talk_today, (count(*) filter (where emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $8 and school_date between $9 and $10 and user_id in (select id from page)
    group by user_id
  union all
    select user_id, -(count(*) filter (where not low_enjoyment))::int as high, -(count(*) filter (where "low_enjoyment"))::int as low,
      -(count(*) filter (where emergency_priority = 'today'))::int as talk_today, -(count(*) filter (where emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $11 and school_date between $12 and $13 and user_id in (select id from page)
    group by user_id) x
  group by user_id)
  select u.user_id, u.first_name, u.last_name, u.email, u.username, u.total, coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today
  from page u left join counted c on c.user_id = u.id
  order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["00000000-0000-4000-8000-00000000000a","student",25,25,"00000000-0000-4000-8000-00000000000a","2025-12-01","2026-12-01","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30"]
