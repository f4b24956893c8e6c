select ceil(extract(epoch from ((date_trunc('day', $1::timestamptz at time zone s.time_zone) + interval '1 day') at time zone s.time_zone) - $2::timestamptz))::int as seconds
from schools s where s.id = $3;
-- parameters: ["2026-10-15T16:00:00.000Z","2026-10-15T16:00:00.000Z","00000000-0000-4000-8000-00000000000a"]
