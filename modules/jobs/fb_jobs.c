/*
 * fb_jobs: the job table and the sweep table.  A new job adds one row
 * here and one file (statements and a run function; fb_job_email.c is the
 * model); a sweep adds one row here and its statement to its job's.
 */
#include "fb_job.h"
#include "file_store.h"

extern const fb_statement_t fb_sql_job_email_claim, fb_sql_job_email_finish;
fb_job_run_fn fb_job_email_run;
extern const fb_statement_t fb_sql_job_publish_claim,
    fb_sql_job_publish_finish;
fb_job_run_fn fb_job_publish_run;
extern const fb_statement_t fb_sql_job_snooze_claim,
    fb_sql_job_snooze_finish;
fb_job_run_fn fb_job_snooze_run;
extern const fb_statement_t fb_sql_job_webhook_claim,
    fb_sql_job_webhook_finish;
fb_job_run_fn fb_job_webhook_run;
fb_job_finished_fn fb_job_webhook_finished;
int fb_job_webhook_claim_arg(const fb_server_conf_t *conf);
/* Deliveries of one webhook per claim: fewer statements and commits per
 * delivery (bench/README.md "Webhook deliveries"). */
#define FB_WEBHOOK_BATCH 32
extern const fb_statement_t fb_sql_sweep_webhook_answers,
    fb_sql_sweep_idempotency_keys, fb_sql_sweep_audit_logs,
    fb_sql_sweep_report_rollups;

/* FeedbackAuditRetention, the audit log sweep's setting. */
static int fb_jobs_audit_retention(const fb_server_conf_t *conf)
{
    return conf->audit_retention_days;
}

const fb_job_t fb_jobs[] = {
    {.name = "email", .claim = &fb_sql_job_email_claim,
     .finish = &fb_sql_job_email_finish, .run = fb_job_email_run},
    {.name = "changelog publish", .claim = &fb_sql_job_publish_claim,
     .finish = &fb_sql_job_publish_finish, .run = fb_job_publish_run},
    {.name = "conversation snooze", .claim = &fb_sql_job_snooze_claim,
     .finish = &fb_sql_job_snooze_finish, .run = fb_job_snooze_run},
    {.name = "webhook", .claim = &fb_sql_job_webhook_claim,
     .finish = &fb_sql_job_webhook_finish, .run = fb_job_webhook_run,
     .with_result = 1, .claim_arg = fb_job_webhook_claim_arg,
     .batch = FB_WEBHOOK_BATCH, .finished = fb_job_webhook_finished},
    {.name = NULL}
};

const fb_sweep_t fb_sweeps[] = {
    /* Receivers' answers are kept 7 days (decisions.md "Webhooks"). */
    {.name = "webhook answers", .statement = &fb_sql_sweep_webhook_answers,
     .period = 3600, .batch = 1000},
    /* Images whose write failed (sql/014; file_store.h).  A file may be
     * 40 chunks, so the batches are small. */
    {.name = "unattached files",
     .statement = &fb_sql_sweep_files_unattached, .period = 600,
     .batch = 50},
    /* Idempotency keys live 24 hours (modules/http/fb_idempotency.c). */
    {.name = "idempotency keys",
     .statement = &fb_sql_sweep_idempotency_keys, .period = 600,
     .batch = 1000},
    /* Audit log entries live FeedbackAuditRetention days (sql/034). */
    {.name = "audit logs", .statement = &fb_sql_sweep_audit_logs,
     .period = 3600, .batch = 1000, .setting = fb_jobs_audit_retention},
    /* The reports' rollups: delta rows of closed hours folded (sql/041,
     * fb_sweep_rollups.c). */
    {.name = "report rollups",
     .statement = &fb_sql_sweep_report_rollups, .period = 300,
     .batch = 5000},
    {.name = NULL}
};

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
    return fb_rows_get(ctx->item, ctx->row, FB_JOB_COL + i);
}
