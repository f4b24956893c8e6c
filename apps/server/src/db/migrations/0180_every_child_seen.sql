-- Every child seen (docs/decisions/0565, 0566).
-- How many school days a teacher's "not yet" list looks back; the school sets it.
ALTER TABLE schools ADD COLUMN not_yet_days smallint NOT NULL DEFAULT 10 CHECK (not_yet_days BETWEEN 1 AND 60);
-- The first day of the month whose "not yet" e-mail the school's teachers were last sent (the claim).
ALTER TABLE schools ADD COLUMN not_yet_mail_month date;
-- A teacher's opt-out of the monthly "not yet" e-mail.
ALTER TABLE users ADD COLUMN not_yet_mail boolean NOT NULL DEFAULT true;

-- When a giver last recognised each receiver, and how often in a range, straight from the index
-- (about 150 short probes for a teacher of 5 classes), never from the giver's whole history.
CREATE INDEX recognitions_giver_receiver_idx ON recognitions (giver_id, receiver_id, school_date) INCLUDE (kind, school_id);
