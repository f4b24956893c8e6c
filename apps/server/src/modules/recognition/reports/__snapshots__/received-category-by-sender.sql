/* prepared */
with r as materialized (
  select r.id, r.giver_id, r.giver_role, r.school_date, r.comment
  from recognitions r
  where r.receiver_id = $1 and r.school_id = $2 and r.kind = $3 and r.school_date between $4 and $5
),
per_category as (
  select rc.category_id, count(*)::int as n from r join recognition_categories rc on rc.recognition_id = r.id group by rc.category_id
),
tiles as (
  select c.id, c.key, c.name_en, c.name_es, coalesce(x.n, 0) as count, c.school_id is not null as own, c.position
  from categories c
  left join category_settings cs on cs.category_id = c.id and cs.school_id = $6
  left join per_category x on x.category_id = c.id
  where c.kind = $7 and (c.school_id is null or c.school_id = $8) and (coalesce(cs.enabled, true) or x.n > 0)
),
matching as (
  select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, coalesce(nullif(btrim("g"."first_name" || ' ' || "g"."last_name"), ''), "g"."email", "g"."username", '') as name
  from r join users g on g.id = r.giver_id
  where exists (select 1 from recognition_categories rc where rc.recognition_id = r.id and rc.category_id = $9)
),
page as (
  select m.*, row_number() over (order by lower(m.name) desc, m.school_date desc, m.id desc) as n from matching m order by n limit $10 offset $11
)
select
  (select coalesce(json_agg(json_build_object('id', t.id, 'key', t.key, 'nameEn', t.name_en, 'nameEs', t.name_es, 'count', t.count)
    order by t.own, t.position, t.name_en), '[]'::json) from tiles t) as tiles,
  (select count(*)::int from matching) as total,
  (select coalesce(json_agg(json_build_object('id', i.id, 'giverId', i.giver_id, 'giverRole', i.giver_role, 'schoolDate', i.school_date,
    'comment', i.comment, 'name', coalesce(nullif(btrim("g"."first_name" || ' ' || "g"."last_name"), ''), "g"."email", "g"."username", ''), 'imageKey', a.image_key,
    'categoryIds', (select coalesce(json_agg(rc.category_id), '[]'::json) from recognition_categories rc where rc.recognition_id = i.id))
    order by i.n), '[]'::json) from page i join users g on g.id = i.giver_id left join avatars a on a.user_id = i.giver_id) as items;
-- parameters: ["00000000-0000-4000-8000-000000000002","00000000-0000-4000-8000-00000000000a","high5","2026-10-01","2026-10-31","00000000-0000-4000-8000-00000000000a","high5","00000000-0000-4000-8000-00000000000a","00000000-0000-4000-8000-0000000000c1",25,0]
