-- The statements of modules/resources/changelogs/changelog_publish.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_p_locales (scoped; varchar, varchar)
SELECT locale FROM changelog_locales
WHERE org_id = $1 AND changelog_id = $2 ORDER BY created_at, locale;

-- changelog_p_schedule (scoped; varchar, varchar, varchar, varchar, varchar) named (id, locales, at, send_email)
UPDATE changelog_locales l SET scheduled_at = a.at,
  scheduled_email = a.send_email, publish_lease = NULL,
  publish_attempts = 0, publish_error = NULL, updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::text[] AS locales, $4::timestamptz AS at,
$5::boolean AS send_email) a
WHERE l.org_id = a.org_id AND l.changelog_id = a.id
  AND (a.locales IS NULL OR l.locale = ANY (a.locales));

-- changelog_p_unpublish (scoped; varchar, varchar, varchar) named (id, locales)
UPDATE changelog_locales l SET live_title = NULL,
  live_content = NULL, live_content_text = NULL,
  live_markdown = NULL, published_at = NULL, scheduled_at = NULL,
  scheduled_email = false, publish_error = NULL, updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::text[] AS locales) a
WHERE l.org_id = a.org_id AND l.changelog_id = a.id
  AND (a.locales IS NULL OR l.locale = ANY (a.locales));
