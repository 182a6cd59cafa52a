/*
 * hc_collections: /help_center/collections, the help center's tree of
 * collections (sql/038).  Nova and newer; reading needs no flag, writes
 * manage_help_center (fb_manage), each recorded as an event
 * (collection.created, .updated, .deleted).
 *
 * A collection's top-level name and description are its help center's
 * default locale's; `translations` writes others (a locale it does not
 * have yet needs a name).  Each locale's slug is "<id>-<name made
 * plain>" (fb_hc_slug), the slugs it had kept for the public pages'
 * 301s.  The tree (docs/decisions.md, "The help center"): a parent must
 * be a collection of the organization, a collection cannot become its
 * own ancestor, and no collection is deeper than HC_MAX_DEPTH (a
 * top-level one is at depth 1).  Deleting one moves its sub-collections
 * and articles to its parent (to the top level when it had none), each
 * moved one recorded as its .updated event, and deletes the redirect
 * rules leading to it.
 */
#include "fb_manage.h"
#include "fb_perm.h"
#include "hc_articles.h"
#include "help_center.h"

/* The deepest a collection may be; a top-level one is at depth 1. */
#define HC_MAX_DEPTH "3"

/* A collection's columns over c, its help center h, organization o, the
 * translation shown d (the default locale's, else the first), its
 * translations tr and its live articles n. */
#define COL_COLUMNS(X) \
    X(ID, "c.id") \
    X(ORG, "c.org_id") \
    X(HELP_CENTER, "c.help_center_id") \
    X(PARENT, "c.parent_id") \
    X(ICON_TYPE, "c.icon_type") \
    X(ICON_VALUE, "c.icon_value") \
    X(ORDER, "coalesce(c.position::text, 'null')") \
    X(COLLAPSE, "c.collapse_sidebar") \
    X(CREATED, "c.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED, "c.updated_at AT TIME ZONE 'UTC'") \
    X(DEFAULT_LOCALE, "h.default_locale") \
    X(LOCALE, "coalesce(d.locale, h.default_locale)") \
    X(NAME, "d.name") \
    X(DESCRIPTION, "d.description") \
    X(SLUG, "d.slug") \
    X(PORTAL, "o.portal_url") \
    X(SUBPATH, "h.subpath") \
    X(DOMAIN, "h.external_domain") \
    X(EXTERNAL, "CASE WHEN d.slug IS NOT NULL THEN h.external_domain END") \
    X(ARTICLES, "n.articles") \
    X(AUTHORS, "n.authors") \
    X(TR_LOCALES, "tr.locales") \
    X(TR_NAMES, "tr.names") \
    X(TR_DESCRIPTIONS, "tr.descriptions") \
    X(TR_SLUGS, "tr.slugs")

#define COL_COL_ENUM(name, sql) COL_COL_##name,
enum { COL_COLUMNS(COL_COL_ENUM) COL_NCOLS };

#define COL_COL_SQL(name, sql) sql ", "
#define COL_SELECT COL_COLUMNS(COL_COL_SQL) HC_KEY("c")

#define COL_FROM \
    "FROM help_center_collections c " \
    "JOIN help_centers h ON h.org_id = c.org_id " \
    "  AND h.id = c.help_center_id " \
    "JOIN organizations o ON o.id = c.org_id " \
    "LEFT JOIN LATERAL (SELECT t.locale, t.name, t.description, t.slug " \
    "  FROM help_center_collection_translations t " \
    "  WHERE t.org_id = c.org_id AND t.collection_id = c.id " \
    "  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d " \
    "  ON true " \
    "LEFT JOIN LATERAL (SELECT " \
    "  array_agg(t.locale ORDER BY t.locale) AS locales, " \
    "  array_agg(t.name ORDER BY t.locale) AS names, " \
    "  array_agg(t.description ORDER BY t.locale) AS descriptions, " \
    "  array_agg(t.slug ORDER BY t.locale) AS slugs " \
    "  FROM help_center_collection_translations t " \
    "  WHERE t.org_id = c.org_id AND t.collection_id = c.id) tr ON true " \
    "LEFT JOIN LATERAL (SELECT count(*) AS articles, " \
    "  count(DISTINCT a.author_id) AS authors " \
    "  FROM help_center_articles a WHERE a.org_id = c.org_id " \
    "  AND a.parent_id = c.id AND a.state = 'live') n ON true "

static const fb_hc_urls_t fb_col_urls = {
    .portal_col = COL_COL_PORTAL, .subpath_col = COL_COL_SUBPATH,
    .domain_col = COL_COL_DOMAIN, .kind = "collections",
};

static const fb_hc_tr_member_t fb_col_tr_members[] = {
    {.key = "name", .col = COL_COL_TR_NAMES},
    {.key = "description", .col = COL_COL_TR_DESCRIPTIONS},
    {.key = "slug", .col = COL_COL_TR_SLUGS},
    {.key = NULL}
};

static apr_status_t fb_col_translations(fb_req_t *fr, fb_jsonw_t *w,
                                        const char *const *row)
{
    return fb_hc_translations(fr, w, row, COL_COL_TR_LOCALES,
                              fb_col_tr_members, &fb_col_urls);
}

static apr_status_t fb_col_locales(fb_req_t *fr, fb_jsonw_t *w,
                                   const char *const *row)
{
    if (row[COL_COL_TR_LOCALES] == NULL) {
        fb_jsonw_raw(w, "[]");
        return APR_SUCCESS;
    }
    return fb_rj_strings(fr, w, row[COL_COL_TR_LOCALES], 1);
}

static apr_status_t fb_col_icon(fb_req_t *fr, fb_jsonw_t *w,
                                const char *const *row)
{
    (void)fr;
    if (row[COL_COL_ICON_TYPE] == NULL) {
        fb_jsonw_raw(w, "null");
        return APR_SUCCESS;
    }
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "type", row[COL_COL_ICON_TYPE]);
    fb_jsonw_member_string(w, "value", row[COL_COL_ICON_VALUE]);
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

/* The shown translation's public URLs: on the portal, and on the custom
 * domain when the help center has one (the members are left out
 * without a slug, and the latter without a domain). */
static apr_status_t fb_col_url(fb_req_t *fr, fb_jsonw_t *w,
                               const char *const *row)
{
    fb_jsonw_string(w, fb_hc_url(fr, row, &fb_col_urls, 0,
                                 row[COL_COL_LOCALE], row[COL_COL_SLUG]));
    return APR_SUCCESS;
}

static apr_status_t fb_col_external_url(fb_req_t *fr, fb_jsonw_t *w,
                                        const char *const *row)
{
    fb_jsonw_string(w, fb_hc_url(fr, row, &fb_col_urls, 1,
                                 row[COL_COL_LOCALE], row[COL_COL_SLUG]));
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_col_members[] = {
    FB_RJ_CONST("object", "\"collection\""),
    FB_RJ_STRING("id", COL_COL_ID),
    FB_RJ_OPTIONAL("name", COL_COL_NAME),
    FB_RJ_OPTIONAL("description", COL_COL_DESCRIPTION),
    FB_RJ_OPTIONAL("slug", COL_COL_SLUG),
    FB_RJ_FN("icon", fb_col_icon),
    FB_RJ_STRING("parentId", COL_COL_PARENT),
    FB_RJ_STRING("helpCenterId", COL_COL_HELP_CENTER),
    FB_RJ_STRING("organization", COL_COL_ORG),
    FB_RJ_STRING("defaultLocale", COL_COL_DEFAULT_LOCALE),
    FB_RJ_STRING("locale", COL_COL_LOCALE),
    FB_RJ_FN("availableLocales", fb_col_locales),
    FB_RJ_OPTIONAL_FN("featurebaseUrl", COL_COL_SLUG, fb_col_url),
    FB_RJ_OPTIONAL_FN("externalUrl", COL_COL_EXTERNAL, fb_col_external_url),
    FB_RJ_RAW("articleCount", COL_COL_ARTICLES),
    FB_RJ_RAW("authorCount", COL_COL_AUTHORS),
    FB_RJ_RAW("order", COL_COL_ORDER),
    FB_RJ_BOOL("collapseSidebar", COL_COL_COLLAPSE),
    FB_RJ_FN("translations", fb_col_translations),
    FB_RJ_TIME("createdAt", COL_COL_CREATED),
    FB_RJ_TIME("updatedAt", COL_COL_UPDATED),
    FB_RJ_END
};

static const fb_list_rows_t fb_col_rows = {
    .members = fb_col_members, .json_size = 1024,
    .key_col = COL_NCOLS, .id_col = COL_COL_ID,
};

FB_SQL(collection_get, 1,
    "SELECT " COL_SELECT " " COL_FROM "WHERE c.org_id = %s AND c.id = %s");

/* Oldest first, of one help center and one parent when asked. */
FB_LIST_PARAMS(collection_list, (help_center, parent));

#define COL_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS help_center, " \
    "  %s::text AS parent) " \
    "SELECT " COL_SELECT " " COL_FROM ", k WHERE c.org_id = k.org_id " \
    "AND c.help_center_id = coalesce(k.help_center, c.help_center_id) " \
    "AND (k.parent IS NULL OR c.parent_id = k.parent) " after \
    "ORDER BY c.created_at, c.id LIMIT %d"

FB_SQL_WITH(collection_list, collection_list, COL_LIST(""));
FB_SQL_WITH(collection_list_after, collection_list, COL_LIST(
    "AND (c.created_at, c.id) > (fb_ts_from_key(k.after_key), k.after_id) "));

/* The texts given per locale, v: translations' members, and the
 * top-level name and description as the default locale's (they win over
 * its translation's); over a (the body) and h (default_locale). */
#define COL_TEXTS \
    "tx AS (SELECT l.locale, " \
    "  coalesce(a.b -> 'translations' -> l.locale, '{}') " \
    "  || CASE WHEN l.locale = h.default_locale THEN (SELECT " \
    "    coalesce(jsonb_object_agg(e.key, e.value), '{}') " \
    "    FROM jsonb_each(a.b) e " \
    "    WHERE e.key IN ('name', 'description')) ELSE '{}' END AS v " \
    "  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(" \
    "    a.b -> 'translations', '{}')) UNION SELECT h.default_locale) " \
    "  l(locale)) "

/* The collection in its organization's help center, with a translation
 * of each locale given a name. */
FB_SQL(collection_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b), "
    "h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x, a "
    "  WHERE x.org_id = a.org_id), "
    "c AS (INSERT INTO help_center_collections (org_id, help_center_id, "
    "  parent_id, icon_type, icon_value) "
    "  SELECT h.org_id, h.id, a.b ->> 'parentId', "
    "    a.b -> 'icon' ->> 'type', a.b -> 'icon' ->> 'value' FROM a, h "
    "  RETURNING org_id, id), "
    COL_TEXTS ", "
    HC_OFFER("ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name')") ", "
    "t AS (INSERT INTO help_center_collection_translations (org_id, "
    "  collection_id, locale, name, description, slug) "
    "  SELECT c.org_id, c.id, tx.locale, tx.v ->> 'name', "
    "    tx.v ->> 'description', fb_hc_slug(c.id, tx.v ->> 'name') "
    "  FROM c, tx WHERE tx.v ? 'name') "
    "SELECT id FROM c");

#define COL_BODY \
    "WITH RECURSIVE a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* Members given change; a renamed locale's slug changes, the old one
 * kept; a new locale's translation is made. */
FB_SQL_WITH(collection_update, manage,
    COL_BODY ", "
    "h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x "
    "  JOIN help_center_collections y ON y.org_id = x.org_id "
    "  AND y.help_center_id = x.id "
    "  JOIN a ON y.org_id = a.org_id AND y.id = a.id), "
    "c AS (UPDATE help_center_collections x SET "
    "  parent_id = CASE WHEN a.b ? 'parentId' THEN a.b ->> 'parentId' "
    "    ELSE x.parent_id END, "
    "  icon_type = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'type' "
    "    ELSE x.icon_type END, "
    "  icon_value = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'value' "
    "    ELSE x.icon_value END, "
    "  updated_at = now() "
    "  FROM a WHERE x.org_id = a.org_id AND x.id = a.id "
    "  RETURNING x.org_id, x.id), "
    COL_TEXTS ", "
    HC_OFFER("ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'name')") ", "
    "old AS (INSERT INTO help_center_old_slugs (org_id, locale, slug, "
    "  collection_id) "
    "  SELECT t.org_id, t.locale, t.slug, t.collection_id "
    "  FROM c JOIN help_center_collection_translations t "
    "    ON t.org_id = c.org_id AND t.collection_id = c.id "
    "  JOIN tx ON tx.locale = t.locale "
    "  WHERE tx.v ? 'name' AND fb_hc_slug(c.id, tx.v ->> 'name') <> t.slug "
    "  ON CONFLICT DO NOTHING), "
    "changed AS (UPDATE help_center_collection_translations t SET "
    "  name = coalesce(tx.v ->> 'name', t.name), "
    "  description = CASE WHEN tx.v ? 'description' "
    "    THEN tx.v ->> 'description' ELSE t.description END, "
    "  slug = fb_hc_slug(t.collection_id, coalesce(tx.v ->> 'name', "
    "    t.name)), "
    "  updated_at = now() "
    "  FROM c, tx WHERE t.org_id = c.org_id AND t.collection_id = c.id "
    "  AND t.locale = tx.locale AND tx.v <> '{}') "
    "INSERT INTO help_center_collection_translations (org_id, "
    "  collection_id, locale, name, description, slug) "
    "SELECT c.org_id, c.id, tx.locale, tx.v ->> 'name', "
    "  tx.v ->> 'description', fb_hc_slug(c.id, tx.v ->> 'name') "
    "FROM c, tx WHERE tx.v ? 'name' AND NOT EXISTS (SELECT 1 "
    "  FROM help_center_collection_translations t "
    "  WHERE t.org_id = c.org_id AND t.collection_id = c.id "
    "  AND t.locale = tx.locale)");

/* What the body names that does not resolve or breaks the tree: a
 * parent that is no collection of the organization, the collection
 * itself or one below it (a cycle), a depth over HC_MAX_DEPTH (the
 * parent's depth and the height of the collection's own subtree), a
 * translation of a new locale without a name. */
FB_SQL_WITH(collection_refs, manage,
    COL_BODY ", "
    "up(id, parent_id, n) AS (SELECT p.id, p.parent_id, 1 "
    "  FROM help_center_collections p, a "
    "  WHERE p.org_id = a.org_id AND p.id = a.b ->> 'parentId' "
    "  UNION ALL SELECT q.id, q.parent_id, up.n + 1 "
    "  FROM up, a, help_center_collections q "
    "  WHERE q.org_id = a.org_id AND q.id = up.parent_id AND up.n < 64), "
    "down(id, n) AS (SELECT a.id, 1 FROM a WHERE a.id IS NOT NULL "
    "  UNION ALL SELECT q.id, down.n + 1 "
    "  FROM down, a, help_center_collections q "
    "  WHERE q.org_id = a.org_id AND q.parent_id = down.id "
    "  AND down.n < 64) "
    "SELECT 'parentId', 'unknown_collection', a.b ->> 'parentId' FROM a "
    "WHERE a.b ->> 'parentId' IS NOT NULL "
    "  AND NOT EXISTS (SELECT 1 FROM up) "
    "UNION ALL SELECT 'parentId', 'cycle', a.b ->> 'parentId' FROM a "
    "WHERE EXISTS (SELECT 1 FROM up WHERE up.id = a.id) "
    "UNION ALL SELECT 'parentId', 'too_deep', '" HC_MAX_DEPTH "' FROM a "
    "WHERE (SELECT count(*) FROM up) "
    "  + coalesce((SELECT max(n) FROM down), 1) > " HC_MAX_DEPTH " "
    "UNION ALL SELECT 'translations', 'name_required', l FROM a, "
    "  jsonb_object_keys(coalesce(a.b -> 'translations', '{}')) l "
    "WHERE NOT (a.b -> 'translations' -> l ? 'name') "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_collection_translations t "
    "    WHERE t.org_id = a.org_id AND t.collection_id = a.id "
    "    AND t.locale = l) "
    "  AND NOT (a.b ? 'name' AND l = (SELECT x.default_locale "
    "    FROM help_centers x WHERE x.org_id = a.org_id)) "
    "LIMIT 1");

FB_SQL(collection_lock, 1,
    "SELECT id FROM help_center_collections WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

/* Its sub-collections, then its articles, move to its parent (to the
 * top level when it has none): the moved ones' ids, oldest first. */
#define COL_MOVE(table) \
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS id), " \
    "c AS (SELECT x.org_id, x.id, x.parent_id " \
    "  FROM help_center_collections x, a " \
    "  WHERE x.org_id = a.org_id AND x.id = a.id), " \
    "moved AS (UPDATE " table " m SET " \
    "  parent_id = c.parent_id, updated_at = now() FROM c " \
    "  WHERE m.org_id = c.org_id AND m.parent_id = c.id " \
    "  RETURNING m.id, m.created_at) " \
    "SELECT id FROM moved ORDER BY created_at, id"

FB_SQL(collection_move_kids, 1, COL_MOVE("help_center_collections"));
FB_SQL(collection_move_articles, 1, COL_MOVE("help_center_articles"));

/* Then the redirect rules to it go, and it does (its translations and
 * old slugs with it). */
FB_SQL(collection_remove, 1,
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id), "
    "rules AS (DELETE FROM help_center_redirect_rules r USING a "
    "  WHERE r.org_id = a.org_id AND r.target_type = 'collection' "
    "  AND r.target_id = a.id) "
    "DELETE FROM help_center_collections x USING a "
    "WHERE x.org_id = a.org_id AND x.id = a.id");

static const fb_statement_t *const fb_collection_statements[] = {
    &fb_sql_collection_get, &fb_sql_collection_list,
    &fb_sql_collection_list_after, &fb_sql_collection_insert,
    &fb_sql_collection_update, &fb_sql_collection_refs,
    &fb_sql_collection_lock, &fb_sql_collection_move_kids,
    &fb_sql_collection_move_articles, &fb_sql_collection_remove, NULL
};

static const fb_list_order_t fb_col_oldest = {
    .first = &fb_sql_collection_list,
    .after = &fb_sql_collection_list_after,
    .cursor_sort = "collections.createdAt.asc",
    .key_valid = fb_key_integer,
    .ids = FB_CURSOR_SHORT_IDS,
};

static const fb_resource_t fb_collections = {
    .get = &fb_sql_collection_get,
    .not_found = FB_E_COLLECTION_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_col_oldest,
    .rows = &fb_col_rows,
};

static const fb_query_rule_t fb_col_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "helpCenterId", .type = FB_Q_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = "parentId", .type = FB_Q_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = NULL}
};

static fb_error_t *fb_col_list(fb_req_t *fr)
{
    return fb_list_respond_rows(
        fr, &fb_col_oldest,
        FB_NAMED(collection_list,
                 .help_center = fb_query_get(&fr->query, "helpCenterId"),
                 .parent = fb_query_get(&fr->query, "parentId")),
        &fb_col_rows);
}

static const char *const fb_col_icon_types[] = {"emoji", "predefined", NULL};

static const fb_field_rule_t fb_col_icon_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_col_icon_types},
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = NULL}
};

static const fb_field_rule_t fb_col_translation_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING, .flags = FB_FIELD_TRIM,
     .min = 1, .max = 255},
    {.name = "description", .type = FB_FIELD_STRING, .max = 512},
    {.name = NULL}
};

static const fb_field_rule_t fb_col_translations_rules[] = {
    HC_LOCALES(HC_LOCALE_RULE, fb_col_translation_rules)
    {.name = NULL}
};

#define COL_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, \
     .flags = (req) | FB_FIELD_TRIM, .min = 1, .max = 255}, \
    {.name = "description", .type = FB_FIELD_STRING, .max = 512}, \
    {.name = "icon", .type = FB_FIELD_OBJECT, \
     .flags = FB_FIELD_NULL_CLEARS, .fields = fb_col_icon_rules}, \
    {.name = "parentId", .type = FB_FIELD_STRING, \
     .flags = FB_FIELD_NULL_CLEARS, .min = 1, .max = 16, \
     .format = &fb_format_short_id}, \
    {.name = "translations", .type = FB_FIELD_OBJECT, \
     .fields = fb_col_translations_rules}, \
    {.name = NULL}

static const fb_field_rule_t fb_col_create_rules[] = {
    COL_FIELDS(FB_FIELD_REQUIRED)
};

static const fb_field_rule_t fb_col_update_rules[] = {
    COL_FIELDS(0)
};

static const fb_rule_text_t fb_col_messages[] = {
    {"unknown_collection", "Unknown collection '{value}'."},
    {"cycle", "A collection cannot be moved into itself or a collection "
     "below it."},
    {"too_deep", "Collections are at most {value} levels deep."},
    {"name_required", "The translation of '{value}' needs a name: the "
     "collection has none in that locale yet."},
    {NULL, NULL}
};

/* Moves the children of the collection being deleted (ctx: its id) up,
 * recording collection.updated and article.updated for each moved one,
 * as it now is, in the delete's transaction. */
static fb_error_t *fb_col_move_children(fb_req_t *fr, void *ctx)
{
    fb_rows_t moved;
    fb_error_t *err;

    if ((err = fb_req_select(fr, &fb_sql_collection_move_kids, FB_ARGS(ctx),
                             &moved)) != NULL
        || (err = fb_manage_moved(fr, &fb_collections, &moved,
                                  "collection.updated")) != NULL
        || (err = fb_req_select(fr, &fb_sql_collection_move_articles,
                                FB_ARGS(ctx), &moved)) != NULL) {
        return err;
    }
    return fb_manage_moved(fr, fb_hc_article_resource, &moved,
                           "article.updated");
}

static const fb_manage_t fb_col_manage = {
    .res = &fb_collections, .object = "collection",
    .lock = &fb_sql_collection_lock, .refs = &fb_sql_collection_refs,
    .insert = &fb_sql_collection_insert,
    .update = &fb_sql_collection_update,
    .before_remove = fb_col_move_children,
    .remove = &fb_sql_collection_remove,
    .messages = fb_col_messages,
    .created_status = HTTP_OK,
    .created_topic = "collection.created",
    .updated_topic = "collection.updated",
    .deleted_topic = "collection.deleted",
};

FB_MANAGE_AUDITS(fb_col, "articles", "collection", "collection.created",
                 "collection.updated", "collection.deleted");

static const fb_op_t fb_col_list_op = {
    .handler = fb_col_list, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_col_list_rules,
};
static const fb_op_t fb_col_get_op = {
    .handler = fb_resource_get, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .data = &fb_collections,
    .path = fb_hc_id_path,
};
static const fb_op_t fb_col_create_op = {
    .handler = fb_manage_create, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_col_create_rules, .data = &fb_col_manage,
    .audit = &fb_col_audits[0],
};
static const fb_op_t fb_col_update_op = {
    .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_col_update_rules, .data = &fb_col_manage,
    .path = fb_hc_id_path, .audit = &fb_col_audits[1],
};
static const fb_op_t fb_col_delete_op = {
    .handler = fb_manage_delete, .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER, .data = &fb_col_manage,
    .path = fb_hc_id_path, .audit = &fb_col_audits[2],
};

static const fb_route_t fb_col_routes[] = {
    {"GET", "/help_center/collections", &fb_col_list_op},
    {"POST", "/help_center/collections", &fb_col_create_op},
    {"GET", "/help_center/collections/{id}", &fb_col_get_op},
    {"PATCH", "/help_center/collections/{id}", &fb_col_update_op},
    {"DELETE", "/help_center/collections/{id}", &fb_col_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_help_center_collections_module = {
    .name = "help_center_collections",
    .routes = fb_col_routes,
    .statements = fb_collection_statements,
};
