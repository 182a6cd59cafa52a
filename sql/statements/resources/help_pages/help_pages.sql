-- The statements of modules/resources/help_pages/help_pages.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- hp_site_domain (global; varchar)
SELECT h.org_id, h.id, h.is_public, h.hide_author_info,
  h.hide_date_info, h.default_locale, h.available_locales::text,
  h.subpath, h.external_domain, t.locale, t.display_name, t.title,
  t.description, t.search_placeholder, t.nav_items::text
FROM help_centers h LEFT JOIN help_center_translations t
  ON t.org_id = h.org_id AND t.help_center_id = h.id
WHERE h.external_domain = $1;

-- hp_site_org (scoped; varchar)
SELECT h.org_id, h.id, h.is_public, h.hide_author_info,
  h.hide_date_info, h.default_locale, h.available_locales::text,
  h.subpath, h.external_domain, t.locale, t.display_name, t.title,
  t.description, t.search_placeholder, t.nav_items::text
FROM help_centers h LEFT JOIN help_center_translations t
  ON t.org_id = h.org_id AND t.help_center_id = h.id
WHERE h.org_id = $1;

-- hp_site_portal (global; varchar)
SELECT o.id, o.portal_url FROM organizations o
WHERE fb_url_host(o.portal_url) = $1 AND o.portal_url IS NOT NULL
ORDER BY length(o.portal_url) DESC, o.id LIMIT 20;

-- hp_top (scoped; varchar, varchar, varchar) named (hc, locale)
WITH RECURSIVE k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
$2::text AS hc, $3::text AS locale),
tops AS (SELECT c.id, c.icon_type, c.icon_value, c.position,
  c.created_at FROM k, help_center_collections c
  WHERE c.org_id = k.org_id AND
c.help_center_id = k.hc AND c.parent_id IS NULL),
tree AS (SELECT tops.id AS top, tops.id, 0 AS depth FROM tops
  UNION ALL SELECT tree.top, c.id, tree.depth + 1
  FROM tree, k, help_center_collections c
  WHERE c.org_id = k.org_id AND c.parent_id = tree.id
    AND tree.depth < 32),
counts AS (SELECT tree.top, count(*) AS n
  FROM tree, k, help_center_articles a,
    help_center_article_translations t
  WHERE a.org_id = k.org_id AND a.parent_id = tree.id AND
a.state = 'live' AND
t.org_id = k.org_id AND
t.article_id =
a.id AND
t.locale = k.locale AND
t.published_at IS NOT NULL
 GROUP BY tree.top)
SELECT tops.id, ct.name, ct.description, ct.slug, tops.icon_type,
  tops.icon_value, coalesce(counts.n, 0)
FROM tops JOIN k ON true
JOIN help_center_collection_translations ct
  ON ct.org_id = k.org_id AND ct.collection_id = tops.id
  AND ct.locale = k.locale
LEFT JOIN counts ON counts.top = tops.id
ORDER BY tops.position NULLS LAST, tops.created_at, tops.id;

-- hp_children (scoped; varchar, varchar, varchar, varchar) named (hc, locale, parent)
WITH RECURSIVE k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
$2::text AS hc, $3::text AS locale,
$4::text AS parent),
tops AS (SELECT c.id, c.icon_type, c.icon_value, c.position,
  c.created_at FROM k, help_center_collections c
  WHERE c.org_id = k.org_id AND
c.parent_id = k.parent AND c.help_center_id = k.hc),
tree AS (SELECT tops.id AS top, tops.id, 0 AS depth FROM tops
  UNION ALL SELECT tree.top, c.id, tree.depth + 1
  FROM tree, k, help_center_collections c
  WHERE c.org_id = k.org_id AND c.parent_id = tree.id
    AND tree.depth < 32),
counts AS (SELECT tree.top, count(*) AS n
  FROM tree, k, help_center_articles a,
    help_center_article_translations t
  WHERE a.org_id = k.org_id AND a.parent_id = tree.id AND
a.state = 'live' AND
t.org_id = k.org_id AND
t.article_id =
a.id AND
t.locale = k.locale AND
t.published_at IS NOT NULL
 GROUP BY tree.top)
SELECT tops.id, ct.name, ct.description, ct.slug, tops.icon_type,
  tops.icon_value, coalesce(counts.n, 0)
FROM tops JOIN k ON true
JOIN help_center_collection_translations ct
  ON ct.org_id = k.org_id AND ct.collection_id = tops.id
  AND ct.locale = k.locale
LEFT JOIN counts ON counts.top = tops.id
ORDER BY tops.position NULLS LAST, tops.created_at, tops.id;

-- hp_root_articles (scoped; varchar, varchar, varchar) named (hc, locale)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
$2::text AS hc, $3::text AS locale)
SELECT a.id, t.live_title, t.live_description, t.slug
FROM k, help_center_articles a, help_center_article_translations t
WHERE a.org_id = k.org_id AND
a.help_center_id = k.hc AND a.parent_id IS NULL
 AND
a.state = 'live' AND
t.org_id = k.org_id AND
t.article_id =
a.id AND
t.locale = k.locale AND
t.published_at IS NOT NULL
ORDER BY a.position NULLS LAST, a.created_at, a.id LIMIT 1000;

-- hp_articles_in (scoped; varchar, varchar, varchar, varchar) named (hc, locale, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
$2::text AS hc, $3::text AS locale, $4::text AS parent)
SELECT a.id, t.live_title, t.live_description, t.slug
FROM k, help_center_articles a, help_center_article_translations t
WHERE a.org_id = k.org_id AND
a.parent_id = k.parent AND a.help_center_id = k.hc
 AND
a.state = 'live' AND
t.org_id = k.org_id AND
t.article_id =
a.id AND
t.locale = k.locale AND
t.published_at IS NOT NULL
ORDER BY a.position NULLS LAST, a.created_at, a.id LIMIT 1000;

-- hp_trail (scoped; varchar, varchar, varchar, varchar) named (hc, locale, parent)
WITH RECURSIVE k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS locale, $4::text AS parent),
up AS (SELECT c.id, c.parent_id, 0 AS depth
  FROM k, help_center_collections c
  WHERE c.org_id = k.org_id AND c.id = k.parent
    AND c.help_center_id = k.hc
  UNION ALL SELECT c.id, c.parent_id, up.depth + 1
  FROM up, k, help_center_collections c
  WHERE c.org_id = k.org_id AND c.id = up.parent_id AND up.depth < 32)
SELECT up.id, ct.name, NULL::text, ct.slug FROM up JOIN k ON true
LEFT JOIN help_center_collection_translations ct
  ON ct.org_id = k.org_id AND ct.collection_id = up.id
  AND ct.locale = k.locale
ORDER BY up.depth DESC;

-- hp_article (scoped; varchar, varchar, varchar, varchar) named (hc, locale, slug)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS locale, $4::text AS slug)
SELECT a.id, t.live_title, t.live_description, t.live_body,
  to_char(coalesce(a.live_updated_at, t.published_at)
          AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
  ad.name, a.parent_id
FROM k JOIN help_center_article_translations t
  ON t.org_id = k.org_id AND t.locale = k.locale AND t.slug = k.slug
JOIN help_center_articles a
  ON a.org_id = k.org_id AND a.id = t.article_id
LEFT JOIN admins ad ON ad.org_id = k.org_id AND ad.id = a.author_id
WHERE a.help_center_id = k.hc AND
a.state = 'live' AND
t.org_id = k.org_id AND
t.article_id =
a.id AND
t.locale = k.locale AND
t.published_at IS NOT NULL;

-- hp_collection (scoped; varchar, varchar, varchar, varchar) named (hc, locale, slug)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS locale, $4::text AS slug)
SELECT c.id, ct.name, ct.description, ct.slug, c.icon_type,
  c.icon_value, NULL::bigint, c.parent_id
FROM k JOIN help_center_collection_translations ct
  ON ct.org_id = k.org_id AND ct.locale = k.locale
  AND ct.slug = k.slug
JOIN help_center_collections c
  ON c.org_id = k.org_id AND c.id = ct.collection_id
WHERE c.help_center_id = k.hc;

-- hp_old_slug (scoped; varchar, varchar, varchar, varchar) named (hc, locale, slug)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS locale, $4::text AS slug)
SELECT CASE WHEN o.article_id IS NOT NULL THEN 'articles'
  ELSE 'collections' END, coalesce(t.slug, ct.slug)
FROM k JOIN help_center_old_slugs o
  ON o.org_id = k.org_id AND o.locale = k.locale AND o.slug = k.slug
LEFT JOIN (help_center_articles a JOIN help_center_article_translations
  t ON t.org_id = a.org_id AND t.article_id = a.id
  AND t.published_at IS NOT NULL)
  ON a.org_id = k.org_id AND a.id = o.article_id
  AND a.help_center_id = k.hc AND a.state = 'live'
  AND t.locale = k.locale
LEFT JOIN (help_center_collections c
  JOIN help_center_collection_translations ct
  ON ct.org_id = c.org_id AND ct.collection_id = c.id)
  ON c.org_id = k.org_id AND c.id = o.collection_id
  AND c.help_center_id = k.hc AND ct.locale = k.locale;

-- hp_redirect (scoped; varchar, varchar, varchar) named (hc, address)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS address)
SELECT r.locale, r.target_type || 's', coalesce(t.slug, ct.slug)
FROM k JOIN help_center_redirect_rules r
  ON r.org_id = k.org_id
  AND r.from_url IN ('https://' || k.address, 'http://' || k.address)
  AND r.help_center_id = k.hc
LEFT JOIN (help_center_articles a JOIN help_center_article_translations
  t ON t.org_id = a.org_id AND t.article_id = a.id
  AND t.published_at IS NOT NULL)
  ON r.target_type = 'article' AND a.org_id = k.org_id
  AND a.id = r.target_id AND a.state = 'live' AND t.locale = r.locale
LEFT JOIN (help_center_collections c
  JOIN help_center_collection_translations ct
  ON ct.org_id = c.org_id AND ct.collection_id = c.id)
  ON r.target_type = 'collection' AND c.org_id = k.org_id
  AND c.id = r.target_id AND ct.locale = r.locale
ORDER BY r.from_url DESC LIMIT 1;

-- hp_article_locales (scoped; varchar, varchar)
SELECT t.locale, t.slug FROM help_center_article_translations t
WHERE t.org_id = $1 AND t.article_id = $2
  AND t.published_at IS NOT NULL;

-- hp_collection_locales (scoped; varchar, varchar)
SELECT ct.locale, ct.slug FROM help_center_collection_translations ct
WHERE ct.org_id = $1 AND ct.collection_id = $2;

-- hp_search (scoped; varchar, varchar, varchar, varchar, varchar, varchar) named (hc, locale, q, after_score, after_id)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc, $3::text AS locale, $4::text AS q,
  $5::real AS after_score, $6::text AS after_id),
w AS NOT MATERIALIZED (SELECT websearch_to_tsquery(
  fb_hc_ts_config(k.locale), k.q) AS query FROM k),
m AS NOT MATERIALIZED (SELECT a.id, t.live_title, t.slug,
  t.live_body_text, ts_rank(t.search, w.query) AS score
  FROM k, w, help_center_article_translations t,
    help_center_articles a
  WHERE t.org_id = k.org_id AND t.locale = k.locale
  AND t.search @@ w.query AND a.org_id = k.org_id
  AND a.id = t.article_id AND a.help_center_id = k.hc
  AND a.state = 'live')
SELECT m.id, m.live_title, NULL::text, m.slug,
  ts_headline(fb_hc_ts_config(k.locale), m.live_body_text, w.query,
    'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" ' || chr(8230) || ' "'), m.score::text
FROM m, k, w
WHERE k.after_score IS NULL OR m.score < k.after_score
  OR (m.score = k.after_score AND m.id > k.after_id)
ORDER BY m.score DESC, m.id LIMIT 21;

-- hp_sitemap (scoped; varchar, varchar)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS hc)
(SELECT 'articles', t.locale, t.slug,
   to_char(coalesce(a.live_updated_at, t.published_at)
           AT TIME ZONE 'UTC', 'YYYY-MM-DD')
 FROM k, help_center_articles a, help_center_article_translations t
 WHERE a.org_id = k.org_id AND a.help_center_id = k.hc
   AND a.state = 'live' AND t.org_id = k.org_id
   AND t.article_id = a.id AND t.published_at IS NOT NULL
 LIMIT 25000)
UNION ALL
(SELECT 'collections', ct.locale, ct.slug, NULL
 FROM k, help_center_collections c,
   help_center_collection_translations ct
 WHERE c.org_id = k.org_id AND c.help_center_id = k.hc
   AND ct.org_id = k.org_id AND ct.collection_id = c.id
 LIMIT 25000);
