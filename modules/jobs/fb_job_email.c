/*
 * fb_job_email: delivers the rows of email_outbox over SMTP.
 *
 * States: pending -> sent | skipped (no FeedbackSMTPServer, or the
 * recipient opted out of the row's preference category since it was
 * queued) | failed (the server refused the message for good, the row
 * cannot be made into a message, or the attempts ran out).  A pending row
 * is due when its lease_until (the claim's lease, or after a failure the
 * time of the retry) has passed, or at once when it has none.
 *
 * Delivery is at least once: a process killed after the server accepted
 * a message but before the row was marked sent leaves the row to be sent
 * again after its lease.  The Message-ID is the same on every attempt, so
 * a receiving system can recognise such a duplicate.
 */
#include <string.h>

#include "httpd.h"
#include "http_log.h"
#include "apr_strings.h"

#include <json.h>

#include "fb_job.h"
#include "fb_json.h"
#include "fb_log.h"
#include "fb_mail.h"
#include "fb_smtp.h"
#include "file_store.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

/* How long the image links of an email stay valid (API responses sign
 * them for an hour; an email is read days later). */
#define FB_EMAIL_FILE_TTL apr_time_from_sec(90 * 24 * 3600)

/* Oldest due first, of any organization (the worker serves them all);
 * the index email_outbox_due holds exactly the pending rows in this
 * order (sql/009). */
FB_SQL_GLOBAL(job_email_claim, 1,
    "WITH due AS ("
    "  SELECT org_id, id FROM email_outbox "
    "  WHERE state = 'pending' "
    "    AND coalesce(lease_until, created_at) <= now() "
    "  ORDER BY coalesce(lease_until, created_at) "
    "  LIMIT 1 FOR UPDATE SKIP LOCKED) "
    "UPDATE email_outbox o SET attempts = o.attempts + 1, "
    "  lease_until = clock_timestamp() + make_interval(secs => %d) "
    "FROM due WHERE o.org_id = due.org_id AND o.id = due.id "
    "RETURNING o.org_id, o.id, o.attempts, o.lease_until::text, "
    "  o.recipient, o.subject, o.body_text, o.body_html, o.headers::text, "
    "  o.preference, "
    "  fb_email_recipient_allowed(o.org_id, o.recipient, o.preference)");

FB_SQL_WITH(job_email_finish, job_finish,
    "UPDATE email_outbox o SET "
    "  state = CASE a.outcome WHEN 'done' THEN 'sent' "
    "    WHEN 'skipped' THEN 'skipped' WHEN 'failed' THEN 'failed' "
    "    ELSE 'pending' END, "
    "  attempts = o.attempts - (a.outcome = 'release')::integer, "
    "  lease_until = CASE a.outcome WHEN 'retry' THEN "
    "    clock_timestamp() + a.delay_ms * interval '1 millisecond' END, "
    "  sent_at = CASE WHEN a.outcome = 'done' THEN now() END, "
    "  last_error = coalesce(a.error, o.last_error) "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::timestamptz AS lease, %s::text AS outcome, %s::text AS error, "
    "  %d AS delay_ms) a "
    "WHERE o.org_id = a.org_id AND o.id = a.id AND o.lease_until = a.lease "
    "  AND o.state = 'pending'");

const fb_statement_t *const fb_job_email_statements[] = {
    &fb_sql_job_email_claim, &fb_sql_job_email_finish, NULL
};

/* The job's own columns in a claimed row. */
enum {
    FB_EMAIL_RECIPIENT, FB_EMAIL_SUBJECT, FB_EMAIL_TEXT, FB_EMAIL_HTML,
    FB_EMAIL_HEADERS, FB_EMAIL_PREFERENCE, FB_EMAIL_ALLOWED
};

/* The row's extra header fields (a JSON object of strings), or NULL. */
static apr_array_header_t *fb_email_headers(fb_job_ctx_t *ctx,
                                            const char *json,
                                            const char **error)
{
    apr_array_header_t *out = apr_array_make(ctx->pool, 4,
                                             sizeof(fb_mail_header_t));
    json_object *obj;

    if (json == NULL) {
        return out;
    }
    obj = fb_json_owned(ctx->pool, json_tokener_parse(json));
    if (!json_object_is_type(obj, json_type_object)) {
        *error = "headers is not a JSON object";
        return NULL;
    }
    json_object_object_foreach(obj, name, value) {
        fb_mail_header_t *h = apr_array_push(out);

        if (!json_object_is_type(value, json_type_string)) {
            *error = apr_psprintf(ctx->pool, "header %s is not a string",
                                  name);
            return NULL;
        }
        h->name = apr_pstrdup(ctx->pool, name);
        h->value = apr_pstrdup(ctx->pool, json_object_get_string(value));
    }
    return out;
}

/* The thread's SMTP session, made on first use. */
static fb_smtp_t *fb_email_session(fb_job_ctx_t *ctx)
{
    if (*ctx->state == NULL) {
        fb_smtp_conf_t sc = {
            .url = ctx->conf->smtp_url,
            .user = ctx->conf->smtp_user,
            .password = ctx->conf->smtp_password,
            .timeout_ms = ctx->timeout_ms,
            .abandon = fb_job_stopping,
            .baton = (void *)ctx->stopping
        };

        *ctx->state = fb_smtp_create(ctx->thread_pool, &sc);
    }
    return *ctx->state;
}

fb_job_outcome_e fb_job_email_run(fb_job_ctx_t *ctx, const char **error);

fb_job_outcome_e fb_job_email_run(fb_job_ctx_t *ctx, const char **error)
{
    fb_mail_t mail = {0};
    const char *message, *allowed;
    fb_smtp_t *smtp;

    /* The recipient may have opted out since the row was queued. */
    allowed = fb_job_col(ctx, FB_EMAIL_ALLOWED);
    if (allowed == NULL || strcmp(allowed, "t") != 0) {
        *error = apr_pstrcat(ctx->pool, "the recipient has opted out of ",
                             fb_job_col(ctx, FB_EMAIL_PREFERENCE),
                             " emails", NULL);
        return FB_JOB_SKIPPED;
    }
    if (ctx->conf->smtp_url == NULL) {
        *error = "no FeedbackSMTPServer is configured";
        return FB_JOB_SKIPPED;
    }
    mail.from = ctx->conf->mail_from;
    mail.to = fb_job_col(ctx, FB_EMAIL_RECIPIENT);
    mail.subject = fb_job_col(ctx, FB_EMAIL_SUBJECT);
    mail.text = fb_job_col(ctx, FB_EMAIL_TEXT);
    /* Images of stored content are markers (file_store.h): signed here,
     * for as long as an email is likely to be read. */
    mail.html = fb_file_links(ctx->pool, ctx->settings,
                              fb_job_col(ctx, FB_EMAIL_HTML),
                              apr_time_now() + FB_EMAIL_FILE_TTL);
    /* The same on every attempt: receivers can spot a duplicate. */
    mail.message_id = apr_pstrcat(ctx->pool, fb_rows_get(ctx->item, 0, 1),
                                  ".", fb_rows_get(ctx->item, 0, 0), NULL);
    mail.date = apr_time_now();
    if ((mail.headers = fb_email_headers(
             ctx, fb_job_col(ctx, FB_EMAIL_HEADERS), error)) == NULL
        || (message = fb_mail_build(ctx->pool, &mail, error)) == NULL) {
        return FB_JOB_FAILED;
    }
    if ((smtp = fb_email_session(ctx)) == NULL) {
        *error = "libcurl could not make a handle";
        return FB_JOB_RETRY;
    }
    switch (fb_smtp_send(smtp, ctx->pool, mail.from, mail.to, message,
                         error)) {
    case FB_SMTP_SENT:
        return FB_JOB_DONE;
    case FB_SMTP_PERMANENT:
        return FB_JOB_FAILED;
    case FB_SMTP_ABANDONED:
        return FB_JOB_RELEASE;
    default:
        return FB_JOB_RETRY;
    }
}
