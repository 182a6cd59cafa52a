/*
 * fb_stats: the node's counters for server-status (mod_status).
 *
 * One anonymous shared memory segment, made in post_config before the
 * children fork, so that every process of the node counts into it.
 * Counting is one atomic add: no lock on the hot path.  Counters start
 * at zero with each (graceful) restart, like httpd's own.
 */
#ifndef FB_STATS_H
#define FB_STATS_H

#include "httpd.h"
#include "apr_atomic.h"

/* Jobs and sweeps counted; the worker's tables must fit (fb_worker.c). */
#define FB_STATS_JOBS 16
#define FB_STATS_SWEEPS 16
/* A job's outcomes, in fb_job_outcome_e's order (done, skipped, retry,
 * failed, release). */
#define FB_STATS_OUTCOMES 5

typedef struct {
    volatile apr_uint64_t outcomes[FB_STATS_OUTCOMES];
    volatile apr_uint64_t running;      /* items claimed, not finished */
    volatile apr_uint64_t last_run;     /* apr_time_t of the last claim */
    volatile apr_uint64_t last_item;    /* of the last item finished */
} fb_stats_job_t;

typedef struct {
    volatile apr_uint64_t started;      /* apr_time_t of the (re)start */
    volatile apr_uint64_t key_hits;     /* key cache: answered */
    volatile apr_uint64_t key_misses;   /* key cache: looked up */
    volatile apr_uint64_t cut_headers;  /* slow clients cut */
    volatile apr_uint64_t cut_bodies;
    fb_stats_job_t jobs[FB_STATS_JOBS];
    volatile apr_uint64_t sweeps[FB_STATS_SWEEPS];  /* last run */
} fb_stats_t;

/* Makes the segment (post_config, in the parent). */
apr_status_t fb_stats_post_config(apr_pool_t *pconf, server_rec *s);

/* The node's counters, NULL when the segment could not be made (counting
 * is then skipped: it never stops a request). */
fb_stats_t *fb_stats(void);

/* Adds one to a counter of fb_stats() when there is one. */
#define FB_STATS_INC(field) \
    do { \
        fb_stats_t *fb_st_ = fb_stats(); \
        if (fb_st_ != NULL) { \
            apr_atomic_inc64(&fb_st_->field); \
        } \
    } while (0)

#endif
