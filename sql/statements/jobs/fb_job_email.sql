-- The statements of modules/jobs/fb_job_email.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- job_email_claim (global; integer)
WITH due AS (
  SELECT org_id, id FROM email_outbox
  WHERE state = 'pending'
    AND coalesce(lease_until, created_at) <= now()
  ORDER BY coalesce(lease_until, created_at)
  LIMIT 1 FOR UPDATE SKIP LOCKED)
UPDATE email_outbox o SET attempts = o.attempts + 1,
  lease_until = clock_timestamp() + make_interval(secs => $1)
FROM due WHERE o.org_id = due.org_id AND o.id = due.id
RETURNING o.org_id, o.id, o.attempts, o.lease_until::text,
  o.recipient, o.subject, o.body_text, o.body_html, o.headers::text,
  o.preference,
  fb_email_recipient_allowed(o.org_id, o.recipient, o.preference);

-- job_email_finish (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (id, lease, outcome, error, delay_ms)
UPDATE email_outbox o SET
  state = CASE a.outcome WHEN 'done' THEN 'sent'
    WHEN 'skipped' THEN 'skipped' WHEN 'failed' THEN 'failed'
    ELSE 'pending' END,
  attempts = o.attempts - (a.outcome = 'release')::integer,
  lease_until = CASE a.outcome WHEN 'retry' THEN
    clock_timestamp() + a.delay_ms * interval '1 millisecond' END,
  sent_at = CASE WHEN a.outcome = 'done' THEN now() END,
  last_error = coalesce(a.error, o.last_error)
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::timestamptz AS lease, $4::text AS outcome, $5::text AS error,
  $6 AS delay_ms) a
WHERE o.org_id = a.org_id AND o.id = a.id AND o.lease_until = a.lease
  AND o.state = 'pending';
