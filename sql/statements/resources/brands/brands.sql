-- The statements of modules/resources/brands/brands.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- brand_get (scoped; varchar, varchar)
SELECT
b.id, b.name, b.is_default, b.created_at AT TIME ZONE 'UTC',
b.updated_at AT TIME ZONE 'UTC', b.help_center_id,
b.sender_email_address_id
 FROM brands b
WHERE b.org_id = $1 AND b.id = $2;

-- brand_list (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
b.id, b.name, b.is_default, b.created_at AT TIME ZONE 'UTC',
b.updated_at AT TIME ZONE 'UTC', b.help_center_id,
b.sender_email_address_id, fb_ts_key(b.created_at)
FROM brands b, k WHERE b.org_id = k.org_id
ORDER BY b.created_at DESC, b.id DESC LIMIT $4;

-- brand_list_after (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
b.id, b.name, b.is_default, b.created_at AT TIME ZONE 'UTC',
b.updated_at AT TIME ZONE 'UTC', b.help_center_id,
b.sender_email_address_id, fb_ts_key(b.created_at)
FROM brands b, k WHERE b.org_id = k.org_id
AND (b.created_at, b.id) < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY b.created_at DESC, b.id DESC LIMIT $4;

-- brand_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO brands (org_id, name, is_default, help_center_id,
                    sender_email_address_id)
SELECT a.org_id, a.b ->> 'name',
  coalesce((a.b ->> 'isDefault')::boolean, false),
  a.b ->> 'helpCenterId', a.b ->> 'senderEmailAddressId'
FROM a RETURNING id;

-- brand_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE brands x SET
  name = coalesce(a.b ->> 'name', x.name),
  is_default = coalesce((a.b ->> 'isDefault')::boolean, x.is_default),
  help_center_id = CASE WHEN a.b ? 'helpCenterId'
    THEN a.b ->> 'helpCenterId' ELSE x.help_center_id END,
  sender_email_address_id = CASE WHEN a.b ? 'senderEmailAddressId'
    THEN a.b ->> 'senderEmailAddressId'
    ELSE x.sender_email_address_id END,
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- brand_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'default_kept', NULL FROM a JOIN
brands
 x
  ON x.org_id = a.org_id AND x.id = a.id
WHERE x.is_default AND a.b -> 'isDefault' = 'false';

-- brand_demote (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
brands
 x SET is_default = false, updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.is_default
AND x.id IS DISTINCT FROM a.id
AND a.b -> 'isDefault' = 'true';

-- brand_in_use (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id)
SELECT 'default_removed', NULL FROM
brands
 x JOIN a
  ON x.org_id = a.org_id AND x.id = a.id WHERE x.is_default
UNION ALL SELECT 'has_conversations', count(*)
FROM conversations c JOIN a
  ON c.org_id = a.org_id AND c.brand_id = a.id
HAVING count(*) > 0;

-- brand_serialize (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('manage:brand:' || $1, 0));

-- brand_lock (scoped; varchar, varchar)
SELECT id FROM
brands
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- brand_lock_change (scoped; varchar, varchar)
SELECT id FROM
brands
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- brand_remove (scoped; varchar, varchar)
DELETE FROM
brands
 WHERE org_id = $1 AND id = $2;
