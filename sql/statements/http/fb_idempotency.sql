-- The statements of modules/http/fb_idempotency.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- idem_get (scoped; varchar, varchar, varchar, varchar, varchar) named (api_key, method, path, idem_key)
WITH k AS (SELECT $1::text AS org_id, $2::text AS api_key,
  $3::text AS method, $4::text AS path, $5::text AS idem_key)
SELECT i.body_hash, i.state, i.status, i.response
FROM idempotency_keys i, k WHERE
(i.org_id, i.api_key, i.method, i.path, i.idem_key)
  = (k.org_id, k.api_key, k.method, k.path, k.idem_key)
  AND NOT
(i.created_at <= now() - interval '24 hours');

-- idem_record (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (api_key, method, path, idem_key, body_hash, state, status, response)
WITH k AS (SELECT $1::text AS org_id, $2::text AS api_key,
  $3::text AS method, $4::text AS path, $5::text AS idem_key, $6::text AS body_hash, $7::text AS state,
$8::integer AS status, $9::text AS response)
INSERT INTO idempotency_keys AS i (org_id, api_key, method, path,
  idem_key, body_hash, state, status, response)
SELECT k.org_id, k.api_key, k.method, k.path, k.idem_key,
  k.body_hash, k.state, k.status, k.response FROM k
ON CONFLICT (org_id, api_key, method, path, idem_key) DO UPDATE SET
  body_hash = EXCLUDED.body_hash, state = EXCLUDED.state,
  status = EXCLUDED.status, response = EXCLUDED.response,
  claim = EXCLUDED.claim, claimed_at = now(),
  claimed_under = EXCLUDED.claimed_under, created_at = now()
WHERE
(i.created_at <= now() - interval '24 hours')
 OR i.state = 'running';

-- idem_done (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (api_key, method, path, idem_key, status, response)
WITH k AS (SELECT $1::text AS org_id, $2::text AS api_key,
  $3::text AS method, $4::text AS path, $5::text AS idem_key, $6::integer AS status, $7::text AS response)
UPDATE idempotency_keys i SET state = 'done', status = k.status,
  response = k.response FROM k
WHERE
(i.org_id, i.api_key, i.method, i.path, i.idem_key)
  = (k.org_id, k.api_key, k.method, k.path, k.idem_key)
 AND i.state = 'committed';

-- sweep_idempotency_keys (global; integer)
DELETE FROM idempotency_keys k USING (
  SELECT org_id, api_key, method, path, idem_key
  FROM idempotency_keys
  WHERE
(idempotency_keys.created_at <= now() - interval '24 hours')
  ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED) old
WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key)
  = (old.org_id, old.api_key, old.method, old.path, old.idem_key);
