with counted as (
  select user_id, sum(high5_given) as high5_given, sum(high5_received) as high5_received, sum(vibe_given) as vibe_given, sum(vibe_received) as vibe_received
  from (
    select user_id, high5_given, high5_received, vibe_given, vibe_received
    from recognition_month_counts
    where school_id = $1 and month >= $2 and month < $3 ) x
  group by user_id),
    page as (
      select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total, coalesce(c.high5_given, 0)::int as high5_given, coalesce(c.high5_received, 0)::int as high5_received,
coalesce(c.vibe_given, 0)::int as vibe_given, coalesce(c.vibe_received, 0)::int as vibe_received
      from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
      where m.school_id = $4 and m.role = $5 and m.status = 'active'
      order by vibe_given asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $6 offset $7
    )
    select u.* from page u
    order by vibe_given asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["00000000-0000-4000-8000-00000000000a","2026-09-01","2026-11-01","00000000-0000-4000-8000-00000000000a","student",500,500]
