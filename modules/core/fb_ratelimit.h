/*
 * fb_ratelimit: fixed one-minute windows of request counts.
 *
 * The table lives in memory the caller provides: in httpd, an anonymous
 * shared memory segment made before the children fork, so that every
 * process of a node counts into the same windows.  The caller serialises
 * calls (a global mutex in httpd); this file only does the arithmetic.
 *
 * Each counted subject (an API key, an organization) is named by a 64-bit
 * fingerprint.  A slot is found by open addressing over a few probes; a
 * slot whose window has passed is free.  When every probed slot is busy
 * in the current window the request is allowed and not counted (the table
 * fails open rather than refusing unrelated clients).
 */
#ifndef FB_RATELIMIT_H
#define FB_RATELIMIT_H

#include <apr.h>

#define FB_RATELIMIT_WINDOW 60      /* seconds */

typedef struct fb_ratelimit fb_ratelimit_t;

/* Bytes needed for a table of nslots slots. */
apr_size_t fb_ratelimit_size(apr_uint32_t nslots);

/* Lays a fresh table over mem (of fb_ratelimit_size(nslots) bytes). */
fb_ratelimit_t *fb_ratelimit_init(void *mem, apr_uint32_t nslots);

typedef struct {
    int allowed;            /* 0: over the limit */
    apr_uint32_t limit;
    apr_uint32_t remaining;
    apr_int64_t reset;      /* Unix seconds when the window ends */
} fb_ratelimit_result_t;

/*
 * Counts one request of subject at Unix time now against limit and fills
 * *out.  A limit of 0 means unlimited (nothing is counted).
 */
void fb_ratelimit_hit(fb_ratelimit_t *rl, apr_uint64_t subject,
                      apr_int64_t now, apr_uint32_t limit,
                      fb_ratelimit_result_t *out);

/* Like fb_ratelimit_hit(), but counts nothing: whether one more would be
 * allowed (for limits counted only when something fails). */
void fb_ratelimit_peek(fb_ratelimit_t *rl, apr_uint64_t subject,
                       apr_int64_t now, apr_uint32_t limit,
                       fb_ratelimit_result_t *out);

/* How many slots count a subject in the window of now (for status). */
apr_uint32_t fb_ratelimit_used(const fb_ratelimit_t *rl, apr_int64_t now);

/* The number of slots. */
apr_uint32_t fb_ratelimit_slots(const fb_ratelimit_t *rl);

#endif
