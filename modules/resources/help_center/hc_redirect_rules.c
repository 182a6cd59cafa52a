/*
 * hc_redirect_rules: /help_center/redirect_rules, old URLs on a help
 * center's custom domain that the public pages answer with a 301 to an
 * article or a collection (sql/038).  Nova and newer; reading needs no
 * flag, writes manage_help_center (fb_manage).
 *
 * fromUrl is normalized before it is stored or looked up
 * (fb_rr_normalize): an absolute http or https URL, its scheme and host
 * lowercased, without user information, query and fragment, and without
 * trailing slashes.  Its host must be the help center's external domain,
 * and it is unique per help center (400 naming fromUrl, as the hosted
 * API answers).  The target must exist and have a slug in the rule's
 * locale (an article: a live copy in it), so that the rule resolves.
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_json.h"
#include "fb_manage.h"
#include "fb_perm.h"
#include "help_center.h"

#define RR_COLUMNS(X) \
    X(ID, "x.id") \
    X(HELP_CENTER, "x.help_center_id") \
    X(LOCALE, "x.locale") \
    X(FROM_URL, "x.from_url") \
    X(TARGET_TYPE, "x.target_type") \
    X(TARGET_ID, "x.target_id") \
    X(CREATED, "x.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED, "x.updated_at AT TIME ZONE 'UTC'")

#define RR_COL_ENUM(name, sql) RR_COL_##name,
enum { RR_COLUMNS(RR_COL_ENUM) RR_NCOLS };

#define RR_COL_SQL(name, sql) sql ", "
#define RR_SELECT RR_COLUMNS(RR_COL_SQL) HC_KEY("x")

static const fb_rj_member_t fb_rr_members[] = {
    FB_RJ_CONST("object", "\"redirect_rule\""),
    FB_RJ_STRING("id", RR_COL_ID),
    FB_RJ_STRING("helpCenterId", RR_COL_HELP_CENTER),
    FB_RJ_STRING("locale", RR_COL_LOCALE),
    FB_RJ_STRING("fromUrl", RR_COL_FROM_URL),
    FB_RJ_STRING("targetType", RR_COL_TARGET_TYPE),
    FB_RJ_STRING("targetId", RR_COL_TARGET_ID),
    FB_RJ_TIME("createdAt", RR_COL_CREATED),
    FB_RJ_TIME("updatedAt", RR_COL_UPDATED),
    FB_RJ_END
};

static const fb_list_rows_t fb_rr_rows = {
    .members = fb_rr_members, .json_size = 512,
    .key_col = RR_NCOLS, .id_col = RR_COL_ID,
};

FB_SQL(redirect_rule_get, 1,
    "SELECT " RR_SELECT " FROM help_center_redirect_rules x "
    "WHERE x.org_id = %s AND x.id = %s");

FB_SQL(redirect_rule_by_url, 1,
    "SELECT " RR_SELECT " FROM help_center_redirect_rules x "
    "WHERE x.org_id = %s AND x.from_url = %s "
    "ORDER BY x.created_at LIMIT 1");

/* Oldest first, of a help center, locale and target type when asked. */
FB_LIST_PARAMS(redirect_rule_list, (help_center, locale, target_type));

#define RR_LIST(after) \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS after_key, %s::text AS after_id, " \
    "  %s::text AS help_center, %s::text AS locale, " \
    "  %s::text AS target_type) " \
    "SELECT " RR_SELECT " FROM help_center_redirect_rules x, k " \
    "WHERE x.org_id = k.org_id " \
    "AND x.help_center_id = coalesce(k.help_center, x.help_center_id) " \
    "AND x.locale = coalesce(k.locale, x.locale) " \
    "AND x.target_type = coalesce(k.target_type, x.target_type) " after \
    "ORDER BY x.created_at, x.id LIMIT %d"

FB_SQL_WITH(redirect_rule_list, redirect_rule_list, RR_LIST(""));
FB_SQL_WITH(redirect_rule_list_after, redirect_rule_list, RR_LIST(
    "AND (x.created_at, x.id) > (fb_ts_from_key(k.after_key), k.after_id) "));

FB_SQL(redirect_rule_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO help_center_redirect_rules (org_id, help_center_id, "
    "  locale, from_url, target_type, target_id) "
    "SELECT a.org_id, a.b ->> 'helpCenterId', a.b ->> 'locale', "
    "  a.b ->> 'fromUrl', a.b ->> 'targetType', a.b ->> 'targetId' FROM a "
    "RETURNING id");

FB_SQL_WITH(redirect_rule_update, manage,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "UPDATE help_center_redirect_rules x SET "
    "  help_center_id = coalesce(a.b ->> 'helpCenterId', x.help_center_id), "
    "  locale = coalesce(a.b ->> 'locale', x.locale), "
    "  from_url = coalesce(a.b ->> 'fromUrl', x.from_url), "
    "  target_type = coalesce(a.b ->> 'targetType', x.target_type), "
    "  target_id = coalesce(a.b ->> 'targetId', x.target_id), "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

/* The rule as the write leaves it (the body over the stored one, m),
 * checked: its help center is the organization's, fromUrl is on that
 * help center's custom domain and no other rule of it has the URL, the
 * target exists with a slug in the rule's locale (an article published
 * in it). */
FB_SQL_WITH(redirect_rule_refs, manage,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b), "
    "m AS (SELECT a.org_id, a.id, "
    "  coalesce(a.b ->> 'helpCenterId', x.help_center_id) AS hc, "
    "  coalesce(a.b ->> 'locale', x.locale) AS locale, "
    "  coalesce(a.b ->> 'fromUrl', x.from_url) AS from_url, "
    "  coalesce(a.b ->> 'targetType', x.target_type) AS target_type, "
    "  coalesce(a.b ->> 'targetId', x.target_id) AS target_id, "
    "  a.b ->> 'fromHost' AS host "
    "  FROM a LEFT JOIN help_center_redirect_rules x "
    "    ON x.org_id = a.org_id AND x.id = a.id), "
    "h AS (SELECT y.external_domain FROM m JOIN help_centers y "
    "  ON y.org_id = m.org_id AND y.id = m.hc) "
    "SELECT 'helpCenterId', 'unknown_help_center', m.hc FROM m "
    "WHERE NOT EXISTS (SELECT 1 FROM h) "
    "UNION ALL SELECT 'fromUrl', 'no_domain', m.host FROM m, h "
    "WHERE m.host IS NOT NULL AND h.external_domain IS NULL "
    "UNION ALL SELECT 'fromUrl', 'other_domain', h.external_domain "
    "FROM m, h WHERE m.host <> h.external_domain "
    "UNION ALL SELECT 'fromUrl', 'duplicate', m.from_url FROM m "
    "WHERE EXISTS (SELECT 1 FROM help_center_redirect_rules y "
    "  WHERE y.org_id = m.org_id AND y.help_center_id = m.hc "
    "  AND y.from_url = m.from_url AND y.id IS DISTINCT FROM m.id) "
    "UNION ALL SELECT 'targetId', 'unknown_target', m.target_id FROM m "
    "WHERE NOT CASE m.target_type "
    "  WHEN 'article' THEN EXISTS (SELECT 1 "
    "    FROM help_center_articles r "
    "    JOIN help_center_article_translations t "
    "      ON t.org_id = r.org_id AND t.article_id = r.id "
    "    WHERE r.org_id = m.org_id AND r.id = m.target_id "
    "    AND r.help_center_id = m.hc AND t.locale = m.locale "
    "    AND t.published_at IS NOT NULL) "
    "  ELSE EXISTS (SELECT 1 FROM help_center_collections c "
    "    JOIN help_center_collection_translations t "
    "      ON t.org_id = c.org_id AND t.collection_id = c.id "
    "    WHERE c.org_id = m.org_id AND c.id = m.target_id "
    "    AND c.help_center_id = m.hc AND t.locale = m.locale) END "
    "LIMIT 1");

FB_MANAGE_SQL(redirect_rule, "help_center_redirect_rules");

static const fb_statement_t *const fb_redirect_rule_statements[] = {
    &fb_sql_redirect_rule_get, &fb_sql_redirect_rule_by_url,
    &fb_sql_redirect_rule_list, &fb_sql_redirect_rule_list_after,
    &fb_sql_redirect_rule_insert, &fb_sql_redirect_rule_update,
    &fb_sql_redirect_rule_refs, &fb_sql_redirect_rule_lock,
    &fb_sql_redirect_rule_lock_change,
    &fb_sql_redirect_rule_remove, NULL
};

static const fb_list_order_t fb_rr_oldest = {
    .first = &fb_sql_redirect_rule_list,
    .after = &fb_sql_redirect_rule_list_after,
    .cursor_sort = "redirect_rules.createdAt.asc",
    .key_valid = fb_key_integer,
};

static const fb_resource_t fb_redirect_rules = {
    .get = &fb_sql_redirect_rule_get,
    .not_found = FB_E_REDIRECT_RULE_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_rr_oldest,
    .rows = &fb_rr_rows,
};

/*
 * url normalized (in p): scheme and host lowercased, without user
 * information, query, fragment and trailing slashes ("https://Help.X.com
 * /a/?q#f" is "https://help.x.com/a"); its host in *host.  NULL when url
 * is not an absolute http or https URL with a host.
 */
static const char *fb_rr_normalize(apr_pool_t *p, const char *url,
                                   const char **host)
{
    const char *rest, *end, *at;
    char *scheme, *h, *path;
    apr_size_t n, i;

    if (strncasecmp(url, "https://", 8) == 0) {
        scheme = "https://";
        rest = url + 8;
    }
    else if (strncasecmp(url, "http://", 7) == 0) {
        scheme = "http://";
        rest = url + 7;
    }
    else {
        return NULL;
    }
    end = rest + strcspn(rest, "/?#");
    /* User information goes: what follows its last '@' is the host. */
    for (at = rest; at < end; at++) {
        if (*at == '@') {
            rest = at + 1;
        }
    }
    n = (apr_size_t)(end - rest);
    if (n == 0) {
        return NULL;
    }
    h = apr_pstrmemdup(p, rest, n);
    for (i = 0; i < n; i++) {
        if (apr_isspace(h[i]) || apr_iscntrl(h[i])) {
            return NULL;
        }
        h[i] = (char)apr_tolower(h[i]);
    }
    path = apr_pstrmemdup(p, end, strcspn(end, "?#"));
    for (n = strlen(path); n > 0 && path[n - 1] == '/'; n--) {
        path[n - 1] = '\0';
    }
    for (i = 0; path[i] != '\0'; i++) {
        if (apr_isspace(path[i]) || apr_iscntrl(path[i])) {
            return NULL;
        }
    }
    /* The host without its port, as a domain is written. */
    *host = apr_pstrmemdup(p, h, strcspn(h, ":"));
    return apr_pstrcat(p, scheme, h, path, NULL);
}

/* fromUrl normalized, and its host beside it as fromHost, which the
 * checks read. */
static fb_error_t *fb_rr_check(fb_req_t *fr, json_object *body,
                               const char *id)
{
    const char *url = fb_json_string(body, "fromUrl"), *normal, *host;

    (void)id;
    if (url == NULL) {
        return NULL;
    }
    if ((normal = fb_rr_normalize(fr->pool, url, &host)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "fromUrl",
                             "The fromUrl must be an absolute http or "
                             "https URL.");
    }
    json_object_object_add(body, "fromUrl", json_object_new_string(normal));
    json_object_object_add(body, "fromHost", json_object_new_string(host));
    return NULL;
}

static const fb_query_rule_t fb_rr_by_url_rules[] = {
    {.name = "url", .type = FB_Q_STRING, .flags = FB_Q_REQUIRED, .min = 1,
     .max = 2048},
    {.name = NULL}
};

/* GET /help_center/redirect_rules/by-url?url=: the rule of the URL,
 * normalized as fromUrl is. */
static fb_error_t *fb_rr_by_url(fb_req_t *fr)
{
    const char *host, *json, *url = fb_rr_normalize(
        fr->pool, fb_query_get(&fr->query, "url"), &host);
    fb_rows_t rows;
    fb_error_t *err;

    if (url == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "url",
                             "The url must be an absolute http or https "
                             "URL.");
    }
    if ((err = fb_req_select(fr, &fb_sql_redirect_rule_by_url,
                             FB_ARGS(url), &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_REDIRECT_RULE_NOT_FOUND, "url",
                             NULL);
    }
    if ((json = fb_resource_json(fr, &fb_redirect_rules, &rows, 0))
            == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

static const char *const fb_rr_targets[] = {"article", "collection", NULL};

static const fb_query_rule_t fb_rr_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "helpCenterId", .type = FB_Q_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = "locale", .type = FB_Q_ENUM, .choices = fb_hc_locales},
    {.name = "targetType", .type = FB_Q_ENUM, .choices = fb_rr_targets},
    {.name = NULL}
};

static fb_error_t *fb_rr_list(fb_req_t *fr)
{
    return fb_list_respond_rows(
        fr, &fb_rr_oldest,
        FB_NAMED(redirect_rule_list,
                 .help_center = fb_query_get(&fr->query, "helpCenterId"),
                 .locale = fb_query_get(&fr->query, "locale"),
                 .target_type = fb_query_get(&fr->query, "targetType")),
        &fb_rr_rows);
}

#define RR_FIELDS(req) \
    {.name = "helpCenterId", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 16, .format = &fb_format_short_id}, \
    {.name = "locale", .type = FB_FIELD_ENUM, .flags = (req), \
     .choices = fb_hc_locales}, \
    {.name = "fromUrl", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 2048}, \
    {.name = "targetType", .type = FB_FIELD_ENUM, .flags = (req), \
     .choices = fb_rr_targets}, \
    {.name = "targetId", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 16, .format = &fb_format_short_id}, \
    {.name = NULL}

static const fb_field_rule_t fb_rr_create_rules[] = {
    RR_FIELDS(FB_FIELD_REQUIRED)
};

static const fb_field_rule_t fb_rr_update_rules[] = {
    RR_FIELDS(0)
};

static const fb_rule_text_t fb_rr_messages[] = {
    {"unknown_help_center", "Unknown help center '{value}'."},
    {"no_domain", "The help center has no custom domain, which redirect "
     "rules' URLs are on."},
    {"other_domain", "The fromUrl must be on the help center's custom "
     "domain, {value}."},
    {"duplicate", "Another redirect rule has the fromUrl '{value}'."},
    {"unknown_target", "No article or collection '{value}' of that type "
     "has a URL in the rule's locale (an article must be published in "
     "it)."},
    {NULL, NULL}
};

static const fb_manage_t fb_rr_manage = {
    .res = &fb_redirect_rules, .object = "redirect_rule",
    .check = fb_rr_check,
    FB_MANAGE_LOCKS(redirect_rule), .refs = &fb_sql_redirect_rule_refs,
    .insert = &fb_sql_redirect_rule_insert,
    .update = &fb_sql_redirect_rule_update,
    .remove = &fb_sql_redirect_rule_remove,
    .messages = fb_rr_messages,
};

FB_MANAGE_AUDITS(fb_rr, "articles", "redirect_rule",
                 "redirect_rule.created", "redirect_rule.updated",
                 "redirect_rule.deleted");

static const fb_op_t fb_rr_list_op = {
    .handler = fb_rr_list, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_rr_list_rules,
};
static const fb_op_t fb_rr_by_url_op = {
    .handler = fb_rr_by_url, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_rr_by_url_rules,
};
static const fb_op_t fb_rr_get_op = {
    .handler = fb_resource_get, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .data = &fb_redirect_rules,
};
static const fb_op_t fb_rr_create_op = {
    .handler = fb_manage_create, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_rr_create_rules, .data = &fb_rr_manage,
    .audit = &fb_rr_audits[0],
};
static const fb_op_t fb_rr_update_op = {
    .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_rr_update_rules, .data = &fb_rr_manage,
    .audit = &fb_rr_audits[1],
};
static const fb_op_t fb_rr_delete_op = {
    .handler = fb_manage_delete, .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER, .data = &fb_rr_manage,
    .audit = &fb_rr_audits[2],
};

static const fb_route_t fb_rr_routes[] = {
    {"GET", "/help_center/redirect_rules", &fb_rr_list_op},
    {"POST", "/help_center/redirect_rules", &fb_rr_create_op},
    {"GET", "/help_center/redirect_rules/by-url", &fb_rr_by_url_op},
    {"GET", "/help_center/redirect_rules/{id}", &fb_rr_get_op},
    {"PATCH", "/help_center/redirect_rules/{id}", &fb_rr_update_op},
    {"DELETE", "/help_center/redirect_rules/{id}", &fb_rr_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_help_center_redirect_rules_module = {
    .name = "help_center_redirect_rules",
    .routes = fb_rr_routes,
    .statements = fb_redirect_rule_statements,
};
