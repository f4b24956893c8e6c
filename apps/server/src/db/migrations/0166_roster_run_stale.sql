-- Stale held runs (docs/decisions/0535): a held run whose read is older than a run that finished after it
-- is 'stale' (approving it would apply an outdated roster); a super admin may 'discard' a held run.
ALTER TABLE roster_runs DROP CONSTRAINT roster_runs_status_check;
ALTER TABLE roster_runs ADD CONSTRAINT roster_runs_status_check
  CHECK (status IN ('queued', 'running', 'done', 'preview', 'held', 'failed', 'stale', 'discarded'));
-- Who discarded a held run (the audit log keeps when).
ALTER TABLE roster_runs ADD COLUMN discarded_by uuid REFERENCES users (id) ON DELETE SET NULL;
-- The order runs were queued in (timestamps can tie): "newer" means a higher seq.
ALTER TABLE roster_runs ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;

-- Runs already held behind a newer finished run of the same district and scope are stale now.
UPDATE roster_runs r SET status = 'stale'
WHERE r.status = 'held'
  AND EXISTS (
    SELECT 1 FROM roster_runs n
    WHERE n.district_id = r.district_id
      AND (n.created_at, n.seq) > (r.created_at, r.seq)
      AND n.status IN ('done', 'preview', 'held', 'failed')
      AND (n.school_id IS NULL OR r.school_id IS NULL OR n.school_id = r.school_id));
