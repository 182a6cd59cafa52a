/*
 * fb_worker_status: the jobs in server-status.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "httpd.h"
#include "http_protocol.h"
#include "apr_strings.h"
#include "mod_status.h"

#include "fb_dbd.h"
#include "fb_job.h"
#include "fb_stats.h"
#include "fb_worker_status.h"

/* Every job's queue, named as in the job table: items pending, and those
 * of them due now.  Across organizations: the queues are the node's (and
 * its peers') whole work.  Each count reads a partial index of pending
 * rows only. */
FB_SQL_GLOBAL(job_status_queues, 0,
    "SELECT 'email', count(*), "
    "  count(*) FILTER (WHERE coalesce(lease_until, created_at) <= now()) "
    "FROM email_outbox WHERE state = 'pending' "
    "UNION ALL "
    "SELECT 'changelog publish', count(*), "
    "  count(*) FILTER (WHERE coalesce(publish_lease, scheduled_at) "
    "    <= now()) "
    "FROM changelog_locales WHERE scheduled_at IS NOT NULL "
    "UNION ALL "
    "SELECT 'webhook', count(*), "
    "  count(*) FILTER (WHERE next_attempt_at <= now() "
    "    AND (lease_until IS NULL OR lease_until <= now())) "
    "FROM webhook_deliveries WHERE state = 'pending'");

const fb_statement_t *const fb_job_status_statements[] = {
    &fb_sql_job_status_queues, NULL
};

/* The outcomes' column names, in fb_job_outcome_e's order. */
static const char *const fb_status_outcomes[FB_STATS_OUTCOMES] = {
    "Done", "Skipped", "Retried", "Failed", "Released"
};

/* name in CamelCase for ?auto: "changelog publish" -> ChangelogPublish. */
static const char *fb_status_auto_name(apr_pool_t *p, const char *name)
{
    char *out = apr_palloc(p, strlen(name) + 1), *o = out;
    int up = 1;

    for (; *name != '\0'; name++) {
        if (!isalnum((unsigned char)*name)) {
            up = 1;
            continue;
        }
        *o++ = up ? (char)toupper((unsigned char)*name) : *name;
        up = 0;
    }
    *o = '\0';
    return out;
}

/* The queue counts of job from rows, or NULL when the database could not
 * be asked. */
static const char *fb_status_queue(const fb_rows_t *rows, const char *job,
                                   int col)
{
    int i;

    for (i = 0; rows != NULL && i < rows->nrows; i++) {
        if (strcmp(fb_rows_get(rows, i, 0), job) == 0) {
            return fb_rows_get(rows, i, col);
        }
    }
    return NULL;
}

static void fb_status_time(request_rec *r, apr_uint64_t t, int flags)
{
    char when[APR_RFC822_DATE_LEN];

    if (flags & AP_STATUS_SHORT) {
        ap_rprintf(r, "%" APR_TIME_T_FMT "\n", apr_time_sec((apr_time_t)t));
    }
    else if (t == 0) {
        ap_rputs("<td>never</td>", r);
    }
    else {
        apr_rfc822_date(when, (apr_time_t)t);
        ap_rprintf(r, "<td>%s</td>", when);
    }
}

static void fb_status_job(request_rec *r, int flags, int slot,
                          const fb_stats_job_t *js, const fb_rows_t *rows)
{
    const char *name = fb_jobs[slot].name;
    const char *an = fb_status_auto_name(r->pool, name);
    const char *pending = fb_status_queue(rows, name, 1);
    const char *due = fb_status_queue(rows, name, 2);
    int i;

    if (flags & AP_STATUS_SHORT) {
        if (pending != NULL) {
            ap_rprintf(r, "FBJob%sPending: %s\n"
                       "FBJob%sDue: %s\n", an, pending, an, due);
        }
        ap_rprintf(r, "FBJob%sRunning: %" APR_UINT64_T_FMT "\n", an,
                   js->running);
        for (i = 0; i < FB_STATS_OUTCOMES; i++) {
            ap_rprintf(r, "FBJob%s%s: %" APR_UINT64_T_FMT "\n", an,
                       fb_status_outcomes[i], js->outcomes[i]);
        }
        ap_rprintf(r, "FBJob%sLastRun: ", an);
        fb_status_time(r, js->last_run, flags);
        ap_rprintf(r, "FBJob%sLastItem: ", an);
        fb_status_time(r, js->last_item, flags);
        return;
    }
    ap_rprintf(r, "<tr><td>%s</td><td>%s</td><td>%s</td>"
               "<td>%" APR_UINT64_T_FMT "</td>", name,
               pending ? pending : "?", due ? due : "?", js->running);
    for (i = 0; i < FB_STATS_OUTCOMES; i++) {
        ap_rprintf(r, "<td>%" APR_UINT64_T_FMT "</td>", js->outcomes[i]);
    }
    fb_status_time(r, js->last_run, flags);
    fb_status_time(r, js->last_item, flags);
    ap_rputs("</tr>\n", r);
}

void fb_worker_status(request_rec *r, int flags)
{
    fb_stats_t *st = fb_stats();
    fb_rows_t rows, *queues = NULL;
    apr_status_t why;
    fb_db_t *db;
    int i;

    if (st == NULL) {
        return;
    }
    /* The queues are the database's; a status page never waits long for
     * them (the pool's acquire time-out) nor fails without them. */
    db = fb_dbd_checkout(r->pool, r->server, &why);
    if (db != NULL) {
        if (fb_db_select(db, r->pool, &fb_sql_job_status_queues, NULL,
                         FB_NO_ARGS, &rows) == APR_SUCCESS) {
            queues = &rows;
        }
        fb_dbd_checkin(db, r->pool);
    }
    if (!(flags & AP_STATUS_SHORT)) {
        ap_rputs("<table border=\"1\"><tr><th>Job</th>"
                 "<th>Pending (all nodes)</th><th>Due</th>"
                 "<th>Running here</th>", r);
        for (i = 0; i < FB_STATS_OUTCOMES; i++) {
            ap_rprintf(r, "<th>%s</th>", fb_status_outcomes[i]);
        }
        ap_rputs("<th>Last run</th><th>Last item</th></tr>\n", r);
    }
    for (i = 0; fb_jobs[i].name != NULL; i++) {
        fb_status_job(r, flags, i, &st->jobs[i], queues);
    }
    if (!(flags & AP_STATUS_SHORT)) {
        ap_rputs("</table>\n<table border=\"1\"><tr><th>Sweep</th>"
                 "<th>Last run</th></tr>\n", r);
    }
    for (i = 0; fb_sweeps[i].name != NULL; i++) {
        if (flags & AP_STATUS_SHORT) {
            ap_rprintf(r, "FBSweep%sLastRun: ",
                       fb_status_auto_name(r->pool, fb_sweeps[i].name));
        }
        else {
            ap_rprintf(r, "<tr><td>%s</td>", fb_sweeps[i].name);
        }
        fb_status_time(r, st->sweeps[i], flags);
        if (!(flags & AP_STATUS_SHORT)) {
            ap_rputs("</tr>\n", r);
        }
    }
    if (!(flags & AP_STATUS_SHORT)) {
        ap_rputs("</table>\n", r);
    }
}
