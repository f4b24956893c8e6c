-- The mood meter report lists each shown person's low-enjoyment check-ins in its range
-- (docs/decisions/0450). A person's check-ins lie on about one heap page each (they are written
-- day by day among everyone's); this index holds what the list reads, so it is read from the
-- index alone, a few pages per person instead of a hundred.
CREATE INDEX moods_low_by_user_idx ON moods (user_id, school_date) INCLUDE (school_id, id, mood, emergency, emergency_priority) WHERE low_enjoyment;
