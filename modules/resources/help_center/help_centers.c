/*
 * help_centers: /help_center/help_centers, one per organization (made by
 * sql/038 for every organization and each new one).  Nova and newer.
 *
 * Reading needs no flag.  PATCH is a management extension (the hosted
 * API has no write of it) under manage_help_center: its top-level texts
 * are the default locale's translation, `translations` writes others,
 * and a locale given a translation, like the default locale, is always
 * among availableLocales.  `urls.externalDomain` is unique among all
 * help centers (409 when another has it); null removes it.
 */
#include "fb_manage.h"
#include "fb_perm.h"
#include "help_center.h"

/* A help center's columns over h (help_centers), d (its default
 * locale's translation), o (its organization) and tr (its translations
 * as parallel arrays, by locale). */
#define HC_COLUMNS(X) \
    X(ID, "h.id") \
    X(ORG, "h.org_id") \
    X(IS_PUBLIC, "h.is_public") \
    X(HIDE_AUTHOR, "h.hide_author_info") \
    X(HIDE_DATE, "h.hide_date_info") \
    X(EXTERNAL_TAB, "h.external_links_new_tab") \
    X(INTERNAL_TAB, "h.internal_links_new_tab") \
    X(DEFAULT_LOCALE, "h.default_locale") \
    X(LOCALES, "h.available_locales") \
    X(SUBPATH, "h.subpath") \
    X(DOMAIN, "h.external_domain") \
    X(CREATED, "h.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED, "h.updated_at AT TIME ZONE 'UTC'") \
    X(DISPLAY_NAME, "d.display_name") \
    X(TITLE, "d.title") \
    X(DESCRIPTION, "d.description") \
    X(PLACEHOLDER, "d.search_placeholder") \
    X(NAV, "d.nav_items") \
    X(TR_LOCALES, "tr.locales") \
    X(TR_DISPLAY_NAMES, "tr.display_names") \
    X(TR_TITLES, "tr.titles") \
    X(TR_DESCRIPTIONS, "tr.descriptions") \
    X(TR_PLACEHOLDERS, "tr.placeholders") \
    X(TR_NAVS, "tr.navs")

#define HC_COL_ENUM(name, sql) HC_COL_##name,
enum { HC_COLUMNS(HC_COL_ENUM) HC_NCOLS };

#define HC_COL_SQL(name, sql) sql ", "
#define HC_SELECT HC_COLUMNS(HC_COL_SQL) HC_KEY("h")

#define HC_FROM \
    "FROM help_centers h " \
    "LEFT JOIN help_center_translations d ON d.org_id = h.org_id " \
    "  AND d.help_center_id = h.id AND d.locale = h.default_locale " \
    "LEFT JOIN LATERAL (SELECT " \
    "  array_agg(t.locale ORDER BY t.locale) AS locales, " \
    "  array_agg(t.display_name ORDER BY t.locale) AS display_names, " \
    "  array_agg(t.title ORDER BY t.locale) AS titles, " \
    "  array_agg(t.description ORDER BY t.locale) AS descriptions, " \
    "  array_agg(t.search_placeholder ORDER BY t.locale) AS placeholders, " \
    "  array_agg(t.nav_items ORDER BY t.locale) AS navs " \
    "  FROM help_center_translations t " \
    "  WHERE t.org_id = h.org_id AND t.help_center_id = h.id) tr ON true "

static const fb_hc_tr_member_t fb_hc_tr_members[] = {
    {.key = "displayName", .col = HC_COL_TR_DISPLAY_NAMES},
    {.key = "title", .col = HC_COL_TR_TITLES},
    {.key = "description", .col = HC_COL_TR_DESCRIPTIONS},
    {.key = "searchPlaceholder", .col = HC_COL_TR_PLACEHOLDERS},
    {.key = "navItems", .col = HC_COL_TR_NAVS, .raw = 1},
    {.key = NULL}
};

static apr_status_t fb_hc_translations_of(fb_req_t *fr, fb_jsonw_t *w,
                                          const char *const *row)
{
    return fb_hc_translations(fr, w, row, HC_COL_TR_LOCALES,
                              fb_hc_tr_members, NULL);
}

static apr_status_t fb_hc_locales_of(fb_req_t *fr, fb_jsonw_t *w,
                                     const char *const *row)
{
    return fb_rj_strings(fr, w, row[HC_COL_LOCALES], 1);
}

static apr_status_t fb_hc_nav_of(fb_req_t *fr, fb_jsonw_t *w,
                                 const char *const *row)
{
    (void)fr;
    fb_jsonw_raw(w, row[HC_COL_NAV] != NULL ? row[HC_COL_NAV] : "[]");
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_hc_urls_members[] = {
    FB_RJ_STRING("featurebaseSubpath", HC_COL_SUBPATH),
    FB_RJ_OPTIONAL("externalDomain", HC_COL_DOMAIN),
    FB_RJ_END
};

static const fb_rj_member_t fb_hc_members[] = {
    FB_RJ_CONST("object", "\"help_center\""),
    FB_RJ_STRING("id", HC_COL_ID),
    FB_RJ_OPTIONAL("displayName", HC_COL_DISPLAY_NAME),
    FB_RJ_OPTIONAL("title", HC_COL_TITLE),
    FB_RJ_OPTIONAL("description", HC_COL_DESCRIPTION),
    FB_RJ_OPTIONAL("searchPlaceholder", HC_COL_PLACEHOLDER),
    FB_RJ_BOOL("isPublic", HC_COL_IS_PUBLIC),
    FB_RJ_BOOL("hideAuthorInfo", HC_COL_HIDE_AUTHOR),
    FB_RJ_BOOL("hideDateInfo", HC_COL_HIDE_DATE),
    FB_RJ_BOOL("externalLinksOpenInNewTab", HC_COL_EXTERNAL_TAB),
    FB_RJ_BOOL("internalLinksOpenInNewTab", HC_COL_INTERNAL_TAB),
    FB_RJ_STRING("defaultLocale", HC_COL_DEFAULT_LOCALE),
    FB_RJ_STRING("locale", HC_COL_DEFAULT_LOCALE),
    FB_RJ_FN("availableLocales", fb_hc_locales_of),
    FB_RJ_FN("navItems", fb_hc_nav_of),
    FB_RJ_OBJECT("urls", fb_hc_urls_members),
    FB_RJ_FN("translations", fb_hc_translations_of),
    FB_RJ_STRING("organization", HC_COL_ORG),
    FB_RJ_TIME("createdAt", HC_COL_CREATED),
    FB_RJ_TIME("updatedAt", HC_COL_UPDATED),
    FB_RJ_END
};

static const fb_list_rows_t fb_hc_rows = {
    .members = fb_hc_members, .json_size = 1024,
    .key_col = HC_NCOLS, .id_col = HC_COL_ID,
};

FB_SQL(help_center_get, 1,
    "SELECT " HC_SELECT " " HC_FROM "WHERE h.org_id = %s AND h.id = %s");

FB_LIST_PARAMS(help_center_list, ());

/* Oldest first; the keyset is (created_at, id). */
#define HC_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id) " \
    "SELECT " HC_SELECT " " HC_FROM ", k WHERE h.org_id = k.org_id " after \
    "ORDER BY h.created_at, h.id LIMIT %d"

FB_SQL_WITH(help_center_list, help_center_list, HC_LIST(""));
FB_SQL_WITH(help_center_list_after, help_center_list, HC_LIST(
    "AND (h.created_at, h.id) > (fb_ts_from_key(k.after_key), k.after_id) "));

#define HC_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* The texts given per locale: translations' members, and the top-level
 * ones as the default locale's (they win over its translation's). */
#define HC_TEXTS(locale) \
    "tx AS (SELECT l.locale, " \
    "  coalesce(a.b -> 'translations' -> l.locale, '{}') " \
    "  || CASE WHEN l.locale = " locale " THEN (SELECT " \
    "    coalesce(jsonb_object_agg(e.key, e.value), '{}') " \
    "    FROM jsonb_each(a.b) e WHERE e.key IN ('displayName', 'title', " \
    "      'description', 'searchPlaceholder', 'navItems')) " \
    "  ELSE '{}' END AS v " \
    "  FROM a, LATERAL (SELECT jsonb_object_keys(coalesce(" \
    "    a.b -> 'translations', '{}')) UNION SELECT " locale ") l(locale)) "

/* The help center's settings, then its texts: those of a locale it has
 * change member by member, a new locale's are made. */
FB_SQL_WITH(help_center_update, manage,
    HC_BODY ", "
    "h AS (UPDATE help_centers x SET "
    "  is_public = coalesce((a.b ->> 'isPublic')::boolean, x.is_public), "
    "  hide_author_info = coalesce((a.b ->> 'hideAuthorInfo')::boolean, "
    "    x.hide_author_info), "
    "  hide_date_info = coalesce((a.b ->> 'hideDateInfo')::boolean, "
    "    x.hide_date_info), "
    "  external_links_new_tab = coalesce("
    "    (a.b ->> 'externalLinksOpenInNewTab')::boolean, "
    "    x.external_links_new_tab), "
    "  internal_links_new_tab = coalesce("
    "    (a.b ->> 'internalLinksOpenInNewTab')::boolean, "
    "    x.internal_links_new_tab), "
    "  default_locale = coalesce(a.b ->> 'defaultLocale', x.default_locale), "
    "  available_locales = ARRAY(SELECT DISTINCT l FROM unnest("
    "    coalesce(fb_text_array(a.b -> 'availableLocales'), "
    "             x.available_locales) "
    "    || coalesce(a.b ->> 'defaultLocale', x.default_locale) "
    "    || ARRAY(SELECT jsonb_object_keys(coalesce("
    "         a.b -> 'translations', '{}')))) l ORDER BY l), "
    "  subpath = coalesce(a.b -> 'urls' ->> 'featurebaseSubpath', "
    "    x.subpath), "
    "  external_domain = CASE WHEN coalesce(a.b -> 'urls', '{}') "
    "    ? 'externalDomain' THEN a.b -> 'urls' ->> 'externalDomain' "
    "    ELSE x.external_domain END, "
    "  updated_at = now() "
    "  FROM a WHERE x.org_id = a.org_id AND x.id = a.id "
    "  RETURNING x.org_id, x.id, x.default_locale), "
    HC_TEXTS("(SELECT default_locale FROM h)") ", "
    "changed AS (UPDATE help_center_translations t SET "
    "  display_name = coalesce(tx.v ->> 'displayName', t.display_name), "
    "  title = coalesce(tx.v ->> 'title', t.title), "
    "  description = coalesce(tx.v ->> 'description', t.description), "
    "  search_placeholder = coalesce(tx.v ->> 'searchPlaceholder', "
    "    t.search_placeholder), "
    "  nav_items = coalesce(tx.v -> 'navItems', t.nav_items), "
    "  updated_at = now() "
    "  FROM h, tx WHERE t.org_id = h.org_id AND t.help_center_id = h.id "
    "  AND t.locale = tx.locale AND tx.v <> '{}') "
    "INSERT INTO help_center_translations (org_id, help_center_id, locale, "
    "  display_name, title, description, search_placeholder, nav_items) "
    "SELECT h.org_id, h.id, tx.locale, tx.v ->> 'displayName', "
    "  tx.v ->> 'title', tx.v ->> 'description', "
    "  tx.v ->> 'searchPlaceholder', coalesce(tx.v -> 'navItems', '[]') "
    "FROM h, tx WHERE NOT EXISTS (SELECT 1 FROM help_center_translations t "
    "  WHERE t.org_id = h.org_id AND t.help_center_id = h.id "
    "  AND t.locale = tx.locale)");

/* A custom domain is one help center's: another's (of any
 * organization) is a conflict. */
FB_SQL_WITH(help_center_conflicts, manage,
    HC_BODY
    "SELECT 'domain_taken', x.external_domain FROM a "
    "JOIN help_centers x ON x.external_domain "
    "  = a.b -> 'urls' ->> 'externalDomain' "
    "WHERE NOT (x.org_id = a.org_id AND x.id = a.id)");

FB_SQL(help_center_lock, 1,
    "SELECT id FROM help_centers WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

static const fb_statement_t *const fb_help_center_statements[] = {
    &fb_sql_help_center_get, &fb_sql_help_center_list,
    &fb_sql_help_center_list_after, &fb_sql_help_center_update,
    &fb_sql_help_center_conflicts, &fb_sql_help_center_lock, NULL
};

static const fb_list_order_t fb_hc_oldest = {
    .first = &fb_sql_help_center_list,
    .after = &fb_sql_help_center_list_after,
    .cursor_sort = "help_centers.createdAt.asc",
    .key_valid = fb_key_integer,
    .ids = FB_CURSOR_SHORT_IDS,
};

static const fb_resource_t fb_help_centers = {
    .get = &fb_sql_help_center_get,
    .not_found = FB_E_HELP_CENTER_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_hc_oldest,
    .rows = &fb_hc_rows,
};

static const char *const fb_hc_nav_types[] = {"link", "button", NULL};

static const fb_field_rule_t fb_hc_nav_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_hc_nav_types},
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = "url", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 2048},
    {.name = "icon", .type = FB_FIELD_STRING, .max = 255},
    {.name = NULL}
};

/* The texts of one locale, at the top level (the default locale's) and
 * in translations. */
#define HC_TEXT_RULES \
    {.name = "displayName", .type = FB_FIELD_STRING, .min = 1, \
     .max = 255, .flags = FB_FIELD_TRIM}, \
    {.name = "title", .type = FB_FIELD_STRING, .max = 255}, \
    {.name = "description", .type = FB_FIELD_STRING, .max = 512}, \
    {.name = "searchPlaceholder", .type = FB_FIELD_STRING, .max = 255}, \
    {.name = "navItems", .type = FB_FIELD_ARRAY, .max = 20, \
     .fields = fb_hc_nav_rules}

static const fb_field_rule_t fb_hc_translation_rules[] = {
    HC_TEXT_RULES,
    {.name = NULL}
};

static const fb_field_rule_t fb_hc_translations_rules[] = {
    HC_LOCALES(HC_LOCALE_RULE, fb_hc_translation_rules)
    {.name = NULL}
};

static const fb_field_rule_t fb_hc_urls_rules[] = {
    {.name = "featurebaseSubpath", .type = FB_FIELD_STRING, .min = 1,
     .max = 63, .format = &fb_format_path_segment},
    {.name = "externalDomain", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_NULL_CLEARS, .min = 1, .max = 253,
     .format = &fb_format_host_name},
    {.name = NULL}
};

static const fb_field_rule_t fb_hc_update_rules[] = {
    HC_TEXT_RULES,
    {.name = "isPublic", .type = FB_FIELD_BOOL},
    {.name = "hideAuthorInfo", .type = FB_FIELD_BOOL},
    {.name = "hideDateInfo", .type = FB_FIELD_BOOL},
    {.name = "externalLinksOpenInNewTab", .type = FB_FIELD_BOOL},
    {.name = "internalLinksOpenInNewTab", .type = FB_FIELD_BOOL},
    {.name = "defaultLocale", .type = FB_FIELD_ENUM,
     .choices = fb_hc_locales},
    {.name = "availableLocales", .type = FB_FIELD_STRING_ARRAY, .min = 1,
     .max = 42, .item_max = 5, .choices = fb_hc_locales},
    {.name = "urls", .type = FB_FIELD_OBJECT, .fields = fb_hc_urls_rules},
    {.name = "translations", .type = FB_FIELD_OBJECT,
     .fields = fb_hc_translations_rules},
    {.name = NULL}
};

static const fb_rule_text_t fb_hc_messages[] = {
    {"domain_taken", "Another help center has the domain '{value}'."},
    {NULL, NULL}
};

static const fb_manage_t fb_hc_manage = {
    .res = &fb_help_centers, .object = "help_center",
    .lock = &fb_sql_help_center_lock,
    .conflicts = &fb_sql_help_center_conflicts,
    .update = &fb_sql_help_center_update,
    .messages = fb_hc_messages,
};

static const fb_op_t fb_hc_list_op = {
    .handler = fb_resource_list, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_resource_page_rules,
    .data = &fb_help_centers,
};
static const fb_op_t fb_hc_get_op = {
    .handler = fb_resource_get, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .data = &fb_help_centers,
    .path = fb_hc_id_path,
};
static const fb_op_t fb_hc_update_op = {
    .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_hc_update_rules, .data = &fb_hc_manage,
    .path = fb_hc_id_path,
    .audit = FB_AUDIT_OF("settings.help_center_updated",
                         "workspace_settings", "help_center"),
};

static const fb_route_t fb_hc_routes[] = {
    {"GET", "/help_center/help_centers", &fb_hc_list_op},
    {"GET", "/help_center/help_centers/{id}", &fb_hc_get_op},
    {"PATCH", "/help_center/help_centers/{id}", &fb_hc_update_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_help_centers_module = {
    .name = "help_centers",
    .routes = fb_hc_routes,
    .statements = fb_help_center_statements,
};
