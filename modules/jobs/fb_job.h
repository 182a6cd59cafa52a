/*
 * fb_job: what a background job is, for the worker (fb_worker.c).
 *
 * A job is a kind of queued item kept in a table (emails in email_outbox,
 * later webhook deliveries, scheduled publications).  It is a row of the
 * job table in fb_jobs.c: a name, two prepared statements and one
 * function.  The worker does the rest: claiming, leases, retries with
 * backoff, the attempt limit, logging, shutting down.
 *
 * The claim statement takes the lease in seconds, by position when that
 * is all it takes; a job with a claim_arg or a batch (below) takes them
 * by name too, the set of its shape below (job_claim_setting,
 * job_claim_batch, job_claim_setting_batch: lease, setting, batch, each
 * an integer).  It claims at most one due item: it selects it FOR UPDATE
 * SKIP LOCKED (so concurrent workers in any process or node never take
 * the same item), counts the attempt and sets the item's lease, all in
 * one statement that commits before the job does anything slow.  It
 * returns the row
 *
 *     org_id, id, attempts (after counting this one), lease (text),
 *     then the job's own columns (FB_JOB_COL onwards)
 *
 * or no row when nothing is due.  An item whose worker died is due again
 * when its lease has passed.
 *
 * A job with a batch (fb_job_t.batch > 0) claims up to that many items
 * at once, in the order they are to be run: its claim takes the batch
 * (named batch) and returns one row per item, all of one
 * organization.  The worker runs them in that order and stops at the
 * first that does not go through (an outcome other than done or
 * skipped): the items after it are released, not run, so a batch holds
 * at most one failed attempt, its last run.  Fewer statements and commits
 * per item is the point (bench/README.md "Webhook deliveries").
 *
 * The finish statement records the outcome and takes, after the
 * organization, the set job_finish by name (FB_SQL_WITH(name,
 * job_finish, ...)),
 *
 *     id, lease, outcome, error (or NULL), delay_ms
 *
 * (with_result: the set job_finish_result, those and result, what the
 * run left in ctx->result), where outcome is one of the
 * fb_job_outcome_e names below.  A batch job's finish records the whole
 * batch at once and takes the organization and one JSON array of the
 * items in claim order,
 *
 *     [{"id", "lease", "outcome", "error" (or null), "delay_ms",
 *       "result" (with_result: the run's ctx->result as JSON, or null)}]
 *
 * and returns one row per item it recorded (the item's id first).  A
 * job whose finish needs C between its statements (fb_job_t.finished)
 * has it run in the finish's transaction.  It must only
 * touch the row while it still carries that lease (the lease text is the
 * claim's fencing token: if the item was claimed again meanwhile, the late
 * result changes nothing and the worker logs it).  "retry" keeps the item
 * pending and due again after the delay; "release" gives it back at once
 * without counting the attempt.
 *
 * A job's run function does the slow part for one item without holding a
 * database connection, and within ctx->timeout_ms: what is left of half
 * the lease, counted from just before the claim, so the work is over
 * before anyone else may claim the item.  A batch's later item whose work
 * may need more than that is given back instead (FB_JOB_RELEASE).  It
 * should poll *ctx->stopping during anything long and answer
 * FB_JOB_RELEASE when it is set, so that a stopping httpd never waits for
 * a slow peer.
 *
 * Queueing an item is the request handler's business, not the worker's:
 * the resource inserts the job's row with one of its own prepared
 * statements on the request's transaction (between fb_req_begin and
 * fb_req_end, as posts_update.c queues status emails into email_outbox),
 * so the write and the work it causes commit together or not at all.
 * The worker sees the row within FeedbackWorkerInterval of the commit.
 */
#ifndef FB_JOB_H
#define FB_JOB_H

#include "httpd.h"
#include "apr_atomic.h"

#include "fb_config.h"
#include "fb_db.h"
#include "settings.h"

/* The claim's arguments, a set per shape (fb_params.h): the lease in
 * seconds, and the job's setting (claim_arg) and batch when it has them;
 * the lease alone is passed by position. */
FB_PARAMS(job_claim_setting, (lease, setting));
FB_PARAMS(job_claim_batch, (lease, batch));
FB_PARAMS(job_claim_setting_batch, (lease, setting, batch));

/* The finish's arguments of one item (a batch's is one, the items'
 * JSON), without and with the run's result. */
FB_PARAMS(job_finish, (id, lease, outcome, error, delay_ms));
FB_PARAMS(job_finish_result,
          (id, lease, outcome, error, delay_ms, result));

/* The first of a job's own columns in a claimed row. */
#define FB_JOB_COL 4

typedef enum {
    FB_JOB_DONE,        /* "done": finished (an email was sent) */
    FB_JOB_SKIPPED,     /* "skipped": deliberately not done */
    FB_JOB_RETRY,       /* "retry": failed for now; may be tried again */
    FB_JOB_FAILED,      /* "failed": failed for good */
    FB_JOB_RELEASE      /* "release": not attempted; the worker is stopping */
} fb_job_outcome_e;

/* What the worker gives a job's run function. */
typedef struct {
    server_rec *s;                  /* the main server, for logging */
    const fb_server_conf_t *conf;   /* its configuration */
    const fb_settings_t *settings;  /* what the domain's operations need
                                     * of it */
    apr_pool_t *pool;               /* this item's pool */
    apr_pool_t *thread_pool;        /* lives as long as the worker thread */
    void **state;                   /* the job's per-thread state, or NULL */
    const fb_rows_t *item;          /* the claimed rows */
    int row;                        /* this item's row in them */
    long timeout_ms;                /* budget left for network exchanges */
    long budget_ms;                 /* the whole budget: half the lease */
    volatile apr_uint32_t *stopping;    /* non-zero: finish quickly */
    /* A job with its own retry schedule sets this (>= 0) with
     * FB_JOB_RETRY: the worker then waits that long and leaves the
     * attempt limit to the job.  -1: the worker's doubling delay. */
    apr_int64_t retry_delay_ms;
    /* With fb_job_t.with_result: text (in pool) for the finish
     * statement's seventh argument, or NULL. */
    const char *result;
} fb_job_ctx_t;

/*
 * Handles one claimed item; on anything but FB_JOB_DONE, *error (in
 * ctx->pool) says why, for the row's last_error and the log.
 */
typedef fb_job_outcome_e fb_job_run_fn(fb_job_ctx_t *ctx,
                                       const char **error);

/*
 * A job's C after its finish statement (fb_job_t.finished), on db in the
 * finish's transaction; recorded holds the finish's rows.  APR_SUCCESS,
 * or a failure with db->error set, which rolls the whole finish back.
 */
typedef apr_status_t fb_job_finished_fn(fb_db_t *db, apr_pool_t *p,
                                        const fb_server_conf_t *conf,
                                        const char *org,
                                        const fb_rows_t *recorded);

typedef struct {
    const char *name;                   /* in log lines */
    const fb_statement_t *claim;
    const fb_statement_t *finish;
    fb_job_run_fn *run;
    /* Non-zero: the finish statement takes a seventh argument, the
     * run's ctx->result (the webhook job records its attempt with it). */
    int with_result;
    /* A setting the claim needs besides the lease, as its second
     * argument (the webhook claim keeps to the failure threshold), or
     * NULL: the claim takes the lease only. */
    int (*claim_arg)(const fb_server_conf_t *conf);
    /* The most items one claim takes (see above), or 0: one, and the
     * claim takes no batch argument. */
    int batch;
    /* Or NULL.  Set: the finish statement runs in a transaction, and
     * this after it, in the same transaction, given the rows the finish
     * returned (one per item recorded, the item's id first, then what
     * the job wants of the rows it locked) and org; what fails in it
     * rolls the finish back too (the leases then run out and the items
     * are redone).  For a decision of C on rows the finish locked (the
     * webhook's suspension). */
    fb_job_finished_fn *finished;
} fb_job_t;

/* The job table (fb_jobs.c), ended by a row with a NULL name. */
extern const fb_job_t fb_jobs[];

/*
 * A sweep: housekeeping that is not a queue of items, such as dropping
 * old data.  Its statement (prepared like any other, with the statements
 * of the job or the resource it belongs to) takes one argument, the
 * batch, and changes at most that many rows per run.  The first worker
 * thread of every child runs it when the child starts and then every
 * period, again at once while runs change full batches.  Several children
 * or nodes may sweep together: the statement takes its rows FOR UPDATE
 * SKIP LOCKED and is idempotent, and a partial index makes a run with
 * nothing to do cost next to nothing.
 */
typedef struct {
    const char *name;                   /* in log lines */
    const fb_statement_t *statement;
    int period;                         /* seconds between runs */
    int batch;                          /* rows per statement, at most */
    /* Or NULL: the setting the statement takes after the batch (how
     * long what it sweeps is kept). */
    int (*setting)(const fb_server_conf_t *conf);
} fb_sweep_t;

/* The sweep table (fb_jobs.c), ended by a row with a NULL name. */
extern const fb_sweep_t fb_sweeps[];

/* The outcome's name, as the finish statement receives it. */
const char *fb_job_outcome_name(fb_job_outcome_e outcome);

/* The cell of the job's own column i (0: the first) in ctx's item. */
const char *fb_job_col(const fb_job_ctx_t *ctx, int i);

/* An abandon callback for libcurl exchanges (fb_smtp, fb_fetch): non-zero
 * once the worker is stopping.  Its baton is ctx->stopping. */
int fb_job_stopping(void *baton);

#endif
