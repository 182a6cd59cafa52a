-- The statements of modules/resources/webhooks/webhooks.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- webhook_get (scoped; varchar, varchar)
SELECT
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
 FROM webhooks w
WHERE w.org_id = $1 AND w.id = $2;

-- webhook_list (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, status, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS status)
SELECT
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
FROM webhooks w, k WHERE w.org_id = k.org_id
AND w.status = coalesce(k.status, w.status)
ORDER BY w.created_at DESC, w.id DESC LIMIT $5;

-- webhook_list_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, status, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS status)
SELECT
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
FROM webhooks w, k WHERE w.org_id = k.org_id
AND w.status = coalesce(k.status, w.status)
AND (w.created_at, w.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY w.created_at DESC, w.id DESC LIMIT $5;

-- webhook_lock_org (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || $1, 0));

-- webhook_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (name, url, description, secret, topics, timeout_ms, headers, maximum)
WITH k AS (SELECT $1::text AS org_id, $2::text AS name,
  $3::text AS url, $4::text AS description, $5::text AS secret,
  $6::text[] AS topics, $7::integer AS timeout_ms,
  $8::jsonb AS headers, $9 AS maximum),
w AS (
  INSERT INTO webhooks (org_id, name, url, description, secret,
                        topics, timeout_ms, headers)
  SELECT k.org_id, k.name, k.url, k.description, k.secret, k.topics,
    coalesce(k.timeout_ms, 10000), coalesce(k.headers, '{}')
  FROM k WHERE (SELECT count(*) FROM webhooks x
                WHERE x.org_id = k.org_id) < k.maximum
  RETURNING *)
SELECT
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
 FROM w;

-- webhook_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (id, name, url, description_given, description, topics, timeout_ms, headers, status)
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
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
 FROM w;

-- webhook_secret (scoped; varchar, varchar, varchar) named (id, secret)
WITH w AS (
  UPDATE webhooks o SET secret = a.secret, updated_at = now()
  FROM (SELECT $1::text AS org_id, $2::text AS id,
    $3::text AS secret) a
  WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*)
SELECT
w.id,
w.name,
w.url,
w.secret,
w.description,
w.topics,
w.status,
w.timeout_ms,
w.headers,
w.last_at AT TIME ZONE 'UTC',
w.last_code,
w.last_message,
w.last_response_ms,
round(w.avg_response_ms)::integer,
w.last_success_at AT TIME ZONE 'UTC',
w.errors_since_success,
w.consecutive_failures,
w.version,
w.created_at AT TIME ZONE 'UTC',
w.updated_at AT TIME ZONE 'UTC',
fb_ts_key(w.created_at)
 FROM w;

-- webhook_find (scoped; varchar, varchar)
SELECT id FROM webhooks WHERE org_id = $1 AND id = $2;

-- webhook_test (scoped; varchar, varchar, varchar) named (item, webhook)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS item, $3::text AS webhook),
e AS (
  INSERT INTO events (org_id, topic, item)
  SELECT k.org_id, 'webhook.test', k.item FROM k
  RETURNING org_id, id)
INSERT INTO webhook_deliveries (org_id, webhook_id, event_id)
SELECT e.org_id, k.webhook, e.id FROM e, k RETURNING id;

-- webhook_attempts (scoped; varchar, varchar)
SELECT a.delivery_id, a.attempt, a.outcome, a.status_code,
  a.duration_ms, a.error, CASE WHEN a.created_at
    > now() - interval '7 days' THEN a.response_body END,
  a.created_at AT TIME ZONE 'UTC'
FROM webhook_delivery_attempts a
WHERE a.org_id = $1 AND a.delivery_id = ANY ($2::text[])
ORDER BY a.delivery_id, a.created_at, a.id;

-- webhook_delivery_get (scoped; varchar, varchar, varchar) named (webhook, delivery)
SELECT
d.id,
d.webhook_id,
d.event_id,
e.topic,
d.state,
d.attempts,
CASE WHEN d.state = 'pending'
THEN d.next_attempt_at AT TIME ZONE 'UTC' END,
d.last_error,
d.delivered_at AT TIME ZONE 'UTC',
d.created_at AT TIME ZONE 'UTC',
d.updated_at AT TIME ZONE 'UTC',
fb_ts_key(d.created_at)
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
,
(SELECT $1::text AS org_id, $2::text AS webhook,
  $3::text AS delivery) k
WHERE
d.org_id = k.org_id AND d.webhook_id = k.webhook
AND d.id = k.delivery;

-- webhook_deliveries (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, webhook, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS webhook)
SELECT
d.id,
d.webhook_id,
d.event_id,
e.topic,
d.state,
d.attempts,
CASE WHEN d.state = 'pending'
THEN d.next_attempt_at AT TIME ZONE 'UTC' END,
d.last_error,
d.delivered_at AT TIME ZONE 'UTC',
d.created_at AT TIME ZONE 'UTC',
d.updated_at AT TIME ZONE 'UTC',
fb_ts_key(d.created_at)
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
, k WHERE d.org_id = k.org_id
AND d.webhook_id = k.webhook
ORDER BY d.created_at DESC, d.id DESC LIMIT $5;

-- webhook_deliveries_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, webhook, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS webhook)
SELECT
d.id,
d.webhook_id,
d.event_id,
e.topic,
d.state,
d.attempts,
CASE WHEN d.state = 'pending'
THEN d.next_attempt_at AT TIME ZONE 'UTC' END,
d.last_error,
d.delivered_at AT TIME ZONE 'UTC',
d.created_at AT TIME ZONE 'UTC',
d.updated_at AT TIME ZONE 'UTC',
fb_ts_key(d.created_at)
FROM webhook_deliveries d JOIN events e
ON e.org_id = d.org_id AND e.id = d.event_id
, k WHERE d.org_id = k.org_id
AND d.webhook_id = k.webhook
AND (d.created_at, d.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY d.created_at DESC, d.id DESC LIMIT $5;

-- webhook_redeliver (scoped; varchar, varchar, varchar) named (webhook, delivery)
UPDATE webhook_deliveries d SET state = 'pending', attempts = 0,
  next_attempt_at = now(), lease_until = NULL, delivered_at = NULL,
  updated_at = now()
FROM
(SELECT $1::text AS org_id, $2::text AS webhook,
  $3::text AS delivery) k
WHERE
d.org_id = k.org_id AND d.webhook_id = k.webhook
AND d.id = k.delivery
AND d.state <> 'pending';

-- webhook_delete (scoped; varchar, varchar)
DELETE FROM webhooks WHERE org_id = $1 AND id = $2 RETURNING id;
