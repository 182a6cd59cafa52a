-- 029: webhook deliveries claimed and finished in batches
-- (modules/jobs/fb_job_webhook.c, bench/README.md "Webhook deliveries").
--
-- A claim takes the oldest due delivery and up to a batch of the same
-- webhook's due deliveries after it, in order: this index finds them
-- without reading other webhooks' rows.  A claim now sets lease_until
-- only (013 moved next_attempt_at to the end of the lease): a pending
-- row is due at next_attempt_at while no unexpired lease holds it, so a
-- delivery given back unattempted keeps its place in the queue.
CREATE INDEX webhook_deliveries_webhook_due
    ON webhook_deliveries (org_id, webhook_id, next_attempt_at)
    WHERE state = 'pending';

-- The durations (ms) of the webhook's last 100 attempts, oldest first:
-- health.avgResponseTime is their mean.  The finish appends to it instead
-- of reading the attempts log back (100 rows per attempt).
ALTER TABLE webhooks ADD COLUMN recent_ms integer[] NOT NULL DEFAULT '{}';
UPDATE webhooks w SET recent_ms = r.ms
FROM (SELECT org_id, webhook_id,
             array_agg(duration_ms ORDER BY created_at, id) AS ms
      FROM (SELECT org_id, webhook_id, duration_ms, created_at, id,
                   row_number() OVER (PARTITION BY org_id, webhook_id
                                      ORDER BY created_at DESC, id DESC)
                   AS k
            FROM webhook_delivery_attempts) a
      WHERE k <= 100
      GROUP BY org_id, webhook_id) r
WHERE w.org_id = r.org_id AND w.id = r.webhook_id;
