/*
 * fb_shm: a block of memory every process of the node shares, and the
 * mutex that serialises its users.
 *
 * The rate limits (fb_limits.h) and the fair shares (fb_shares.h) keep
 * their tables in one each.  The block is anonymous shared memory made
 * in post_config, before the children fork, so they inherit it; its
 * mutex lives at its head: process-shared, robust (a child that dies
 * holding it does not leave it locked) and without priority
 * inheritance, which made APR's global mutex the costliest part of a
 * request on a busy node.  Users treat a lock that cannot be taken as
 * "not counted": nothing is refused for it.
 */
#ifndef FB_SHM_H
#define FB_SHM_H

#include "httpd.h"
#include "apr_shm.h"

typedef struct {
    const char *what;           /* for the log: "the rate limits" */
    apr_shm_t *shm;
} fb_shm_t;

/* Makes size bytes, zeroed, and the mutex (post_config, in the parent);
 * logs what failed. */
apr_status_t fb_shm_create(fb_shm_t *t, apr_size_t size, apr_pool_t *pconf,
                           server_rec *s);

/* The block, NULL before fb_shm_create succeeded. */
void *fb_shm_base(const fb_shm_t *t);

/* Takes the mutex: non-zero when held (then fb_shm_unlock). */
int fb_shm_lock(fb_shm_t *t);
void fb_shm_unlock(fb_shm_t *t);

#endif
