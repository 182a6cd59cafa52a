-- The statements of modules/domain/changelog_publishing.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_get (scoped; varchar, varchar, varchar, varchar) named (ref, locale, draft)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id, $2::text AS ref,
  $3::text AS locale, $4::boolean AS draft),
hit AS (SELECT c.id, NULL::text AS slug_locale, 0 AS o
  FROM k JOIN changelogs c ON c.org_id = k.org_id AND c.id = k.ref
  UNION ALL
  SELECT s.changelog_id, s.locale, 1 FROM k
  JOIN changelog_locales s ON s.org_id = k.org_id AND s.slug = k.ref
  ORDER BY 3 LIMIT 1),
page AS (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AND NOT k.draft AS live
  FROM k JOIN hit ON true
  JOIN changelogs c ON c.org_id = k.org_id AND c.id = hit.id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id
    AND l.locale = fb_changelog_locale(k.org_id, c.id,
                     COALESCE(k.locale, hit.slug_locale)))
 SELECT
p.id,
CASE WHEN p.live THEN p.live_title
 ELSE p.title
 END,
p.slug,
(SELECT o.portal_url FROM organizations o
WHERE o.id = $1),
p.locale,
CASE WHEN p.live THEN p.live_content
 ELSE p.content
 END,
CASE WHEN p.live THEN p.live_markdown
 ELSE p.markdown
 END,
p.featured_image,
p.date AT TIME ZONE 'UTC',
p.live,
p.published_at IS NOT NULL,
p.published_at IS NOT NULL
AND (p.title, p.content, p.markdown)
IS DISTINCT FROM (p.live_title, p.live_content,
p.live_markdown),
p.comment_count,
ARRAY(SELECT
ARRAY[g.id, g.name, to_json(g.roles)::text]
 FROM
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
p.id
 ORDER BY
lower(g.name)),
p.org_id,
ARRAY(SELECT
ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
 FROM
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
p.id
 ORDER BY
x.created_at, x.locale),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
NULL AS sort_key FROM page p;

-- changelog_p_publish (scoped; varchar, varchar, varchar, varchar) named (id, locales, send_email)
UPDATE changelog_locales l SET live_title = l.title,
  live_content = l.content, live_content_text = l.content_text,
  live_markdown = l.markdown,
  published_at = COALESCE(l.published_at, now()),
  send_email = COALESCE(a.send_email, l.scheduled_email),
  scheduled_at = NULL, scheduled_email = false, publish_error = NULL,
  updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::text[] AS locales, $4::boolean AS send_email) a
WHERE l.org_id = a.org_id AND l.changelog_id = a.id
  AND (a.locales IS NULL OR l.locale = ANY (a.locales))
RETURNING l.locale, l.send_email;

-- changelog_p_email_locales (scoped; varchar, varchar, varchar, varchar) named (id, locales, portal)
UPDATE changelog_locales l SET email_sent = true
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::text[] AS locales, $4::text AS portal) a
WHERE l.org_id = a.org_id AND l.changelog_id = a.id
AND l.locale = ANY (a.locales) AND NOT l.email_sent
RETURNING l.locale, l.live_title, l.live_content,
  l.live_content_text,
  COALESCE((SELECT o.portal_url FROM organizations o
            WHERE o.id = l.org_id), a.portal)
  || '/' || l.locale || '/changelog/' || l.slug;

-- changelog_p_recipients (scoped; varchar, varchar)
SELECT fb_changelog_recipients($1, $2);
