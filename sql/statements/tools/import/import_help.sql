-- The statements of tools/import/import_help.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- imp_help_centers_before (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
DELETE FROM help_centers h USING k WHERE h.org_id = k.org
  AND jsonb_array_length(k.page) > 0
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e
                  WHERE e ->> 'id' = h.id)
  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = h.id
                  AND i.org_id = k.org)
  AND NOT EXISTS (SELECT 1 FROM help_center_collections c
                  WHERE c.org_id = k.org AND c.help_center_id = h.id)
  AND NOT EXISTS (SELECT 1 FROM help_center_articles a
                  WHERE a.org_id = k.org AND a.help_center_id = h.id)
  AND NOT EXISTS (SELECT 1 FROM help_center_redirect_rules r
                  WHERE r.org_id = k.org AND r.help_center_id = h.id);

-- imp_help_centers (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.*, x.n FROM k, jsonb_array_elements(k.page)
    WITH ORDINALITY AS x(e, n),
    jsonb_to_record(x.e) AS r(id text, "isPublic" boolean,
      "hideAuthorInfo" boolean, "hideDateInfo" boolean,
      "externalLinksOpenInNewTab" boolean,
      "internalLinksOpenInNewTab" boolean,
      "defaultLocale" text, "availableLocales" jsonb, urls jsonb,
      translations jsonb, "createdAt" timestamptz,
      "updatedAt" timestamptz)),
v AS (SELECT s.*, s.urls ->> 'externalDomain' AS wanted,
    CASE WHEN NOT EXISTS (SELECT 1 FROM help_centers o
      WHERE o.external_domain = s.urls ->> 'externalDomain'
        AND o.org_id <> k.org)
      THEN s.urls ->> 'externalDomain' END AS domain
    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM help_centers h
      WHERE h.org_id = k.org AND h.id <> s.id)
    ORDER BY s.n LIMIT 1),
up AS (INSERT INTO help_centers AS t (org_id, id, is_public,
        hide_author_info, hide_date_info, external_links_new_tab,
        internal_links_new_tab, default_locale, available_locales,
        subpath, external_domain, created_at, updated_at)
    SELECT k.org, v.id, COALESCE(v."isPublic", true),
      COALESCE(v."hideAuthorInfo", false),
      COALESCE(v."hideDateInfo", false),
      COALESCE(v."externalLinksOpenInNewTab", true),
      COALESCE(v."internalLinksOpenInNewTab", false),
      v."defaultLocale",
      ARRAY(SELECT jsonb_array_elements_text(v."availableLocales")),
      COALESCE(v.urls ->> 'featurebaseSubpath', 'help'), v.domain,
      v."createdAt", v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      is_public = EXCLUDED.is_public,
      hide_author_info = EXCLUDED.hide_author_info,
      hide_date_info = EXCLUDED.hide_date_info,
      external_links_new_tab = EXCLUDED.external_links_new_tab,
      internal_links_new_tab = EXCLUDED.internal_links_new_tab,
      default_locale = EXCLUDED.default_locale,
      available_locales = EXCLUDED.available_locales,
      subpath = EXCLUDED.subpath,
      external_domain = EXCLUDED.external_domain,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.is_public, t.hide_author_info, t.hide_date_info,
           t.external_links_new_tab, t.internal_links_new_tab,
           t.default_locale, t.available_locales, t.subpath,
           t.external_domain, t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.is_public, EXCLUDED.hide_author_info,
           EXCLUDED.hide_date_info, EXCLUDED.external_links_new_tab,
           EXCLUDED.internal_links_new_tab, EXCLUDED.default_locale,
           EXCLUDED.available_locales, EXCLUDED.subpath,
           EXCLUDED.external_domain, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1),
tr AS (SELECT v.id AS hc, v."createdAt" AS created,
    v."updatedAt" AS updated, t.key AS locale, t.value AS x
    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t),
tup AS (INSERT INTO help_center_translations AS t (org_id,
        help_center_id, locale, display_name, title, description,
        search_placeholder, nav_items, created_at, updated_at)
    SELECT k.org, tr.hc, tr.locale, tr.x ->> 'displayName',
      tr.x ->> 'title', tr.x ->> 'description',
      tr.x ->> 'searchPlaceholder',
      COALESCE(tr.x -> 'navItems', '[]'), tr.created, tr.updated
    FROM k, tr
    ON CONFLICT (org_id, help_center_id, locale) DO UPDATE SET
      display_name = EXCLUDED.display_name, title = EXCLUDED.title,
      description = EXCLUDED.description,
      search_placeholder = EXCLUDED.search_placeholder,
      nav_items = EXCLUDED.nav_items
    WHERE (t.display_name, t.title, t.description,
           t.search_placeholder, t.nav_items)
      IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.title,
           EXCLUDED.description, EXCLUDED.search_placeholder,
           EXCLUDED.nav_items)
    RETURNING 1),
gone AS (DELETE FROM
help_center_translations
 t USING k, v
    WHERE t.org_id = k.org AND t.help_center_id
 = v.id
      AND NOT COALESCE(v.translations, '{}') ? t.locale RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tup)
  + (SELECT count(*) FROM gone) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v)
  + (SELECT count(*) FROM v WHERE v.wanted IS DISTINCT FROM v.domain)
  AS skipped;

-- imp_help_collections (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "helpCenterId" text, "parentId" text, icon jsonb,
    "order" integer, "collapseSidebar" boolean,
    translations jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
v AS (SELECT s.*, CASE WHEN EXISTS (SELECT 1
      FROM help_center_collections c WHERE c.org_id = k.org
        AND c.id = s."parentId")
      OR EXISTS (SELECT 1 FROM src o WHERE o.id = s."parentId")
      THEN s."parentId" END AS parent
    FROM k, src s WHERE EXISTS (SELECT 1 FROM help_centers h
      WHERE h.org_id = k.org AND h.id = s."helpCenterId")),
up AS (INSERT INTO help_center_collections AS t (org_id, id,
        help_center_id, parent_id, icon_type, icon_value, position,
        collapse_sidebar, created_at, updated_at)
    SELECT k.org, v.id, v."helpCenterId", v.parent,
      v.icon ->> 'type', v.icon ->> 'value', v."order",
      COALESCE(v."collapseSidebar", false), v."createdAt",
      v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      help_center_id = EXCLUDED.help_center_id,
      parent_id = EXCLUDED.parent_id,
      icon_type = EXCLUDED.icon_type,
      icon_value = EXCLUDED.icon_value, position = EXCLUDED.position,
      collapse_sidebar = EXCLUDED.collapse_sidebar,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.help_center_id, t.parent_id, t.icon_type, t.icon_value,
           t.position, t.collapse_sidebar, t.created_at,
           t.updated_at)
      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.parent_id,
           EXCLUDED.icon_type, EXCLUDED.icon_value,
           EXCLUDED.position, EXCLUDED.collapse_sidebar,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING 1),
tr AS (SELECT v.id AS collection, v."createdAt" AS created,
    v."updatedAt" AS updated, t.key AS locale, t.value AS x
    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t),
tup AS (INSERT INTO help_center_collection_translations AS t (
        org_id, collection_id, locale, name, description, slug,
        created_at, updated_at)
    SELECT k.org, tr.collection, tr.locale, tr.x ->> 'name',
      tr.x ->> 'description', tr.x ->> 'slug', tr.created,
      tr.updated FROM k, tr
    ON CONFLICT (org_id, collection_id, locale) DO UPDATE SET
      name = EXCLUDED.name, description = EXCLUDED.description,
      slug = EXCLUDED.slug
    WHERE (t.name, t.description, t.slug) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.description, EXCLUDED.slug)
    RETURNING 1),
gone AS (DELETE FROM
help_center_collection_translations
 t USING k, v
    WHERE t.org_id = k.org AND t.collection_id
 = v.id
      AND NOT COALESCE(v.translations, '{}') ? t.locale RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tup)
  + (SELECT count(*) FROM gone) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_help_collection_parents (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "parentId" text)),
up AS (UPDATE help_center_collections c SET parent_id = s."parentId"
    FROM k, src s WHERE c.org_id = k.org AND c.id = s.id
      AND c.parent_id IS DISTINCT FROM s."parentId"
      AND (s."parentId" IS NULL OR EXISTS (SELECT 1
        FROM help_center_collections p WHERE p.org_id = k.org
          AND p.id = s."parentId")) RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_help_articles (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "helpCenterId" text, "parentId" text, icon jsonb,
    state text, "order" integer, author jsonb,
    "publishedLocales" jsonb, translations jsonb, _drafts jsonb,
    "createdAt" timestamptz, "updatedAt" timestamptz,
    "liveUpdatedAt" timestamptz)),
v AS (SELECT s.*, (SELECT a.id FROM admins a WHERE a.org_id = k.org
      AND a.id =
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
s.author ->> 'authorId'
   AND i.org_id = k.org),
s.author ->> 'authorId')) AS writer
    FROM k, src s WHERE EXISTS (SELECT 1 FROM help_centers h
      WHERE h.org_id = k.org AND h.id = s."helpCenterId")
      AND (s."parentId" IS NULL OR EXISTS (SELECT 1
        FROM help_center_collections c WHERE c.org_id = k.org
          AND c.id = s."parentId"))),
up AS (INSERT INTO help_center_articles AS t (org_id, id,
        help_center_id, parent_id, author_id, icon_type, icon_value,
        state, position, created_at, updated_at, live_updated_at)
    SELECT k.org, v.id, v."helpCenterId", v."parentId", v.writer,
      v.icon ->> 'type', v.icon ->> 'value', v.state, v."order",
      v."createdAt", v."updatedAt", v."liveUpdatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      help_center_id = EXCLUDED.help_center_id,
      parent_id = EXCLUDED.parent_id, author_id = EXCLUDED.author_id,
      icon_type = EXCLUDED.icon_type,
      icon_value = EXCLUDED.icon_value, state = EXCLUDED.state,
      position = EXCLUDED.position, created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at,
      live_updated_at = EXCLUDED.live_updated_at
    WHERE (t.help_center_id, t.parent_id, t.author_id, t.icon_type,
           t.icon_value, t.state, t.position, t.created_at,
           t.updated_at, t.live_updated_at)
      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.parent_id,
           EXCLUDED.author_id, EXCLUDED.icon_type,
           EXCLUDED.icon_value, EXCLUDED.state, EXCLUDED.position,
           EXCLUDED.created_at, EXCLUDED.updated_at,
           EXCLUDED.live_updated_at)
    RETURNING 1),
tr AS (SELECT v.id AS article, t.key AS locale, t.value AS x,
    COALESCE(v._drafts -> t.key, t.value) AS d,
    COALESCE(v."publishedLocales", '[]') ? t.key AS published,
    COALESCE(v."liveUpdatedAt", (t.value ->> 'updatedAt')::timestamptz)
      AS live_at
    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t),
tup AS (INSERT INTO help_center_article_translations AS t (org_id,
        article_id, locale, title, description, body, body_text,
        live_title, live_description, live_body, live_body_text,
        published_at, slug, created_at, updated_at)
    SELECT k.org, tr.article, tr.locale, tr.d ->> 'title',
      tr.d ->> 'description', COALESCE(tr.d ->> 'body', ''),
      COALESCE(tr.d ->> '_text', ''),
      CASE WHEN tr.published THEN tr.x ->> 'title' END,
      CASE WHEN tr.published THEN tr.x ->> 'description' END,
      CASE WHEN tr.published THEN COALESCE(tr.x ->> 'body', '') END,
      CASE WHEN tr.published THEN COALESCE(tr.x ->> '_text', '') END,
      CASE WHEN tr.published THEN tr.live_at END, tr.x ->> 'slug',
      (tr.x ->> 'createdAt')::timestamptz,
      (tr.x ->> 'updatedAt')::timestamptz FROM k, tr
    ON CONFLICT (org_id, article_id, locale) DO UPDATE SET
      title = EXCLUDED.title, description = EXCLUDED.description,
      body = EXCLUDED.body, body_text = EXCLUDED.body_text,
      live_title = EXCLUDED.live_title,
      live_description = EXCLUDED.live_description,
      live_body = EXCLUDED.live_body,
      live_body_text = EXCLUDED.live_body_text,
      published_at = EXCLUDED.published_at, slug = EXCLUDED.slug,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.title, t.description, t.body, t.live_title,
           t.live_description, t.live_body, t.published_at, t.slug,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description,
           EXCLUDED.body, EXCLUDED.live_title,
           EXCLUDED.live_description, EXCLUDED.live_body,
           EXCLUDED.published_at, EXCLUDED.slug, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1),
gone AS (DELETE FROM
help_center_article_translations
 t USING k, v
    WHERE t.org_id = k.org AND t.article_id
 = v.id
      AND NOT COALESCE(v.translations, '{}') ? t.locale RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tup)
  + (SELECT count(*) FROM gone) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_help_redirect_rules (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "helpCenterId" text, locale text, "fromUrl" text,
    "targetType" text, "targetId" text,
    "createdAt" timestamptz, "updatedAt" timestamptz)),
v AS (SELECT s.* FROM k, src s WHERE EXISTS (SELECT 1
      FROM help_centers h WHERE h.org_id = k.org
        AND h.id = s."helpCenterId")
      AND CASE s."targetType"
        WHEN 'article' THEN EXISTS (SELECT 1
          FROM help_center_articles a WHERE a.org_id = k.org
            AND a.id = s."targetId")
        WHEN 'collection' THEN EXISTS (SELECT 1
          FROM help_center_collections c WHERE c.org_id = k.org
            AND c.id = s."targetId") ELSE false END),
up AS (INSERT INTO help_center_redirect_rules AS t (org_id, id,
        help_center_id, locale, from_url, target_type, target_id,
        created_at, updated_at)
    SELECT k.org, v.id, v."helpCenterId", v.locale, v."fromUrl",
      v."targetType", v."targetId", v."createdAt",
      v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      help_center_id = EXCLUDED.help_center_id,
      locale = EXCLUDED.locale, from_url = EXCLUDED.from_url,
      target_type = EXCLUDED.target_type,
      target_id = EXCLUDED.target_id,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.help_center_id, t.locale, t.from_url, t.target_type,
           t.target_id, t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.locale,
           EXCLUDED.from_url, EXCLUDED.target_type,
           EXCLUDED.target_id, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;
