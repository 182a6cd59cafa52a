/*
 * fb_job_publish: scheduled changelog publishes (changelog_publish.c
 * schedules them; changelog_publishing.h publishes).
 *
 * The claim leases one due locale (scheduled_at passed); the run then
 * publishes, in one transaction under the changelog's row lock, every
 * locale of that changelog that is due, each with the sendEmail its
 * schedule was given.  Publishing ends the schedules, so whichever worker
 * of any process or node comes second (a sibling locale claimed at the
 * same time, a lease that ran out) finds nothing due: each schedule
 * publishes once, and one publish records one changelog.published.
 */
#include "apr_strings.h"

#include "changelog_publishing.h"
#include "fb_dbd.h"
#include "fb_job.h"

/* The oldest due locale of any organization: the worker serves them
 * all. */
FB_SQL_GLOBAL(job_publish_claim, 1,
    "WITH due AS ("
    "  SELECT org_id, changelog_id, locale FROM changelog_locales "
    "  WHERE scheduled_at <= now() "
    "    AND coalesce(publish_lease, scheduled_at) <= now() "
    "  ORDER BY scheduled_at LIMIT 1 FOR UPDATE SKIP LOCKED) "
    "UPDATE changelog_locales l SET "
    "  publish_attempts = l.publish_attempts + 1, "
    "  publish_lease = clock_timestamp() + make_interval(secs => %d) "
    "FROM due WHERE l.org_id = due.org_id "
    "  AND l.changelog_id = due.changelog_id AND l.locale = due.locale "
    "RETURNING l.org_id, l.changelog_id, l.publish_attempts, "
    "  l.publish_lease::text, l.locale");

/* (org, job_finish: fb_job.h): done and skipped end the
 * claim, retry holds the locale back for the delay, failed drops its
 * schedule (logged, and kept in publish_error). */
FB_SQL_WITH(job_publish_finish, job_finish,
    "UPDATE changelog_locales l SET "
    "  publish_lease = CASE a.outcome WHEN 'retry' THEN "
    "    clock_timestamp() + a.delay_ms * interval '1 millisecond' END, "
    "  publish_attempts = CASE WHEN a.outcome IN ('retry', 'release') "
    "    THEN l.publish_attempts - (a.outcome = 'release')::integer "
    "    ELSE 0 END, "
    "  scheduled_at = CASE WHEN a.outcome = 'failed' THEN NULL "
    "    ELSE l.scheduled_at END, "
    "  publish_error = CASE WHEN a.outcome = 'failed' THEN a.error END "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::timestamptz AS lease, %s::text AS outcome, %s::text AS error, "
    "  %d AS delay_ms) a "
    "WHERE l.org_id = a.org_id AND l.changelog_id = a.id "
    "  AND l.publish_lease = a.lease");

FB_SQL(job_publish_lock, 1,
    "SELECT id FROM changelogs WHERE org_id = %s AND id = %s FOR UPDATE");

FB_SQL(job_publish_due, 1,
    "SELECT locale FROM changelog_locales "
    "WHERE org_id = %s AND changelog_id = %s AND scheduled_at <= now() "
    "ORDER BY locale");

const fb_statement_t *const fb_job_publish_statements[] = {
    &fb_sql_job_publish_claim, &fb_sql_job_publish_finish,
    &fb_sql_job_publish_lock, &fb_sql_job_publish_due, NULL
};

fb_job_run_fn fb_job_publish_run;

/* The publish itself, in the transaction begun on db. */
static fb_job_outcome_e fb_job_publish_due(fb_job_ctx_t *ctx, fb_db_t *db,
                                           const char **error)
{
    const char *org = fb_rows_get(ctx->item, 0, 0);
    const char *id = fb_rows_get(ctx->item, 0, 1);
    apr_array_header_t *locales;
    fb_rows_t rows;
    int i;

    if (fb_db_select(db, ctx->pool, &fb_sql_job_publish_lock, org,
                     FB_ARGS(id), &rows) != APR_SUCCESS
        || (rows.nrows == 1
            && fb_db_select(db, ctx->pool, &fb_sql_job_publish_due, org,
                            FB_ARGS(id), &rows) != APR_SUCCESS)) {
        *error = db->error;
        return FB_JOB_RETRY;
    }
    if (rows.nrows == 0) {
        *error = "nothing due: published, rescheduled or deleted meanwhile";
        return FB_JOB_SKIPPED;
    }
    locales = apr_array_make(ctx->pool, rows.nrows, sizeof(const char *));
    for (i = 0; i < rows.nrows; i++) {
        APR_ARRAY_PUSH(locales, const char *) = fb_rows_get(&rows, i, 0);
    }
    if (fb_changelog_publish_now(db, ctx->pool, ctx->settings, org, id,
                                 fb_db_text_array(ctx->pool, locales), -1)
        != APR_SUCCESS) {
        *error = db->error;
        return FB_JOB_RETRY;
    }
    return FB_JOB_DONE;
}

fb_job_outcome_e fb_job_publish_run(fb_job_ctx_t *ctx, const char **error)
{
    apr_status_t why;
    fb_db_t *db = fb_dbd_checkout(ctx->pool, ctx->s, &why);
    fb_job_outcome_e outcome;

    if (db == NULL) {
        *error = "no database connection";
        return FB_JOB_RETRY;
    }
    if (fb_db_begin(db, ctx->pool) != APR_SUCCESS) {
        *error = db->error;
        fb_dbd_checkin(db, ctx->pool);
        return FB_JOB_RETRY;
    }
    outcome = fb_job_publish_due(ctx, db, error);
    if (fb_db_end(db, ctx->pool, outcome == FB_JOB_DONE) != APR_SUCCESS
        && outcome == FB_JOB_DONE) {
        *error = apr_pstrcat(ctx->pool, "the publish did not commit: ",
                             db->error, NULL);
        outcome = FB_JOB_RETRY;
    }
    fb_dbd_checkin(db, ctx->pool);
    return outcome;
}
