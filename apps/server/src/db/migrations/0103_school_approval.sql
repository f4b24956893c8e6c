-- A school founded at sign-up in an existing district is hidden from other people until the
-- super admin approves it (docs/decisions/0157). Every school that exists now is approved.
ALTER TABLE schools ADD COLUMN approved boolean NOT NULL DEFAULT true;
CREATE INDEX schools_unapproved_idx ON schools (created_at) WHERE NOT approved;
