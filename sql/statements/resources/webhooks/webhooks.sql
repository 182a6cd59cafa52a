-- The statements of modules/resources/webhooks/webhooks.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- webhook_get (scoped; varchar, varchar)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at))
 FROM webhooks w
WHERE w.org_id = $1 AND w.id = $2;

-- webhook_list (scoped; varchar, varchar, integer)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at)), fb_ts_key(w.created_at), w.id
FROM webhooks w WHERE w.org_id = $1
AND w.status = coalesce($2, w.status)
ORDER BY w.created_at DESC, w.id DESC LIMIT $3;

-- webhook_list_after (scoped; varchar, varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at)), fb_ts_key(w.created_at), w.id
FROM webhooks w WHERE w.org_id = $1
AND w.status = coalesce($2, w.status)
AND (w.created_at, w.id) < (fb_ts_from_key($3), $4)
ORDER BY w.created_at DESC, w.id DESC LIMIT $5;

-- webhook_lock_org (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || $1, 0));

-- webhook_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer)
WITH w AS (
  INSERT INTO webhooks (org_id, name, url, description, secret,
                        topics, timeout_ms, headers)
  SELECT $1, $2, $3, $4, $5, $6::text[],
    coalesce($7::integer, 10000), coalesce($8::jsonb, '{}')
  WHERE (SELECT count(*) FROM webhooks WHERE org_id = $1) < $9
  RETURNING *)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at))
 FROM w;

-- webhook_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::text AS name, $4::text AS url,
  $5::boolean AS description_given, $6::text AS description,
  $7::text[] AS topics, $8::integer AS timeout_ms,
  $9::jsonb AS headers, $10::text AS status),
w AS (
  UPDATE webhooks o SET
    name = coalesce(a.name, o.name), url = coalesce(a.url, o.url),
    description = CASE WHEN a.description_given THEN a.description
      ELSE o.description END,
    topics = coalesce(a.topics, o.topics),
    timeout_ms = coalesce(a.timeout_ms, o.timeout_ms),
    headers = coalesce(a.headers, o.headers),
    status = coalesce(a.status, o.status),
    consecutive_failures = CASE WHEN a.status = 'active' THEN 0
      ELSE o.consecutive_failures END,
    errors_since_success = CASE WHEN a.status = 'active' THEN 0
      ELSE o.errors_since_success END,
    failure_run = CASE WHEN a.status = 'active'
      THEN o.failure_run + 1 ELSE o.failure_run END,
    updated_at = now()
  FROM a WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at))
 FROM w;

-- webhook_secret (scoped; varchar, varchar, varchar)
WITH w AS (
  UPDATE webhooks o SET secret = a.secret, updated_at = now()
  FROM (SELECT $1::text AS org_id, $2::text AS id,
    $3::text AS secret) a
  WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*)
SELECT
json_build_object('object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
'secret', w.secret, 'description', w.description,
'topics', to_json(w.topics), 'status', w.status,
'requestConfig', json_build_object('timeoutMs', w.timeout_ms,
  'headers', w.headers),
'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE
  json_build_object('code', w.last_code, 'message', w.last_message,
  'timestamp', fb_iso(w.last_at)) END,
'health', json_build_object(
  'lastResponseTime', w.last_response_ms,
  'avgResponseTime', round(w.avg_response_ms)::integer,
  'lastSuccessAt', fb_iso(w.last_success_at),
  'errorsSinceLastSuccess', w.errors_since_success,
  'consecutiveFailures', w.consecutive_failures),
'version', w.version, 'createdAt', fb_iso(w.created_at),
'updatedAt', fb_iso(w.updated_at))
 FROM w;

-- webhook_find (scoped; varchar, varchar)
SELECT id FROM webhooks WHERE org_id = $1 AND id = $2;

-- webhook_test (scoped; varchar, varchar)
WITH w AS (SELECT * FROM webhooks WHERE org_id = $1 AND id = $2),
e AS (
  INSERT INTO events (org_id, topic, item)
  SELECT w.org_id, 'webhook.test', json_build_object(
    'object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url,
    'topics', to_json(w.topics))::jsonb FROM w
  RETURNING org_id, id),
d AS (
  INSERT INTO webhook_deliveries (org_id, webhook_id, event_id)
  SELECT e.org_id, w.id, e.id FROM e, w RETURNING id)
SELECT id FROM d;

-- webhook_delivery_get (scoped; varchar, varchar, varchar)
SELECT
json_build_object('object', 'webhook_delivery', 'id', d.id, 'webhookId', d.webhook_id,
'eventId', d.event_id, 'topic', e.topic, 'status', d.state,
'attempts', d.attempts,
'nextAttemptAt', CASE WHEN d.state = 'pending'
  THEN fb_iso(d.next_attempt_at) END,
'lastError', d.last_error, 'deliveredAt', fb_iso(d.delivered_at),
'createdAt', fb_iso(d.created_at), 'updatedAt', fb_iso(d.updated_at),
'attemptLog', coalesce((SELECT json_agg(json_build_object(
  'attempt', a.attempt, 'outcome', a.outcome,
  'statusCode', a.status_code, 'durationMs', a.duration_ms,
  'error', a.error, 'responseBody', CASE WHEN a.created_at
    > now() - interval '7 days' THEN a.response_body END,
  'createdAt', fb_iso(a.created_at)) ORDER BY a.created_at, a.id)
  FROM webhook_delivery_attempts a
  WHERE a.org_id = d.org_id AND a.delivery_id = d.id), '[]'))
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
WHERE d.org_id = $1 AND d.webhook_id = $2 AND d.id = $3;

-- webhook_deliveries (scoped; varchar, varchar, integer)
SELECT
json_build_object('object', 'webhook_delivery', 'id', d.id, 'webhookId', d.webhook_id,
'eventId', d.event_id, 'topic', e.topic, 'status', d.state,
'attempts', d.attempts,
'nextAttemptAt', CASE WHEN d.state = 'pending'
  THEN fb_iso(d.next_attempt_at) END,
'lastError', d.last_error, 'deliveredAt', fb_iso(d.delivered_at),
'createdAt', fb_iso(d.created_at), 'updatedAt', fb_iso(d.updated_at),
'attemptLog', coalesce((SELECT json_agg(json_build_object(
  'attempt', a.attempt, 'outcome', a.outcome,
  'statusCode', a.status_code, 'durationMs', a.duration_ms,
  'error', a.error, 'responseBody', CASE WHEN a.created_at
    > now() - interval '7 days' THEN a.response_body END,
  'createdAt', fb_iso(a.created_at)) ORDER BY a.created_at, a.id)
  FROM webhook_delivery_attempts a
  WHERE a.org_id = d.org_id AND a.delivery_id = d.id), '[]')), fb_ts_key(d.created_at), d.id
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
WHERE d.org_id = $1 AND d.webhook_id = $2
ORDER BY d.created_at DESC, d.id DESC LIMIT $3;

-- webhook_deliveries_after (scoped; varchar, varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'webhook_delivery', 'id', d.id, 'webhookId', d.webhook_id,
'eventId', d.event_id, 'topic', e.topic, 'status', d.state,
'attempts', d.attempts,
'nextAttemptAt', CASE WHEN d.state = 'pending'
  THEN fb_iso(d.next_attempt_at) END,
'lastError', d.last_error, 'deliveredAt', fb_iso(d.delivered_at),
'createdAt', fb_iso(d.created_at), 'updatedAt', fb_iso(d.updated_at),
'attemptLog', coalesce((SELECT json_agg(json_build_object(
  'attempt', a.attempt, 'outcome', a.outcome,
  'statusCode', a.status_code, 'durationMs', a.duration_ms,
  'error', a.error, 'responseBody', CASE WHEN a.created_at
    > now() - interval '7 days' THEN a.response_body END,
  'createdAt', fb_iso(a.created_at)) ORDER BY a.created_at, a.id)
  FROM webhook_delivery_attempts a
  WHERE a.org_id = d.org_id AND a.delivery_id = d.id), '[]')), fb_ts_key(d.created_at), d.id
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
WHERE d.org_id = $1 AND d.webhook_id = $2
AND (d.created_at, d.id) < (fb_ts_from_key($3), $4)
ORDER BY d.created_at DESC, d.id DESC LIMIT $5;

-- webhook_redeliver (scoped; varchar, varchar, varchar)
UPDATE webhook_deliveries SET state = 'pending', attempts = 0,
  next_attempt_at = now(), lease_until = NULL, delivered_at = NULL,
  updated_at = now()
WHERE org_id = $1 AND webhook_id = $2 AND id = $3
  AND state <> 'pending';

-- webhook_delete (scoped; varchar, varchar)
DELETE FROM webhooks WHERE org_id = $1 AND id = $2 RETURNING id;
