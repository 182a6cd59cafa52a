/*
 * fb_jobs: the job table and the sweep table.  A new job adds one row
 * here and one file (statements and a run function; fb_job_email.c is the
 * model); a sweep adds one row here and its statement to its job's.
 */
#include "fb_job.h"

extern const fb_statement_t fb_job_email_statements[];
fb_job_run_fn fb_job_email_run;
extern const fb_statement_t fb_job_publish_statements[];
fb_job_run_fn fb_job_publish_run;
extern const fb_statement_t fb_job_webhook_statements[];
fb_job_run_fn fb_job_webhook_run;
int fb_job_webhook_claim_arg(const fb_server_conf_t *conf);

const fb_job_t fb_jobs[] = {
    {"email", fb_job_email_statements, "job_email_claim", "job_email_finish",
     fb_job_email_run, 0, NULL},
    {"changelog publish", fb_job_publish_statements, "job_publish_claim",
     "job_publish_finish", fb_job_publish_run, 0, NULL},
    {"webhook", fb_job_webhook_statements, "job_webhook_claim",
     "job_webhook_finish", fb_job_webhook_run, 1, fb_job_webhook_claim_arg},
    {NULL, NULL, NULL, NULL, NULL, 0, NULL}
};

const fb_sweep_t fb_sweeps[] = {
    /* Receivers' answers are kept 7 days (decisions.md "Webhooks"). */
    {"webhook answers", "sweep_webhook_answers", 3600, 1000},
    /* Images whose write failed (sql/014; files.c).  A file may be 40
     * chunks, so the batches are small. */
    {"unattached files", "sweep_files_unattached", 600, 50},
    /* Idempotency keys live 24 hours (modules/http/fb_idempotency.c). */
    {"idempotency keys", "sweep_idempotency_keys", 600, 1000},
    {NULL, NULL, 0, 0}
};

const fb_statement_t *const *fb_jobs_statements(apr_pool_t *p)
{
    apr_array_header_t *list = apr_array_make(p, 4, sizeof(void *));
    const fb_job_t *job;

    for (job = fb_jobs; job->name != NULL; job++) {
        APR_ARRAY_PUSH(list, const fb_statement_t *) = job->statements;
    }
    APR_ARRAY_PUSH(list, const fb_statement_t *) = NULL;
    return (const fb_statement_t *const *)list->elts;
}

const char *fb_job_outcome_name(fb_job_outcome_e outcome)
{
    static const char *const names[] = {
        [FB_JOB_DONE] = "done",
        [FB_JOB_SKIPPED] = "skipped",
        [FB_JOB_RETRY] = "retry",
        [FB_JOB_FAILED] = "failed",
        [FB_JOB_RELEASE] = "release"
    };

    return names[outcome];
}

int fb_job_stopping(void *baton)
{
    return apr_atomic_read32((volatile apr_uint32_t *)baton) != 0;
}

const char *fb_job_col(const fb_job_ctx_t *ctx, int i)
{
    return fb_rows_get(ctx->item, 0, FB_JOB_COL + i);
}
