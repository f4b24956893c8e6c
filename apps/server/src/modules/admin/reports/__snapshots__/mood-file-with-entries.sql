with counted as (
  select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
  from (
    select user_id, high, low as low, talk_today as talk_today, talk_not_today as talk_not_today
    from mood_month_counts
    where school_id = $1 and month >= $2 and month < $3
  union all
    select user_id, (count(*) filter (where not low_enjoyment))::int as high, (count(*) filter (where "low_enjoyment"))::int as low,
      (count(*) filter (where emergency_priority = 'today'))::int as talk_today, (count(*) filter (where emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $4 and school_date between $5 and $6
    group by user_id
  union all
    select user_id, -(count(*) filter (where not low_enjoyment))::int as high, -(count(*) filter (where "low_enjoyment"))::int as low,
      -(count(*) filter (where emergency_priority = 'today'))::int as talk_today, -(count(*) filter (where emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $7 and school_date between $8 and $9
    group by user_id) x
  group by user_id),
  members as (
    select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today
    from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
    where m.school_id = $10 and m.role = $11 and m.status = 'active'
  ),
  batch as (
    select u.*, low_enjoyment as "k0", lower(u.last_name) as "k1", lower(u.first_name) as "k2", u.id as "k3" from members u
    order by low_enjoyment desc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $12
  )
  select u.* , coalesce((
  select json_agg(json_build_object('date', to_char(mo.school_date, 'YYYY-MM-DD'), 'mood', mo.mood, 'emergency', mo.emergency, 'talk', mo.emergency_priority) order by mo.school_date, mo.id)
  from moods mo
  where mo.user_id = u.id and mo.school_id = $13 and mo.school_date between $14 and $15 and "mo"."low_enjoyment"
), '[]'::json) as low_entries from batch u
  order by low_enjoyment desc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["00000000-0000-4000-8000-00000000000a","2025-12-01","2026-12-01","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30","00000000-0000-4000-8000-00000000000a","student",500,"00000000-0000-4000-8000-00000000000a","2025-11-27","2026-11-26"]
