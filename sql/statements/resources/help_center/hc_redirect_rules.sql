-- The statements of modules/resources/help_center/hc_redirect_rules.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- redirect_rule_get (scoped; varchar, varchar)
SELECT
x.id,
x.help_center_id,
x.locale,
x.from_url,
x.target_type,
x.target_id,
x.created_at AT TIME ZONE 'UTC',
x.updated_at AT TIME ZONE 'UTC',
fb_ts_key(x.created_at)
 FROM help_center_redirect_rules x
WHERE x.org_id = $1 AND x.id = $2;

-- redirect_rule_by_url (scoped; varchar, varchar)
SELECT
x.id,
x.help_center_id,
x.locale,
x.from_url,
x.target_type,
x.target_id,
x.created_at AT TIME ZONE 'UTC',
x.updated_at AT TIME ZONE 'UTC',
fb_ts_key(x.created_at)
 FROM help_center_redirect_rules x
WHERE x.org_id = $1 AND x.from_url = $2
ORDER BY x.created_at LIMIT 1;

-- redirect_rule_list (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, help_center, locale, target_type, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id,
  $4::text AS help_center, $5::text AS locale,
  $6::text AS target_type)
SELECT
x.id,
x.help_center_id,
x.locale,
x.from_url,
x.target_type,
x.target_id,
x.created_at AT TIME ZONE 'UTC',
x.updated_at AT TIME ZONE 'UTC',
fb_ts_key(x.created_at)
 FROM help_center_redirect_rules x, k
WHERE x.org_id = k.org_id
AND x.help_center_id = coalesce(k.help_center, x.help_center_id)
AND x.locale = coalesce(k.locale, x.locale)
AND x.target_type = coalesce(k.target_type, x.target_type)
ORDER BY x.created_at, x.id LIMIT $7;

-- redirect_rule_list_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, help_center, locale, target_type, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id,
  $4::text AS help_center, $5::text AS locale,
  $6::text AS target_type)
SELECT
x.id,
x.help_center_id,
x.locale,
x.from_url,
x.target_type,
x.target_id,
x.created_at AT TIME ZONE 'UTC',
x.updated_at AT TIME ZONE 'UTC',
fb_ts_key(x.created_at)
 FROM help_center_redirect_rules x, k
WHERE x.org_id = k.org_id
AND x.help_center_id = coalesce(k.help_center, x.help_center_id)
AND x.locale = coalesce(k.locale, x.locale)
AND x.target_type = coalesce(k.target_type, x.target_type)
AND (x.created_at, x.id) > (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY x.created_at, x.id LIMIT $7;

-- redirect_rule_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO help_center_redirect_rules (org_id, help_center_id,
  locale, from_url, target_type, target_id)
SELECT a.org_id, a.b ->> 'helpCenterId', a.b ->> 'locale',
  a.b ->> 'fromUrl', a.b ->> 'targetType', a.b ->> 'targetId' FROM a
RETURNING id;

-- redirect_rule_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE help_center_redirect_rules x SET
  help_center_id = coalesce(a.b ->> 'helpCenterId', x.help_center_id),
  locale = coalesce(a.b ->> 'locale', x.locale),
  from_url = coalesce(a.b ->> 'fromUrl', x.from_url),
  target_type = coalesce(a.b ->> 'targetType', x.target_type),
  target_id = coalesce(a.b ->> 'targetId', x.target_id),
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- redirect_rule_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b),
m AS (SELECT a.org_id, a.id,
  coalesce(a.b ->> 'helpCenterId', x.help_center_id) AS hc,
  coalesce(a.b ->> 'locale', x.locale) AS locale,
  coalesce(a.b ->> 'fromUrl', x.from_url) AS from_url,
  coalesce(a.b ->> 'targetType', x.target_type) AS target_type,
  coalesce(a.b ->> 'targetId', x.target_id) AS target_id,
  a.b ->> 'fromHost' AS host
  FROM a LEFT JOIN help_center_redirect_rules x
    ON x.org_id = a.org_id AND x.id = a.id),
h AS (SELECT y.external_domain FROM m JOIN help_centers y
  ON y.org_id = m.org_id AND y.id = m.hc)
SELECT 'helpCenterId', 'unknown_help_center', m.hc FROM m
WHERE NOT EXISTS (SELECT 1 FROM h)
UNION ALL SELECT 'fromUrl', 'no_domain', m.host FROM m, h
WHERE m.host IS NOT NULL AND h.external_domain IS NULL
UNION ALL SELECT 'fromUrl', 'other_domain', h.external_domain
FROM m, h WHERE m.host <> h.external_domain
UNION ALL SELECT 'fromUrl', 'duplicate', m.from_url FROM m
WHERE EXISTS (SELECT 1 FROM help_center_redirect_rules y
  WHERE y.org_id = m.org_id AND y.help_center_id = m.hc
  AND y.from_url = m.from_url AND y.id IS DISTINCT FROM m.id)
UNION ALL SELECT 'targetId', 'unknown_target', m.target_id FROM m
WHERE NOT CASE m.target_type
  WHEN 'article' THEN EXISTS (SELECT 1
    FROM help_center_articles r
    JOIN help_center_article_translations t
      ON t.org_id = r.org_id AND t.article_id = r.id
    WHERE r.org_id = m.org_id AND r.id = m.target_id
    AND r.help_center_id = m.hc AND t.locale = m.locale
    AND t.published_at IS NOT NULL)
  ELSE EXISTS (SELECT 1 FROM help_center_collections c
    JOIN help_center_collection_translations t
      ON t.org_id = c.org_id AND t.collection_id = c.id
    WHERE c.org_id = m.org_id AND c.id = m.target_id
    AND c.help_center_id = m.hc AND t.locale = m.locale) END
LIMIT 1;

-- redirect_rule_lock (scoped; varchar, varchar)
SELECT id FROM
help_center_redirect_rules
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- redirect_rule_lock_change (scoped; varchar, varchar)
SELECT id FROM
help_center_redirect_rules
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- redirect_rule_remove (scoped; varchar, varchar)
DELETE FROM
help_center_redirect_rules
 WHERE org_id = $1 AND id = $2;
