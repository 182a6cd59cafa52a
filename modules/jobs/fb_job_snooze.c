/*
 * fb_job_snooze: snoozed conversations wake to open at snoozedUntil
 * (conversation.h does the waking, as a PATCH moves a state).
 *
 * The claim leases one due conversation of any organization; the run
 * wakes it in one transaction under its row lock, only while it is still
 * snoozed and due.  A second worker of any process or node (a lease that
 * ran out, a PATCH that reopened or snoozed again meanwhile) finds
 * nothing to do: each snooze wakes once, with one status part and one
 * conversation.admin.unsnoozed event.
 */
#include "conversation.h"
#include "fb_dbd.h"
#include "fb_job.h"

/* The longest-due snoozed conversation of any organization: the worker
 * serves them all. */
FB_SQL_GLOBAL(job_snooze_claim, 1,
    "WITH due AS ("
    "  SELECT org_id, id FROM conversations "
    "  WHERE state = 'snoozed' AND snoozed_until <= now() "
    "    AND coalesce(wake_lease, snoozed_until) <= now() "
    "  ORDER BY snoozed_until LIMIT 1 FOR UPDATE SKIP LOCKED) "
    "UPDATE conversations c SET wake_attempts = c.wake_attempts + 1, "
    "  wake_lease = clock_timestamp() + make_interval(secs => %d) "
    "FROM due WHERE c.org_id = due.org_id AND c.id = due.id "
    "RETURNING c.org_id, c.id, c.wake_attempts, c.wake_lease::text");

/* (org, job_finish: fb_job.h): retry holds the conversation
 * back for the delay; failed for good leaves it snoozed, out of the
 * worker's way until a PATCH snoozes or opens it. */
FB_SQL_WITH(job_snooze_finish, job_finish,
    "UPDATE conversations c SET "
    "  wake_lease = CASE a.outcome "
    "    WHEN 'retry' THEN clock_timestamp() "
    "      + a.delay_ms * interval '1 millisecond' "
    "    WHEN 'failed' THEN 'infinity' END, "
    "  wake_attempts = CASE WHEN a.outcome IN ('retry', 'release') "
    "    THEN c.wake_attempts - (a.outcome = 'release')::integer "
    "    ELSE 0 END "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::timestamptz AS lease, %s::text AS outcome, %s::text AS error, "
    "  %d AS delay_ms) a "
    "WHERE c.org_id = a.org_id AND c.id = a.id AND c.wake_lease = a.lease");

const fb_statement_t *const fb_job_snooze_statements[] = {
    &fb_sql_job_snooze_claim, &fb_sql_job_snooze_finish, NULL
};

fb_job_run_fn fb_job_snooze_run;

fb_job_outcome_e fb_job_snooze_run(fb_job_ctx_t *ctx, const char **error)
{
    apr_status_t why;
    fb_db_t *db = fb_dbd_checkout(ctx->pool, ctx->s, &why);
    int woke = 0;

    if (db == NULL) {
        *error = "no database connection";
        return FB_JOB_RETRY;
    }
    if (fb_conversation_wake(db, ctx->pool, fb_rows_get(ctx->item, 0, 0),
                             fb_rows_get(ctx->item, 0, 1), &woke)
        != APR_SUCCESS) {
        *error = db->error != NULL ? db->error : "the wake did not commit";
        fb_dbd_checkin(db, ctx->pool);
        return FB_JOB_RETRY;
    }
    fb_dbd_checkin(db, ctx->pool);
    if (!woke) {
        *error = "nothing due: opened or snoozed again meanwhile";
        return FB_JOB_SKIPPED;
    }
    return FB_JOB_DONE;
}
