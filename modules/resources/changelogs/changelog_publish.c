/*
 * changelog_publish: POST /changelogs/{id}/publish and /unpublish.
 *
 * Publishing a locale copies its draft to its live columns, with its
 * event and its subscriber emails (fb_changelog_publish_now, in the
 * domain: the worker publishes scheduled locales the same way).  A
 * schedule is a time on the locale's row that the worker (modules/jobs)
 * acts on, claiming due rows with SKIP LOCKED so that each schedule
 * publishes once however many processes or nodes run the worker.
 * Unpublishing empties the live columns (the draft, hence the content,
 * stays) and cancels the locales' schedules.
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "changelogs.h"
#include "fb_json.h"
#include "fb_time.h"
#include "fb_write.h"

FB_SQL(changelog_p_locales, 1,
    "SELECT locale FROM changelog_locales "
    "WHERE org_id = %s AND changelog_id = %s ORDER BY created_at, locale");

FB_SQL_NAMED(changelog_p_schedule, (id, locales, at, send_email),
    "UPDATE changelog_locales l SET scheduled_at = a.at, "
    "  scheduled_email = a.send_email, publish_lease = NULL, "
    "  publish_attempts = 0, publish_error = NULL, updated_at = now() "
    CHANGELOG_LOCALES_WHERE(", %s::timestamptz AS at, "
                            "%s::boolean AS send_email"));

FB_SQL_NAMED(changelog_p_unpublish, (id, locales),
    "UPDATE changelog_locales l SET live_title = NULL, "
    "  live_content = NULL, live_content_text = NULL, "
    "  live_markdown = NULL, published_at = NULL, scheduled_at = NULL, "
    "  scheduled_email = false, publish_error = NULL, updated_at = now() "
    CHANGELOG_LOCALES_WHERE(""));

static const fb_statement_t *const fb_changelog_publish_statements[] = {
    &fb_sql_changelog_p_locales, &fb_sql_changelog_p_schedule,
    &fb_sql_changelog_p_unpublish, NULL
};

static const fb_field_rule_t fb_changelog_publish_rules[] = {
    {.name = "sendEmail", .type = FB_FIELD_BOOL},
    {.name = "locales", .type = FB_FIELD_STRING_ARRAY, .max = 42,
     .item_max = 8},
    {.name = "scheduledDate", .type = FB_FIELD_TIME},
    {.name = NULL}
};

static const fb_field_rule_t fb_changelog_unpublish_rules[] = {
    {.name = "locales", .type = FB_FIELD_STRING_ARRAY, .max = 42,
     .item_max = 8},
    {.name = NULL}
};

/*
 * The locales the body names, as a text[] literal (NULL: all of them):
 * each must be a locale the changelog id has (400 invalid_parameter).
 */
static fb_error_t *fb_changelog_named_locales(fb_req_t *fr, const char *id,
                                              const char **out)
{
    json_object *v = json_object_object_get(fr->body, "locales");
    apr_array_header_t *named;
    apr_size_t i, n = v != NULL ? json_object_array_length(v) : 0;
    fb_rows_t rows;
    fb_error_t *err;

    *out = NULL;
    if (n == 0) {
        return NULL;
    }
    if ((err = fb_req_select(fr, &fb_sql_changelog_p_locales, FB_ARGS(id),
                             &rows)) != NULL) {
        return err;
    }
    named = apr_array_make(fr->pool, (int)n, sizeof(const char *));
    for (i = 0; i < n; i++) {
        const char *locale = json_object_get_string(
            json_object_array_get_idx(v, i));
        int row;

        for (row = 0; row < rows.nrows
                      && strcmp(fb_rows_get(&rows, row, 0), locale) != 0;
             row++) {
        }
        if (row == rows.nrows) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "locales",
                                 apr_psprintf(fr->pool, "The changelog has "
                                              "no content in locale "
                                              "'%s'.", locale));
        }
        APR_ARRAY_PUSH(named, const char *) = locale;
    }
    *out = fb_db_text_array(fr->pool, named);
    return NULL;
}

/* What a publish or an unpublish acts on. */
typedef struct {
    const char *id;
    const char *locales;        /* a text[] literal; NULL: all */
    int send_email;
} fb_changelog_target_t;

/* The changelog of the path, locked, and the locales the body names. */
static fb_error_t *fb_changelog_target(fb_req_t *fr, void *ctx)
{
    fb_changelog_target_t *t = ctx;
    fb_error_t *err = fb_changelog_find(fr, 1, &t->id, NULL);

    return err != NULL ? err
        : fb_changelog_named_locales(fr, t->id, &t->locales);
}

/* Publishes the target now, as the worker does a schedule. */
static fb_error_t *fb_changelog_publish_target(fb_req_t *fr, void *ctx)
{
    const fb_changelog_target_t *t = ctx;

    return fb_changelog_publish_now(fr->db, fr->pool, &fr->conf->settings,
                                    fr->principal.org_id, t->id, t->locales,
                                    t->send_email) == APR_SUCCESS
           ? NULL : fb_req_db_failed(fr);
}

/* 400 invalid_parameter unless when is a time to come. */
static fb_error_t *fb_changelog_future(fb_req_t *fr, const char *when)
{
    apr_time_t t;

    if (fb_time_parse(when, &t) != APR_SUCCESS || t <= apr_time_now()) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "scheduledDate",
                             "The scheduled date must be in the future.");
    }
    return NULL;
}

/* POST /changelogs/{id}/publish: now, or at scheduledDate. */
static fb_error_t *fb_changelog_publish(fb_req_t *fr)
{
    const char *when = fb_body_time(fr, "scheduledDate");
    fb_changelog_target_t t = {NULL, NULL, 0};
    fb_write_t w;

    t.send_email = fb_json_bool(fr->body, "sendEmail", 0);
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_changelog_target, &t);
    if (when == NULL) {
        fb_write_step(&w, fb_changelog_publish_target, &t);
    }
    else {
        fb_write_fail(&w, fb_changelog_future(fr, when));
        fb_write_exec(&w, FB_CALL(changelog_p_schedule, .id = t.id,
                                  .locales = t.locales, .at = when,
                                  .send_email = fb_bool_text(t.send_email)));
    }
    return fb_write_respond(&w, HTTP_OK,
                            when == NULL
                            ? "{\"success\":true,\"state\":\"published\"}"
                            : "{\"success\":true,\"state\":\"scheduled\"}");
}

/* POST /changelogs/{id}/unpublish */
static fb_error_t *fb_changelog_unpublish(fb_req_t *fr)
{
    fb_changelog_target_t t = {NULL, NULL, 0};
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_changelog_target, &t);
    fb_write_exec(&w, FB_CALL(changelog_p_unpublish, .id = t.id,
                              .locales = t.locales));
    return fb_write_respond(&w, HTTP_OK,
                            "{\"success\":true,\"state\":\"unpublished\"}");
}

#define CHANGELOG_PUBLISH_OP(fn, rules, act) \
    {.handler = (fn), .flags = FB_OP_WRITE | FB_OP_BODY, \
     .min_version = FB_VERSION_CLOVER, \
     .permission = FB_PERM_MANAGE_CHANGELOGS, .body = (rules), \
     .audit = FB_AUDIT_OF(act, "changelog", "changelog"), \
     .path = fb_changelog_path}

static const fb_op_t fb_changelog_publish_op =
    CHANGELOG_PUBLISH_OP(fb_changelog_publish, fb_changelog_publish_rules,
                         "changelog.published");
static const fb_op_t fb_changelog_unpublish_op =
    CHANGELOG_PUBLISH_OP(fb_changelog_unpublish,
                         fb_changelog_unpublish_rules,
                         "changelog.unpublished");

static const fb_route_t fb_changelog_publish_routes[] = {
    {"POST", "/changelogs/{id}/publish", &fb_changelog_publish_op},
    {"POST", "/changelogs/{id}/unpublish", &fb_changelog_unpublish_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelog_publish_module = {
    .name = "changelog publishing",
    .routes = fb_changelog_publish_routes,
    .statements = fb_changelog_publish_statements,
};
