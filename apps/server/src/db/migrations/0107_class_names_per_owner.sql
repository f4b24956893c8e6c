-- One teacher's classes have different names, compared trimmed and case-insensitively
-- (docs/decisions/0300-class-names-and-selection.md). Names that already clash get " (2)", " (3)" …
WITH ranked AS (
  SELECT id, name, row_number() OVER (PARTITION BY owner_id, lower(btrim(name)) ORDER BY created_at, id) AS n
  FROM classes
)
UPDATE classes c
SET name = left(btrim(r.name), 74) || ' (' || r.n || ')'
FROM ranked r
WHERE r.id = c.id AND r.n > 1;

CREATE UNIQUE INDEX classes_owner_name_key ON classes (owner_id, lower(btrim(name)));
