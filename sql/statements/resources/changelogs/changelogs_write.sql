-- The statements of modules/resources/changelogs/changelogs_write.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_w_insert (scoped; varchar, varchar, varchar, varchar) named (image, segments, date)
WITH k AS (SELECT $1::text AS org_id, $2::text AS image,
  $3::text[] AS segments, $4::timestamptz AS date)
INSERT INTO changelogs (org_id, featured_image, allowed_segment_ids,
  date)
SELECT k.org_id, k.image, COALESCE(k.segments, '{}'),
  COALESCE(k.date, now()) FROM k RETURNING id;

-- changelog_w_locale_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (changelog_id, locale, title, content, content_text, markdown)
WITH k AS (SELECT $1::text AS org_id, $2::text AS changelog_id,
  $3::text AS locale, $4::text AS title, $5::text AS content,
  $6::text AS content_text, $7::text AS markdown)
INSERT INTO changelog_locales (org_id, changelog_id, locale, slug,
  title, content, content_text, markdown)
SELECT k.org_id, k.changelog_id, COALESCE(k.locale, o.default_locale),
  fb_changelog_slug(o.id, k.title), k.title, k.content,
  k.content_text, k.markdown
FROM k JOIN organizations o ON o.id = k.org_id RETURNING locale;

-- changelog_w_category_make (scoped; varchar, varchar)
SELECT fb_changelog_category($1, $2);

-- changelog_w_category_find (scoped; varchar, varchar)
SELECT id FROM changelog_categories
WHERE org_id = $1 AND lower(name) = lower($2);

-- changelog_w_link (scoped; varchar, varchar, varchar) named (changelog_id, category_id)
WITH k AS (SELECT $1::text AS org_id, $2::text AS changelog_id,
  $3::text AS category_id)
INSERT INTO changelog_category_links (org_id, changelog_id,
  category_id) SELECT k.org_id, k.changelog_id, k.category_id FROM k
ON CONFLICT DO NOTHING;

-- changelog_w_unlink_all (scoped; varchar, varchar)
DELETE FROM changelog_category_links
WHERE org_id = $1 AND changelog_id = $2;

-- changelog_w_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar) named (id, image_given, image, segments, date)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS image_given, $4::text AS image,
  $5::text[] AS segments, $6::timestamptz AS date)
UPDATE changelogs c SET
  featured_image = CASE WHEN k.image_given THEN k.image
                   ELSE c.featured_image END,
  allowed_segment_ids = COALESCE(k.segments, c.allowed_segment_ids),
  date = COALESCE(k.date, c.date), updated_at = now()
FROM k WHERE c.org_id = k.org_id AND c.id = k.id;

-- changelog_w_edit_locale (scoped; varchar, varchar, varchar) named (id, locale)
SELECT COALESCE(k.locale, fb_changelog_locale(k.org_id, k.id, NULL))
FROM (SELECT $1::text AS org_id, $2::text AS id,
             $3::text AS locale) k;

-- changelog_w_locale_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (changelog_id, locale, title, content, content_text, markdown_given, markdown)
WITH k AS (SELECT $1::text AS org_id, $2::text AS changelog_id,
  $3::text AS locale, $4::text AS title, $5::text AS content,
  $6::text AS content_text, $7::boolean AS markdown_given,
  $8::text AS markdown)
UPDATE changelog_locales l SET
  title = COALESCE(k.title, l.title),
  content = COALESCE(k.content, l.content),
  content_text = COALESCE(k.content_text, l.content_text),
  markdown = CASE WHEN k.markdown_given THEN k.markdown
             ELSE l.markdown END,
  updated_at = now()
FROM k WHERE l.org_id = k.org_id AND l.changelog_id = k.changelog_id
AND l.locale = k.locale RETURNING l.locale;

-- changelog_w_locale_add (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (changelog_id, locale, title, content, content_text, markdown_given, markdown)
WITH k AS (SELECT $1::text AS org_id, $2::text AS changelog_id,
  $3::text AS locale, $4::text AS title, $5::text AS content,
  $6::text AS content_text, $7::boolean AS markdown_given,
  $8::text AS markdown)
INSERT INTO changelog_locales (org_id, changelog_id, locale, slug,
  title, content, content_text, markdown)
SELECT f.org_id, f.changelog_id, k.locale,
  fb_changelog_slug(f.org_id, COALESCE(k.title, f.title)),
  COALESCE(k.title, f.title), COALESCE(k.content, f.content),
  COALESCE(k.content_text, f.content_text),
  CASE WHEN k.markdown_given THEN k.markdown ELSE f.markdown END
FROM k JOIN changelog_locales f ON f.org_id = k.org_id
  AND f.changelog_id = k.changelog_id
ORDER BY f.created_at, f.locale LIMIT 1 RETURNING locale;

-- changelog_w_delete (scoped; varchar, varchar)
DELETE FROM changelogs WHERE org_id = $1 AND id = $2 RETURNING id;
