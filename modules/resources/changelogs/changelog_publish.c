/*
 * changelog_publish: POST /changelogs/{id}/publish and /unpublish, and
 * the publish itself, which the worker runs for scheduled publishes.
 *
 * Publishing a locale copies its draft to its live columns; a schedule
 * is a time on the locale's row that the worker (modules/jobs) acts on,
 * claiming due rows with SKIP LOCKED so that each schedule publishes
 * once however many processes or nodes run the worker.  Unpublishing
 * empties the live columns (the draft, hence the content, stays) and
 * cancels the locales' schedules.
 *
 * A publish with sendEmail queues, for each of its locales whose email
 * never went out, one email per recipient (fb_changelog_recipients()) in
 * the email outbox, in the publish's own transaction; email_sent is set
 * in the same statement that picks the locale, so a locale mails its
 * subscribers once, ever.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "body_fields.h"
#include "bulk_mail.h"
#include "changelogs.h"
#include "fb_events.h"
#include "fb_json.h"
#include "fb_time.h"

/* The locales a request names, as a text[] literal: NULL, all of them. */
#define CHANGELOG_LOCALES_MATCH \
    "(%s::text[] IS NULL OR locale = ANY (%s::text[]))"

FB_SQL(changelog_p_locales, 1,
    "SELECT locale FROM changelog_locales "
    "WHERE org_id = %s AND changelog_id = %s ORDER BY created_at, locale");

/* (send email, or NULL for each locale's scheduled flag; org, id,
 *  locales x2) */
FB_SQL_GLOBAL(changelog_p_publish, 5,
    "UPDATE changelog_locales SET live_title = title, "
    "  live_content = content, live_content_text = content_text, "
    "  live_markdown = markdown, "
    "  published_at = COALESCE(published_at, now()), "
    "  send_email = COALESCE(%s::boolean, scheduled_email), "
    "  scheduled_at = NULL, scheduled_email = false, publish_error = NULL, "
    "  updated_at = now() "
    "WHERE org_id = %s AND changelog_id = %s AND "
    CHANGELOG_LOCALES_MATCH " RETURNING locale, send_email");

/* The locales whose one subscriber email is now due, marked sent, with
 * what the email says.  (portal, org, id, locales) */
FB_SQL(changelog_p_email_locales, 3,
    "UPDATE changelog_locales l SET email_sent = true "
    "WHERE l.org_id = %s AND l.changelog_id = %s "
    "AND l.locale = ANY (%s::text[]) AND NOT l.email_sent "
    "RETURNING l.locale, l.live_title, l.live_content, "
    "  l.live_content_text, "
    "  COALESCE((SELECT o.portal_url FROM organizations o "
    "            WHERE o.id = l.org_id), %s) "
    "  || '/' || l.locale || '/changelog/' || l.slug");

FB_SQL(changelog_p_recipients, 1,
    "SELECT fb_changelog_recipients(%s, %s)");

/* (time, send email, org, id, locales x2) */
FB_SQL_GLOBAL(changelog_p_schedule, 6,
    "UPDATE changelog_locales SET scheduled_at = %s::timestamptz, "
    "  scheduled_email = %s::boolean, publish_lease = NULL, "
    "  publish_attempts = 0, publish_error = NULL, updated_at = now() "
    "WHERE org_id = %s AND changelog_id = %s AND "
    CHANGELOG_LOCALES_MATCH);

/* (org, id, locales x2) */
FB_SQL(changelog_p_unpublish, 3,
    "UPDATE changelog_locales SET live_title = NULL, live_content = NULL, "
    "  live_content_text = NULL, live_markdown = NULL, "
    "  published_at = NULL, scheduled_at = NULL, scheduled_email = false, "
    "  publish_error = NULL, updated_at = now() "
    "WHERE org_id = %s AND changelog_id = %s AND "
    CHANGELOG_LOCALES_MATCH);

static const fb_statement_t *const fb_changelog_publish_statements[] = {
    &fb_sql_changelog_p_locales, &fb_sql_changelog_p_publish,
    &fb_sql_changelog_p_email_locales, &fb_sql_changelog_p_recipients,
    &fb_sql_changelog_p_schedule, &fb_sql_changelog_p_unpublish, NULL
};

/*
 * Queues the subscriber emails of one locale (a row of
 * changelog_p_email_locales): one per recipient, each with its own
 * unsubscribe link.
 */
static apr_status_t fb_changelog_email_locale(fb_db_t *db, apr_pool_t *p,
                                              const fb_server_conf_t *conf,
                                              const char *org,
                                              const char *id,
                                              const fb_rows_t *locales,
                                              int row)
{
    const char *locale = fb_rows_get(locales, row, 0);
    const char *title = fb_rows_get(locales, row, 1);
    const char *url = fb_rows_get(locales, row, 4);
    const char *args[2] = {org, locale};
    fb_bulk_mail_t m;
    fb_rows_t rows;
    apr_status_t rv;

    if ((rv = fb_db_select_label(db, p, "changelog_p_recipients", 2, args,
                           &rows)) != APR_SUCCESS) {
        return rv;
    }
    m.kind = "changelog";
    m.list = "changelog";
    m.subject = title;
    m.html = apr_pstrcat(p, "<h1>", apr_pescape_entity(p, title, 0),
                         "</h1>\n", fb_rows_get(locales, row, 2),
                         "\n<p><a href=\"", apr_pescape_entity(p, url, 0),
                         "\">Read it online</a></p>",
                         fb_bulk_footer_html(p, m.list), NULL);
    m.text = apr_pstrcat(p, title, "\n\n", fb_rows_get(locales, row, 3),
                         "\n\nRead it online: ", url,
                         fb_bulk_footer_text(p, m.list), NULL);
    m.dedupe = apr_pstrcat(p, "changelog/", id, "/", locale, "/", NULL);
    m.post_id = NULL;
    m.changelog_id = id;
    return fb_bulk_mail_queue(db, p, conf, org, &m, &rows);
}

apr_status_t fb_changelog_publish_now(fb_db_t *db, apr_pool_t *p,
                                      const fb_server_conf_t *conf,
                                      const char *org, const char *id,
                                      const char *locales, int send_email)
{
    const char *args[5] = {send_email < 0 ? NULL : fb_bool_text(send_email),
                           org, id, locales, locales};
    apr_array_header_t *mail;
    const char *json;
    fb_rows_t rows, due;
    apr_status_t rv;
    int i;

    rv = fb_db_select_label(db, p, "changelog_p_publish", 5, args, &rows);
    if (rv != APR_SUCCESS || rows.nrows == 0) {
        return rv;
    }
    rv = fb_changelog_render(db, p, org, id, NULL, 0,
                             fb_portal_default(p, conf, org), &json);
    if (rv == APR_SUCCESS) {
        rv = fb_event_record(db, p, org, "changelog.published", json, NULL);
    }
    mail = apr_array_make(p, rows.nrows, sizeof(const char *));
    for (i = 0; i < rows.nrows; i++) {
        if (strcmp(fb_rows_get(&rows, i, 1), "t") == 0) {
            APR_ARRAY_PUSH(mail, const char *) = fb_rows_get(&rows, i, 0);
        }
    }
    if (rv != APR_SUCCESS || mail->nelts == 0) {
        return rv;
    }
    args[0] = org;
    args[1] = id;
    args[2] = fb_db_text_array(p, mail);
    args[3] = fb_portal_default(p, conf, org);
    rv = fb_db_select_label(db, p, "changelog_p_email_locales", 4, args, &due);
    for (i = 0; rv == APR_SUCCESS && i < due.nrows; i++) {
        rv = fb_changelog_email_locale(db, p, conf, org, id, &due, i);
    }
    return rv;
}

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
    const char *args[2] = {fr->principal.org_id, id};
    apr_array_header_t *named;
    apr_size_t i, n = v != NULL ? json_object_array_length(v) : 0;
    fb_rows_t rows;
    fb_error_t *err;

    *out = NULL;
    if (n == 0) {
        return NULL;
    }
    if ((err = fb_req_select_label(fr, "changelog_p_locales", 2, args, &rows))
        != NULL) {
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

/* The publish of a request, after the checks, in its transaction. */
static fb_error_t *fb_changelog_publish_locales(fb_req_t *fr,
                                                const char *id,
                                                const char *locales,
                                                const char **state)
{
    const char *when = fb_body_time(fr, "scheduledDate");
    int send = fb_json_bool(fr->body, "sendEmail", 0);
    apr_time_t t;

    if (when == NULL) {
        *state = "published";
        return fb_changelog_publish_now(fr->db, fr->pool, fr->conf,
                                        fr->principal.org_id, id, locales,
                                        send) == APR_SUCCESS
               ? NULL : fb_req_db_failed(fr);
    }
    if (fb_time_parse(when, &t) != APR_SUCCESS
        || t <= apr_time_now()) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "scheduledDate",
                             "The scheduled date must be in the future.");
    }
    *state = "scheduled";
    {
        const char *args[6] = {when, fb_bool_text(send),
                               fr->principal.org_id, id, locales, locales};

        fb_db_exec_label(fr->db, fr->pool, "changelog_p_schedule", 6, args, NULL);
    }
    return NULL;
}

/* POST /changelogs/{id}/publish and /unpublish */
static fb_error_t *fb_changelog_publish(fb_req_t *fr)
{
    int publish = fr->op->body == fb_changelog_publish_rules;
    const char *id = NULL, *locales = NULL, *state = "unpublished";
    fb_error_t *err;

    if ((err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    if ((err = fb_changelog_find(fr, 1, &id, NULL)) == NULL
        && (err = fb_changelog_named_locales(fr, id, &locales)) == NULL) {
        if (publish) {
            err = fb_changelog_publish_locales(fr, id, locales, &state);
        }
        else {
            const char *args[4] = {fr->principal.org_id, id, locales,
                                   locales};

            fb_db_exec_label(fr->db, fr->pool, "changelog_p_unpublish", 4, args,
                       NULL);
        }
    }
    if ((err = fb_req_end(fr, err)) != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_OK, apr_pstrcat(fr->pool, "{\"success\":true,"
                                        "\"state\":\"", state, "\"}",
                                        NULL));
    return NULL;
}

#define CHANGELOG_PUBLISH_OP(rules) \
    {fb_changelog_publish, FB_OP_WRITE | FB_OP_BODY, FB_VERSION_CLOVER, \
     FB_PERM_MANAGE_CHANGELOGS, NULL, (rules), NULL}

static const fb_op_t fb_changelog_publish_op =
    CHANGELOG_PUBLISH_OP(fb_changelog_publish_rules);
static const fb_op_t fb_changelog_unpublish_op =
    CHANGELOG_PUBLISH_OP(fb_changelog_unpublish_rules);

static const fb_route_t fb_changelog_publish_routes[] = {
    {"POST", "/changelogs/{id}/publish", &fb_changelog_publish_op},
    {"POST", "/changelogs/{id}/unpublish", &fb_changelog_unpublish_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelog_publish_module = {
    "changelog publishing", fb_changelog_publish_routes,
    fb_changelog_publish_statements
};
