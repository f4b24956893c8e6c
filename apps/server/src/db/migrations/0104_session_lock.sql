-- The idle lock is held by the server (docs/decisions/0160): while locked_at is set, the session
-- answers 423 SESSION_LOCKED to everything but the lock screen's own calls.
ALTER TABLE sessions ADD COLUMN locked_at timestamptz;
