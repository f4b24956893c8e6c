-- Well-being alerts (docs/decisions/0420-0423): a student's "I need help today" becomes
-- an alert that lives until an adult answers it, is routed at once, escalates through the
-- school's tiers in school hours, and keeps a trail of who saw it and what they did.

-- One row per school that changed the defaults (a school without a row uses them).
CREATE TABLE school_alert_settings (
  school_id uuid PRIMARY KEY REFERENCES schools (id) ON DELETE CASCADE,
  -- Which check-ins raise an alert besides "today": "not today", and chosen low feelings.
  alert_on_not_today boolean NOT NULL DEFAULT false,
  alert_moods text[] NOT NULL DEFAULT '{}',
  -- Who gets the first notice.
  notify_trusted_adults boolean NOT NULL DEFAULT true,
  notify_class_teachers boolean NOT NULL DEFAULT true,
  notify_counsellors boolean NOT NULL DEFAULT true,
  counsellor_ids uuid[] NOT NULL DEFAULT '{}',
  -- Escalation tiers after the first notice: each tier a list of adults; empty means the school's admins.
  escalation_tiers jsonb NOT NULL DEFAULT '[]',
  escalation_minutes integer NOT NULL DEFAULT 30 CHECK (escalation_minutes BETWEEN 5 AND 1440),
  school_day_start time NOT NULL DEFAULT '08:00',
  school_day_end time NOT NULL DEFAULT '15:30' CHECK (school_day_end > school_day_start),
  -- ISO weekdays (1 = Monday) the school is open.
  school_days smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  -- Outside school hours: false waits for the next school morning, true notifies at once.
  notify_after_hours boolean NOT NULL DEFAULT false,
  after_hours_message jsonb NOT NULL DEFAULT '{"en":"","es":""}',
  require_mood_consent boolean NOT NULL DEFAULT false,
  parents_see_moods boolean NOT NULL DEFAULT true
);

CREATE TABLE alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL,
  -- -1 until the first notice went out (after hours it waits); then the tier last notified.
  tier integer NOT NULL DEFAULT -1,
  -- When the next notice is due; null when the chain has no tier left or the alert is closed.
  next_step_at timestamptz,
  escalated_at timestamptz,
  first_acknowledged_at timestamptz,
  closed_at timestamptz
);
-- At most one open alert per student and school: a new check-in adds to it.
CREATE UNIQUE INDEX alerts_open_key ON alerts (school_id, student_id) WHERE closed_at IS NULL;
CREATE INDEX alerts_due_idx ON alerts (next_step_at) WHERE closed_at IS NULL AND next_step_at IS NOT NULL;
CREATE INDEX alerts_school_opened_idx ON alerts (school_id, opened_at);

-- Every check-in that raised or added to an alert.
CREATE TABLE alert_signals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  mood text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('none', 'not-today', 'today')),
  -- "I want to talk to …": one trusted adult, or null with talk_to_any.
  talk_to uuid REFERENCES users (id) ON DELETE SET NULL,
  talk_to_any boolean NOT NULL DEFAULT false,
  after_hours boolean NOT NULL DEFAULT false
);
CREATE INDEX alert_signals_alert_idx ON alert_signals (alert_id, at);

-- The adults an alert reached, with the reason and tier: they may read and answer it.
CREATE TABLE alert_recipients (
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  adult_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tier integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('trustedAdult', 'classTeacher', 'counsellor', 'chosen', 'escalation')),
  notified_at timestamptz NOT NULL,
  PRIMARY KEY (alert_id, adult_id)
);
CREATE INDEX alert_recipients_adult_idx ON alert_recipients (adult_id);

-- The acknowledgement trail: who, when, what, and whether it closed the alert.
CREATE TABLE alert_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('talked', 'contactedFamily', 'referredCounsellor', 'other')),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  closed boolean NOT NULL
);
CREATE INDEX alert_actions_alert_idx ON alert_actions (alert_id, at);

-- Parental consent for mood check-ins, per student, kept across school years.
CREATE TABLE mood_consents (
  student_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('given', 'refused', 'pending')),
  changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL
);
