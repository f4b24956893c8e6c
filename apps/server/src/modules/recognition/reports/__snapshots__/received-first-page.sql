/* prepared */
with per_category as (
  select category_id, sum(n)::int as n from (
    select category_id, n from received_category_month_counts
    where user_id = $1 and school_id = $2 and month >= $3 and month < $4) x group by category_id
),
tiles as (
  select c.id, c.key, c.name_en, c.name_es, coalesce(x.n, 0) as count, c.school_id is not null as own, c.position
  from categories c
  left join category_settings cs on cs.category_id = c.id and cs.school_id = $5
  left join per_category x on x.category_id = c.id
  where c.kind = $6 and (c.school_id is null or c.school_id = $7) and (coalesce(cs.enabled, true) or x.n > 0)
),
page as (
  select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, row_number() over (order by r.school_date desc, r.id desc) as n
  from (
    select r.id, r.giver_id, r.giver_role, r.school_date, r.comment from recognitions r
    where r.receiver_id = $8 and r.school_id = $9 and r.kind = $10 and r.school_date between $11 and $12
    order by r.school_date desc, r.id desc limit $13 offset $14
  ) r
)
select
  (select coalesce(json_agg(json_build_object('id', t.id, 'key', t.key, 'nameEn', t.name_en, 'nameEs', t.name_es, 'count', t.count)
    order by t.own, t.position, t.name_en), '[]'::json) from tiles t) as tiles,
  (select coalesce(sum(n), 0)::int from (
    select "high5_received" as n from recognition_month_counts
    where user_id = $15 and school_id = $16 and month >= $17 and month < $18) x) as total,
  (select coalesce(json_agg(json_build_object('id', i.id, 'giverId', i.giver_id, 'giverRole', i.giver_role, 'schoolDate', i.school_date,
    'comment', i.comment, 'name', coalesce(nullif(btrim("g"."first_name" || ' ' || "g"."last_name"), ''), "g"."email", "g"."username", ''), 'imageKey', a.image_key,
    'categoryIds', (select coalesce(json_agg(rc.category_id), '[]'::json) from recognition_categories rc where rc.recognition_id = i.id))
    order by i.n), '[]'::json) from page i join users g on g.id = i.giver_id left join avatars a on a.user_id = i.giver_id) as items;
-- parameters: ["00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","2026-10-01","2026-11-01","00000000-0000-4000-8000-00000000000a","high5","00000000-0000-4000-8000-00000000000a","00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-10-01","2026-10-31",25,0,"00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","2026-10-01","2026-11-01"]
