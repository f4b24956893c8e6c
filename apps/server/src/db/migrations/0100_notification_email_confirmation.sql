-- The daily mood report goes only to addresses that confirmed (docs/decisions/0150-0154).
-- Addresses added before this have not confirmed: re-adding one e-mails the confirmation link.
ALTER TABLE school_notification_emails
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN confirm_token_hash text UNIQUE;
