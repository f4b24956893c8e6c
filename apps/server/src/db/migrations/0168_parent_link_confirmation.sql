-- Parental consent counts only from a parent the school knows (docs/decisions/0540).
-- A link a student made (an invitation, or a request an account accepted) stays unconfirmed until
-- a school admin confirms it. Every link so far was made by a student, so none starts confirmed.
ALTER TABLE parent_links ADD COLUMN confirmed_at timestamptz;
ALTER TABLE parent_links ADD COLUMN confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL;
