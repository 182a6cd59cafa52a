-- The statements of modules/resources/posts/post_lookups.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_lookups (scoped; varchar)
WITH k AS (SELECT $1::text AS org_id)
SELECT 'v', o.render_version::text, NULL, NULL, NULL, NULL, NULL
FROM organizations o, k WHERE o.id = k.org_id
UNION ALL
SELECT
's',
s.id,
s.name,
s.color,
s.type,
s.is_default, NULL
FROM post_statuses s, k WHERE s.org_id = k.org_id
UNION ALL
SELECT 't', t.id, t.name, t.color, NULL, NULL,
  (row_number() OVER (ORDER BY lower(t.name)))::text
FROM tags t, k WHERE t.org_id = k.org_id;
