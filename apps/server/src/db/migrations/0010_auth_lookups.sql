-- E-mail confirmation links are looked up by the keyed hash of their token.
CREATE INDEX verification_codes_hash_idx ON verification_codes (code_hash);
