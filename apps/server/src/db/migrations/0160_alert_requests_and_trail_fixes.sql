-- Alert requests (docs/decisions/0520, 0521). pending_since: when the alert's oldest request that no
-- adult has answered yet was made; null once an adult answered after it. A renewed "today" sets it
-- again, and the escalation runs while it is set (first_acknowledged_at stays the first answer).
ALTER TABLE alerts ADD COLUMN pending_since timestamptz;
UPDATE alerts SET pending_since = opened_at WHERE closed_at IS NULL AND first_acknowledged_at IS NULL;

-- The trail can be corrected (a new entry pointing at the one it corrects) and an alert reopened.
ALTER TABLE alert_actions DROP CONSTRAINT alert_actions_action_check;
ALTER TABLE alert_actions ADD CONSTRAINT alert_actions_action_check CHECK (action IN ('talked', 'contactedFamily', 'referredCounsellor', 'other', 'seenOnChart', 'reopened'));
ALTER TABLE alert_actions ADD COLUMN corrects uuid REFERENCES alert_actions (id) ON DELETE CASCADE;
