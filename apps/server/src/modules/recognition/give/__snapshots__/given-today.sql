select d.kind, d.given from daily_give_counts d
join schools s on s.id = d.school_id
where d.user_id = $1 and d.school_id = $2
  and d.school_date = ($3::timestamptz at time zone s.time_zone)::date;
-- parameters: ["00000000-0000-4000-8000-000000000001","00000000-0000-4000-8000-00000000000a","2026-10-15T16:00:00.000Z"]
