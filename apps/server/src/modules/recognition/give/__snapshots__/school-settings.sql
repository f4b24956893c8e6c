select "id", "name", "time_zone", "daily_give_limit", "high5_notify_email" from "schools" where "id" = $1;
-- parameters: ["00000000-0000-4000-8000-00000000000a"]
