with page as (
    select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total from school_memberships m join users u on u.id = m.user_id
    where m.school_id = $1 and m.role = $2 and m.status = 'active'
    order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $3 offset $4
  ),
  counted as (
  select user_id, sum(high5_given) as high5_given, sum(high5_received) as high5_received, sum(vibe_given) as vibe_given, sum(vibe_received) as vibe_received
  from (
    select user_id, high5_given, high5_received, vibe_given, vibe_received
    from recognition_month_counts
    where school_id = $5 and month >= $6 and month < $7 and user_id in (select id from page)
  union all
    select giver_id as user_id, (count(*) filter (where kind = 'high5'))::int as high5_given, 0 as high5_received, (count(*) filter (where kind = 'vibe'))::int as vibe_given, 0 as vibe_received
    from recognitions where school_id = $8 and kind in ('high5', 'vibe') and school_date between $9 and $10 and giver_id in (select id from page) group by giver_id
  union all
    select receiver_id as user_id, 0 as high5_given, (count(*) filter (where kind = 'high5'))::int as high5_received, 0 as vibe_given, (count(*) filter (where kind = 'vibe'))::int as vibe_received
    from recognitions where school_id = $11 and kind in ('high5', 'vibe') and school_date between $12 and $13 and receiver_id in (select id from page) group by receiver_id
  union all
    select giver_id as user_id, -(count(*) filter (where kind = 'high5'))::int as high5_given, 0 as high5_received, -(count(*) filter (where kind = 'vibe'))::int as vibe_given, 0 as vibe_received
    from recognitions where school_id = $14 and kind in ('high5', 'vibe') and school_date between $15 and $16 and giver_id in (select id from page) group by giver_id
  union all
    select receiver_id as user_id, 0 as high5_given, -(count(*) filter (where kind = 'high5'))::int as high5_received, 0 as vibe_given, -(count(*) filter (where kind = 'vibe'))::int as vibe_received
    from recognitions where school_id = $17 and kind in ('high5', 'vibe') and school_date between $18 and $19 and receiver_id in (select id from page) group by receiver_id) x
  group by user_id)
  select u.user_id, u.first_name, u.last_name, u.email, u.username, u.total, coalesce(c.high5_given, 0)::int as high5_given, coalesce(c.high5_received, 0)::int as high5_received,
coalesce(c.vibe_given, 0)::int as vibe_given, coalesce(c.vibe_received, 0)::int as vibe_received
  from page u left join counted c on c.user_id = u.id
  order by lower(u.last_name) asc, lower(u.first_name) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["00000000-0000-4000-8000-00000000000a","student",25,25,"00000000-0000-4000-8000-00000000000a","2025-12-01","2026-12-01","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30"]
