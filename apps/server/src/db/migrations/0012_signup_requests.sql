-- An e-mail sign-up waiting for the job that creates the account (or tells the owner that the
-- address is taken). The request does the same work either way: no enumeration by timing.
-- The row, which holds the password's hash, is deleted when the job runs.
CREATE TABLE signup_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
