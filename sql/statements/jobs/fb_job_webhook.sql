-- The statements of modules/jobs/fb_job_webhook.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- job_webhook_claim (global; integer, integer, integer) named (lease, setting, batch)
WITH a AS (SELECT clock_timestamp()
  + make_interval(secs => k.lease) AS lease,
least(k.setting,
64)
 AS slots, k.batch
  FROM (SELECT $1 AS lease, $2 AS setting, $3 AS batch) k),
due AS (
  SELECT d.org_id, d.id, d.webhook_id, d.next_attempt_at, w.status,
    w.failure_run, w.consecutive_failures
  FROM webhook_deliveries d, webhooks w, a
  WHERE d.state = 'pending' AND d.next_attempt_at <= now()
    AND
(d.lease_until IS NULL OR
d.lease_until <= now())
    AND w.org_id = d.org_id AND w.id = d.webhook_id
    AND (w.status <> 'active'
      OR EXISTS (SELECT 1 FROM webhook_slots s
        WHERE s.org_id = w.org_id AND s.webhook_id = w.id
          AND s.n < a.slots
          AND
((s.lease_until IS NULL OR
s.lease_until <= now())
 AND (s.spent_in_run IS NULL OR
s.spent_in_run <
w.failure_run)))
      OR NOT EXISTS (SELECT 1 FROM webhook_slots s
        WHERE s.org_id = w.org_id AND s.webhook_id = w.id
          AND s.n = a.slots - 1))
  ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED),
free AS (
  SELECT s.org_id, s.webhook_id, s.n FROM webhook_slots s, due, a
  WHERE due.status = 'active' AND s.org_id = due.org_id
    AND s.webhook_id = due.webhook_id AND s.n < a.slots
    AND
((s.lease_until IS NULL OR
s.lease_until <= now())
 AND (s.spent_in_run IS NULL OR
s.spent_in_run <
due.failure_run))
  ORDER BY s.n LIMIT 1 FOR UPDATE OF s SKIP LOCKED),
made AS (
  INSERT INTO webhook_slots (org_id, webhook_id, n)
  SELECT due.org_id, due.webhook_id, g
  FROM due, a, generate_series(0, a.slots - 1) g
  WHERE due.status = 'active' AND NOT EXISTS (SELECT 1 FROM free)
    AND NOT EXISTS (SELECT 1 FROM webhook_slots s
      WHERE s.org_id = due.org_id AND s.webhook_id = due.webhook_id
        AND s.n = g)
  ON CONFLICT DO NOTHING),
slot AS (
  UPDATE webhook_slots s SET lease_until = a.lease FROM free, a
  WHERE s.org_id = free.org_id AND s.webhook_id = free.webhook_id
    AND s.n = free.n RETURNING s.n),
more AS (
  SELECT d.org_id, d.id, d.next_attempt_at FROM webhook_deliveries d
  WHERE d.org_id = (SELECT org_id FROM due)
    AND d.webhook_id = (SELECT webhook_id FROM due)
    AND d.state = 'pending' AND d.next_attempt_at <= now()
    AND
(d.lease_until IS NULL OR
d.lease_until <= now())
    AND d.id <> (SELECT id FROM due)
    AND ((SELECT status FROM due) <> 'active'
      OR EXISTS (SELECT 1 FROM slot))
  ORDER BY d.next_attempt_at LIMIT (SELECT CASE
    WHEN due.consecutive_failures > 0 THEN 0 ELSE a.batch - 1 END
    FROM due, a)
  FOR UPDATE OF d SKIP LOCKED),
picked AS (
  SELECT org_id, id, next_attempt_at FROM due
  UNION ALL SELECT org_id, id, next_attempt_at FROM more),
claimed AS (
  UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
    lease_until = a.lease, slot = (SELECT n FROM slot),
    updated_at = now()
  FROM picked p, due, a, webhooks w, events e
  WHERE d.org_id = p.org_id AND d.id = p.id
    AND (due.status <> 'active' OR EXISTS (SELECT 1 FROM slot))
    AND w.org_id = d.org_id AND w.id = d.webhook_id
    AND e.org_id = d.org_id AND e.id = d.event_id
  RETURNING p.next_attempt_at AS due_at, d.org_id, d.id, d.attempts,
    d.lease_until::text AS lease, w.status, w.url, w.secret,
    w.timeout_ms, w.headers::text AS headers, e.id AS event_id,
    e.topic, w.id AS webhook_id,
    e.created_at AT TIME ZONE 'UTC' AS event_created,
    e.item::text AS item, e.changes::text AS changes,
    extract(epoch FROM e.created_at)::bigint AS event_time)
SELECT org_id, id, attempts, lease, status, url, secret, timeout_ms,
  headers, event_id, topic, org_id, webhook_id, event_created, item,
  changes, event_time FROM claimed
ORDER BY due_at, id;

-- job_webhook_finish (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id, x.k,
  x.v->>'id' AS id,
  (x.v->>'lease')::timestamptz AS lease, x.v->>'outcome' AS outcome,
  x.v->>'error' AS error, (x.v->>'delay_ms')::bigint AS delay_ms,
  nullif(x.v->'result', 'null') AS r
  FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY x(v, k)),
d AS (
  UPDATE webhook_deliveries o SET
    state = CASE a.outcome WHEN 'done' THEN 'delivered'
      WHEN 'skipped' THEN 'skipped' WHEN 'failed' THEN 'failed'
      ELSE 'pending' END,
    attempts = o.attempts
      - (a.outcome IN ('release', 'skipped'))::integer,
    lease_until = NULL,
    next_attempt_at = CASE a.outcome WHEN 'retry' THEN
      clock_timestamp() + a.delay_ms * interval '1 millisecond'
      WHEN 'release' THEN o.next_attempt_at ELSE now() END,
    delivered_at = CASE WHEN a.outcome = 'done' THEN now() END,
    last_error = CASE WHEN a.outcome = 'done' THEN o.last_error
      ELSE coalesce(a.error, o.last_error) END,
    updated_at = now()
  FROM a WHERE o.org_id = a.org_id
    AND o.id = ANY (ARRAY(SELECT id FROM a)) AND o.id = a.id
    AND o.lease_until = a.lease AND o.state = 'pending'
  RETURNING o.org_id, o.id, o.webhook_id, o.attempts, o.slot, a.k,
    a.lease, a.outcome, a.error, a.r, (a.r IS NOT NULL
    AND a.outcome IN ('done', 'retry', 'failed')) AS attempted),
att AS (
  INSERT INTO webhook_delivery_attempts (org_id, delivery_id,
    webhook_id, attempt, outcome, status_code, duration_ms, error,
    response_body)
  SELECT d.org_id, d.id, d.webhook_id, d.attempts, d.r->>'outcome',
    nullif((d.r->>'code')::integer, 0), (d.r->>'ms')::integer,
    CASE WHEN d.outcome = 'done' THEN NULL ELSE d.error END,
    d.r->>'body'
  FROM d WHERE d.attempted ORDER BY d.k),
s AS (
  SELECT d.org_id, d.webhook_id,
    (array_agg(d.r ORDER BY d.k DESC))[1] AS last,
    bool_or(d.outcome = 'done') AS success,
    count(*) FILTER (WHERE d.outcome <> 'done') AS failures,
    array_agg((d.r->>'ms')::integer ORDER BY d.k) AS ms
  FROM d WHERE d.attempted GROUP BY d.org_id, d.webhook_id),
w AS (
  UPDATE webhooks h SET
    last_code = (s.last->>'code')::integer,
    last_message = s.last->>'message', last_at = now(),
    last_response_ms = (s.last->>'ms')::integer,
    recent_ms =
(h.recent_ms || s.ms)[greatest(1, cardinality(h.recent_ms)
  + cardinality(s.ms) - 99):],
    avg_response_ms = (SELECT avg(m)::float8
      FROM unnest((h.recent_ms || s.ms)[greatest(1, cardinality(h.recent_ms)
  + cardinality(s.ms) - 99):]) m),
    last_success_at = CASE WHEN s.success THEN now()
      ELSE h.last_success_at END,
    errors_since_success = s.failures + CASE WHEN s.success THEN 0
      ELSE h.errors_since_success END,
    consecutive_failures = s.failures + CASE WHEN s.success THEN 0
      ELSE h.consecutive_failures END,
    failure_run = h.failure_run + s.success::integer
  FROM s WHERE h.org_id = s.org_id AND h.id = s.webhook_id
  RETURNING h.org_id, h.id, h.failure_run,
    h.consecutive_failures, h.status, s.failures,
    (s.last->>'code')::integer AS code),
held AS (
  SELECT d.org_id, d.webhook_id, d.slot, d.lease,
    bool_or(d.attempted AND d.outcome <> 'done') AS failed,
    max((d.r->>'threshold')::integer) AS threshold
  FROM d GROUP BY d.org_id, d.webhook_id, d.slot, d.lease),
freed AS (
  UPDATE webhook_slots s SET lease_until = NULL,
    spent_in_run = CASE WHEN d.failed
      AND w.consecutive_failures > d.threshold
        -
least(d.threshold,
64)
      THEN w.failure_run ELSE s.spent_in_run END
  FROM held d LEFT JOIN w
    ON w.org_id = d.org_id AND w.id = d.webhook_id
  WHERE s.org_id = d.org_id AND s.webhook_id = d.webhook_id
    AND s.n = d.slot AND s.lease_until = d.lease)
SELECT d.id, w.id AS webhook_id, w.status, w.consecutive_failures,
  w.failures, w.code
FROM d LEFT JOIN w ON w.org_id = d.org_id AND w.id = d.webhook_id;

-- job_webhook_suspend (scoped; varchar, varchar)
UPDATE webhooks SET status = 'suspended', updated_at = now()
WHERE org_id = $1 AND id = $2 AND status = 'active';

-- sweep_webhook_answers (global; integer)
UPDATE webhook_delivery_attempts a SET response_body = NULL
FROM (SELECT org_id, id FROM webhook_delivery_attempts
  WHERE response_body IS NOT NULL
    AND created_at < now() - interval '7 days'
  ORDER BY created_at LIMIT $1
  FOR UPDATE SKIP LOCKED) old
WHERE a.org_id = old.org_id AND a.id = old.id;
