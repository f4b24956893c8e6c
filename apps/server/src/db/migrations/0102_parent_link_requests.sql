-- A student's request that an existing account become their parent (docs/decisions/0155):
-- nothing is linked or visible until that account accepts.
CREATE TABLE parent_link_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  parent_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (parent_id, student_id),
  CHECK (parent_id <> student_id)
);
CREATE INDEX parent_link_requests_school_idx ON parent_link_requests (school_id);
CREATE INDEX parent_link_requests_student_idx ON parent_link_requests (student_id);
