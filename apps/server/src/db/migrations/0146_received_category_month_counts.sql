-- The received report's category tiles from per-person monthly counts per category (decision
-- 0333), as its total already comes from recognition_month_counts: the report's first page reads
-- about a dozen count rows and the page's 25 recognitions instead of every recognition of the
-- month and each one's categories.

-- Each category row carries its recognition's receiver, school and date, so that a statement that
-- deletes category rows (a recognition deleted and its rows cascading, a category deleted) can be
-- counted from its transition table alone: by then the recognition may be gone. The trigger below
-- copies them from the recognition on every insert or update, whatever the statement names; the
-- columns are nullable only so that inserts need not name them.
ALTER TABLE recognition_categories ADD COLUMN receiver_id uuid, ADD COLUMN school_id uuid, ADD COLUMN school_date date;
UPDATE recognition_categories rc SET receiver_id = r.receiver_id, school_id = r.school_id, school_date = r.school_date
FROM recognitions r WHERE r.id = rc.recognition_id;

CREATE FUNCTION recognition_categories_copy_recognition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.receiver_id, r.school_id, r.school_date INTO NEW.receiver_id, NEW.school_id, NEW.school_date
  FROM recognitions r WHERE r.id = NEW.recognition_id;
  RETURN NEW;
END $$;
CREATE TRIGGER recognition_categories_copy BEFORE INSERT OR UPDATE ON recognition_categories
  FOR EACH ROW EXECUTE FUNCTION recognition_categories_copy_recognition();

-- A recognition moved to another receiver, school or date (none today; a merge of accounts or a
-- fix of a date would be one): its category rows take the new values, and are recounted below.
CREATE FUNCTION recognitions_move_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recognition_categories SET receiver_id = NEW.receiver_id, school_id = NEW.school_id, school_date = NEW.school_date
  WHERE recognition_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER recognitions_move_categories AFTER UPDATE OF receiver_id, school_id, school_date ON recognitions
  FOR EACH ROW WHEN (OLD.receiver_id IS DISTINCT FROM NEW.receiver_id OR OLD.school_id IS DISTINCT FROM NEW.school_id OR OLD.school_date IS DISTINCT FROM NEW.school_date)
  EXECUTE FUNCTION recognitions_move_categories();

CREATE TABLE received_category_month_counts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  -- The first day of the month of the recognitions' school_date.
  month date NOT NULL,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, school_id, month, category_id)
);

-- Kept in step like recognition_month_counts (0145): statement-level triggers in the same
-- transaction, rows upserted in key order so concurrent gives never deadlock on them.
CREATE FUNCTION received_category_month_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_category_month_counts AS c (user_id, school_id, month, category_id, n)
  SELECT receiver_id, school_id, date_trunc('month', school_date)::date, category_id, count(*)
  FROM added
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, school_id, month, category_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION received_category_month_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE received_category_month_counts c SET n = c.n - d.n
  FROM (
    SELECT receiver_id AS user_id, school_id, date_trunc('month', school_date)::date AS month, category_id, count(*)::int AS n
    FROM removed
    GROUP BY 1, 2, 3, 4
  ) d
  WHERE c.user_id = d.user_id AND c.school_id = d.school_id AND c.month = d.month AND c.category_id = d.category_id;
  RETURN NULL;
END $$;

CREATE TRIGGER recognition_categories_counted_insert AFTER INSERT ON recognition_categories
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION received_category_month_counts_added();
CREATE TRIGGER recognition_categories_counted_delete AFTER DELETE ON recognition_categories
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION received_category_month_counts_removed();
CREATE TRIGGER recognition_categories_counted_update_old AFTER UPDATE ON recognition_categories
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION received_category_month_counts_removed();
CREATE TRIGGER recognition_categories_counted_update_new AFTER UPDATE ON recognition_categories
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION received_category_month_counts_added();

-- Rebuilds one school's counts from its rows (decision 0324), now with the category counts (a
-- bulk load under session_replication_role = replica runs no trigger and calls it afterwards).
CREATE OR REPLACE FUNCTION recount_recognition_month_counts(p_school uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM recognition_month_counts WHERE school_id = p_school;
  INSERT INTO recognition_month_counts (user_id, school_id, month, high5_given, high5_received, vibe_given, vibe_received)
  SELECT user_id, school_id, month, sum(hg)::int AS high5_given, sum(hr)::int AS high5_received, sum(vg)::int AS vibe_given, sum(vr)::int AS vibe_received
  FROM (
    SELECT giver_id AS user_id, school_id, date_trunc('month', school_date)::date AS month,
      (kind = 'high5')::int AS hg, 0 AS hr, (kind = 'vibe')::int AS vg, 0 AS vr FROM recognitions WHERE school_id = p_school
    UNION ALL
    SELECT receiver_id, school_id, date_trunc('month', school_date)::date, 0, (kind = 'high5')::int, 0, (kind = 'vibe')::int FROM recognitions WHERE school_id = p_school
  ) x
  GROUP BY user_id, school_id, month;
  DELETE FROM received_category_month_counts WHERE school_id = p_school;
  INSERT INTO received_category_month_counts (user_id, school_id, month, category_id, n)
  SELECT r.receiver_id, r.school_id, date_trunc('month', r.school_date)::date, rc.category_id, count(*)
  FROM recognitions r JOIN recognition_categories rc ON rc.recognition_id = r.id
  WHERE r.school_id = p_school
  GROUP BY 1, 2, 3, 4;
$$;

INSERT INTO received_category_month_counts (user_id, school_id, month, category_id, n)
SELECT receiver_id, school_id, date_trunc('month', school_date)::date, category_id, count(*)
FROM recognition_categories
GROUP BY 1, 2, 3, 4;

-- The report's page comes straight from this index in date order, ties by id: with id in the key a
-- day of many High 5s is read in order and stops at the page, instead of being sorted whole.
DROP INDEX recognitions_receiver_idx;
CREATE INDEX recognitions_receiver_idx ON recognitions (receiver_id, school_id, kind, school_date, id);
