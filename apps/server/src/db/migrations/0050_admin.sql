-- Administration area (docs/rules/administration.md).

-- A teacher who was made a teacher by an admin from staff (docs/rules/administration.md#user-management): only such a
-- teacher can be reverted to staff; a teacher who signed up as a teacher cannot be demoted.
ALTER TABLE school_memberships ADD COLUMN staff_as_teacher boolean NOT NULL DEFAULT false;
ALTER TABLE school_memberships ADD CONSTRAINT school_memberships_staff_as_teacher_check CHECK (role = 'teacher' OR NOT staff_as_teacher);

-- Backups of a school's data (docs/rules/administration.md#settings): a JSON file in object storage. The row
-- outlives the school, so a backup taken before a deletion stays downloadable.
CREATE TABLE school_backups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid REFERENCES schools (id) ON DELETE SET NULL,
  school_name text NOT NULL,
  district_name text NOT NULL,
  storage_key text NOT NULL,
  size_bytes bigint NOT NULL,
  row_count integer NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX school_backups_created_idx ON school_backups (created_at DESC);

-- The daily mood meter report job finds due schools by trigger time; few schools, no index needed.
