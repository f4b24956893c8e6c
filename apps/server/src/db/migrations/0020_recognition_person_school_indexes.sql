-- Recognition reads are one person's in one school: the dashboard (everything a user gave or
-- received in the current school), the daily limit (what a giver gave there today) and the
-- received reports (a month of a receiver's, by kind). With school_id inside the index these
-- are index-only scans; without it PostgreSQL combined the person index with the whole
-- school's index (a BitmapAnd over ~100,000 entries per school on the large seed): about
-- 40 ms against 2 ms for a teacher's dashboard (docs/decisions/0080). The new indexes keep
-- the old names and replace them: every query the old ones served, these serve too.
DROP INDEX recognitions_giver_idx;
DROP INDEX recognitions_receiver_idx;
CREATE INDEX recognitions_giver_idx ON recognitions (giver_id, school_id, kind, school_date);
CREATE INDEX recognitions_receiver_idx ON recognitions (receiver_id, school_id, kind, school_date);
