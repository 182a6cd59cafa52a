-- The statements of modules/http/fb_operator.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- op_org_create (global; varchar, varchar, varchar, varchar, varchar) named (name, owner_email, owner_name, operator, address)
SELECT o.org_id, o.admin_id, o.api_key
FROM (SELECT $1::text AS name, $2::text AS owner_email,
  $3::text AS owner_name, $4::text AS operator,
  $5::text AS address) k,
  fb_op_org_create(k.name, k.owner_email, k.owner_name, k.operator,
                   k.address) o;

-- op_org_list (global; no placeholders)
SELECT id, name, fb_iso(created_at) FROM organizations
ORDER BY created_at, id;

-- op_key_revoke (global; varchar, varchar, varchar) named (key, operator, address)
SELECT fb_op_key_revoke(k.key, k.operator, k.address)
FROM (SELECT $1::text AS key, $2::text AS operator,
  $3::text AS address) k;

-- op_org_get (scoped; varchar)
SELECT id FROM organizations WHERE id = $1;

-- op_admin_taken (scoped; varchar, varchar)
SELECT id FROM admins WHERE org_id = $1 AND lower(email) = lower($2);

-- op_admin_create (scoped; varchar, varchar, varchar, varchar, varchar, varchar) named (name, email, role, operator, address)
SELECT fb_op_admin_create(k.org_id, k.name, k.email, k.role,
  k.operator, k.address)
FROM (SELECT $1::text AS org_id, $2::text AS name,
  $3::text AS email, $4::text AS role, $5::text AS operator,
  $6::text AS address) k;

-- op_key_create (scoped; varchar, varchar, varchar, varchar) named (admin_id, operator, address)
WITH k AS (SELECT $1::text AS org_id, $2::text AS admin_id,
  $3::text AS operator, $4::text AS address)
SELECT fb_op_key_create(a.org_id, a.id, k.operator, k.address), a.id
FROM admins a, k WHERE a.org_id = k.org_id AND a.id = k.admin_id;

-- op_key_create_owner (scoped; varchar, varchar, varchar) named (operator, address)
WITH k AS (SELECT $1::text AS org_id, $2::text AS operator,
  $3::text AS address)
SELECT fb_op_key_create(a.org_id, a.id, k.operator, k.address), a.id
FROM k, LATERAL (
  SELECT a.org_id, a.id FROM admins a JOIN roles r
    ON r.org_id = a.org_id AND r.id = a.role_id
  WHERE a.org_id = k.org_id AND r.builtin = 'owner'
  ORDER BY a.created_at, a.id LIMIT 1) a;

-- op_key_list (scoped; varchar)
SELECT id, prefix, admin_id, fb_iso(created_at), fb_iso(revoked_at)
FROM api_keys WHERE org_id = $1 ORDER BY created_at, id;
