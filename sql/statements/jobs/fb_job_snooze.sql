-- The statements of modules/jobs/fb_job_snooze.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- job_snooze_claim (global; integer)
WITH due AS (
  SELECT org_id, id FROM conversations
  WHERE state = 'snoozed' AND snoozed_until <= now()
    AND coalesce(wake_lease, snoozed_until) <= now()
  ORDER BY snoozed_until LIMIT 1 FOR UPDATE SKIP LOCKED)
UPDATE conversations c SET wake_attempts = c.wake_attempts + 1,
  wake_lease = clock_timestamp() + make_interval(secs => $1)
FROM due WHERE c.org_id = due.org_id AND c.id = due.id
RETURNING c.org_id, c.id, c.wake_attempts, c.wake_lease::text;

-- job_snooze_finish (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (id, lease, outcome, error, delay_ms)
UPDATE conversations c SET
  wake_lease = CASE a.outcome
    WHEN 'retry' THEN clock_timestamp()
      + a.delay_ms * interval '1 millisecond'
    WHEN 'failed' THEN 'infinity' END,
  wake_attempts = CASE WHEN a.outcome IN ('retry', 'release')
    THEN c.wake_attempts - (a.outcome = 'release')::integer
    ELSE 0 END
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::timestamptz AS lease, $4::text AS outcome, $5::text AS error,
  $6 AS delay_ms) a
WHERE c.org_id = a.org_id AND c.id = a.id AND c.wake_lease = a.lease;
