/*
 * changelogs: release notes.  Reading: one changelog by id or slug, and
 * the list in one locale with its filters.  Writes are in
 * changelogs_write.c, publishing in changelog_publish.c, subscribers in
 * changelog_subscribers.c.
 *
 * A changelog renders in one locale, its live copy when it is published
 * there and its draft otherwise (domain/changelog_publishing.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "changelogs.h"

#include "http_log.h"

#include "fb_log.h"
#include "fb_id.h"

const char *const fb_changelog_locales[] = {
    "bn", "bs", "pt-BR", "bg", "ca", "hr", "cs", "da", "nl", "en", "et",
    "fi", "fr", "de", "el", "hi", "hu", "id", "it", "ja", "ko", "lv", "lt",
    "ms", "mn", "nb", "pl", "pt", "ro", "ru", "sr", "zh-CN", "sk", "sl",
    "es", "sw", "sv", "th", "zh-TW", "tr", "uk", "vi", NULL
};

/*
 * A page of the list in one locale.  Its arguments are bound once, by
 * name, in a: the organization, the cursor's key and id
 * (FB_LIST_PARAMS), the locale given (NULL: the organization's default),
 * the state (live, draft or all), then the filters of a filtered list:
 * the id or slug as given (ref) and the id normalized (ref_id), the
 * category names, the search text, the first date and the date after the
 * last, NULL meaning no filter; then comes the limit.  k is a with
 * the locale resolved.  Both are selects that PostgreSQL pulls up into
 * the query: to the planner k.x is the parameter itself, and a filter
 * left NULL is planned away.  A changelog is listed in the state its
 * locale is in: live when it is published there (and rendered live),
 * draft when it is not.
 */
FB_LIST_PARAMS(changelog_list, (locale_given, state));
FB_LIST_PARAMS(changelog_list_filtered,
               (locale_given, state, ref, ref_id, categories, q, start_date,
                end_date));

#define CHANGELOG_ARGS \
    "%s::text AS org_id, %s::text AS after_key, %s::text AS after_id, " \
    "%s::text AS locale_given, %s::text AS state"
#define CHANGELOG_ARGS_FILTERED \
    CHANGELOG_ARGS ", %s::text AS ref, %s::text AS ref_id, " \
    "%s::text[] AS categories, %s::text AS q, " \
    "%s::timestamptz AS start_date, %s::timestamptz AS end_date"

#define CHANGELOG_ROWS(filters, after, dir) \
    "SELECT " CHANGELOG_PAGE_COLUMNS ", " \
    "    l.published_at IS NOT NULL AS live " \
    "  FROM k JOIN changelogs c ON c.org_id = k.org_id " \
    "  JOIN changelog_locales l ON l.org_id = c.org_id " \
    "    AND l.changelog_id = c.id AND l.locale = k.locale " \
    "  WHERE (k.state = 'all' " \
    "         OR (k.state = 'live') = (l.published_at IS NOT NULL)) " \
    filters after " ORDER BY c.date " dir ", c.id " dir

#define CHANGELOG_FILTERS \
    "  AND (k.ref IS NULL OR c.id = k.ref_id OR c.id = (" \
    "    SELECT s.changelog_id FROM changelog_locales s " \
    "    WHERE s.org_id = k.org_id AND s.slug = k.ref)) " \
    "  AND (k.categories IS NULL OR EXISTS (" \
    "    SELECT 1 FROM changelog_category_links cl " \
    "    JOIN changelog_categories g " \
    "      ON g.org_id = cl.org_id AND g.id = cl.category_id " \
    "    WHERE cl.org_id = c.org_id AND cl.changelog_id = c.id " \
    "      AND lower(g.name) IN (SELECT lower(n) " \
    "                            FROM unnest(k.categories) n))) " \
    "  AND (k.q IS NULL " \
    "       OR (l.published_at IS NOT NULL AND l.live_search " \
    "           @@ websearch_to_tsquery('english', k.q)) " \
    "       OR (l.published_at IS NULL AND l.draft_search " \
    "           @@ websearch_to_tsquery('english', k.q))) " \
    "  AND (k.start_date IS NULL OR c.date >= k.start_date) " \
    "  AND (k.end_date IS NULL OR c.date < k.end_date) "

/* How a page's rows are limited: a filtered list is planned for each
 * request's filters; a list without filters caps its limit under a
 * constant one, so that PostgreSQL keeps one generic plan (posts.c says
 * why: planning it anew was a good part of each request). */
#define CHANGELOG_LIMIT_EACH(after, dir) \
    CHANGELOG_ROWS(CHANGELOG_FILTERS, after, dir) " LIMIT %d"
#define CHANGELOG_LIMIT_CAPPED(after, dir) \
    "SELECT * FROM (" CHANGELOG_ROWS("", after, dir) \
    " LIMIT " FB_QUERY_ROWS_CAP_SQL ") c " \
    "ORDER BY c.date " dir ", c.id " dir " LIMIT %d"

#define CHANGELOG_PAGE(args, limit, after, dir) \
    "WITH a AS (SELECT " args "), " \
    "k AS (SELECT a.*, COALESCE(a.locale_given, (" \
    "  SELECT o.default_locale FROM organizations o " \
    "  WHERE o.id = a.org_id)) AS locale FROM a), " \
    "page AS (" limit(after, dir) ") " \
    CHANGELOG_RENDER_PAGE("fb_ts_key(p.date)") \
    " ORDER BY p.date " dir ", p.id " dir

/* The first and later pages of an order, filtered or not (set: its
 * arguments, bound in args). */
#define CHANGELOG_SORT_KIND(name, set, args, limit, dir, cmp) \
    FB_SQL_WITH(name, set, CHANGELOG_PAGE(args, limit, "", dir)); \
    FB_SQL_WITH(name##_after, set, \
                CHANGELOG_PAGE(args, limit, "AND (c.date, c.id) " cmp \
                               " (fb_ts_from_key(k.after_key), k.after_id)", \
                               dir))
#define CHANGELOG_SORT(name, dir, cmp) \
    CHANGELOG_SORT_KIND(changelog_list_##name, changelog_list_filtered, \
                        CHANGELOG_ARGS_FILTERED, CHANGELOG_LIMIT_EACH, dir, \
                        cmp); \
    CHANGELOG_SORT_KIND(changelog_list_##name##_all, changelog_list, \
                        CHANGELOG_ARGS, CHANGELOG_LIMIT_CAPPED, dir, cmp)

/* The changelog a path names: by id, else by slug (and its locale).  The
 * organization and the value given, bound once in k, serve both halves;
 * k is NOT MATERIALIZED, so that each half keeps them as parameters (and
 * its index conditions) rather than reading a materialized row. */
FB_SQL(changelog_find, 1,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS ref) "
    "SELECT c.id, NULL::text, 0 FROM changelogs c, k "
    "WHERE c.org_id = k.org_id AND c.id = k.ref "
    "UNION ALL "
    "SELECT l.changelog_id, l.locale, 1 FROM changelog_locales l, k "
    "WHERE l.org_id = k.org_id AND l.slug = k.ref "
    "ORDER BY 3 LIMIT 1");

FB_SQL(changelog_lock, 1,
    "SELECT id FROM changelogs WHERE org_id = %s AND id = %s FOR UPDATE");

CHANGELOG_SORT(desc, "DESC", "<");
CHANGELOG_SORT(asc, "ASC", ">");

#define CHANGELOG_SQL(name) \
    &fb_sql_changelog_list_##name, &fb_sql_changelog_list_##name##_after

static const fb_statement_t *const fb_changelog_statements[] = {
    &fb_sql_changelog_find, &fb_sql_changelog_lock,
    CHANGELOG_SQL(desc), CHANGELOG_SQL(asc), CHANGELOG_SQL(desc_all),
    CHANGELOG_SQL(asc_all), NULL
};

/* The order by sortBy and sortOrder of the statements
 * changelog_list_name and changelog_list_name_after. */
#define CHANGELOG_ORDER(d, name) \
    {.sort = "date", .dir = #d, \
     .order = {.first = &fb_sql_changelog_list_##name, \
               .after = &fb_sql_changelog_list_##name##_after, \
               .cursor_sort = "changelogs.date." #d, \
               .key_valid = fb_key_integer}}

/* The orders of filtered lists, and of lists of all changelogs (the
 * same cursors serve both). */
static const fb_list_choice_t fb_changelog_orders[] = {
    CHANGELOG_ORDER(desc, desc), CHANGELOG_ORDER(asc, asc),
    {.sort = NULL}
};
static const fb_list_choice_t fb_changelog_orders_all[] = {
    CHANGELOG_ORDER(desc, desc_all), CHANGELOG_ORDER(asc, asc_all),
    {.sort = NULL}
};

static const char *const fb_changelog_states[] = {"live", "draft", "all",
                                                  NULL};
static const char *const fb_changelog_shown[] = {"live", "draft", NULL};
static const char *const fb_changelog_sorts[] = {"date", NULL};

static const fb_query_rule_t fb_changelog_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "id", .type = FB_Q_STRING, .min = 1, .max = 255},
    {.name = "q", .type = FB_Q_STRING, .min = 1, .max = 255},
    {.name = "categories", .type = FB_Q_LIST, .min = 1, .max = 255},
    {.name = "locale", .type = FB_Q_ENUM, .choices = fb_changelog_locales},
    {.name = "state", .type = FB_Q_ENUM, .choices = fb_changelog_states},
    {.name = "startDate", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_time},
    {.name = "endDate", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_time},
    {.name = "sortBy", .type = FB_Q_ENUM, .choices = fb_changelog_sorts,
     .dflt = "date"},
    {.name = "sortOrder", .type = FB_Q_ENUM, .choices = fb_sort_orders,
     .dflt = "desc"},
    {.name = NULL}
};

/* GET /changelogs/{id} takes the locale and, as an extension, the state
 * to show (draft: the draft even where the locale is published). */
static const fb_query_rule_t fb_changelog_get_rules[] = {
    {.name = "locale", .type = FB_Q_ENUM, .choices = fb_changelog_locales},
    {.name = "state", .type = FB_Q_ENUM, .choices = fb_changelog_shown},
    {.name = NULL}
};

/* A slug as fb_slug_stem() makes them: lowercase letters, digits and
 * hyphens. */
static int fb_changelog_slug_valid(const char *s)
{
    apr_size_t n = strlen(s);

    return n > 0 && n <= 128 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
                                          "0123456789-") == n;
}

static int fb_changelog_ref_valid(const char *s)
{
    return fb_id_valid(s) || fb_changelog_slug_valid(s);
}

const fb_field_format_t fb_format_changelog_ref = {
    .valid = fb_changelog_ref_valid,
    .what = "a 24-character hexadecimal object id or a changelog slug",
    .pattern = "^([0-9A-Fa-f]{24}|[a-z0-9-]{1,128})$",
    .min = 1, .max = 128,
};

const fb_path_rule_t fb_changelog_path[] = {
    {.name = "id", .format = &fb_format_changelog_ref},
    {.name = NULL}
};

/* The id (normalized) or slug given, or the 400 error naming param. */
static fb_error_t *fb_changelog_ref(fb_req_t *fr, const char *given,
                                    const char *param, const char **ref)
{
    if (given == NULL || !fb_changelog_ref_valid(given)) {
        *ref = NULL;
        return fb_error_make(fr->pool,
                             strcmp(param, "id") == 0
                             ? FB_E_INVALID_ID : FB_E_INVALID_PARAMETER,
                             param,
                             apr_pstrcat(fr->pool, "The ", param,
                                         " must be ",
                                         fb_format_changelog_ref.what, ".",
                                         NULL));
    }
    *ref = fb_id_valid(given) ? fb_id_normalize(fr->pool, given) : given;
    return NULL;
}

fb_error_t *fb_changelog_lookup(fb_req_t *fr, const char *given,
                                const char *param, int lock,
                                const char **id, const char **slug_locale)
{
    const char *ref;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_changelog_ref(fr, given, param, &ref)) != NULL
        || (err = fb_req_select(fr, &fb_sql_changelog_find, FB_ARGS(ref),
                                &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_CHANGELOG_NOT_FOUND, param,
                             NULL);
    }
    *id = fb_rows_get(&rows, 0, 0);
    if (slug_locale != NULL) {
        *slug_locale = fb_rows_get(&rows, 0, 1);
    }
    if (lock) {
        if ((err = fb_req_select(fr, &fb_sql_changelog_lock, FB_ARGS(*id),
                                 &rows)) != NULL) {
            return err;
        }
        if (rows.nrows == 0) {      /* deleted since it was found */
            return fb_error_make(fr->pool, FB_E_CHANGELOG_NOT_FOUND, param,
                                 NULL);
        }
    }
    return NULL;
}

fb_error_t *fb_changelog_find(fb_req_t *fr, int lock, const char **id,
                              const char **slug_locale)
{
    return fb_changelog_lookup(fr, fb_req_param(fr, "id"), "id", lock, id,
                               slug_locale);
}

/* GET /changelogs/{id}: one statement, by id or slug. */
static fb_error_t *fb_changelog_get(fb_req_t *fr)
{
    const char *ref, *json;
    const char *state = fb_query_get(&fr->query, "state");
    fb_error_t *err;

    if ((err = fb_changelog_ref(fr, fb_req_param(fr, "id"), "id", &ref))
        != NULL) {
        return err;
    }
    if (fb_req_db(fr) == NULL
        || fb_changelog_render(fr->db, fr->pool, fr->principal.org_id, ref,
                               fb_query_get(&fr->query, "locale"),
                               state != NULL && strcmp(state, "draft") == 0,
                               fb_req_portal_default(fr), &json)
           != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_CHANGELOG_NOT_FOUND, "id", NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

/* A page of the list written from its rows (changelog_publishing.h). */
static const char *fb_changelog_page_json(fb_req_t *fr,
                                          const fb_rows_t *rows, int n)
{
    const char *json;

    if (fb_changelog_page(fr->pool, rows, n, fb_req_portal_default(fr),
                          &json) != APR_SUCCESS) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00510)
                      "a page of changelogs came in a form the module "
                      "does not read (DateStyle must be ISO)");
        return NULL;
    }
    return json;
}

/* A page's rows: the changelog's columns, then the sort key. */
static const fb_list_rows_t fb_changelog_rows = {
    .key_col = CHANGELOG_NCOLS, .id_col = CHANGELOG_COL_ID,
    .page = fb_changelog_page_json
};

static fb_error_t *fb_changelog_list(fb_req_t *fr)
{
    const fb_query_rule_t *rules = fr->op->query;
    const char *sort = fb_query_value(&fr->query, rules, "sortBy");
    const char *dir = fb_query_value(&fr->query, rules, "sortOrder");
    const char *locale = fb_query_get(&fr->query, "locale");
    const char *state = fb_query_get(&fr->query, "state");
    const char *ref = fb_query_get(&fr->query, "id");
    const char *q = fb_query_get(&fr->query, "q");
    const char *id = ref != NULL ? fb_id_normalize(fr->pool, ref) : NULL;
    const char *categories, *start, *end;
    const fb_list_order_t *order;
    fb_error_t *err;
    int filtered;

    if ((err = fb_resource_time_bound(fr, "startDate", 0, &start)) != NULL
        || (err = fb_resource_time_bound(fr, "endDate", 1, &end)) != NULL) {
        return err;
    }
    categories = fb_db_text_array(fr->pool, fb_query_list(fr->pool,
                                                          &fr->query,
                                                          "categories"));
    filtered = ref != NULL || categories != NULL || q != NULL
               || start != NULL || end != NULL;
    if (q != NULL && (err = fb_req_expensive(fr)) != NULL) {
        return err;
    }
    order = fb_list_choose(filtered ? fb_changelog_orders
                                    : fb_changelog_orders_all,
                           sort, dir);
    if (order == NULL) {        /* the rules let no other through */
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    if (state == NULL) {
        state = "live";
    }
    /* An id is matched normalized, a slug as given.  Without filters,
     * only the locale and the state. */
    return fb_list_respond_rows(
        fr, order,
        filtered ? FB_NAMED(changelog_list_filtered, .locale_given = locale,
                            .state = state, .ref = ref,
                            .ref_id = id != NULL ? id : ref,
                            .categories = categories, .q = q,
                            .start_date = start, .end_date = end)
                 : FB_NAMED(changelog_list, .locale_given = locale,
                            .state = state),
        &fb_changelog_rows);
}

static const fb_op_t fb_changelog_list_op =
    FB_OP_READ(fb_changelog_list, FB_VERSION_CLOVER, NULL,
               fb_changelog_list_rules);
static const fb_op_t fb_changelog_get_op = {
    .handler = fb_changelog_get,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .query = fb_changelog_get_rules,
    .path = fb_changelog_path,
};

static const fb_route_t fb_changelog_routes[] = {
    {"GET", "/changelogs", &fb_changelog_list_op},
    {"GET", "/changelogs/{id}", &fb_changelog_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelogs_module = {
    .name = "changelogs",
    .routes = fb_changelog_routes,
    .statements = fb_changelog_statements,
};
