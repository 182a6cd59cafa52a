-- The statements of modules/resources/audit_logs/audit_logs.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- audit_list (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;

-- audit_list_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
AND (l.created_at, l.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;

-- audit_list_action (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND l.action = k.action
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;

-- audit_list_action_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND l.action = k.action
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
AND (l.created_at, l.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;

-- audit_list_domain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND l.domain = k.domain
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;

-- audit_list_domain_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, action, domain, start_at, end_at, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS action, $5::text AS domain,
  $6::timestamptz AS start_at, $7::timestamptz AS end_at)
SELECT
l.id,
l.action,
l.domain,
l.actor_type,
l.actor_id,
l.actor_email,
l.actor_name,
l.key_id,
l.key_name,
l.target_type,
l.target_id,
l.metadata,
l.ip_address,
l.user_agent,
l.request_id,
l.created_at AT TIME ZONE 'UTC',
fb_ts_key(l.created_at)
 FROM audit_logs l, k
WHERE l.org_id = k.org_id
AND l.domain = k.domain
AND (l.action = k.action OR k.action IS NULL)
AND (l.domain = k.domain OR k.domain IS NULL)
AND l.created_at >= coalesce(k.start_at, '-infinity')
AND l.created_at < coalesce(k.end_at, 'infinity')
AND (l.created_at, l.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY l.created_at DESC, l.id DESC LIMIT $8;
