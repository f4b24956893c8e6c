-- The sign-in throttle of logins that match no account, so that they are throttled exactly
-- like real ones (no enumeration by throttling or by timing: both kinds of failure write one row).
CREATE TABLE signin_throttles (
  login_key text PRIMARY KEY CHECK (length(login_key) <= 300),
  failures integer NOT NULL,
  blocked_until timestamptz NOT NULL
);
CREATE INDEX signin_throttles_blocked_idx ON signin_throttles (blocked_until);
