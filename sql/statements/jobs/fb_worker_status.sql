-- The statements of modules/jobs/fb_worker_status.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- job_status_queues (global; no placeholders)
SELECT 'email', count(*),
  count(*) FILTER (WHERE coalesce(lease_until, created_at) <= now())
FROM email_outbox WHERE state = 'pending'
UNION ALL
SELECT 'changelog publish', count(*),
  count(*) FILTER (WHERE coalesce(publish_lease, scheduled_at)
    <= now())
FROM changelog_locales WHERE scheduled_at IS NOT NULL
UNION ALL
SELECT 'webhook', count(*),
  count(*) FILTER (WHERE next_attempt_at <= now()
    AND (lease_until IS NULL OR lease_until <= now()))
FROM webhook_deliveries WHERE state = 'pending';
