-- The daily give limit (docs/decisions/0072): how many of each kind a person gave in a school
-- on a school day. A give raises its row with INSERT ... ON CONFLICT DO UPDATE ... WHERE
-- given < limit, which locks the row and always sees its latest committed value: concurrent
-- gives by one person queue on it and the limit holds, in the same statement as the insert.
CREATE TABLE daily_give_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  school_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('high5', 'vibe')),
  given integer NOT NULL CHECK (given >= 0),
  PRIMARY KEY (user_id, school_id, school_date, kind)
);
CREATE INDEX daily_give_counts_school_idx ON daily_give_counts (school_id);

-- Gives already made today (and yesterday, for schools west of the server) keep counting.
INSERT INTO daily_give_counts (user_id, school_id, school_date, kind, given)
SELECT giver_id, school_id, school_date, kind, count(*)
FROM recognitions
WHERE school_date >= current_date - 1
GROUP BY giver_id, school_id, school_date, kind;
