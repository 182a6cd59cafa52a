-- The statements of modules/jobs/fb_job_publish.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- job_publish_claim (global; integer)
WITH due AS (
  SELECT org_id, changelog_id, locale FROM changelog_locales
  WHERE scheduled_at <= now()
    AND coalesce(publish_lease, scheduled_at) <= now()
  ORDER BY scheduled_at LIMIT 1 FOR UPDATE SKIP LOCKED)
UPDATE changelog_locales l SET
  publish_attempts = l.publish_attempts + 1,
  publish_lease = clock_timestamp() + make_interval(secs => $1)
FROM due WHERE l.org_id = due.org_id
  AND l.changelog_id = due.changelog_id AND l.locale = due.locale
RETURNING l.org_id, l.changelog_id, l.publish_attempts,
  l.publish_lease::text, l.locale;

-- job_publish_finish (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (id, lease, outcome, error, delay_ms)
UPDATE changelog_locales l SET
  publish_lease = CASE a.outcome WHEN 'retry' THEN
    clock_timestamp() + a.delay_ms * interval '1 millisecond' END,
  publish_attempts = CASE WHEN a.outcome IN ('retry', 'release')
    THEN l.publish_attempts - (a.outcome = 'release')::integer
    ELSE 0 END,
  scheduled_at = CASE WHEN a.outcome = 'failed' THEN NULL
    ELSE l.scheduled_at END,
  publish_error = CASE WHEN a.outcome = 'failed' THEN a.error END
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::timestamptz AS lease, $4::text AS outcome, $5::text AS error,
  $6 AS delay_ms) a
WHERE l.org_id = a.org_id AND l.changelog_id = a.id
  AND l.publish_lease = a.lease;

-- job_publish_lock (scoped; varchar, varchar)
SELECT id FROM changelogs WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- job_publish_due (scoped; varchar, varchar)
SELECT locale FROM changelog_locales
WHERE org_id = $1 AND changelog_id = $2 AND scheduled_at <= now()
ORDER BY locale;
