-- The share of a school's people a sync may deactivate before it stops for the super admin's
-- approval, set per district ("default 10%"; docs/decisions/0481).
ALTER TABLE districts
  ADD COLUMN roster_hold_percent smallint NOT NULL DEFAULT 10,
  ADD CONSTRAINT districts_roster_hold_percent_check CHECK (roster_hold_percent BETWEEN 1 AND 100);
