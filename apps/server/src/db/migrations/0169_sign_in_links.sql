-- One-time sign-in links for a throttled account (docs/decisions/0541): the same
-- one-time links as password links (0105), another purpose.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('password_reset', 'email_verify', 'password_link', 'signin_link'));
