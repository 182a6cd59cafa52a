-- The statements of modules/resources/help_center/hc_article_search.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- article_search_highlights (scoped; varchar, varchar, varchar) named (text, ids)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS text, $3::jsonb AS ids)
SELECT r.id,
CASE WHEN hd.locale IS NOT NULL THEN ts_headline(
  fb_hc_ts_config(hd.locale), coalesce(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
hd.published_at IS NOT NULL
THEN
hd.live_title
 ELSE
hd.title
 END, ''),
  plainto_tsquery(fb_hc_ts_config(hd.locale), k.text),
  'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)) END,
CASE WHEN hd.locale IS NOT NULL THEN ts_headline(
  fb_hc_ts_config(hd.locale), coalesce(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
hd.published_at IS NOT NULL
THEN
hd.live_body_text
 ELSE
hd.body_text
 END, ''),
  plainto_tsquery(fb_hc_ts_config(hd.locale), k.text),
  'MaxFragments=2, MaxWords=20, MinWords=8, StartSel=' || chr(1) || ', StopSel=' || chr(2)) END
 FROM k CROSS JOIN LATERAL jsonb_array_elements_text(k.ids) p(id)
JOIN help_center_articles r ON r.org_id = k.org_id AND r.id = p.id
JOIN help_centers h ON h.org_id = r.org_id
  AND h.id = r.help_center_id
LEFT JOIN LATERAL (SELECT t.*
  FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  ORDER BY (CASE WHEN r.state = 'live' THEN t.search
    ELSE t.draft_search END)
    @@ plainto_tsquery(fb_hc_ts_config(t.locale), k.text) DESC,
    t.locale = h.default_locale DESC, t.locale LIMIT 1) hd ON true;

-- article_search_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
r.created_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 DESC,
r.id
 DESC;

-- article_search_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (r.created_at,
r.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
r.created_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 DESC,
r.id
 DESC;

-- article_search_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
r.created_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 ASC,
r.id
 ASC;

-- article_search_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (r.created_at,
r.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
r.created_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 ASC,
r.id
 ASC;

-- article_search_updated_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
r.updated_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC;

-- article_search_updated_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (r.updated_at,
r.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
r.updated_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC;

-- article_search_updated_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
r.updated_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC;

-- article_search_updated_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (r.updated_at,
r.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
r.updated_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC;

-- article_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
help_center_articles r, k WHERE r.org_id = k.org_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (fb_search_ids(k.index_clauses, 'parentId')
 IS NULL
  OR
r.parent_id
 = ANY (fb_search_ids(k.index_clauses, 'parentId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'parentId')), 0) <> 1
  OR
r.parent_id
 = (fb_search_ids(k.index_clauses, 'parentId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- article_search_text_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.created_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 DESC,
r.id
 DESC;

-- article_search_text_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.created_at,
r.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
r.created_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 DESC,
r.id
 DESC;

-- article_search_text_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.created_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 ASC,
r.id
 ASC;

-- article_search_text_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.created_at)
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.created_at,
r.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
r.created_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.created_at
 ASC,
r.id
 ASC;

-- article_search_text_updated_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC;

-- article_search_text_updated_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.updated_at,
r.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 DESC,
r.id
 DESC;

-- article_search_text_updated_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC;

-- article_search_text_updated_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
fb_ts_key(r.updated_at)
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.updated_at,
r.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.updated_at
 ASC,
r.id
 ASC;

-- article_search_text (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
r.search_score::text
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.search_score DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.search_score DESC,
r.id
 DESC;

-- article_search_text_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
r.search_score::text
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.search_score,
r.id) < (k.after_key::numeric, k.after_id)
 ORDER BY
r.search_score DESC,
r.id
 DESC
 LIMIT $8)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.search_score DESC,
r.id
 DESC;

-- article_search_text_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
UNION ALL
SELECT t.article_id, ts_rank(t.draft_search, hc_q.q)
FROM k, hc_q, help_center_article_translations t
JOIN help_center_articles x ON x.org_id = t.org_id
  AND x.id = t.article_id AND x.state = 'draft'
WHERE
NOT hc_q.first
 AND
coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false)
 AND t.org_id = k.org_id
AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND (r.state = 'live'
  OR coalesce(k.clauses @? '$.c[*] ? (@.f == "state")', false))
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'id' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.id), 'null'::jsonb)
WHEN 'helpCenterId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.help_center_id), 'null'::jsonb)
WHEN 'parentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.parent_id), 'null'::jsonb)
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.author_id), 'null'::jsonb)
WHEN 'slug' THEN
EXISTS (SELECT 1 FROM help_center_article_translations t
  WHERE t.org_id = r.org_id AND t.article_id = r.id
  AND
(fc.j -> 'v') ?
t.slug)
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(r.state), 'null'::jsonb)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
r.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
r.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
r.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
r.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
r.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200)
 SELECT count(*) FROM (SELECT 1
FROM admitted LIMIT $8) x;

-- article_search_live (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (text, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS text, $3::jsonb AS scope, $4::text AS after_key,
  $5::text AS after_id)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND r.state = 'live'
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
r.search_score::text
 AS sort_key FROM counted
r, k
  WHERE true
 ORDER BY
r.search_score DESC,
r.id
 DESC
 LIMIT $6)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.search_score DESC,
r.id
 DESC;

-- article_search_live_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (text, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS text, $3::jsonb AS scope, $4::text AS after_key,
  $5::text AS after_id)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND r.state = 'live'
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
r.*,
r.search_score::text
 AS sort_key FROM counted
r, k
  WHERE true
AND (r.search_score,
r.id) < (k.after_key::numeric, k.after_id)
 ORDER BY
r.search_score DESC,
r.id
 DESC
 LIMIT $6)
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_title
 ELSE
d.title
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
d.published_at IS NOT NULL
THEN
d.live_description
 ELSE
d.description
 END,
CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 r.sort_key, r.search_total FROM k
JOIN
page
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
 = 'live' AND
t.published_at IS NOT NULL
THEN
t.live_description
 ELSE
t.description
 END
    ORDER BY t.locale) AS descriptions,
  array_agg(CASE WHEN
CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END
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
 ORDER BY
r.search_score DESC,
r.id
 DESC;

-- article_search_live_count (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (text, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS text, $3::jsonb AS scope, $4::text AS after_key,
  $5::text AS after_id)
,
hc_q AS (SELECT DISTINCT l AS locale,
  l = hh.default_locale AS first,
  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q
  FROM k JOIN help_centers hh ON hh.org_id = k.org_id,
  unnest(hh.available_locales) l),
hc_f AS MATERIALIZED (SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
),
hc_m AS (SELECT m.article_id,
  round(max(m.score)::numeric, 6) AS search_score
  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL
SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score
FROM k, hc_q, help_center_article_translations t
WHERE
NOT hc_q.first
 AND t.org_id = k.org_id AND t.locale = hc_q.locale
AND t.search @@ hc_q.q
AND NOT EXISTS (SELECT 1 FROM hc_f f
  WHERE f.article_id = t.article_id)
) m
  GROUP BY m.article_id),
admitted AS (SELECT r.*, hc_m.search_score
  FROM hc_m, help_center_articles r, k
  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id
AND r.state = 'live'
  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT
200)
 SELECT count(*) FROM (SELECT 1
FROM admitted LIMIT $6) x;
