-- One-time password links (docs/decisions/0162): a school admin's reset of a student's password
-- gives a link, e-mailed to the student or handed over by the admin, that sets a new password once.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('password_reset', 'email_verify', 'password_link'));
