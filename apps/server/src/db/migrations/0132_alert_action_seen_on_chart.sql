-- The seating chart's older acknowledgement of a glowing emoji answers the student's open alert
-- too (docs/decisions/0460): it is recorded in the trail as 'seenOnChart', keeping the alert open.
ALTER TABLE alert_actions DROP CONSTRAINT alert_actions_action_check;
ALTER TABLE alert_actions ADD CONSTRAINT alert_actions_action_check CHECK (action IN ('talked', 'contactedFamily', 'referredCounsellor', 'other', 'seenOnChart'));
