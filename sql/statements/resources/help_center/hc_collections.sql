-- The statements of modules/resources/help_center/hc_collections.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- collection_get (scoped; varchar, varchar)
SELECT
c.id,
c.org_id,
c.help_center_id,
c.parent_id,
c.icon_type,
c.icon_value,
coalesce(c.position::text, 'null'),
c.collapse_sidebar,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
h.default_locale,
coalesce(d.locale, h.default_locale),
d.name,
d.description,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
n.articles,
n.authors,
tr.locales,
tr.names,
tr.descriptions,
tr.slugs,
fb_ts_key(c.created_at)
FROM help_center_collections c
JOIN help_centers h ON h.org_id = c.org_id
  AND h.id = c.help_center_id
JOIN organizations o ON o.id = c.org_id
LEFT JOIN LATERAL (SELECT t.locale, t.name, t.description, t.slug
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.name ORDER BY t.locale) AS names,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.slug ORDER BY t.locale) AS slugs
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id) tr ON true
LEFT JOIN LATERAL (SELECT count(*) AS articles,
  count(DISTINCT a.author_id) AS authors
  FROM help_center_articles a WHERE a.org_id = c.org_id
  AND a.parent_id = c.id AND a.state = 'live') n ON true
WHERE c.org_id = $1 AND c.id = $2;

-- collection_list (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, help_center, parent, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS help_center,
  $5::text AS parent)
SELECT
c.id,
c.org_id,
c.help_center_id,
c.parent_id,
c.icon_type,
c.icon_value,
coalesce(c.position::text, 'null'),
c.collapse_sidebar,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
h.default_locale,
coalesce(d.locale, h.default_locale),
d.name,
d.description,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
n.articles,
n.authors,
tr.locales,
tr.names,
tr.descriptions,
tr.slugs,
fb_ts_key(c.created_at)
FROM help_center_collections c
JOIN help_centers h ON h.org_id = c.org_id
  AND h.id = c.help_center_id
JOIN organizations o ON o.id = c.org_id
LEFT JOIN LATERAL (SELECT t.locale, t.name, t.description, t.slug
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.name ORDER BY t.locale) AS names,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.slug ORDER BY t.locale) AS slugs
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id) tr ON true
LEFT JOIN LATERAL (SELECT count(*) AS articles,
  count(DISTINCT a.author_id) AS authors
  FROM help_center_articles a WHERE a.org_id = c.org_id
  AND a.parent_id = c.id AND a.state = 'live') n ON true
, k WHERE c.org_id = k.org_id
AND c.help_center_id = coalesce(k.help_center, c.help_center_id)
AND (k.parent IS NULL OR c.parent_id = k.parent)
ORDER BY c.created_at, c.id LIMIT $6;

-- collection_list_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, help_center, parent, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS help_center,
  $5::text AS parent)
SELECT
c.id,
c.org_id,
c.help_center_id,
c.parent_id,
c.icon_type,
c.icon_value,
coalesce(c.position::text, 'null'),
c.collapse_sidebar,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
h.default_locale,
coalesce(d.locale, h.default_locale),
d.name,
d.description,
d.slug,
o.portal_url,
h.subpath,
h.external_domain,
CASE WHEN d.slug IS NOT NULL THEN h.external_domain END,
n.articles,
n.authors,
tr.locales,
tr.names,
tr.descriptions,
tr.slugs,
fb_ts_key(c.created_at)
FROM help_center_collections c
JOIN help_centers h ON h.org_id = c.org_id
  AND h.id = c.help_center_id
JOIN organizations o ON o.id = c.org_id
LEFT JOIN LATERAL (SELECT t.locale, t.name, t.description, t.slug
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id
  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d
  ON true
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.name ORDER BY t.locale) AS names,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.slug ORDER BY t.locale) AS slugs
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id) tr ON true
LEFT JOIN LATERAL (SELECT count(*) AS articles,
  count(DISTINCT a.author_id) AS authors
  FROM help_center_articles a WHERE a.org_id = c.org_id
  AND a.parent_id = c.id AND a.state = 'live') n ON true
, k WHERE c.org_id = k.org_id
AND c.help_center_id = coalesce(k.help_center, c.help_center_id)
AND (k.parent IS NULL OR c.parent_id = k.parent)
AND (c.created_at, c.id) > (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY c.created_at, c.id LIMIT $6;

-- collection_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b),
h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x, a
  WHERE x.org_id = a.org_id),
c AS (INSERT INTO help_center_collections (org_id, help_center_id,
  parent_id, icon_type, icon_value)
  SELECT h.org_id, h.id, a.b ->> 'parentId',
    a.b -> 'icon' ->> 'type', a.b -> 'icon' ->> 'value' FROM a, h
  RETURNING org_id, id),
tx AS (SELECT l.locale,
  coalesce(a.b -> 'translations' -> l.locale, '{}')
  || CASE WHEN l.locale = h.default_locale THEN (SELECT
    coalesce(jsonb_object_agg(e.key, e.value), '{}')
    FROM jsonb_each(a.b) e
    WHERE e.key IN ('name', 'description')) ELSE '{}' END AS v
  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(
    a.b -> 'translations', '{}')) UNION SELECT h.default_locale)
  l(locale))
,
offered AS (UPDATE help_centers y SET available_locales = ARRAY(
  SELECT DISTINCT l FROM unnest(y.available_locales ||
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name')
  ) l ORDER BY l), updated_at = now() FROM h
  WHERE y.org_id = h.org_id AND y.id = h.id
  AND NOT y.available_locales @>
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name'))
,
t AS (INSERT INTO help_center_collection_translations (org_id,
  collection_id, locale, name, description, slug)
  SELECT c.org_id, c.id, tx.locale, tx.v ->> 'name',
    tx.v ->> 'description', fb_hc_slug(c.id, tx.v ->> 'name')
  FROM c, tx WHERE tx.v ? 'name')
SELECT id FROM c;

-- collection_update (scoped; varchar, varchar, varchar) named (id, b)
WITH RECURSIVE a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x
  JOIN help_center_collections y ON y.org_id = x.org_id
  AND y.help_center_id = x.id
  JOIN a ON y.org_id = a.org_id AND y.id = a.id),
c AS (UPDATE help_center_collections x SET
  parent_id = CASE WHEN a.b ? 'parentId' THEN a.b ->> 'parentId'
    ELSE x.parent_id END,
  icon_type = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'type'
    ELSE x.icon_type END,
  icon_value = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'value'
    ELSE x.icon_value END,
  updated_at = now()
  FROM a WHERE x.org_id = a.org_id AND x.id = a.id
  RETURNING x.org_id, x.id),
tx AS (SELECT l.locale,
  coalesce(a.b -> 'translations' -> l.locale, '{}')
  || CASE WHEN l.locale = h.default_locale THEN (SELECT
    coalesce(jsonb_object_agg(e.key, e.value), '{}')
    FROM jsonb_each(a.b) e
    WHERE e.key IN ('name', 'description')) ELSE '{}' END AS v
  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(
    a.b -> 'translations', '{}')) UNION SELECT h.default_locale)
  l(locale))
,
offered AS (UPDATE help_centers y SET available_locales = ARRAY(
  SELECT DISTINCT l FROM unnest(y.available_locales ||
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name')
  ) l ORDER BY l), updated_at = now() FROM h
  WHERE y.org_id = h.org_id AND y.id = h.id
  AND NOT y.available_locales @>
ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name'))
,
old AS (INSERT INTO help_center_old_slugs (org_id, locale, slug,
  collection_id)
  SELECT t.org_id, t.locale, t.slug, t.collection_id
  FROM c JOIN help_center_collection_translations t
    ON t.org_id = c.org_id AND t.collection_id = c.id
  JOIN tx ON tx.locale = t.locale
  WHERE tx.v ? 'name' AND fb_hc_slug(c.id, tx.v ->> 'name') <> t.slug
  ON CONFLICT DO NOTHING),
changed AS (UPDATE help_center_collection_translations t SET
  name = coalesce(tx.v ->> 'name', t.name),
  description = CASE WHEN tx.v ? 'description'
    THEN tx.v ->> 'description' ELSE t.description END,
  slug = fb_hc_slug(t.collection_id, coalesce(tx.v ->> 'name',
    t.name)),
  updated_at = now()
  FROM c, tx WHERE t.org_id = c.org_id AND t.collection_id = c.id
  AND t.locale = tx.locale AND tx.v <> '{}')
INSERT INTO help_center_collection_translations (org_id,
  collection_id, locale, name, description, slug)
SELECT c.org_id, c.id, tx.locale, tx.v ->> 'name',
  tx.v ->> 'description', fb_hc_slug(c.id, tx.v ->> 'name')
FROM c, tx WHERE tx.v ? 'name' AND NOT EXISTS (SELECT 1
  FROM help_center_collection_translations t
  WHERE t.org_id = c.org_id AND t.collection_id = c.id
  AND t.locale = tx.locale);

-- collection_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH RECURSIVE a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
up(id, parent_id, n) AS (SELECT p.id, p.parent_id, 1
  FROM help_center_collections p, a
  WHERE p.org_id = a.org_id AND p.id = a.b ->> 'parentId'
  UNION ALL SELECT q.id, q.parent_id, up.n + 1
  FROM up, a, help_center_collections q
  WHERE q.org_id = a.org_id AND q.id = up.parent_id AND up.n < 64),
down(id, n) AS (SELECT a.id, 1 FROM a WHERE a.id IS NOT NULL
  UNION ALL SELECT q.id, down.n + 1
  FROM down, a, help_center_collections q
  WHERE q.org_id = a.org_id AND q.parent_id = down.id
  AND down.n < 64)
SELECT 'parentId', 'unknown_collection', a.b ->> 'parentId' FROM a
WHERE a.b ->> 'parentId' IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM up)
UNION ALL SELECT 'parentId', 'cycle', a.b ->> 'parentId' FROM a
WHERE EXISTS (SELECT 1 FROM up WHERE up.id = a.id)
UNION ALL SELECT 'parentId', 'too_deep', '3' FROM a
WHERE (SELECT count(*) FROM up)
  + coalesce((SELECT max(n) FROM down), 1) >
3
UNION ALL SELECT 'translations', 'name_required', l FROM a,
  jsonb_object_keys(coalesce(a.b -> 'translations', '{}')) l
WHERE NOT (a.b -> 'translations' -> l ? 'name')
  AND NOT EXISTS (SELECT 1 FROM help_center_collection_translations t
    WHERE t.org_id = a.org_id AND t.collection_id = a.id
    AND t.locale = l)
  AND NOT (a.b ? 'name' AND l = (SELECT x.default_locale
    FROM help_centers x WHERE x.org_id = a.org_id))
LIMIT 1;

-- collection_lock (scoped; varchar, varchar)
SELECT id FROM help_center_collections WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- collection_move_kids (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
c AS (SELECT x.org_id, x.id, x.parent_id
  FROM help_center_collections x, a
  WHERE x.org_id = a.org_id AND x.id = a.id),
moved AS (UPDATE
help_center_collections
 m SET
  parent_id = c.parent_id, updated_at = now() FROM c
  WHERE m.org_id = c.org_id AND m.parent_id = c.id
  RETURNING m.id, m.created_at)
SELECT id FROM moved ORDER BY created_at, id;

-- collection_move_articles (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
c AS (SELECT x.org_id, x.id, x.parent_id
  FROM help_center_collections x, a
  WHERE x.org_id = a.org_id AND x.id = a.id),
moved AS (UPDATE
help_center_articles
 m SET
  parent_id = c.parent_id, updated_at = now() FROM c
  WHERE m.org_id = c.org_id AND m.parent_id = c.id
  RETURNING m.id, m.created_at)
SELECT id FROM moved ORDER BY created_at, id;

-- collection_remove (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
rules AS (DELETE FROM help_center_redirect_rules r USING a
  WHERE r.org_id = a.org_id AND r.target_type = 'collection'
  AND r.target_id = a.id)
DELETE FROM help_center_collections x USING a
WHERE x.org_id = a.org_id AND x.id = a.id;
