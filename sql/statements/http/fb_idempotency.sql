-- The statements of modules/http/fb_idempotency.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- idem_claim (scoped; varchar, varchar, varchar, varchar, varchar, varchar)
INSERT INTO idempotency_keys AS k (org_id, api_key, method, path,
  idem_key, body_hash) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (org_id, api_key, method, path, idem_key) DO UPDATE SET
  body_hash = EXCLUDED.body_hash, state = 'running', status = NULL,
  response = NULL, claim = EXCLUDED.claim, claimed_at = now(),
  created_at = CASE WHEN k.created_at <= now() - interval '24 hours'
    THEN now() ELSE k.created_at END
WHERE k.created_at <= now() - interval '24 hours'
  OR (k.state = 'running' AND k.body_hash = EXCLUDED.body_hash
      AND k.claimed_at <= now() -
interval '10 seconds')
RETURNING claim;

-- idem_get (scoped; varchar, varchar, varchar, varchar, varchar)
SELECT body_hash, state, status, response FROM idempotency_keys
WHERE
org_id = $1 AND api_key = $2 AND method = $3 AND path = $4
AND idem_key = $5;

-- idem_commit (scoped; varchar, varchar, varchar, varchar, varchar, varchar)
UPDATE idempotency_keys SET state = 'committed'
WHERE
org_id = $1 AND api_key = $2 AND method = $3 AND path = $4
AND idem_key = $5
 AND claim = $6
  AND state IN ('running', 'committed');

-- idem_done (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
UPDATE idempotency_keys k SET state = 'done', status = d.status,
  response = d.response
FROM (SELECT $1::text AS org_id, $2::text AS api_key,
  $3::text AS method, $4::text AS path, $5::text AS idem_key,
  $6::text AS claim, $7::integer AS status, $8::text AS response) d
WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key)
  = (d.org_id, d.api_key, d.method, d.path, d.idem_key)
  AND k.claim = d.claim AND k.state IN ('running', 'committed');

-- idem_forget (scoped; varchar, varchar, varchar, varchar, varchar, varchar)
DELETE FROM idempotency_keys
WHERE
org_id = $1 AND api_key = $2 AND method = $3 AND path = $4
AND idem_key = $5
 AND claim = $6 AND state = 'running';

-- sweep_idempotency_keys (global; integer)
DELETE FROM idempotency_keys k USING (
  SELECT org_id, api_key, method, path, idem_key
  FROM idempotency_keys
  WHERE created_at <= now() - interval '24 hours'
  ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED) old
WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key)
  = (old.org_id, old.api_key, old.method, old.path, old.idem_key);
