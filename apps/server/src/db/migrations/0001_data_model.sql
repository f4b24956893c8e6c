-- The whole High5 data model. Forward-only; later changes get their own file.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE districts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  kind text NOT NULL DEFAULT 'free' CHECK (kind IN ('free', 'aeries', 'clever')),
  paid boolean NOT NULL DEFAULT false,
  test_mode boolean NOT NULL DEFAULT true,
  base_url text CHECK (base_url IS NULL OR length(base_url) <= 500),
  -- AES-256-GCM ciphertext of the Aeries certificate or Clever client key and secret.
  credentials_encrypted text,
  whitelisting_domains text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX districts_name_key ON districts (lower(name));

CREATE TABLE schools (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  district_id uuid NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  time_zone text NOT NULL DEFAULT 'America/Los_Angeles',
  high5_vibes boolean NOT NULL DEFAULT true,
  high5_notify_email boolean NOT NULL DEFAULT false,
  prompt_moodmeter boolean NOT NULL DEFAULT true,
  moodmeter_messages jsonb NOT NULL DEFAULT '{"en":{"message1":"","message2":""},"es":{"message1":"","message2":""}}',
  trigger_time time NOT NULL DEFAULT '07:00',
  url_program_iep text CHECK (url_program_iep IS NULL OR length(url_program_iep) <= 500),
  url_program_504 text CHECK (url_program_504 IS NULL OR length(url_program_504) <= 500),
  url_language text CHECK (url_language IS NULL OR length(url_language) <= 500),
  url_student_document text CHECK (url_student_document IS NULL OR length(url_student_document) <= 500),
  daily_give_limit integer NOT NULL DEFAULT 20 CHECK (daily_give_limit BETWEEN 1 AND 1000),
  last_mood_report_sent_on date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX schools_district_name_key ON schools (district_id, lower(name));

CREATE TABLE school_notification_emails (
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254),
  PRIMARY KEY (school_id, email)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text CHECK (email = lower(btrim(email)) AND length(email) BETWEEN 3 AND 254),
  username text CHECK (username = lower(btrim(username)) AND length(username) BETWEEN 3 AND 64),
  password_hash text,
  google_sub text UNIQUE,
  is_super_admin boolean NOT NULL DEFAULT false,
  first_name text NOT NULL DEFAULT '' CHECK (length(first_name) <= 60),
  last_name text NOT NULL DEFAULT '' CHECK (length(last_name) <= 60),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  email_verified_at timestamptz,
  -- Set for invitations and admin resets: the account may only choose a new password.
  must_change_password boolean NOT NULL DEFAULT false,
  temp_password_expires_at timestamptz,
  password_changed_at timestamptz,
  failed_signins integer NOT NULL DEFAULT 0,
  signin_blocked_until timestamptz,
  last_signin_at timestamptz,
  aeries_username text CHECK (aeries_username IS NULL OR length(aeries_username) <= 100),
  date_of_birth date,
  gender text CHECK (gender IN ('M', 'F', 'O')),
  pronoun text CHECK (length(pronoun) <= 40),
  phone text CHECK (length(phone) <= 20),
  zip_code text CHECK (length(zip_code) <= 10),
  department text CHECK (length(department) <= 80),
  bio text CHECK (length(bio) <= 1000),
  photo_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR username IS NOT NULL OR google_sub IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_username_key ON users (username) WHERE username IS NOT NULL;

-- A user's role and admin flag are per school: a teacher may teach at two schools.
CREATE TABLE school_memberships (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('student', 'teacher', 'parent', 'staff')),
  is_admin boolean NOT NULL DEFAULT false,
  -- 'pending': a teacher outside the district's whitelisted domains, waiting for the admin.
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending')),
  grade smallint CHECK (grade BETWEEN -1 AND 12),
  iep boolean NOT NULL DEFAULT false,
  plan_504 boolean NOT NULL DEFAULT false,
  language_level text CHECK (language_level IN ('L', 'LF')),
  aeries_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, school_id),
  CHECK (role = 'student' OR (grade IS NULL AND NOT iep AND NOT plan_504 AND language_level IS NULL)),
  CHECK (role IN ('teacher', 'staff') OR NOT is_admin)
);
CREATE INDEX school_memberships_school_role_idx ON school_memberships (school_id, role);

CREATE TABLE parent_links (
  parent_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (parent_id, student_id),
  CHECK (parent_id <> student_id)
);
CREATE INDEX parent_links_student_idx ON parent_links (student_id);

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('parent', 'student', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

CREATE TABLE classes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  owner_id uuid NOT NULL REFERENCES users (id),
  joining_code text NOT NULL UNIQUE CHECK (joining_code ~ '^[A-Z0-9]{6,10}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classes_school_idx ON classes (school_id);

-- Every teacher of a class: the owner and any substitutes.
CREATE TABLE class_teachers (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_substitute boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, teacher_id)
);
CREATE INDEX class_teachers_teacher_idx ON class_teachers (teacher_id);

CREATE TABLE enrolments (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, student_id)
);
CREATE INDEX enrolments_student_idx ON enrolments (student_id);

CREATE TABLE enrolment_requests (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, student_id)
);

-- Built-in categories have no school; a school's own categories carry its id.
CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('high5', 'vibe')),
  school_id uuid REFERENCES schools (id) ON DELETE CASCADE,
  key text,
  name_en text NOT NULL CHECK (length(btrim(name_en)) BETWEEN 1 AND 35),
  name_es text NOT NULL CHECK (length(btrim(name_es)) BETWEEN 1 AND 35),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((school_id IS NULL) = (key IS NOT NULL))
);
CREATE UNIQUE INDEX categories_builtin_key ON categories (kind, key) WHERE school_id IS NULL;
CREATE INDEX categories_school_idx ON categories (school_id, kind);

-- Per-school switch for any category; no row means enabled.
CREATE TABLE category_settings (
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  PRIMARY KEY (school_id, category_id)
);

-- High 5s and Positive Vibes share one shape.
CREATE TABLE recognitions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('high5', 'vibe')),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  giver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  giver_role text NOT NULL CHECK (giver_role IN ('student', 'teacher', 'parent', 'staff')),
  receiver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  receiver_role text NOT NULL CHECK (receiver_role IN ('student', 'teacher', 'parent', 'staff')),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 500),
  given_at timestamptz NOT NULL DEFAULT now(),
  -- The giver's school-local date: the daily limit and the monthly reports read it.
  school_date date NOT NULL
);
CREATE INDEX recognitions_receiver_idx ON recognitions (receiver_id, kind, school_date);
CREATE INDEX recognitions_giver_idx ON recognitions (giver_id, kind, school_date);
CREATE INDEX recognitions_school_idx ON recognitions (school_id, school_date);

CREATE TABLE recognition_categories (
  recognition_id bigint NOT NULL REFERENCES recognitions (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (recognition_id, category_id)
);

CREATE TABLE high5_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recognition_id bigint NOT NULL REFERENCES recognitions (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  teacher_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment text NOT NULL CHECK (length(btrim(comment)) BETWEEN 1 AND 1000),
  feedback_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX high5_feedback_teacher_idx ON high5_feedback (teacher_id, feedback_date);

CREATE TABLE moods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  -- One check-in per user per school-local day; checking in again replaces it.
  school_date date NOT NULL,
  mood text NOT NULL CHECK (mood IN (
    'triumph', 'rage', 'worried', 'grimacing', 'unamused', 'face_with_rolling_eyes',
    'face_with_head_bandage', 'sleeping', 'pensive', 'disappointed', 'persevere', 'weary',
    'smiley', 'smile', 'grinning', 'relaxed', 'stuck_out_tongue_winking_eye',
    'slightly_smiling_face', 'innocent', 'sunglasses', 'hushed', 'relieved')),
  low_enjoyment boolean NOT NULL,
  emergency boolean NOT NULL DEFAULT false,
  emergency_priority text NOT NULL DEFAULT 'none' CHECK (emergency_priority IN ('none', 'not-today', 'today')),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 500),
  checked_in_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (user_id, school_date)
);
CREATE INDEX moods_school_date_idx ON moods (school_id, school_date);

CREATE TABLE trusted_adults (
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  adult_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (student_id, adult_id),
  CHECK (student_id <> adult_id)
);
CREATE INDEX trusted_adults_adult_idx ON trusted_adults (adult_id);

CREATE TABLE journal_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  heading text NOT NULL CHECK (length(btrim(heading)) BETWEEN 1 AND 120),
  description text NOT NULL CHECK (length(description) <= 5000),
  written_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_user_idx ON journal_entries (user_id, written_at);

CREATE TABLE student_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_notes_student_idx ON student_notes (student_id, created_at);

CREATE TABLE seating_charts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) <= 80),
  rows smallint NOT NULL CHECK (rows BETWEEN 1 AND 30),
  cols smallint NOT NULL CHECK (cols BETWEEN 1 AND 30),
  desk_direction smallint NOT NULL DEFAULT 0 CHECK (desk_direction IN (0, 90, 180, 270)),
  -- {"row_col": student id}
  seats jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (class_id, name)
);

CREATE TABLE attendance (
  class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_date date NOT NULL,
  code char(1) NOT NULL CHECK (code IN ('P', 'A', 'T', 'E')),
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, student_id, school_date)
);
CREATE INDEX attendance_student_idx ON attendance (student_id, school_date);

CREATE TABLE avatars (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  image_key text NOT NULL,
  hand text NOT NULL CHECK (hand ~ '^Hand([1-9]|1[0-2])$'),
  colour_info jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mood_report_settings (
  school_id uuid PRIMARY KEY REFERENCES schools (id) ON DELETE CASCADE,
  range_days integer NOT NULL DEFAULT 10 CHECK (range_days BETWEEN 1 AND 366),
  minimum_low_enjoyment integer NOT NULL DEFAULT -1,
  filters text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE sessions (
  -- SHA-256 of the cookie token: a stolen database does not yield live sessions.
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  school_id uuid REFERENCES schools (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE verification_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verify')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, purpose, created_at);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  school_id uuid REFERENCES schools (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_type text,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_school_idx ON audit_log (school_id, at);

CREATE TABLE dev_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- A small durable job queue (mail delivery, scheduled reports), polled by the server.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 8,
  locked_until timestamptz,
  last_error text,
  done_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL AND failed_at IS NULL;
