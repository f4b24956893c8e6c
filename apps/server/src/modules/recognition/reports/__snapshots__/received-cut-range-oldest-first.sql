/* prepared */
with per_category as (
  select category_id, sum(n)::int as n from (
    select category_id, n from received_category_month_counts
    where user_id = $1 and school_id = $2 and month >= $3 and month < $4
    union all
    select rc.category_id, count(*)::int as n from recognitions r join recognition_categories rc on rc.recognition_id = r.id where r.receiver_id = $5 and r.school_id = $6 and r.kind = $7 and r.school_date between $8 and $9 group by rc.category_id
    union all
    select rc.category_id, -count(*)::int as n from recognitions r join recognition_categories rc on rc.recognition_id = r.id where r.receiver_id = $10 and r.school_id = $11 and r.kind = $12 and r.school_date between $13 and $14 group by rc.category_id) x group by category_id
),
tiles as (
  select c.id, c.key, c.name_en, c.name_es, coalesce(x.n, 0) as count, c.school_id is not null as own, c.position
  from categories c
  left join category_settings cs on cs.category_id = c.id and cs.school_id = $15
  left join per_category x on x.category_id = c.id
  where c.kind = $16 and (c.school_id is null or c.school_id = $17) and (coalesce(cs.enabled, true) or x.n > 0)
),
page as (
  select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, row_number() over (order by r.school_date asc, r.id asc) as n
  from (
    select r.id, r.giver_id, r.giver_role, r.school_date, r.comment from recognitions r
    where r.receiver_id = $18 and r.school_id = $19 and r.kind = $20 and r.school_date between $21 and $22
    order by r.school_date asc, r.id asc limit $23 offset $24
  ) r
)
select
  (select coalesce(json_agg(json_build_object('id', t.id, 'key', t.key, 'nameEn', t.name_en, 'nameEs', t.name_es, 'count', t.count)
    order by t.own, t.position, t.name_en), '[]'::json) from tiles t) as tiles,
  (select coalesce(sum(n), 0)::int from (
    select "high5_received" as n from recognition_month_counts
    where user_id = $25 and school_id = $26 and month >= $27 and month < $28
    union all
    select count(*)::int as n from recognitions r where r.receiver_id = $29 and r.school_id = $30 and r.kind = $31 and r.school_date between $32 and $33
    union all
    select -count(*)::int as n from recognitions r where r.receiver_id = $34 and r.school_id = $35 and r.kind = $36 and r.school_date between $37 and $38) x) as total,
  (select coalesce(json_agg(json_build_object('id', i.id, 'giverId', i.giver_id, 'giverRole', i.giver_role, 'schoolDate', i.school_date,
    'comment', i.comment, 'name', coalesce(nullif(btrim("g"."first_name" || ' ' || "g"."last_name"), ''), "g"."email", "g"."username", ''), 'imageKey', a.image_key,
    'categoryIds', (select coalesce(json_agg(rc.category_id), '[]'::json) from recognition_categories rc where rc.recognition_id = i.id))
    order by i.n), '[]'::json) from page i join users g on g.id = i.giver_id left join avatars a on a.user_id = i.giver_id) as items;
-- parameters: ["00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","2026-10-01","2026-12-01","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-09-29","2026-09-30","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-11-21","2026-11-30","00000000-0000-4000-8000-00000000000a","high5","00000000-0000-4000-8000-00000000000a","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-09-29","2026-11-20",25,25,"00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","2026-10-01","2026-12-01","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-09-29","2026-09-30","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-11-21","2026-11-30"]
