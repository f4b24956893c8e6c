-- Log in with Clever (docs/decisions/0550): a Clever district's own id in Clever, recorded
-- by its sync, says which High5 district a signed-in Clever user's `/me` district is.
ALTER TABLE districts ADD COLUMN source_district_id text CHECK (length(source_district_id) <= 200);
CREATE INDEX districts_source_district_idx ON districts (source_district_id) WHERE source_district_id IS NOT NULL;

-- The `state` of each Google or Clever sign-in already used (a keyed hash), until the state
-- would have expired anyway: a callback is played once (docs/decisions/0550).
CREATE TABLE oauth_states_used (
  state_hash text PRIMARY KEY CHECK (length(state_hash) <= 100),
  expires_at timestamptz NOT NULL
);
CREATE INDEX oauth_states_used_expires_idx ON oauth_states_used (expires_at);
