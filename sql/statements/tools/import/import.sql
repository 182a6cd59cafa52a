-- The statements of tools/import/import.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- imp_claim (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, ids AS (SELECT e ->> 'id' AS id FROM k,
    jsonb_array_elements(k.page) e),
claimed AS (INSERT INTO import_ids (id, org_id, family)
    SELECT ids.id, k.org, k.family FROM k, ids
    ON CONFLICT (id) DO NOTHING RETURNING id)
SELECT i.id, i.org_id, i.family FROM k CROSS JOIN ids
JOIN import_ids i ON i.id = ids.id
WHERE i.org_id <> k.org LIMIT 1;

-- imp_run_open (scoped; varchar, varchar)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS source),
made AS (INSERT INTO import_runs (org_id, source)
    SELECT k.org, k.source FROM k WHERE NOT EXISTS (
      SELECT 1 FROM import_runs r WHERE r.org_id = k.org
        AND r.finished_at IS NULL) RETURNING id, source)
SELECT id, source FROM made UNION ALL
SELECT r.id, r.source FROM k, import_runs r WHERE r.org_id = k.org
  AND r.finished_at IS NULL;

-- imp_checkpoint_get (scoped; varchar, varchar, varchar) named (run, family)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family)
SELECT c.parent, c.cursor, c.page, c.read, c.written, c.skipped,
  c.done::int FROM k, import_checkpoints c WHERE c.org_id = k.org
  AND c.run_id = k.run AND c.family = k.family;

-- imp_checkpoint_put (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (run, family, parent, cursor, page, read, written, skipped, done)
WITH k AS (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::text AS parent, $5::text AS cursor,
  $6::int AS page, $7::bigint AS read, $8::bigint AS written,
  $9::bigint AS skipped, $10::boolean AS done)
INSERT INTO import_checkpoints (org_id, run_id, family, parent,
  cursor, page, read, written, skipped, done)
SELECT k.org, k.run, k.family, k.parent, k.cursor, k.page, k.read,
  k.written, k.skipped, k.done FROM k
ON CONFLICT (org_id, run_id, family) DO UPDATE SET
  parent = EXCLUDED.parent, cursor = EXCLUDED.cursor,
  page = EXCLUDED.page, read = EXCLUDED.read,
  written = EXCLUDED.written, skipped = EXCLUDED.skipped,
  done = EXCLUDED.done, updated_at = now();

-- imp_parents (scoped; varchar, varchar, varchar) named (family, after)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family, $3::text AS after)
SELECT i.id FROM k, import_ids i WHERE i.org_id = k.org
  AND i.family = k.family AND i.id > COALESCE(k.after, '')
ORDER BY i.id LIMIT 200;

-- imp_note_drop (scoped; varchar, varchar, varchar) named (family, id)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family, $3::text AS id)
DELETE FROM import_ids i USING k WHERE i.org_id = k.org
  AND i.family = k.family AND i.id = k.id;

-- imp_count (scoped; varchar, varchar)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family)
SELECT count(*) FROM k, import_ids i WHERE i.org_id = k.org
  AND i.family = k.family;

-- imp_run_finish (scoped; varchar, varchar, varchar) named (run, operator)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS operator),
r AS (UPDATE import_runs r SET finished_at = now() FROM k
    WHERE r.org_id = k.org AND r.id = k.run RETURNING r.id, r.source)
SELECT fb_audit_operator(k.org, 'organization.imported',
  'organization', k.operator, 'organization', k.org,
  jsonb_build_object('source', r.source, 'run', r.id, 'written',
    (SELECT jsonb_object_agg(c.family, c.written)
     FROM import_checkpoints c WHERE c.org_id = k.org
       AND c.run_id = k.run)), NULL, NULL) FROM k, r;

-- imp_note_put (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
INSERT INTO import_notes (org_id, run_id, family, item, why)
SELECT DISTINCT ON (e ->> 'item') k.org, k.run, k.family,
  e ->> 'item', e ->> 'why' FROM k, jsonb_array_elements(k.page) e
ON CONFLICT (org_id, run_id, family, item) DO UPDATE
  SET why = EXCLUDED.why;

-- imp_notes (scoped; varchar, varchar, varchar, varchar) named (run, family, item)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::text AS item)
SELECT n.family, n.item, n.why FROM k, import_notes n
WHERE n.org_id = k.org AND n.run_id = k.run
  AND (n.family, n.item) > (k.family, k.item)
ORDER BY n.family, n.item LIMIT 200;
