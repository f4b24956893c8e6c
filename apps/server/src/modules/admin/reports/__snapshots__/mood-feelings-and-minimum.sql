with counted as (
  select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
  from (
    select user_id, high, coalesce((low_moods ->> $1)::int, 0) + coalesce((low_moods ->> $2)::int, 0) as low, coalesce((talk_today_moods ->> $3)::int, 0) + coalesce((talk_today_moods ->> $4)::int, 0) as talk_today, coalesce((talk_not_today_moods ->> $5)::int, 0) + coalesce((talk_not_today_moods ->> $6)::int, 0) as talk_not_today
    from mood_month_counts
    where school_id = $7 and month >= $8 and month < $9
  union all
    select user_id, (count(*) filter (where not low_enjoyment))::int as high, (count(*) filter (where "low_enjoyment" and "mood" in ($10, $11)))::int as low,
      (count(*) filter (where "low_enjoyment" and "mood" in ($12, $13) and emergency_priority = 'today'))::int as talk_today, (count(*) filter (where "low_enjoyment" and "mood" in ($14, $15) and emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $16 and school_date between $17 and $18
    group by user_id
  union all
    select user_id, -(count(*) filter (where not low_enjoyment))::int as high, -(count(*) filter (where "low_enjoyment" and "mood" in ($19, $20)))::int as low,
      -(count(*) filter (where "low_enjoyment" and "mood" in ($21, $22) and emergency_priority = 'today'))::int as talk_today, -(count(*) filter (where "low_enjoyment" and "mood" in ($23, $24) and emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $25 and school_date between $26 and $27
    group by user_id) x
  group by user_id),
    page as (
      select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total, coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today
      from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
      where m.school_id = $28 and m.role = $29 and m.status = 'active' and coalesce(c.low, 0) >= $30
      order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $31 offset $32
    )
    select u.* from page u
    order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["worried","rage","worried","rage","worried","rage","00000000-0000-4000-8000-00000000000a","2025-12-01","2026-12-01","worried","rage","worried","rage","worried","rage","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","worried","rage","worried","rage","worried","rage","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30","00000000-0000-4000-8000-00000000000a","student",3,500,500]
