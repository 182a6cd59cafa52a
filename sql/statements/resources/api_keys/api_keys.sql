-- The statements of modules/resources/api_keys/api_keys.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- api_key_get (scoped; varchar, varchar, varchar) named (id, reader)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS reader)
SELECT
k.id, k.name, k.prefix, k.admin_id,
k.created_at AT TIME ZONE 'UTC', k.revoked_at AT TIME ZONE 'UTC'
 FROM api_keys k, a
WHERE k.org_id = a.org_id AND k.id = a.id AND
(a.reader OR NOT
EXISTS (SELECT 1 FROM admins own_a JOIN roles own_r
  ON own_r.org_id = own_a.org_id AND own_r.id = own_a.role_id
  WHERE own_a.org_id =
a.org_id
 AND own_a.id =
k.admin_id
  AND own_r.builtin = 'owner'));

-- api_key_list (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::boolean AS reader)
SELECT
k.id, k.name, k.prefix, k.admin_id,
k.created_at AT TIME ZONE 'UTC', k.revoked_at AT TIME ZONE 'UTC'
 FROM api_keys k, a
WHERE k.org_id = a.org_id
AND
(a.reader OR NOT
EXISTS (SELECT 1 FROM admins own_a JOIN roles own_r
  ON own_r.org_id = own_a.org_id AND own_r.id = own_a.role_id
  WHERE own_a.org_id =
a.org_id
 AND own_a.id =
k.admin_id
  AND own_r.builtin = 'owner'))
 ORDER BY k.created_at DESC, k.id DESC;

-- api_key_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
SELECT i.id, i.key FROM a,
  fb_api_key_issue(a.org_id, a.b ->> 'adminId', a.b ->> 'name') i;

-- api_key_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE api_keys x SET name = coalesce(a.b ->> 'name', x.name)
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- api_key_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'adminId', 'unknown_admin', a.b ->> 'adminId'
FROM a WHERE NOT EXISTS (SELECT 1 FROM admins x
  WHERE x.org_id = a.org_id AND x.id = a.b ->> 'adminId')
AND a.b ? 'adminId';

-- api_key_owners (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'owner_key', NULL FROM a JOIN api_keys k
  ON k.org_id = a.org_id AND k.id = a.id
WHERE
EXISTS (SELECT 1 FROM admins own_a JOIN roles own_r
  ON own_r.org_id = own_a.org_id AND own_r.id = own_a.role_id
  WHERE own_a.org_id =
k.org_id
 AND own_a.id =
k.admin_id
  AND own_r.builtin = 'owner');

-- api_key_lock (scoped; varchar, varchar)
SELECT id FROM api_keys WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- api_key_remove (scoped; varchar, varchar)
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
WHERE org_id = $1 AND id = $2;
