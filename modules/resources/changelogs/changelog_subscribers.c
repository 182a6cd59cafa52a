/*
 * changelog_subscribers: POST and DELETE /changelogs/subscribers, the
 * list of addresses that changelog emails go to (sql/010).
 *
 * Addresses are trimmed here and lower-cased and de-duplicated in SQL;
 * an add drops invalid ones, a removal matches whatever it is given.
 * Imports are limited per organization (CHANGELOG_IMPORTS a minute),
 * counted in the database so that every process and node shares the
 * count.
 */
#include <string.h>

#include "apr_strings.h"

#include "changelogs.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_write.h"

#define CHANGELOG_IMPORTS 10
#define CHANGELOG_IMPORT_WINDOW "1 minute"

FB_SQL_NAMED(changelog_s_import_wait, (imports, period),
    "WITH k AS (SELECT %s::text AS org_id, %s::integer AS imports, "
    "  %s::interval AS period) "
    "SELECT fb_subscriber_import_wait(k.org_id, k.imports, k.period) "
    "FROM k");

/* The locale is NULL for the organization's default. */
FB_SQL_NAMED(changelog_s_add, (locale, emails),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS locale, "
    "  %s::text[] AS emails) "
    "SELECT fb_subscribers_add(k.org_id, COALESCE(k.locale, ("
    "  SELECT default_locale FROM organizations WHERE id = k.org_id)), "
    "  k.emails) FROM k");

FB_SQL(changelog_s_remove, 1,
    "SELECT fb_subscribers_remove(%s, %s::text[])");

static const fb_statement_t *const fb_changelog_subscriber_statements[] = {
    &fb_sql_changelog_s_import_wait, &fb_sql_changelog_s_add,
    &fb_sql_changelog_s_remove, NULL
};

static const fb_field_rule_t fb_changelog_subscribe_rules[] = {
    {.name = "emails", .type = FB_FIELD_STRING_ARRAY,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 1000, .item_max = 500},
    {.name = "locale", .type = FB_FIELD_ENUM,
     .choices = fb_changelog_locales},
    {.name = NULL}
};

static const fb_field_rule_t fb_changelog_unsubscribe_rules[] = {
    {.name = "emails", .type = FB_FIELD_STRING_ARRAY,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 1000, .item_max = 500},
    {.name = NULL}
};

/* s without white space at either end, in p. */
static const char *fb_trim(apr_pool_t *p, const char *s)
{
    static const char ws[] = " \t\r\n\f\v";
    apr_size_t n;

    s += strspn(s, ws);
    n = strlen(s);
    while (n > 0 && strchr(ws, s[n - 1]) != NULL) {
        n--;
    }
    return apr_pstrmemdup(p, s, n);
}

/* The body's addresses, trimmed, as a text[] literal; only the valid
 * ones when valid_only.  "{}" when none is left. */
static const char *fb_changelog_emails(fb_req_t *fr, int valid_only)
{
    json_object *v = json_object_object_get(fr->body, "emails");
    apr_size_t i, n = json_object_array_length(v);
    apr_array_header_t *emails = apr_array_make(fr->pool, (int)n,
                                                sizeof(const char *));

    for (i = 0; i < n; i++) {
        const char *email = fb_trim(fr->pool, json_object_get_string(
                                        json_object_array_get_idx(v, i)));

        if (!valid_only || fb_email_valid(email)) {
            APR_ARRAY_PUSH(emails, const char *) = email;
        }
    }
    return emails->nelts == 0 ? "{}" : fb_db_text_array(fr->pool, emails);
}

/* Fails the write with 429 and Retry-After when the organization's
 * imports are spent. */
static void fb_changelog_import_allowed(fb_write_t *w)
{
    fb_req_t *fr = w->fr;
    const char *wait;
    fb_rows_t rows;

    if (!fb_write_select(w, FB_CALL(changelog_s_import_wait,
                                    .imports = apr_itoa(fr->pool,
                                                        CHANGELOG_IMPORTS),
                                    .period = CHANGELOG_IMPORT_WINDOW),
                         &rows)) {
        return;
    }
    wait = fb_rows_get(&rows, 0, 0);
    if (strcmp(wait, "0") == 0) {
        return;
    }
    apr_table_setn(fr->r->err_headers_out, "Retry-After", wait);
    fb_write_fail(w, fb_error_make(fr->pool, FB_E_RATE_LIMITED, NULL,
                                   apr_psprintf(fr->pool, "At most %d "
                                                "subscriber imports a "
                                                "minute.",
                                                CHANGELOG_IMPORTS)));
}

/* POST /changelogs/subscribers: {"object":"changelog_subscribers_import",
 * "count":n}, compact as it has always been. */
static fb_error_t *fb_changelog_subscribe(fb_req_t *fr)
{
    fb_rows_t added;
    fb_jsonw_t json;
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_changelog_import_allowed(&w);
    fb_write_select(&w, FB_CALL(changelog_s_add,
                                .locale = fb_json_string(fr->body, "locale"),
                                .emails = fb_changelog_emails(fr, 1)),
                    &added);
    fb_jsonw_init(&json, fr->pool, 64);
    fb_jsonw_compact(&json);
    fb_jsonw_member_string(&json, "object", "changelog_subscribers_import");
    fb_jsonw_key(&json, "count");
    fb_jsonw_raw(&json, fb_rows_get(&added, 0, 0));
    fb_jsonw_end(&json);
    return fb_write_respond(&w, HTTP_OK, fb_jsonw_text(&json, NULL));
}

/* DELETE /changelogs/subscribers */
static fb_error_t *fb_changelog_unsubscribe(fb_req_t *fr)
{
    fb_rows_t removed = {.nrows = 0};
    fb_write_t w;
    fb_jsonw_t json;

    fb_write_begin(&w, fr);
    fb_write_select(&w, &fb_sql_changelog_s_remove,
                    FB_ARGS(fb_changelog_emails(fr, 0)), &removed);
    fb_jsonw_init(&json, fr->pool, 96);
    fb_jsonw_compact(&json);
    fb_jsonw_member_string(&json, "object", "changelog_subscribers_removal");
    fb_jsonw_key(&json, "count");
    fb_jsonw_raw(&json, fb_rows_get(&removed, 0, 0));
    fb_jsonw_end(&json);
    return fb_write_respond(&w, HTTP_OK, fb_jsonw_text(&json, NULL));
}

#define CHANGELOG_SUBSCRIBERS_OP(fn, rules, act) \
    {.handler = (fn), .flags = FB_OP_WRITE | FB_OP_BODY, \
     .min_version = FB_VERSION_CLOVER, \
     .permission = FB_PERM_MANAGE_CHANGELOGS, .body = (rules), \
     .audit = FB_AUDIT_TARGET(act, "changelog", "changelog_subscribers", \
                              FB_AUDIT_NONE, NULL)}

static const fb_op_t fb_changelog_subscribe_op =
    CHANGELOG_SUBSCRIBERS_OP(fb_changelog_subscribe,
                             fb_changelog_subscribe_rules,
                             "changelog.subscribers_added");
static const fb_op_t fb_changelog_unsubscribe_op =
    CHANGELOG_SUBSCRIBERS_OP(fb_changelog_unsubscribe,
                             fb_changelog_unsubscribe_rules,
                             "changelog.subscribers_removed");

static const fb_route_t fb_changelog_subscriber_routes[] = {
    {"POST", "/changelogs/subscribers", &fb_changelog_subscribe_op},
    {"DELETE", "/changelogs/subscribers", &fb_changelog_unsubscribe_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelog_subscribers_module = {
    .name = "changelog subscribers",
    .routes = fb_changelog_subscriber_routes,
    .statements = fb_changelog_subscriber_statements,
};
