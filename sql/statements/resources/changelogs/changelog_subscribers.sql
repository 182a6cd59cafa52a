-- The statements of modules/resources/changelogs/changelog_subscribers.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_s_import_wait (scoped; varchar, varchar, varchar) named (imports, period)
WITH k AS (SELECT $1::text AS org_id, $2::integer AS imports,
  $3::interval AS period)
SELECT fb_subscriber_import_wait(k.org_id, k.imports, k.period)
FROM k;

-- changelog_s_add (scoped; varchar, varchar, varchar) named (locale, emails)
WITH k AS (SELECT $1::text AS org_id, $2::text AS locale,
  $3::text[] AS emails)
SELECT fb_subscribers_add(k.org_id, COALESCE(k.locale, (
  SELECT default_locale FROM organizations WHERE id = k.org_id)),
  k.emails) FROM k;

-- changelog_s_remove (scoped; varchar, varchar)
SELECT fb_subscribers_remove($1, $2::text[]);
