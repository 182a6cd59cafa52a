-- The statements of modules/http/fb_operator.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- op_org_create (global; varchar, varchar, varchar) named (name, owner_email, owner_name)
SELECT o.org_id, o.admin_id, o.api_key
FROM (SELECT $1::text AS name, $2::text AS owner_email,
  $3::text AS owner_name) k,
  fb_org_create(k.name, k.owner_email, k.owner_name) o;

-- op_org_list (global; no placeholders)
SELECT id, name, fb_iso(created_at) FROM organizations
ORDER BY created_at, id;

-- op_key_revoke (global; varchar)
SELECT fb_api_key_revoke($1);

-- op_org_get (scoped; varchar)
SELECT id FROM organizations WHERE id = $1;

-- op_admin_taken (scoped; varchar, varchar)
SELECT id FROM admins WHERE org_id = $1 AND lower(email) = lower($2);

-- op_admin_create (scoped; varchar, varchar, varchar, varchar) named (name, email, role)
SELECT fb_admin_create(k.org_id, k.name, k.email, k.role)
FROM (SELECT $1::text AS org_id, $2::text AS name, $3::text AS email,
  $4::text AS role) k;

-- op_key_create (scoped; varchar, varchar)
SELECT fb_api_key_create(a.org_id, a.id), a.id FROM admins a
WHERE a.org_id = $1 AND a.id = $2;

-- op_key_create_owner (scoped; varchar)
SELECT fb_api_key_create(a.org_id, a.id), a.id FROM (
  SELECT a.org_id, a.id FROM admins a JOIN roles r
    ON r.org_id = a.org_id AND r.id = a.role_id
  WHERE a.org_id = $1 AND r.builtin = 'owner'
  ORDER BY a.created_at, a.id LIMIT 1) a;

-- op_key_list (scoped; varchar)
SELECT id, prefix, admin_id, fb_iso(created_at), fb_iso(revoked_at)
FROM api_keys WHERE org_id = $1 ORDER BY created_at, id;
