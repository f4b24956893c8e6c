-- Class sign-in cards (docs/decisions/0553). A teacher opens a class on one device
-- (a device-bound class session: only the hash of its cookie is kept); while it is open, a
-- student of the class signs in there with their card. One card per student and class: a new
-- card replaces the row, so the old card's code no longer matches. Codes are kept as keyed hashes.
CREATE TABLE class_device_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  opened_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX class_device_sessions_class ON class_device_sessions (class_id, expires_at);

CREATE TABLE class_sign_in_cards (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  issued_by uuid REFERENCES users (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL,
  PRIMARY KEY (class_id, student_id),
  UNIQUE (class_id, code_hash)
);

-- A student's session started by a card ends with the class session it was started in.
ALTER TABLE sessions ADD COLUMN class_device_session_id uuid REFERENCES class_device_sessions (id) ON DELETE CASCADE;
