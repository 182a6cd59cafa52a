-- The statements of modules/http/fb_audit.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- audit_record (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (action, domain, admin_id, key_id, target_type, target_id, metadata, ip_address, user_agent, request_id)
WITH k AS (SELECT $1::text AS org_id, $2::text AS action,
  $3::text AS domain, $4::text AS admin_id, $5::text AS key_id,
  $6::text AS target_type, $7::text AS target_id,
  $8::jsonb AS metadata, $9::text AS ip_address,
  $10::text AS user_agent, $11::text AS request_id)
INSERT INTO audit_logs (org_id, action, domain, actor_type, actor_id,
  actor_email, actor_name, key_id, key_name, target_type, target_id,
  metadata, ip_address, user_agent, request_id)
SELECT k.org_id, k.action, k.domain, 'api_key', k.admin_id, a.email,
  a.name, k.key_id, ak.name, k.target_type, k.target_id, k.metadata,
  k.ip_address, k.user_agent, k.request_id
FROM k LEFT JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin_id
LEFT JOIN api_keys ak ON ak.id = k.key_id AND ak.org_id = k.org_id;

-- sweep_audit_logs (global; integer, integer) named (batch, setting)
WITH k AS (SELECT $1::integer AS batch, $2::integer AS setting,
  set_config('feedback.audit_sweep', 'on', true) AS sweeping),
old AS (SELECT l.id FROM audit_logs l, k
  WHERE k.setting > 0
    AND l.created_at < now() - k.setting * interval '1 day'
  ORDER BY l.created_at LIMIT (SELECT batch FROM k)
  FOR UPDATE OF l SKIP LOCKED)
DELETE FROM audit_logs l USING old, k
WHERE l.id = old.id AND k.sweeping = 'on';
