with counted as (
  select user_id, sum(high5_given) as high5_given, sum(high5_received) as high5_received, sum(vibe_given) as vibe_given, sum(vibe_received) as vibe_received
  from (
    select user_id, high5_given, high5_received, vibe_given, vibe_received
    from recognition_month_counts
    where school_id = $1 and month >= $2 and month < $3
  union all
    select giver_id as user_id, (count(*) filter (where kind = 'high5'))::int as high5_given, 0 as high5_received, (count(*) filter (where kind = 'vibe'))::int as vibe_given, 0 as vibe_received
    from recognitions where school_id = $4 and kind in ('high5', 'vibe') and school_date between $5 and $6  group by giver_id
  union all
    select receiver_id as user_id, 0 as high5_given, (count(*) filter (where kind = 'high5'))::int as high5_received, 0 as vibe_given, (count(*) filter (where kind = 'vibe'))::int as vibe_received
    from recognitions where school_id = $7 and kind in ('high5', 'vibe') and school_date between $8 and $9  group by receiver_id
  union all
    select giver_id as user_id, -(count(*) filter (where kind = 'high5'))::int as high5_given, 0 as high5_received, -(count(*) filter (where kind = 'vibe'))::int as vibe_given, 0 as vibe_received
    from recognitions where school_id = $10 and kind in ('high5', 'vibe') and school_date between $11 and $12  group by giver_id
  union all
    select receiver_id as user_id, 0 as high5_given, -(count(*) filter (where kind = 'high5'))::int as high5_received, 0 as vibe_given, -(count(*) filter (where kind = 'vibe'))::int as vibe_received
    from recognitions where school_id = $13 and kind in ('high5', 'vibe') and school_date between $14 and $15  group by receiver_id) x
  group by user_id),
    page as (
      select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total, coalesce(c.high5_given, 0)::int as high5_given, coalesce(c.high5_received, 0)::int as high5_received,
coalesce(c.vibe_given, 0)::int as vibe_given, coalesce(c.vibe_received, 0)::int as vibe_received
      from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
      where m.school_id = $16 and m.role = $17 and m.status = 'active' and exists (select 1 from enrolments e where e.student_id = u.id and e.class_id in ($18)) and (u.first_name || ' ' || u.last_name ilike $19 or u.last_name || ' ' || u.first_name ilike $20 or coalesce(u.email, '') ilike $21 or coalesce(u.username, '') ilike $22)
      order by lower(coalesce(u.email, u.username, '')) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc limit $23 offset $24
    )
    select u.* from page u
    order by lower(coalesce(u.email, u.username, '')) asc, lower(u.last_name) asc, lower(u.first_name) asc, u.id asc;
-- parameters: ["00000000-0000-4000-8000-00000000000a","2025-12-01","2026-12-01","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2025-11-27","2025-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30","00000000-0000-4000-8000-00000000000a","2026-11-27","2026-11-30","00000000-0000-4000-8000-00000000000a","student","00000000-0000-4000-8000-0000000000c1","%50\\%\\_off%","%50\\%\\_off%","%50\\%\\_off%","%50\\%\\_off%",500,500]
