/*
 * fb_worker: threads, the claim-run-finish step, retries, shutdown.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "httpd.h"
#include "http_log.h"
#include "apr_atomic.h"
#include "apr_strings.h"
#include "apr_thread_cond.h"
#include "apr_thread_mutex.h"
#include "apr_thread_proc.h"

#include "fb_config.h"
#include "fb_dbd.h"
#include "fb_job.h"
#include "fb_json.h"
#include "fb_log.h"
#include "fb_stats.h"
#include "fb_worker.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

/* A sweep runs at most this many full batches in one go. */
#define FB_SWEEP_RUNS 10
/* The longest wait between two attempts, however many there were. */
#define FB_WORKER_MAX_DELAY_MS APR_INT64_C(6 * 3600 * 1000)
/* Stored errors are cut to this many bytes. */
#define FB_WORKER_ERROR_MAX 500
/* A repeated failure (database down, a broken statement) is logged at
 * most once in this many seconds per thread. */
#define FB_WORKER_LOG_EVERY apr_time_from_sec(60)
/* While the database cannot be reached, the idle wait doubles up to this
 * (mod_dbd logs every failed connection; this bounds how often). */
#define FB_WORKER_MAX_IDLE apr_time_from_sec(30)

/* What one claim found. */
typedef enum {
    FB_CLAIM_NONE,          /* nothing due */
    FB_CLAIM_ITEM,          /* one item, now leased to this thread */
    FB_CLAIM_NO_DB          /* no connection: the database is unreachable */
} fb_claim_e;

typedef struct fb_worker_t fb_worker_t;

typedef struct {
    fb_worker_t *w;
    int index;
    apr_thread_t *thread;
    /* Only this thread allocates from it (it has its own allocator), so
     * no lock is needed; it holds the jobs' per-thread state. */
    apr_pool_t *pool;
    void **states;                  /* one slot per job */
    apr_time_t logged_at;           /* last repeated-failure line */
    int unreachable;                /* rounds in a row without a database */
    apr_time_t *sweep_due;          /* thread 0: when each sweep runs next */
} fb_worker_thread_t;

struct fb_worker_t {
    server_rec *s;
    const fb_server_conf_t *conf;
    apr_thread_mutex_t *lock;       /* with wake: the idle wait */
    apr_thread_cond_t *wake;
    volatile apr_uint32_t stopping;
    volatile apr_uint32_t db_down;  /* the outage has been logged */
    int nthreads;
    fb_worker_thread_t *threads;
};

apr_status_t fb_worker_post_config(server_rec *s)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    int njobs = 0, nsweeps = 0;

    while (fb_jobs[njobs].name != NULL) {
        njobs++;
    }
    while (fb_sweeps[nsweeps].name != NULL) {
        nsweeps++;
    }
    if (njobs > FB_STATS_JOBS || nsweeps > FB_STATS_SWEEPS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00451)
                     "%d jobs and %d sweeps: server-status counts at most "
                     "%d and %d (fb_stats.h)", njobs, nsweeps,
                     FB_STATS_JOBS, FB_STATS_SWEEPS);
        return APR_EGENERAL;
    }
    if (conf->worker && conf->smtp_url == NULL) {
        ap_log_error(APLOG_MARK, APLOG_NOTICE, 0, s, FBLOGNO(00210)
                     "FeedbackSMTPServer is not set: queued emails are "
                     "marked skipped, not sent");
    }
    return APR_SUCCESS;
}

/* Waits up to t, or until the worker is told to stop. */
static void fb_worker_idle(fb_worker_t *w, apr_interval_time_t t)
{
    apr_thread_mutex_lock(w->lock);
    if (!apr_atomic_read32(&w->stopping)) {
        apr_thread_cond_timedwait(w->wake, w->lock, t);
    }
    apr_thread_mutex_unlock(w->lock);
}

/* Whether a repeated failure may be logged now by thread t. */
static int fb_worker_may_log(fb_worker_thread_t *t)
{
    apr_time_t now = apr_time_now();

    if (t->logged_at != 0 && now - t->logged_at < FB_WORKER_LOG_EVERY) {
        return 0;
    }
    t->logged_at = now;
    return 1;
}

/* A connection, or NULL; the first failure of an outage is logged. */
static fb_db_t *fb_worker_db(fb_worker_t *w, apr_pool_t *p)
{
    apr_status_t why;
    fb_db_t *db = fb_dbd_checkout(p, w->s, &why);

    if (db == NULL && (why == APR_TIMEUP || why == FB_DBD_SCHEMA_NEWER)) {
        /* Busy, not down: the requests have them all; or refused, which
         * FB00452 said. */
        return NULL;
    }
    if (db == NULL && apr_atomic_cas32(&w->db_down, 1, 0) == 0) {
        ap_log_error(APLOG_MARK, APLOG_ERR, 0, w->s, FBLOGNO(00202)
                     "worker: the database cannot be reached; background "
                     "work waits until it can");
    }
    else if (db != NULL && apr_atomic_cas32(&w->db_down, 0, 1) == 1) {
        ap_log_error(APLOG_MARK, APLOG_NOTICE, 0, w->s, FBLOGNO(00203)
                     "worker: the database can be reached again");
    }
    return db;
}

/* The wait before attempt number attempts + 1: doubling, capped. */
static apr_int64_t fb_worker_delay_ms(const fb_server_conf_t *conf,
                                      int attempts)
{
    apr_int64_t delay = conf->worker_retry_ms;

    while (--attempts > 0 && delay < FB_WORKER_MAX_DELAY_MS) {
        delay *= 2;
    }
    return delay < FB_WORKER_MAX_DELAY_MS ? delay : FB_WORKER_MAX_DELAY_MS;
}

/* error as it may be stored and logged: printable ASCII, bounded. */
static const char *fb_worker_error_text(apr_pool_t *p, const char *error)
{
    char *copy, *c;

    if (error == NULL) {
        return NULL;
    }
    copy = apr_pstrndup(p, error, FB_WORKER_ERROR_MAX);
    for (c = copy; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) {
            *c = '?';
        }
    }
    return copy;
}

/* Claims the due items of job (one, or up to its batch), into *item. */
static fb_claim_e fb_worker_claim(fb_worker_thread_t *t, const fb_job_t *job,
                                  apr_pool_t *p, fb_rows_t *item)
{
    fb_worker_t *w = t->w;
    fb_db_t *db = fb_worker_db(w, p);
    const char *lease, *setting, *batch;
    apr_status_t rv;

    if (db == NULL) {
        return FB_CLAIM_NO_DB;
    }
    lease = apr_itoa(p, w->conf->worker_lease);
    setting = job->claim_arg != NULL
        ? apr_itoa(p, job->claim_arg(w->conf)) : NULL;
    batch = job->batch > 0 ? apr_itoa(p, job->batch) : NULL;
    /* The claim's arguments as fb_job.h lists them: the lease, and the
     * setting and the batch of a job that has them, by name. */
    rv = fb_db_select(
        db, p, job->claim, NULL,
        setting == NULL && batch == NULL ? FB_ARGS(lease)
        : batch == NULL ? FB_NAMED(job_claim_setting, .lease = lease,
                                   .setting = setting)
        : setting == NULL ? FB_NAMED(job_claim_batch, .lease = lease,
                                     .batch = batch)
        : FB_NAMED(job_claim_setting_batch, .lease = lease,
                   .setting = setting, .batch = batch),
        item);
    if (rv != APR_SUCCESS && fb_worker_may_log(t)) {
        ap_log_error(APLOG_MARK, APLOG_ERR, 0, w->s, FBLOGNO(00204)
                     "worker: job %s: claiming failed: %s", job->name,
                     db->error);
    }
    fb_dbd_checkin(db, p);
    return rv == APR_SUCCESS && item->nrows >= 1
           && (item->nrows == 1 || job->batch > 0) ? FB_CLAIM_ITEM
                                                   : FB_CLAIM_NONE;
}

/* What became of one claimed item, for its finish. */
typedef struct {
    fb_job_outcome_e outcome;
    const char *error;
    apr_int64_t delay;
    const char *result;
} fb_worker_done_t;

static void fb_worker_log_outcome(fb_worker_thread_t *t, const fb_job_t *job,
                                  const fb_rows_t *item, int row,
                                  const fb_worker_done_t *d)
{
    server_rec *s = t->w->s;
    const char *org = fb_rows_get(item, row, 0);
    const char *id = fb_rows_get(item, row, 1);
    const char *attempts = fb_rows_get(item, row, 2);

    if (d->outcome == FB_JOB_FAILED) {
        ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00206)
                     "worker: job %s: %s/%s failed after %s attempt(s): %s",
                     job->name, org, id, attempts, d->error);
    }
    else if (d->outcome == FB_JOB_RETRY) {
        ap_log_error(APLOG_MARK, APLOG_INFO, 0, s, FBLOGNO(00205)
                     "worker: job %s: %s/%s attempt %s failed, next in "
                     "%" APR_INT64_T_FMT " ms: %s", job->name, org, id,
                     attempts, d->delay, d->error);
    }
    else {
        ap_log_error(APLOG_MARK, APLOG_DEBUG, 0, s, FBLOGNO(00209)
                     "worker: job %s: %s/%s %s", job->name, org, id,
                     fb_job_outcome_name(d->outcome));
    }
}

/* A batch's finish argument: its items' outcomes as one JSON array
 * (fb_job.h), in claim order. */
static const char *fb_worker_batch_json(apr_pool_t *p,
                                        const fb_rows_t *item,
                                        const fb_worker_done_t *done)
{
    apr_array_header_t *parts;
    int i;

    parts = apr_array_make(p, item->nrows * 2 + 1, sizeof(const char *));
    for (i = 0; i < item->nrows; i++) {
        APR_ARRAY_PUSH(parts, const char *) = apr_psprintf(
            p, "%s{\"id\":%s,\"lease\":%s,\"outcome\":\"%s\",\"error\":%s,"
            "\"delay_ms\":%" APR_INT64_T_FMT ",\"result\":%s}",
            i == 0 ? "[" : ",", fb_json_quote(p, fb_rows_get(item, i, 1)),
            fb_json_quote(p, fb_rows_get(item, i, 3)),
            fb_job_outcome_name(done[i].outcome),
            fb_json_quote(p, done[i].error), done[i].delay,
            done[i].result != NULL ? done[i].result : "null");
    }
    APR_ARRAY_PUSH(parts, const char *) = "]";
    return apr_array_pstrcat(p, parts, 0);
}

/* Runs job's finish with args: on its own, or, for a job with C after
 * it (fb_job_t.finished), in a transaction with that; *affected is the
 * items recorded. */
static apr_status_t fb_worker_finish_run(fb_worker_t *w, const fb_job_t *job,
                                         fb_db_t *db, apr_pool_t *p,
                                         const char *org, fb_args_t args,
                                         int *affected)
{
    fb_rows_t recorded;
    apr_status_t rv;

    if (job->finished == NULL) {
        return fb_db_exec(db, p, job->finish, org, args, affected);
    }
    if ((rv = fb_db_begin(db, p)) != APR_SUCCESS) {
        return rv;
    }
    rv = fb_db_select(db, p, job->finish, org, args, &recorded);
    if (rv == APR_SUCCESS) {
        *affected = recorded.nrows;
        rv = job->finished(db, p, w->conf, org, &recorded);
    }
    if (rv != APR_SUCCESS) {
        fb_db_end(db, p, 0);
        return rv;
    }
    return fb_db_end(db, p, 1);
}

/* Runs job's finish for row of item (its organization org): one item's
 * outcome, or the whole batch's when job has a batch, with the arguments
 * fb_job.h lists. */
static apr_status_t fb_worker_record(fb_worker_t *w, const fb_job_t *job,
                                     fb_db_t *db, apr_pool_t *p,
                                     const char *org, const fb_rows_t *item,
                                     int row, const fb_worker_done_t *done,
                                     int *affected)
{
    const char *id, *lease, *outcome, *error, *delay, *result;

    if (job->batch > 0) {
        const char *items = fb_worker_batch_json(p, item, done);

        return fb_worker_finish_run(w, job, db, p, org, FB_ARGS(items),
                                    affected);
    }
    id = fb_rows_get(item, row, 1);
    lease = fb_rows_get(item, row, 3);
    outcome = fb_job_outcome_name(done[row].outcome);
    error = done[row].error;
    delay = apr_psprintf(p, "%" APR_INT64_T_FMT, done[row].delay);
    result = done[row].result;
    return fb_worker_finish_run(
        w, job, db, p, org,
        job->with_result
            ? FB_NAMED(job_finish_result, .id = id, .lease = lease,
                       .outcome = outcome, .error = error, .delay_ms = delay,
                       .result = result)
            : FB_NAMED(job_finish, .id = id, .lease = lease,
                       .outcome = outcome, .error = error, .delay_ms = delay),
        affected);
}

/* Records the outcomes of the claimed items under their lease: each on
 * its own, or the batch at once. */
static void fb_worker_finish(fb_worker_thread_t *t, const fb_job_t *job,
                             apr_pool_t *p, const fb_rows_t *item,
                             const fb_worker_done_t *done)
{
    fb_worker_t *w = t->w;
    fb_db_t *db = fb_worker_db(w, p);
    int row, expected = job->batch > 0 ? item->nrows : 1;

    /* Without a connection the leases run out and the items are redone. */
    if (db == NULL) {
        return;
    }
    for (row = 0; row < item->nrows; row += expected) {
        const char *org = fb_rows_get(item, row, 0);
        int affected = 0;

        if (fb_worker_record(w, job, db, p, org, item, row, done, &affected)
            != APR_SUCCESS) {
            ap_log_error(APLOG_MARK, APLOG_ERR, 0, w->s, FBLOGNO(00214)
                         "worker: job %s: recording %s/%s failed: %s",
                         job->name, org, fb_rows_get(item, row, 1),
                         db->error);
        }
        else if (affected < expected) {
            ap_log_error(APLOG_MARK, APLOG_WARNING, 0, w->s, FBLOGNO(00207)
                         "worker: job %s: %d of %d item(s) from %s/%s on "
                         "could not be recorded: deleted meanwhile, or "
                         "claimed again after their lease had passed (if "
                         "this repeats, lengthen FeedbackWorkerLease)",
                         job->name, expected - affected, expected, org,
                         fb_rows_get(item, row, 1));
        }
    }
    fb_dbd_checkin(db, p);
}

/* Runs row of the claimed items, unless an earlier one of the batch did
 * not go through (stop) or the worker is stopping: then it is released. */
static void fb_worker_run(fb_worker_thread_t *t, const fb_job_t *job,
                          fb_job_ctx_t *ctx, int row, apr_time_t claimed,
                          int stop, fb_worker_done_t *d)
{
    fb_worker_t *w = t->w;

    ctx->row = row;
    ctx->result = NULL;
    ctx->retry_delay_ms = -1;
    ctx->timeout_ms = ctx->budget_ms
                      - (long)apr_time_as_msec(apr_time_now() - claimed);
    d->error = NULL;
    d->delay = 0;
    if (stop || apr_atomic_read32(&w->stopping) || ctx->timeout_ms <= 0) {
        d->outcome = FB_JOB_RELEASE;
        d->result = NULL;
        return;
    }
    d->outcome = job->run(ctx, &d->error);
    if (d->outcome == FB_JOB_RETRY && ctx->retry_delay_ms >= 0) {
        d->delay = ctx->retry_delay_ms;
    }
    else if (d->outcome == FB_JOB_RETRY) {
        int attempts = atoi(fb_rows_get(ctx->item, row, 2));

        if (attempts >= w->conf->worker_max_attempts) {
            d->outcome = FB_JOB_FAILED;
        }
        else {
            d->delay = fb_worker_delay_ms(w->conf, attempts);
        }
    }
    d->error = fb_worker_error_text(ctx->pool, d->error);
    d->result = ctx->result;
}

/* The due items of job (slot: its index), if there are any. */
static fb_claim_e fb_worker_step(fb_worker_thread_t *t, int slot,
                                 apr_pool_t *p)
{
    fb_worker_t *w = t->w;
    const fb_job_t *job = &fb_jobs[slot];
    fb_rows_t item;
    fb_claim_e claim;
    fb_worker_done_t *done;
    apr_time_t claimed;
    fb_stats_t *st = fb_stats();
    fb_job_ctx_t ctx = {
        .s = w->s, .conf = w->conf, .settings = &w->conf->settings,
        .pool = p, .thread_pool = t->pool,
        .state = &t->states[slot], .item = &item,
        .budget_ms = w->conf->worker_lease * 1000L / 2,
        .stopping = &w->stopping
    };
    int row, stop = 0;

    if (st != NULL) {
        apr_atomic_set64(&st->jobs[slot].last_run,
                         (apr_uint64_t)apr_time_now());
    }
    /* Before the claim: the lease starts there, or a little later. */
    claimed = apr_time_now();
    if ((claim = fb_worker_claim(t, job, p, &item)) != FB_CLAIM_ITEM) {
        return claim;
    }
    done = apr_pcalloc(p, sizeof(*done) * (apr_size_t)item.nrows);
    if (st != NULL) {
        apr_atomic_add64(&st->jobs[slot].running, (apr_uint64_t)item.nrows);
    }
    for (row = 0; row < item.nrows; row++) {
        fb_worker_run(t, job, &ctx, row, claimed, stop, &done[row]);
        stop |= done[row].outcome != FB_JOB_DONE
                && done[row].outcome != FB_JOB_SKIPPED;
        if (done[row].outcome == FB_JOB_RELEASE && done[row].error == NULL) {
            continue;       /* not run: nothing to log */
        }
        fb_worker_log_outcome(t, job, &item, row, &done[row]);
    }
    fb_worker_finish(t, job, p, &item, done);
    if (st != NULL) {
        for (row = 0; row < item.nrows; row++) {
            apr_atomic_dec64(&st->jobs[slot].running);
            apr_atomic_inc64(&st->jobs[slot].outcomes[done[row].outcome]);
        }
        apr_atomic_set64(&st->jobs[slot].last_item,
                         (apr_uint64_t)apr_time_now());
    }
    return FB_CLAIM_ITEM;
}

/* Runs sweep i: batches while they come back full (at most a few, so
 * that the jobs are not kept waiting), then waits for its period. */
static void fb_worker_sweep(fb_worker_thread_t *t, int i, apr_pool_t *p)
{
    const fb_sweep_t *sweep = &fb_sweeps[i];
    fb_worker_t *w = t->w;
    fb_db_t *db = fb_worker_db(w, p);
    const char *batch = apr_itoa(p, sweep->batch);
    const char *setting = sweep->setting != NULL
                          ? apr_itoa(p, sweep->setting(fb_config_get(w->s)))
                          : NULL;
    int affected = 0, total = 0, runs;

    if (db == NULL) {
        return;
    }
    for (runs = 0; runs < FB_SWEEP_RUNS && !apr_atomic_read32(&w->stopping);
         runs++) {
        if ((setting != NULL
             ? fb_db_exec(db, p, sweep->statement, NULL,
                          FB_NAMED(sweep_setting, .batch = batch,
                                   .setting = setting), &affected)
             : fb_db_exec(db, p, sweep->statement, NULL, FB_ARGS(batch),
                          &affected)) != APR_SUCCESS) {
            ap_log_error(APLOG_MARK, APLOG_ERR, 0, w->s, FBLOGNO(00212)
                         "worker: sweep %s failed: %s", sweep->name,
                         db->error);
            affected = 0;
            break;
        }
        total += affected;
        if (affected < sweep->batch) {
            break;
        }
    }
    fb_dbd_checkin(db, p);
    if (total > 0) {
        ap_log_error(APLOG_MARK, APLOG_INFO, 0, w->s, FBLOGNO(00213)
                     "worker: sweep %s: %d row(s)", sweep->name, total);
    }
    if (fb_stats() != NULL) {
        apr_atomic_set64(&fb_stats()->sweeps[i],
                         (apr_uint64_t)apr_time_now());
    }
    /* A full last batch leaves more: the next round goes on with it. */
    t->sweep_due[i] = apr_time_now()
        + (affected == sweep->batch ? 0 : apr_time_from_sec(sweep->period));
}

/* Thread 0 runs the sweeps that are due. */
static void fb_worker_sweeps(fb_worker_thread_t *t, apr_pool_t *p)
{
    int i;

    for (i = 0; t->sweep_due != NULL && fb_sweeps[i].name != NULL
                && !apr_atomic_read32(&t->w->stopping); i++) {
        if (apr_time_now() >= t->sweep_due[i]) {
            apr_pool_clear(p);
            fb_worker_sweep(t, i, p);
        }
    }
}

/* The wait after a round that found nothing: the interval, doubled for
 * each round in a row that could not reach the database, capped. */
static apr_interval_time_t fb_worker_idle_time(fb_worker_thread_t *t)
{
    apr_interval_time_t wait =
        apr_time_from_msec(t->w->conf->worker_interval_ms);
    int i;

    for (i = 0; i < t->unreachable && wait < FB_WORKER_MAX_IDLE; i++) {
        wait *= 2;
    }
    return wait < FB_WORKER_MAX_IDLE ? wait : FB_WORKER_MAX_IDLE;
}

static void *APR_THREAD_FUNC fb_worker_main(apr_thread_t *thread, void *data)
{
    fb_worker_thread_t *t = data;
    fb_worker_t *w = t->w;
    apr_pool_t *p;
    int slot;

    (void)thread;
    apr_pool_create(&p, t->pool);
    while (!apr_atomic_read32(&w->stopping)) {
        int found = 0, no_db = 0;

        /* One item of each job per round: no job starves the others. */
        for (slot = 0; fb_jobs[slot].name != NULL
                       && !apr_atomic_read32(&w->stopping); slot++) {
            fb_claim_e claim;

            apr_pool_clear(p);
            claim = fb_worker_step(t, slot, p);
            found |= claim == FB_CLAIM_ITEM;
            if (claim == FB_CLAIM_NO_DB) {
                /* The other jobs would not reach it either. */
                no_db = 1;
                break;
            }
        }
        t->unreachable = no_db ? t->unreachable + 1 : 0;
        if (!no_db) {
            fb_worker_sweeps(t, p);
        }
        if (!found) {
            fb_worker_idle(w, fb_worker_idle_time(t));
        }
    }
    apr_pool_destroy(p);
    /* A plain return, not apr_thread_exit: pthread_exit would abandon this
     * frame without its epilogue (AddressSanitizer then reports the
     * thread's own exit), and apr_thread_join needs nothing more. */
    return NULL;
}

/* Pre-cleanup of the child's pool: runs before its subpools go. */
static apr_status_t fb_worker_stop(void *data)
{
    fb_worker_t *w = data;
    apr_status_t rv;
    int i;

    apr_thread_mutex_lock(w->lock);
    apr_atomic_set32(&w->stopping, 1);
    apr_thread_cond_broadcast(w->wake);
    apr_thread_mutex_unlock(w->lock);
    for (i = 0; i < w->nthreads; i++) {
        if (w->threads[i].thread != NULL) {
            apr_thread_join(&rv, w->threads[i].thread);
        }
        /* The jobs' state (curl handles) goes before libcurl itself,
         * which fb_fetch_global_init ties to the configuration pool. */
        apr_pool_destroy(w->threads[i].pool);
    }
    ap_log_error(APLOG_MARK, APLOG_INFO, 0, w->s, FBLOGNO(00211)
                 "worker stopped");
    return APR_SUCCESS;
}

/* Makes thread i's pool and starts it, with every signal blocked: the
 * MPM's threads handle signals, never this one. */
static apr_status_t fb_worker_start(fb_worker_t *w, int i, apr_pool_t *p)
{
    fb_worker_thread_t *t = &w->threads[i];
    apr_allocator_t *allocator;
    sigset_t all, old;
    apr_status_t rv;
    int njobs = 0;

    while (fb_jobs[njobs].name != NULL) {
        njobs++;
    }
    t->w = w;
    t->index = i;
    if ((rv = apr_allocator_create(&allocator)) != APR_SUCCESS) {
        return rv;
    }
    if ((rv = apr_pool_create_ex(&t->pool, p, NULL, allocator))
        != APR_SUCCESS) {
        apr_allocator_destroy(allocator);
        return rv;
    }
    apr_allocator_owner_set(allocator, t->pool);
    t->states = apr_pcalloc(t->pool, sizeof(void *) * (apr_size_t)njobs);
    if (i == 0) {
        int nsweeps = 0;

        while (fb_sweeps[nsweeps].name != NULL) {
            nsweeps++;
        }
        /* Zero: every sweep runs when the child starts. */
        t->sweep_due = apr_pcalloc(t->pool, sizeof(apr_time_t)
                                            * (apr_size_t)(nsweeps + 1));
    }
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    rv = apr_thread_create(&t->thread, NULL, fb_worker_main, t, p);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rv != APR_SUCCESS) {
        t->thread = NULL;
    }
    return rv;
}

void fb_worker_child_init(apr_pool_t *pchild, server_rec *s)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    fb_worker_t *w;
    apr_status_t rv;
    int i;

    if (!conf->worker) {
        return;
    }
    w = apr_pcalloc(pchild, sizeof(*w));
    w->s = s;
    w->conf = conf;
    w->threads = apr_pcalloc(pchild, sizeof(*w->threads)
                                     * (apr_size_t)conf->worker_concurrency);
    if ((rv = apr_thread_mutex_create(&w->lock, APR_THREAD_MUTEX_DEFAULT,
                                      pchild)) != APR_SUCCESS
        || (rv = apr_thread_cond_create(&w->wake, pchild)) != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00200)
                     "worker: could not start: no mutex or condition");
        return;
    }
    apr_pool_pre_cleanup_register(pchild, w, fb_worker_stop);
    for (i = 0; i < conf->worker_concurrency; i++) {
        w->nthreads = i + 1;
        if ((rv = fb_worker_start(w, i, pchild)) != APR_SUCCESS) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00215)
                         "worker: could not start thread %d", i);
            w->nthreads = i + (w->threads[i].pool != NULL);
            break;
        }
    }
    ap_log_error(APLOG_MARK, APLOG_INFO, 0, s, FBLOGNO(00201)
                 "worker started: %d thread(s), interval %d ms, lease %d s",
                 w->nthreads, conf->worker_interval_ms, conf->worker_lease);
}
