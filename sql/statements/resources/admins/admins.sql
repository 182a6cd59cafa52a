-- The statements of modules/resources/admins/admins.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- admin_get (scoped; varchar, varchar)
SELECT
a.id, a.name, a.email, a.profile_picture, a.role_id
 FROM admins a
WHERE a.org_id = $1 AND a.id = $2;

-- admin_list (scoped; varchar)
SELECT
a.id, a.name, a.email, a.profile_picture, a.role_id
 FROM admins a WHERE a.org_id = $1
ORDER BY a.created_at DESC, a.id DESC;

-- admin_role_get (scoped; varchar, varchar)
SELECT
r.id, r.name, r.permissions
 FROM roles r
WHERE r.org_id = $1 AND r.id = $2;

-- admin_role_list (scoped; varchar)
SELECT
r.id, r.name, r.permissions
 FROM roles r WHERE r.org_id = $1
ORDER BY r.created_at DESC, r.id DESC;

-- admin_role_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO roles (org_id, name, permissions)
SELECT a.org_id, a.b ->> 'name',
  fb_permissions_complete(a.b -> 'permissions') FROM a RETURNING id;

-- admin_role_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE roles x SET name = coalesce(a.b ->> 'name', x.name),
  permissions = fb_permissions_complete(x.permissions
    || coalesce(a.b -> 'permissions', '{}')),
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- admin_role_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'builtin_changed', NULL FROM a JOIN roles x
  ON x.org_id = a.org_id AND x.id = a.id WHERE x.builtin IS NOT NULL
UNION ALL
SELECT 'name_taken', x.name
FROM a JOIN roles x ON x.org_id = a.org_id
  AND lower(x.name) = lower(a.b ->> 'name')
  AND x.id IS DISTINCT FROM a.id;

-- admin_role_in_use (scoped; varchar, varchar)
SELECT CASE WHEN r.builtin IS NOT NULL THEN 'builtin_deleted'
  ELSE 'held' END,
  (SELECT count(*) FROM admins x
    WHERE x.org_id = r.org_id AND x.role_id = r.id)
FROM roles r WHERE r.org_id = $1 AND r.id = $2
AND (r.builtin IS NOT NULL OR EXISTS (SELECT 1 FROM admins x
  WHERE x.org_id = r.org_id AND x.role_id = r.id));

-- admin_role_owners (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'owner_role', NULL
FROM a JOIN roles x ON x.org_id = a.org_id AND x.id = a.id
WHERE x.builtin = 'owner'
UNION ALL
SELECT NULL, (SELECT jsonb_object_agg(p.key, p.value)
  FROM jsonb_each(a.b -> 'permissions') p
  LEFT JOIN roles x ON x.org_id = a.org_id AND x.id = a.id
  WHERE p.value = 'true'
  AND (x.permissions -> p.key) IS DISTINCT FROM 'true')::text
FROM a WHERE a.b ? 'permissions';

-- admin_role_serialize (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('manage:admin_role:' || $1, 0));

-- admin_role_lock (scoped; varchar, varchar)
SELECT id FROM
roles
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- admin_role_lock_change (scoped; varchar, varchar)
SELECT id FROM
roles
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- admin_role_remove (scoped; varchar, varchar)
DELETE FROM
roles
 WHERE org_id = $1 AND id = $2;

-- admin_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO admins (org_id, name, email, role_id, profile_picture)
SELECT a.org_id, a.b ->> 'name', a.b ->> 'email', a.b ->> 'roleId',
  a.b ->> 'profilePicture' FROM a RETURNING id;

-- admin_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE admins x SET name = coalesce(a.b ->> 'name', x.name),
  email = coalesce(a.b ->> 'email', x.email),
  role_id = coalesce(a.b ->> 'roleId', x.role_id),
  profile_picture = CASE WHEN a.b ? 'profilePicture'
    THEN a.b ->> 'profilePicture' ELSE x.profile_picture END,
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- admin_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'roleId', 'unknown_role', a.b ->> 'roleId'
FROM a WHERE a.b ? 'roleId' AND NOT EXISTS (SELECT 1 FROM roles r
  WHERE r.org_id = a.org_id AND r.id = a.b ->> 'roleId');

-- admin_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'email_taken', a.b ->> 'email'
FROM a JOIN admins x ON x.org_id = a.org_id
  AND lower(x.email) = lower(a.b ->> 'email')
  AND x.id IS DISTINCT FROM a.id
UNION ALL
SELECT 'last_owner_kept', NULL
FROM a JOIN admins x ON x.org_id = a.org_id AND x.id = a.id
WHERE a.b ? 'roleId' AND
EXISTS (SELECT 1 FROM roles own_r WHERE own_r.org_id =
x.org_id
  AND own_r.id =
x.role_id
 AND own_r.builtin = 'owner')
  AND NOT
EXISTS (SELECT 1 FROM roles own_r WHERE own_r.org_id =
x.org_id
  AND own_r.id =
a.b ->> 'roleId'
 AND own_r.builtin = 'owner')
 AND
(SELECT count(*) FROM admins o JOIN roles r
  ON r.org_id = o.org_id AND r.id = o.role_id
  WHERE o.org_id = x.org_id AND r.builtin = 'owner')
 = 1;

-- admin_in_use (scoped; varchar, varchar)
SELECT 'last_owner_removed', NULL
FROM admins x WHERE x.org_id = $1 AND x.id = $2
AND
EXISTS (SELECT 1 FROM roles own_r WHERE own_r.org_id =
x.org_id
  AND own_r.id =
x.role_id
 AND own_r.builtin = 'owner')
 AND
(SELECT count(*) FROM admins o JOIN roles r
  ON r.org_id = o.org_id AND r.id = o.role_id
  WHERE o.org_id = x.org_id AND r.builtin = 'owner')
 = 1;

-- admin_owners (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'owner', NULL
FROM a JOIN admins x ON x.org_id = a.org_id AND x.id = a.id
WHERE
EXISTS (SELECT 1 FROM roles own_r WHERE own_r.org_id =
x.org_id
  AND own_r.id =
x.role_id
 AND own_r.builtin = 'owner')
UNION ALL
SELECT CASE WHEN r.builtin = 'owner' THEN 'owner_role_given' END,
  r.permissions::text
FROM a JOIN roles r ON r.org_id = a.org_id AND r.id = a.b ->> 'roleId'
WHERE r.id IS DISTINCT FROM (SELECT x.role_id FROM admins x
  WHERE x.org_id = a.org_id AND x.id = a.id);

-- admin_serialize (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('manage:admin:' || $1, 0));

-- admin_lock (scoped; varchar, varchar)
SELECT id FROM
admins
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- admin_lock_change (scoped; varchar, varchar)
SELECT id FROM
admins
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- admin_remove (scoped; varchar, varchar)
DELETE FROM
admins
 WHERE org_id = $1 AND id = $2;
