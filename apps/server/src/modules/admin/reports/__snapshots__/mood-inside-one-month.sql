with counted as (
  select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
  from (
    select user_id, (count(*) filter (where not low_enjoyment))::int as high, (count(*) filter (where "low_enjoyment" and "mood" in ($1)))::int as low,
      (count(*) filter (where "low_enjoyment" and "mood" in ($2) and emergency_priority = 'today'))::int as talk_today, (count(*) filter (where "low_enjoyment" and "mood" in ($3) and emergency_priority = 'not-today'))::int as talk_not_today
    from moods
    where school_id = $4 and school_date between $5 and $6
    group by user_id) x
  group by user_id),
    page as (
      select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total, coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today
      from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
      where m.school_id = $7 and m.role = $8 and m.status = 'active' and coalesce(c.low, 0) >= $9
      order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $10 offset $11
    )
    select u.* from page u
    order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["worried","worried","worried","00000000-0000-4000-8000-00000000000a","2026-10-06","2026-10-15","00000000-0000-4000-8000-00000000000a","student",1,500,500]
