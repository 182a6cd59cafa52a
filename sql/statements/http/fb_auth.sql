-- The statements of modules/http/fb_auth.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- fb_auth_key (global; varchar)
SELECT k.org_id, k.admin_id, r.permissions::text, r.builtin,
       o.api_version, k.id
FROM api_keys k
JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin_id
JOIN roles r ON r.org_id = a.org_id AND r.id = a.role_id
JOIN organizations o ON o.id = k.org_id
WHERE k.key_hash = $1 AND k.revoked_at IS NULL;

-- fb_auth_lockout (global; varchar, varchar, varchar) named (ip, agent, request)
INSERT INTO audit_logs (action, domain, actor_type, target_type,
  target_id, ip_address, user_agent, request_id)
SELECT 'security.api_key_lockout', 'security', 'system',
  'client_address', k.ip, k.ip, k.agent, k.request
FROM (SELECT $1::text AS ip, $2::text AS agent,
  $3::text AS request) k;
