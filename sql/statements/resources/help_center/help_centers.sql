-- The statements of modules/resources/help_center/help_centers.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- help_center_get (scoped; varchar, varchar)
SELECT
h.id,
h.org_id,
h.is_public,
h.hide_author_info,
h.hide_date_info,
h.external_links_new_tab,
h.internal_links_new_tab,
h.default_locale,
h.available_locales,
h.subpath,
h.external_domain,
h.created_at AT TIME ZONE 'UTC',
h.updated_at AT TIME ZONE 'UTC',
d.display_name,
d.title,
d.description,
d.search_placeholder,
d.nav_items,
tr.locales,
tr.display_names,
tr.titles,
tr.descriptions,
tr.placeholders,
tr.navs,
fb_ts_key(h.created_at)
FROM help_centers h
LEFT JOIN help_center_translations d ON d.org_id = h.org_id
  AND d.help_center_id = h.id AND d.locale = h.default_locale
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.display_name ORDER BY t.locale) AS display_names,
  array_agg(t.title ORDER BY t.locale) AS titles,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.search_placeholder ORDER BY t.locale) AS placeholders,
  array_agg(t.nav_items ORDER BY t.locale) AS navs
  FROM help_center_translations t
  WHERE t.org_id = h.org_id AND t.help_center_id = h.id) tr ON true
WHERE h.org_id = $1 AND h.id = $2;

-- help_center_list (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
h.id,
h.org_id,
h.is_public,
h.hide_author_info,
h.hide_date_info,
h.external_links_new_tab,
h.internal_links_new_tab,
h.default_locale,
h.available_locales,
h.subpath,
h.external_domain,
h.created_at AT TIME ZONE 'UTC',
h.updated_at AT TIME ZONE 'UTC',
d.display_name,
d.title,
d.description,
d.search_placeholder,
d.nav_items,
tr.locales,
tr.display_names,
tr.titles,
tr.descriptions,
tr.placeholders,
tr.navs,
fb_ts_key(h.created_at)
FROM help_centers h
LEFT JOIN help_center_translations d ON d.org_id = h.org_id
  AND d.help_center_id = h.id AND d.locale = h.default_locale
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.display_name ORDER BY t.locale) AS display_names,
  array_agg(t.title ORDER BY t.locale) AS titles,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.search_placeholder ORDER BY t.locale) AS placeholders,
  array_agg(t.nav_items ORDER BY t.locale) AS navs
  FROM help_center_translations t
  WHERE t.org_id = h.org_id AND t.help_center_id = h.id) tr ON true
, k WHERE h.org_id = k.org_id
ORDER BY h.created_at, h.id LIMIT $4;

-- help_center_list_after (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
h.id,
h.org_id,
h.is_public,
h.hide_author_info,
h.hide_date_info,
h.external_links_new_tab,
h.internal_links_new_tab,
h.default_locale,
h.available_locales,
h.subpath,
h.external_domain,
h.created_at AT TIME ZONE 'UTC',
h.updated_at AT TIME ZONE 'UTC',
d.display_name,
d.title,
d.description,
d.search_placeholder,
d.nav_items,
tr.locales,
tr.display_names,
tr.titles,
tr.descriptions,
tr.placeholders,
tr.navs,
fb_ts_key(h.created_at)
FROM help_centers h
LEFT JOIN help_center_translations d ON d.org_id = h.org_id
  AND d.help_center_id = h.id AND d.locale = h.default_locale
LEFT JOIN LATERAL (SELECT
  array_agg(t.locale ORDER BY t.locale) AS locales,
  array_agg(t.display_name ORDER BY t.locale) AS display_names,
  array_agg(t.title ORDER BY t.locale) AS titles,
  array_agg(t.description ORDER BY t.locale) AS descriptions,
  array_agg(t.search_placeholder ORDER BY t.locale) AS placeholders,
  array_agg(t.nav_items ORDER BY t.locale) AS navs
  FROM help_center_translations t
  WHERE t.org_id = h.org_id AND t.help_center_id = h.id) tr ON true
, k WHERE h.org_id = k.org_id
AND (h.created_at, h.id) > (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY h.created_at, h.id LIMIT $4;

-- help_center_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
h AS (UPDATE help_centers x SET
  is_public = coalesce((a.b ->> 'isPublic')::boolean, x.is_public),
  hide_author_info = coalesce((a.b ->> 'hideAuthorInfo')::boolean,
    x.hide_author_info),
  hide_date_info = coalesce((a.b ->> 'hideDateInfo')::boolean,
    x.hide_date_info),
  external_links_new_tab = coalesce(
    (a.b ->> 'externalLinksOpenInNewTab')::boolean,
    x.external_links_new_tab),
  internal_links_new_tab = coalesce(
    (a.b ->> 'internalLinksOpenInNewTab')::boolean,
    x.internal_links_new_tab),
  default_locale = coalesce(a.b ->> 'defaultLocale', x.default_locale),
  available_locales = ARRAY(SELECT DISTINCT l FROM unnest(
    coalesce(fb_text_array(a.b -> 'availableLocales'),
             x.available_locales)
    || coalesce(a.b ->> 'defaultLocale', x.default_locale)
    || ARRAY(SELECT jsonb_object_keys(coalesce(
         a.b -> 'translations', '{}')))) l ORDER BY l),
  subpath = coalesce(a.b -> 'urls' ->> 'featurebaseSubpath',
    x.subpath),
  external_domain = CASE WHEN coalesce(a.b -> 'urls', '{}')
    ? 'externalDomain' THEN a.b -> 'urls' ->> 'externalDomain'
    ELSE x.external_domain END,
  updated_at = now()
  FROM a WHERE x.org_id = a.org_id AND x.id = a.id
  RETURNING x.org_id, x.id, x.default_locale),
tx AS (SELECT l.locale,
  coalesce(a.b -> 'translations' -> l.locale, '{}')
  || CASE WHEN l.locale =
(SELECT default_locale FROM h)
 THEN (SELECT
    coalesce(jsonb_object_agg(e.key, e.value), '{}')
    FROM jsonb_each(a.b) e WHERE e.key IN ('displayName', 'title',
      'description', 'searchPlaceholder', 'navItems'))
  ELSE '{}' END AS v
  FROM a, LATERAL (SELECT jsonb_object_keys(coalesce(
    a.b -> 'translations', '{}')) UNION SELECT
(SELECT default_locale FROM h)) l(locale))
,
changed AS (UPDATE help_center_translations t SET
  display_name = coalesce(tx.v ->> 'displayName', t.display_name),
  title = coalesce(tx.v ->> 'title', t.title),
  description = coalesce(tx.v ->> 'description', t.description),
  search_placeholder = coalesce(tx.v ->> 'searchPlaceholder',
    t.search_placeholder),
  nav_items = coalesce(tx.v -> 'navItems', t.nav_items),
  updated_at = now()
  FROM h, tx WHERE t.org_id = h.org_id AND t.help_center_id = h.id
  AND t.locale = tx.locale AND tx.v <> '{}')
INSERT INTO help_center_translations (org_id, help_center_id, locale,
  display_name, title, description, search_placeholder, nav_items)
SELECT h.org_id, h.id, tx.locale, tx.v ->> 'displayName',
  tx.v ->> 'title', tx.v ->> 'description',
  tx.v ->> 'searchPlaceholder', coalesce(tx.v -> 'navItems', '[]')
FROM h, tx WHERE NOT EXISTS (SELECT 1 FROM help_center_translations t
  WHERE t.org_id = h.org_id AND t.help_center_id = h.id
  AND t.locale = tx.locale);

-- help_center_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'domain_taken', x.external_domain FROM a
JOIN help_centers x ON x.external_domain
  = a.b -> 'urls' ->> 'externalDomain'
WHERE NOT (x.org_id = a.org_id AND x.id = a.id);

-- help_center_lock (scoped; varchar, varchar)
SELECT id FROM help_centers WHERE org_id = $1 AND id = $2
FOR UPDATE;
