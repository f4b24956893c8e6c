select "u"."id", "u"."email", "u"."first_name", "u"."language" from "parent_links" as "pl" inner join "users" as "u" on "u"."id" = "pl"."parent_id" where "pl"."student_id" = $1 and "u"."email" is not null;
-- parameters: ["00000000-0000-4000-8000-000000000002"]
