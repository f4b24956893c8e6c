-- Rate-limit counters shared by every server process on this database (rate-limiter-flexible's
-- PostgreSQL store, see docs/decisions/0171). Unlogged: counters are cheap to lose in a crash and
-- written on every write request, so they skip the write-ahead log.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY CHECK (length(key) <= 400),
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);

-- Where an account has signed in before (docs/decisions/0170): a device (the random id of an
-- HttpOnly cookie) or an address, each stored as a keyed hash. A right password from one of them
-- is not held back by failures coming from anywhere else.
CREATE TABLE signin_trust (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('device', 'address')),
  value_hash text NOT NULL CHECK (length(value_hash) <= 100),
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, value_hash)
);
CREATE INDEX signin_trust_last_seen_idx ON signin_trust (last_seen_at);
