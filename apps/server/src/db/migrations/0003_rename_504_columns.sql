-- Kysely's CamelCasePlugin maps `plan504` to `plan504`, never back to `plan_504`: with the
-- underscore before the digits, every write or filter on these two columns failed
-- ("column url_program504 does not exist"). Names without it round-trip both ways.
ALTER TABLE school_memberships RENAME COLUMN plan_504 TO plan504;
ALTER TABLE schools RENAME COLUMN url_program_504 TO url_program504;
