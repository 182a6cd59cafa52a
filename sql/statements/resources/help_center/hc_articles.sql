-- The statements of modules/resources/help_center/hc_articles.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- article_get (scoped; varchar, varchar, varchar) named (id, reader)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id, $3::text AS reader)
SELECT
r.id,
r.org_id,
r.help_center_id,
r.parent_id,
au.id,
au.name,
au.profile_picture,
r.icon_type,
r.icon_value,
r.state,
r.state = 'live',
coalesce(r.position::text, 'null'),
r.created_at AT TIME ZONE 'UTC',
r.updated_at AT TIME ZONE 'UTC',
fb_iso(r.live_updated_at),
h.default_locale,
coalesce(d.locale, h.default_locale),
CASE WHEN
k.reader
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
k.reader
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
k.reader
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_body
 ELSE
d.body
 END,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
tr.published,
coalesce(tr.differs, false),
tr.locales,
tr.titles,
tr.descriptions,
tr.bodies,
tr.slugs,
tr.created,
tr.updated,
NULL::text,
NULL::text,
fb_ts_key(r.created_at)
 FROM k
JOIN
help_center_articles
 r ON r.org_id = k.org_id
JOIN help_centers h ON h.org_id = r.org_id
  AND h.id = r.help_center_id
JOIN organizations o ON o.id = r.org_id
LEFT JOIN admins au ON au.org_id = r.org_id AND au.id = r.author_id
LEFT JOIN LATERAL (SELECT t.*
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(CASE WHEN
k.reader
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_title
 ELSE
t.title
 END
 ORDER BY t.locale)
    AS titles,
  array_agg(CASE WHEN
k.reader
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
k.reader
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_body
 ELSE
t.body
 END
 ORDER BY t.locale)
    AS bodies,
  array_agg(t.slug ORDER BY t.locale) AS slugs,
  array_agg(fb_iso(t.created_at) ORDER BY t.locale) AS created,
  array_agg(fb_iso(t.updated_at) ORDER BY t.locale) AS updated,
  coalesce(array_agg(t.locale ORDER BY t.locale)
    FILTER (WHERE t.published_at IS NOT NULL), '{}') AS published,
  bool_or(t.published_at IS NOT NULL AND (t.live_title,
    t.live_description, t.live_body) IS DISTINCT FROM (t.title,
    t.description, t.body)) AS differs
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id) tr ON true
WHERE r.id = k.id;

-- article_list (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, state, parent, help_center, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id, $4::text AS state,
  $5::text AS parent, $6::text AS help_center)
SELECT
r.id,
r.org_id,
r.help_center_id,
r.parent_id,
au.id,
au.name,
au.profile_picture,
r.icon_type,
r.icon_value,
r.state,
r.state = 'live',
coalesce(r.position::text, 'null'),
r.created_at AT TIME ZONE 'UTC',
r.updated_at AT TIME ZONE 'UTC',
fb_iso(r.live_updated_at),
h.default_locale,
coalesce(d.locale, h.default_locale),
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_body
 ELSE
d.body
 END,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
tr.published,
coalesce(tr.differs, false),
tr.locales,
tr.titles,
tr.descriptions,
tr.bodies,
tr.slugs,
tr.created,
tr.updated,
NULL::text,
NULL::text,
fb_ts_key(r.created_at)
 FROM k
JOIN
help_center_articles
 r ON r.org_id = k.org_id
JOIN help_centers h ON h.org_id = r.org_id
  AND h.id = r.help_center_id
JOIN organizations o ON o.id = r.org_id
LEFT JOIN admins au ON au.org_id = r.org_id AND au.id = r.author_id
LEFT JOIN LATERAL (SELECT t.*
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_title
 ELSE
t.title
 END
 ORDER BY t.locale)
    AS titles,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_body
 ELSE
t.body
 END
 ORDER BY t.locale)
    AS bodies,
  array_agg(t.slug ORDER BY t.locale) AS slugs,
  array_agg(fb_iso(t.created_at) ORDER BY t.locale) AS created,
  array_agg(fb_iso(t.updated_at) ORDER BY t.locale) AS updated,
  coalesce(array_agg(t.locale ORDER BY t.locale)
    FILTER (WHERE t.published_at IS NOT NULL), '{}') AS published,
  bool_or(t.published_at IS NOT NULL AND (t.live_title,
    t.live_description, t.live_body) IS DISTINCT FROM (t.title,
    t.description, t.body)) AS differs
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id) tr ON true
WHERE (k.state = 'all' OR r.state = k.state)
AND (k.parent IS NULL OR r.parent_id = k.parent)
AND r.help_center_id = coalesce(k.help_center, r.help_center_id)
ORDER BY r.created_at, r.id LIMIT $7;

-- article_list_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, state, parent, help_center, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id, $4::text AS state,
  $5::text AS parent, $6::text AS help_center)
SELECT
r.id,
r.org_id,
r.help_center_id,
r.parent_id,
au.id,
au.name,
au.profile_picture,
r.icon_type,
r.icon_value,
r.state,
r.state = 'live',
coalesce(r.position::text, 'null'),
r.created_at AT TIME ZONE 'UTC',
r.updated_at AT TIME ZONE 'UTC',
fb_iso(r.live_updated_at),
h.default_locale,
coalesce(d.locale, h.default_locale),
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_body
 ELSE
d.body
 END,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
tr.published,
coalesce(tr.differs, false),
tr.locales,
tr.titles,
tr.descriptions,
tr.bodies,
tr.slugs,
tr.created,
tr.updated,
NULL::text,
NULL::text,
fb_ts_key(r.created_at)
 FROM k
JOIN
help_center_articles
 r ON r.org_id = k.org_id
JOIN help_centers h ON h.org_id = r.org_id
  AND h.id = r.help_center_id
JOIN organizations o ON o.id = r.org_id
LEFT JOIN admins au ON au.org_id = r.org_id AND au.id = r.author_id
LEFT JOIN LATERAL (SELECT t.*
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_title
 ELSE
t.title
 END
 ORDER BY t.locale)
    AS titles,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN k.state = 'draft' THEN 'draft'
ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_body
 ELSE
t.body
 END
 ORDER BY t.locale)
    AS bodies,
  array_agg(t.slug ORDER BY t.locale) AS slugs,
  array_agg(fb_iso(t.created_at) ORDER BY t.locale) AS created,
  array_agg(fb_iso(t.updated_at) ORDER BY t.locale) AS updated,
  coalesce(array_agg(t.locale ORDER BY t.locale)
    FILTER (WHERE t.published_at IS NOT NULL), '{}') AS published,
  bool_or(t.published_at IS NOT NULL AND (t.live_title,
    t.live_description, t.live_body) IS DISTINCT FROM (t.title,
    t.description, t.body)) AS differs
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id) tr ON true
WHERE (k.state = 'all' OR r.state = k.state)
AND (k.parent IS NULL OR r.parent_id = k.parent)
AND r.help_center_id = coalesce(k.help_center, r.help_center_id)
AND (r.created_at, r.id) > (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY r.created_at, r.id LIMIT $7;

-- article_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b),
h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x, a
  WHERE x.org_id = a.org_id),
r AS (INSERT INTO help_center_articles (org_id, help_center_id,
  parent_id, author_id, icon_type, icon_value, state,
  live_updated_at)
  SELECT h.org_id, h.id, a.b ->> 'parentId', a.b ->> 'authorId',
    a.b -> 'icon' ->> 'type', a.b -> 'icon' ->> 'value',
    coalesce(a.b ->> 'state', 'draft'),
    CASE WHEN a.b ->> 'state' = 'live' THEN now() END FROM a, h
  RETURNING org_id, id, state),
tx AS (SELECT l.locale,
  coalesce(a.b -> 'translations' -> l.locale, '{}')
  || CASE WHEN l.locale = h.default_locale THEN (SELECT
    coalesce(jsonb_object_agg(e.key, e.value), '{}')
    FROM jsonb_each(a.b) e WHERE e.key IN ('title', 'description',
      'body', 'bodyText')) ELSE '{}' END AS v
  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(
    a.b -> 'translations', '{}')) UNION SELECT h.default_locale)
  l(locale))
,
offered AS (UPDATE help_centers y SET available_locales = ARRAY(
  SELECT DISTINCT l FROM unnest(y.available_locales ||
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title')
  ) l ORDER BY l), updated_at = now() FROM h
  WHERE y.org_id = h.org_id AND y.id = h.id
  AND NOT y.available_locales @>
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title'))
,
t AS (INSERT INTO help_center_article_translations (org_id,
  article_id, locale, title, description, body, body_text,
  live_title, live_description, live_body, live_body_text,
  published_at, slug)
  SELECT r.org_id, r.id, tx.locale, tx.v ->> 'title',
    tx.v ->> 'description', coalesce(tx.v ->> 'body', ''),
    coalesce(tx.v ->> 'bodyText', ''),
    CASE WHEN r.state = 'live' THEN tx.v ->> 'title' END,
    CASE WHEN r.state = 'live' THEN tx.v ->> 'description' END,
    CASE WHEN r.state = 'live' THEN coalesce(tx.v ->> 'body', '') END,
    CASE WHEN r.state = 'live'
      THEN coalesce(tx.v ->> 'bodyText', '') END,
    CASE WHEN r.state = 'live' THEN now() END,
    fb_hc_slug(r.id, tx.v ->> 'title')
  FROM r, tx WHERE tx.v ? 'title')
SELECT id FROM r;

-- article_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x
  JOIN help_center_articles y ON y.org_id = x.org_id
  AND y.help_center_id = x.id
  JOIN a ON y.org_id = a.org_id AND y.id = a.id),
r AS (UPDATE help_center_articles x SET
  parent_id = CASE WHEN a.b ? 'parentId' THEN a.b ->> 'parentId'
    ELSE x.parent_id END,
  author_id = coalesce(a.b ->> 'authorId', x.author_id),
  icon_type = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'type'
    ELSE x.icon_type END,
  icon_value = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'value'
    ELSE x.icon_value END,
  state = coalesce(a.b ->> 'state', x.state),
  live_updated_at = CASE WHEN a.b ->> 'state' = 'live' THEN now()
    ELSE x.live_updated_at END,
  updated_at = now()
  FROM a WHERE x.org_id = a.org_id AND x.id = a.id
  RETURNING x.org_id, x.id),
tx AS (SELECT l.locale,
  coalesce(a.b -> 'translations' -> l.locale, '{}')
  || CASE WHEN l.locale = h.default_locale THEN (SELECT
    coalesce(jsonb_object_agg(e.key, e.value), '{}')
    FROM jsonb_each(a.b) e WHERE e.key IN ('title', 'description',
      'body', 'bodyText')) ELSE '{}' END AS v
  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(
    a.b -> 'translations', '{}')) UNION SELECT h.default_locale)
  l(locale))
,
offered AS (UPDATE help_centers y SET available_locales = ARRAY(
  SELECT DISTINCT l FROM unnest(y.available_locales ||
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title')
  ) l ORDER BY l), updated_at = now() FROM h
  WHERE y.org_id = h.org_id AND y.id = h.id
  AND NOT y.available_locales @>
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title'))
,
u AS (SELECT t.locale, coalesce(tx.v, '{}') AS v,
  a.b ->> 'state' AS state
  FROM a JOIN help_center_article_translations t
    ON t.org_id = a.org_id AND t.article_id = a.id
  LEFT JOIN tx ON tx.locale = t.locale),
old AS (INSERT INTO help_center_old_slugs (org_id, locale, slug,
  article_id)
  SELECT t.org_id, t.locale, t.slug, t.article_id
  FROM r JOIN help_center_article_translations t
    ON t.org_id = r.org_id AND t.article_id = r.id
  JOIN tx ON tx.locale = t.locale
  WHERE tx.v ? 'title' AND fb_hc_slug(r.id, tx.v ->> 'title')
    <> t.slug
  ON CONFLICT DO NOTHING),
changed AS (UPDATE help_center_article_translations t SET
  title = coalesce(u.v ->> 'title', t.title),
  description = CASE WHEN u.v ? 'description'
    THEN u.v ->> 'description' ELSE t.description END,
  body = coalesce(u.v ->> 'body', t.body),
  body_text = coalesce(u.v ->> 'bodyText', t.body_text),
  slug = fb_hc_slug(t.article_id, coalesce(u.v ->> 'title',
    t.title)),
  live_title = CASE u.state WHEN 'live'
    THEN coalesce(u.v ->> 'title', t.title) WHEN 'draft' THEN NULL
    ELSE t.live_title END,
  live_description = CASE u.state WHEN 'live'
    THEN CASE WHEN u.v ? 'description' THEN u.v ->> 'description'
      ELSE t.description END
    WHEN 'draft' THEN NULL ELSE t.live_description END,
  live_body = CASE u.state WHEN 'live'
    THEN coalesce(u.v ->> 'body', t.body) WHEN 'draft' THEN NULL
    ELSE t.live_body END,
  live_body_text = CASE u.state WHEN 'live'
    THEN coalesce(u.v ->> 'bodyText', t.body_text)
    WHEN 'draft' THEN NULL ELSE t.live_body_text END,
  published_at = CASE u.state WHEN 'live' THEN now()
    WHEN 'draft' THEN NULL ELSE t.published_at END,
  updated_at = now()
  FROM u, a WHERE t.org_id = a.org_id AND t.article_id = a.id
  AND t.locale = u.locale AND (u.v <> '{}' OR u.state IS NOT NULL))
INSERT INTO help_center_article_translations (org_id, article_id,
  locale, title, description, body, body_text, live_title,
  live_description, live_body, live_body_text, published_at, slug)
SELECT r.org_id, r.id, tx.locale, tx.v ->> 'title',
  tx.v ->> 'description', coalesce(tx.v ->> 'body', ''),
  coalesce(tx.v ->> 'bodyText', ''),
  CASE WHEN a.b ->> 'state' = 'live' THEN tx.v ->> 'title' END,
  CASE WHEN a.b ->> 'state' = 'live' THEN tx.v ->> 'description' END,
  CASE WHEN a.b ->> 'state' = 'live'
    THEN coalesce(tx.v ->> 'body', '') END,
  CASE WHEN a.b ->> 'state' = 'live'
    THEN coalesce(tx.v ->> 'bodyText', '') END,
  CASE WHEN a.b ->> 'state' = 'live' THEN now() END,
  fb_hc_slug(r.id, tx.v ->> 'title')
FROM r, a, tx WHERE tx.v ? 'title' AND NOT EXISTS (SELECT 1
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND t.locale = tx.locale);

-- article_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'parentId', 'unknown_collection', a.b ->> 'parentId' FROM a
WHERE a.b ->> 'parentId' IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM help_center_collections p
    WHERE p.org_id = a.org_id AND p.id = a.b ->> 'parentId')
UNION ALL SELECT 'helpCenterId', 'unknown_help_center',
  a.b ->> 'helpCenterId' FROM a
WHERE a.b ? 'helpCenterId'
  AND NOT EXISTS (SELECT 1 FROM help_centers x
    WHERE x.org_id = a.org_id AND x.id = a.b ->> 'helpCenterId')
UNION ALL SELECT 'authorId', 'unknown_admin', a.b ->> 'authorId'
FROM a WHERE a.b ? 'authorId'
  AND NOT EXISTS (SELECT 1 FROM admins x
    WHERE x.org_id = a.org_id AND x.id = a.b ->> 'authorId')
UNION ALL SELECT 'translations', 'title_required', l FROM a,
  jsonb_object_keys(coalesce(a.b -> 'translations', '{}')) l
WHERE NOT (a.b -> 'translations' -> l ? 'title')
  AND NOT EXISTS (SELECT 1 FROM help_center_article_translations t
    WHERE t.org_id = a.org_id AND t.article_id = a.id
    AND t.locale = l)
  AND NOT (a.b ? 'title' AND l = (SELECT x.default_locale
    FROM help_centers x WHERE x.org_id = a.org_id))
LIMIT 1;

-- article_lock (scoped; varchar, varchar)
SELECT id FROM help_center_articles WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- article_remove (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
rules AS (DELETE FROM help_center_redirect_rules x USING a
  WHERE x.org_id = a.org_id AND x.target_type = 'article'
  AND x.target_id = a.id)
DELETE FROM help_center_articles x USING a
WHERE x.org_id = a.org_id AND x.id = a.id;
