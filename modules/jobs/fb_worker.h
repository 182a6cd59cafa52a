/*
 * fb_worker: the background worker inside httpd.
 *
 * Every child process runs FeedbackWorkerConcurrency threads (default 1),
 * started in child_init and stopped and joined when the child's pool goes
 * (graceful or hard stop, graceful restart, a child the MPM retires).
 * Each thread goes round the job table (fb_jobs.c): it claims one due item
 * of a job, runs it without holding a database connection, records the
 * outcome, and goes on at once while there is work; when a whole round
 * found nothing it waits FeedbackWorkerInterval milliseconds (doubling,
 * up to 30 seconds, while the database cannot be reached).
 *
 * Children and nodes coordinate only through the database (fb_job.h), so
 * any number of them may share one.  docs/decisions.md says why this is a
 * plain APR thread rather than a mod_watchdog callback.
 */
#ifndef FB_WORKER_H
#define FB_WORKER_H

#include "httpd.h"

/* Says what the worker will not do with this configuration (post_config). */
apr_status_t fb_worker_post_config(server_rec *s);

/* Starts this child's worker threads unless FeedbackWorker is Off; must
 * run after mod_dbd's child_init. */
void fb_worker_child_init(apr_pool_t *pchild, server_rec *s);

#endif
