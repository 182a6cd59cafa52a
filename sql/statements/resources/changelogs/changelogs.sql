-- The statements of modules/resources/changelogs/changelogs.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- changelog_find (scoped; varchar, varchar)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS ref)
SELECT c.id, NULL::text, 0 FROM changelogs c, k
WHERE c.org_id = k.org_id AND c.id = k.ref
UNION ALL
SELECT l.changelog_id, l.locale, 1 FROM changelog_locales l, k
WHERE l.org_id = k.org_id AND l.slug = k.ref
ORDER BY 3 LIMIT 1;

-- changelog_lock (scoped; varchar, varchar)
SELECT id FROM changelogs WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- changelog_list_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, ref, ref_id, categories, q, start_date, end_date, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state, $6::text AS ref, $7::text AS ref_id,
$8::text[] AS categories, $9::text AS q,
$10::timestamptz AS start_date, $11::timestamptz AS end_date),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
  AND (k.ref IS NULL OR c.id = k.ref_id OR c.id = (
    SELECT s.changelog_id FROM changelog_locales s
    WHERE s.org_id = k.org_id AND s.slug = k.ref))
  AND (k.categories IS NULL OR EXISTS (
    SELECT 1 FROM changelog_category_links cl
    JOIN changelog_categories g
      ON g.org_id = cl.org_id AND g.id = cl.category_id
    WHERE cl.org_id = c.org_id AND cl.changelog_id = c.id
      AND lower(g.name) IN (SELECT lower(n)
                            FROM unnest(k.categories) n)))
  AND (k.q IS NULL
       OR (l.published_at IS NOT NULL AND l.live_search
           @@ websearch_to_tsquery('english', k.q))
       OR (l.published_at IS NULL AND l.draft_search
           @@ websearch_to_tsquery('english', k.q)))
  AND (k.start_date IS NULL OR c.date >= k.start_date)
  AND (k.end_date IS NULL OR c.date < k.end_date)
 ORDER BY c.date
DESC, c.id
DESC
 LIMIT $12)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
DESC, p.id
DESC;

-- changelog_list_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, ref, ref_id, categories, q, start_date, end_date, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state, $6::text AS ref, $7::text AS ref_id,
$8::text[] AS categories, $9::text AS q,
$10::timestamptz AS start_date, $11::timestamptz AS end_date),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
  AND (k.ref IS NULL OR c.id = k.ref_id OR c.id = (
    SELECT s.changelog_id FROM changelog_locales s
    WHERE s.org_id = k.org_id AND s.slug = k.ref))
  AND (k.categories IS NULL OR EXISTS (
    SELECT 1 FROM changelog_category_links cl
    JOIN changelog_categories g
      ON g.org_id = cl.org_id AND g.id = cl.category_id
    WHERE cl.org_id = c.org_id AND cl.changelog_id = c.id
      AND lower(g.name) IN (SELECT lower(n)
                            FROM unnest(k.categories) n)))
  AND (k.q IS NULL
       OR (l.published_at IS NOT NULL AND l.live_search
           @@ websearch_to_tsquery('english', k.q))
       OR (l.published_at IS NULL AND l.draft_search
           @@ websearch_to_tsquery('english', k.q)))
  AND (k.start_date IS NULL OR c.date >= k.start_date)
  AND (k.end_date IS NULL OR c.date < k.end_date)
AND (c.date, c.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY c.date
DESC, c.id
DESC
 LIMIT $12)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
DESC, p.id
DESC;

-- changelog_list_desc_all (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT * FROM (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
 ORDER BY c.date
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY c.date
DESC, c.id
DESC
 LIMIT $6)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
DESC, p.id
DESC;

-- changelog_list_desc_all_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT * FROM (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
AND (c.date, c.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY c.date
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY c.date
DESC, c.id
DESC
 LIMIT $6)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
DESC, p.id
DESC;

-- changelog_list_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, ref, ref_id, categories, q, start_date, end_date, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state, $6::text AS ref, $7::text AS ref_id,
$8::text[] AS categories, $9::text AS q,
$10::timestamptz AS start_date, $11::timestamptz AS end_date),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
  AND (k.ref IS NULL OR c.id = k.ref_id OR c.id = (
    SELECT s.changelog_id FROM changelog_locales s
    WHERE s.org_id = k.org_id AND s.slug = k.ref))
  AND (k.categories IS NULL OR EXISTS (
    SELECT 1 FROM changelog_category_links cl
    JOIN changelog_categories g
      ON g.org_id = cl.org_id AND g.id = cl.category_id
    WHERE cl.org_id = c.org_id AND cl.changelog_id = c.id
      AND lower(g.name) IN (SELECT lower(n)
                            FROM unnest(k.categories) n)))
  AND (k.q IS NULL
       OR (l.published_at IS NOT NULL AND l.live_search
           @@ websearch_to_tsquery('english', k.q))
       OR (l.published_at IS NULL AND l.draft_search
           @@ websearch_to_tsquery('english', k.q)))
  AND (k.start_date IS NULL OR c.date >= k.start_date)
  AND (k.end_date IS NULL OR c.date < k.end_date)
 ORDER BY c.date
ASC, c.id
ASC
 LIMIT $12)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
ASC, p.id
ASC;

-- changelog_list_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, ref, ref_id, categories, q, start_date, end_date, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state, $6::text AS ref, $7::text AS ref_id,
$8::text[] AS categories, $9::text AS q,
$10::timestamptz AS start_date, $11::timestamptz AS end_date),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
  AND (k.ref IS NULL OR c.id = k.ref_id OR c.id = (
    SELECT s.changelog_id FROM changelog_locales s
    WHERE s.org_id = k.org_id AND s.slug = k.ref))
  AND (k.categories IS NULL OR EXISTS (
    SELECT 1 FROM changelog_category_links cl
    JOIN changelog_categories g
      ON g.org_id = cl.org_id AND g.id = cl.category_id
    WHERE cl.org_id = c.org_id AND cl.changelog_id = c.id
      AND lower(g.name) IN (SELECT lower(n)
                            FROM unnest(k.categories) n)))
  AND (k.q IS NULL
       OR (l.published_at IS NOT NULL AND l.live_search
           @@ websearch_to_tsquery('english', k.q))
       OR (l.published_at IS NULL AND l.draft_search
           @@ websearch_to_tsquery('english', k.q)))
  AND (k.start_date IS NULL OR c.date >= k.start_date)
  AND (k.end_date IS NULL OR c.date < k.end_date)
AND (c.date, c.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY c.date
ASC, c.id
ASC
 LIMIT $12)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
ASC, p.id
ASC;

-- changelog_list_asc_all (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT * FROM (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
 ORDER BY c.date
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY c.date
ASC, c.id
ASC
 LIMIT $6)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
ASC, p.id
ASC;

-- changelog_list_asc_all_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, locale_given, state, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS locale_given, $5::text AS state),
k AS (SELECT a.*, COALESCE(a.locale_given, (
  SELECT o.default_locale FROM organizations o
  WHERE o.id = a.org_id)) AS locale FROM a),
page AS (SELECT * FROM (SELECT
c.id, c.org_id, c.featured_image, c.date, c.comment_count,
c.allowed_segment_ids, c.created_at, c.updated_at, l.locale,
l.slug, l.title, l.content, l.markdown, l.live_title,
l.live_content, l.live_markdown, l.published_at, l.email_sent,
l.updated_at AS l_updated_at,
    l.published_at IS NOT NULL AS live
  FROM k JOIN changelogs c ON c.org_id = k.org_id
  JOIN changelog_locales l ON l.org_id = c.org_id
    AND l.changelog_id = c.id AND l.locale = k.locale
  WHERE (k.state = 'all'
         OR (k.state = 'live') = (l.published_at IS NOT NULL))
AND (c.date, c.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY c.date
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY c.date
ASC, c.id
ASC
 LIMIT $6)
, pc AS (SELECT cl.changelog_id AS id,
  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text]
            ORDER BY
lower(g.name)) AS a
  FROM page q,
changelog_category_links cl JOIN changelog_categories g
  ON g.org_id = cl.org_id AND g.id = cl.category_id
WHERE cl.org_id = $1 AND cl.changelog_id =
q.id
  GROUP BY cl.changelog_id),
pl AS (SELECT x.changelog_id AS id,
  array_agg(ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text,
  (CASE WHEN x.scheduled_at IS NOT NULL
   THEN x.scheduled_email ELSE x.send_email END)::text,
  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text,
  x.publish_error, x.email_sent::text]
            ORDER BY
x.created_at, x.locale) AS a
  FROM page q,
changelog_locales x WHERE x.org_id = $1 AND x.changelog_id =
q.id
  GROUP BY x.changelog_id)
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
COALESCE(pc.a, '{}'),
p.org_id,
COALESCE(pl.a, '{}'),
to_json(p.allowed_segment_ids),
p.email_sent,
p.created_at AT TIME ZONE 'UTC',
greatest(p.updated_at, p.l_updated_at)
AT TIME ZONE 'UTC',
fb_ts_key(p.date)
 AS sort_key
FROM page p LEFT JOIN pc ON pc.id = p.id
LEFT JOIN pl ON pl.id = p.id
 ORDER BY p.date
ASC, p.id
ASC;
