-- The settings screen shows when each address's confirmation link was last sent, and a resend is
-- throttled on it; the daily report that found no confirmed address is recorded as held, not sent
-- (docs/decisions/0590). Links sent before this have no time: shown as "waiting" without a date.
ALTER TABLE school_notification_emails
  ADD COLUMN confirm_sent_at timestamptz;
ALTER TABLE schools
  ADD COLUMN mood_report_held_on date;
