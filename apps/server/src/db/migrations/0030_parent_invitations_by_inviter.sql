-- A student may send a limited number of parent invitations a day (docs/decisions/0093):
-- the check counts their recent invitations.
CREATE INDEX invitations_invited_by_idx ON invitations (invited_by, created_at);
