-- The statements of modules/resources/changelogs/changelog_subscribers.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_s_import_wait (scoped; varchar, varchar, varchar)
SELECT fb_subscriber_import_wait($1, $2::integer, $3::interval);

-- changelog_s_add (scoped; varchar, varchar, varchar)
SELECT fb_subscribers_add($1, COALESCE($2::text, (
  SELECT default_locale FROM organizations WHERE id = $1)),
  $3::text[]);

-- changelog_s_remove (scoped; varchar, varchar)
SELECT fb_subscribers_remove($1, $2::text[]);
